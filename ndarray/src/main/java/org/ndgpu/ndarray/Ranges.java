package org.ndgpu.ndarray;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Ufunc;

/**
 * Numerical ranges, as NumPy's section of that name: arange, linspace, logspace, meshgrid. The
 * values are computed on the device, with NumPy's arithmetic (no fma where NumPy rounds twice).
 */
public final class Ranges {
    private Ranges() {}

    /** numpy.arange(start, stop, step) of int64; the length is computed exactly, without overflow. */
    public static NDArray arange(long start, long stop, long step) {
        if (step == 0) throw new NdException("arange: step must not be zero");
        // exact: stop - start overflows a long for bounds far apart (Long.MIN_VALUE to Long.MAX_VALUE)
        var span = BigInteger.valueOf(stop)
                .subtract(BigInteger.valueOf(start))
                .add(BigInteger.valueOf(step - Long.signum(step)));
        var count = span.divide(BigInteger.valueOf(step));
        if (span.signum() != 0 && span.signum() != Long.signum(step)) count = BigInteger.ZERO;
        if (count.bitLength() > 62) {
            throw new ShapeException("arange: Maximum allowed size exceeded: " + count + " elements from " + start
                    + " to " + stop + " by " + step);
        }
        return range(DType.INT64, count.longValue(), start, step);
    }

    /** numpy.arange(start, stop, step, dtype): length ceil((stop - start) / step), values start + i*step. */
    public static NDArray arange(double start, double stop, double step, DType dtype) {
        Objects.requireNonNull(dtype, "arange: dtype is null");
        if (step == 0 || !Double.isFinite(step))
            throw new NdException("arange: step must be finite and not zero, got " + step);
        if (Double.isNaN(start) || Double.isNaN(stop)) {
            throw new NdException(
                    "arange: cannot compute length: start " + start + ", stop " + stop + ", step " + step);
        }
        double length = Math.ceil((stop - start) / step);
        if (!(length < 0x1p62)) {
            throw new ShapeException(
                    "arange: Maximum allowed size exceeded: (" + stop + " - " + start + ") / " + step + " elements");
        }
        long n = (long) Math.max(0, length);
        if (dtype.isComplex() || dtype.isBool()) {
            throw new DTypeException("arange: expected an integer or float dtype, got " + dtype);
        }
        // As NumPy's arange: the first two elements are start and start + step converted to the dtype,
        // the rest first + i * (second - first) in the dtype's own arithmetic (float32 math for float32)
        if (dtype.isInteger()) {
            // NumPy converts those two as Python numbers: one the dtype cannot hold raises (arange(0, -5, -1) as
            // uint32)
            if (n > 0) Copies.checkFloatFitsInteger("arange", start, dtype);
            if (n > 1) Copies.checkFloatFitsInteger("arange", start + step, dtype);
            long b0 = (long) start, b1 = (long) (start + step);
            return range(dtype, n, b0, b1 - b0);
        }
        if (dtype == DType.FLOAT64) return range(dtype, n, start, (start + step) - start, start + step);
        float b0 = (float) start, b1 = (float) (start + step);
        if (dtype == DType.FLOAT16) {
            b0 = Float.float16ToFloat(Float.floatToFloat16(b0));
            b1 = Float.float16ToFloat(Float.floatToFloat16(b1));
        }
        return range(dtype, n, b0, b1 - b0, b1);
    }

    private static NDArray range(DType dtype, long n, long start, long step) {
        NDArray out = Creation.empty(dtype, n);
        Providers.coreKernels().arange(out, start, step);
        return out;
    }

    /** first + i * delta in float32 or float64 (the product never fused into an fma, as NumPy), element 1 exactly second. */
    private static NDArray range(DType dtype, long n, double first, double delta, double second) {
        NDArray out = Creation.empty(dtype, n);
        Providers.coreKernels().arange(out, first, delta, second);
        return out;
    }

    /** numpy.linspace(start, stop, num, endpoint, dtype): start + i*step, the last point exactly stop when endpoint. */
    public static NDArray linspace(double start, double stop, long num, boolean endpoint, DType dtype) {
        Objects.requireNonNull(dtype, "linspace: dtype is null");
        if (num < 0) throw new NdException("linspace: number of samples must be non-negative, got " + num);
        long div = endpoint ? num - 1 : num;
        double step = div > 0 ? (stop - start) / div : Double.NaN;
        Sizes.bytes("linspace", new long[] {num}, dtype);
        NDArray out = Creation.empty(dtype, num);
        Providers.coreKernels().linspace(out, start, step, stop, endpoint);
        return out;
    }

    /** numpy.logspace(start, stop, num, endpoint, base): base ** linspace(start, stop, num, endpoint), float64. */
    public static NDArray logspace(double start, double stop, long num, boolean endpoint, double base) {
        try (NDArray exps = linspace(start, stop, num, endpoint, DType.FLOAT64)) {
            return Providers.ufuncs(base, exps).call(Ufunc.POWER, null, base, exps);
        }
    }

    /**
     * numpy.geomspace(start, stop, num, endpoint): a geometric sequence, float64, by NumPy's steps:
     * start's sign factored out, logspace between the log10 of both ends, the ends set exactly.
     */
    public static NDArray geomspace(double start, double stop, long num, boolean endpoint) {
        if (start == 0 || stop == 0)
            throw new NdException(
                    "geomspace: Geometric sequence cannot include zero, got start " + start + " and stop " + stop);
        if (num < 0) throw new NdException("geomspace: number of samples must be non-negative, got " + num);
        double sign = Math.signum(start), s = start / sign, e = stop / sign;
        NDArray out = logspace(Math.log10(s), Math.log10(e), num, endpoint, 10.0);
        try {
            if (num > 0) {
                try (NDArray first = out.get(0L)) {
                    first.fill(s);
                }
            }
            if (num > 1 && endpoint) {
                try (NDArray last = out.get(num - 1)) {
                    last.fill(e);
                }
            }
            if (sign != 1) Providers.ufuncs(out).call(Ufunc.MULTIPLY, out, out, sign);
            return out;
        } catch (RuntimeException ex) {
            out.close();
            throw ex;
        }
    }

    /** numpy.meshgrid(x, y, ...) with indexing='xy': coordinate matrices (copies) for 1-d coordinate arrays. */
    public static NDArray[] meshgrid(NDArray... xs) {
        Objects.requireNonNull(xs, "meshgrid: xs is null");
        int n = xs.length;
        long[] shape = new long[n];
        for (int i = 0; i < n; i++) {
            if (xs[i] == null) throw new NullPointerException("meshgrid: xs[" + i + "] is null");
            shape[i] = xs[i].live("meshgrid").size();
        }
        if (n >= 2) { // 'xy': the first two output axes swap
            long t = shape[0];
            shape[0] = shape[1];
            shape[1] = t;
        }
        NDArray[] out = new NDArray[n];
        for (int i = 0; i < n; i++) {
            long[] one = new long[n];
            Arrays.fill(one, 1);
            int axis = n >= 2 && i < 2 ? 1 - i : i;
            one[axis] = shape[axis];
            try (NDArray flat = xs[i].ravel();
                    NDArray r = flat.reshape(one);
                    NDArray b = r.broadcastTo(shape)) {
                out[i] = b.copy();
            }
        }
        return out;
    }
}
