package org.ndgpu.ndarray;

import java.math.BigInteger;
import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.spi.Providers;

/**
 * numpy.arange, which the core and the modules below routines build on. The values are computed on
 * the device, with NumPy's arithmetic (no fma where NumPy rounds twice); the rest of NumPy's
 * numerical ranges (linspace, logspace, geomspace, meshgrid) are module routines'.
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
}
