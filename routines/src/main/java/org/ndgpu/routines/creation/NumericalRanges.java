package org.ndgpu.routines.creation;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Sizes;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Providers;

/**
 * NumPy's numerical ranges beyond arange (which is the core's, {@code Ranges}): linspace, logspace,
 * geomspace, meshgrid. The values are computed on the device, with NumPy's arithmetic (no fma where
 * NumPy rounds twice).
 */
public final class NumericalRanges {
    private NumericalRanges() {}

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
        return meshgrid("xy", false, xs);
    }

    /**
     * numpy.meshgrid(*xs, indexing=indexing, sparse=sparse): indexing "xy" (Cartesian: the first two
     * output axes swapped) or "ij" (matrix); sparse gives each array 1 along every axis but its own,
     * as NumPy's (views of no copy there; copies here, as every array this returns is its own).
     */
    public static NDArray[] meshgrid(String indexing, boolean sparse, NDArray... xs) {
        Objects.requireNonNull(xs, "meshgrid: xs is null");
        Objects.requireNonNull(indexing, "meshgrid: indexing is null; expected 'xy' or 'ij'");
        boolean xy = switch (indexing) {
            case "xy" -> true;
            case "ij" -> false;
            default ->
                throw new NdException(
                        "meshgrid: Valid values for `indexing` are 'xy' and 'ij', got '" + indexing + "'");
        };
        int n = xs.length;
        long[] shape = new long[n];
        for (int i = 0; i < n; i++) {
            if (xs[i] == null) throw new NullPointerException("meshgrid: xs[" + i + "] is null");
            shape[i] = xs[i].live("meshgrid").size();
        }
        if (xy && n >= 2) { // 'xy': the first two output axes swap
            long t = shape[0];
            shape[0] = shape[1];
            shape[1] = t;
        }
        NDArray[] out = new NDArray[n];
        try {
            for (int i = 0; i < n; i++) {
                long[] one = new long[n];
                Arrays.fill(one, 1);
                int axis = xy && n >= 2 && i < 2 ? 1 - i : i;
                one[axis] = shape[axis];
                try (NDArray flat = xs[i].ravel();
                        NDArray r = flat.reshape(one)) {
                    if (sparse) {
                        out[i] = r.copy();
                        continue;
                    }
                    try (NDArray b = r.broadcastTo(shape)) {
                        out[i] = b.copy();
                    }
                }
            }
        } catch (RuntimeException e) {
            for (NDArray o : out) if (o != null) o.close();
            throw e;
        }
        return out;
    }
}
