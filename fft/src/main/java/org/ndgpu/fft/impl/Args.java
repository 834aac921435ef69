package org.ndgpu.fft.impl;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Sizes;

/** numpy.fft's argument rules: norm, n, s and axes, and the dtypes of results. */
final class Args {
    private Args() {}

    /** The factor of a transform of n points: norm null or "backward" scales the inverse by 1/n, "forward" the forward, "ortho" both by 1/sqrt(n). */
    static double scale(String op, String norm, double n, boolean inverse) {
        String s = norm == null ? "backward" : norm;
        return switch (s) {
            case "backward" -> inverse ? 1 / n : 1;
            case "forward" -> inverse ? 1 : 1 / n;
            case "ortho" -> 1 / Math.sqrt(n);
            default ->
                throw new NdException(
                        op + ": invalid norm \"" + norm + "\"; expected \"backward\", \"ortho\", \"forward\" or null");
        };
    }

    /** Checks norm now (a bad norm fails before any work, even on an empty array). */
    static void checkNorm(String op, String norm) {
        scale(op, norm, 1, false);
    }

    /** The complex dtype of a transform of {@code d}: NumPy 2's complex64 for float32 and float16, complex128 for the rest. */
    static DType complexOf(DType d) {
        return switch (d) {
            case COMPLEX64, FLOAT32, FLOAT16 -> DType.COMPLEX64;
            default -> DType.COMPLEX128;
        };
    }

    static NDArray array(String op, NDArray a) {
        Objects.requireNonNull(a, op + ": a is null");
        return a.live(op);
    }

    /** Real input only (rfft, ihfft): complex is NumPy's TypeError. */
    static void requireReal(String op, NDArray a) {
        if (a.dtype().isComplex()) {
            throw new DTypeException(op + ": expected a real array (bool, integer or float), got " + a.dtype()
                    + " (NumPy raises TypeError; use fft for complex input)");
        }
    }

    static int axis(String op, NDArray a, int axis) {
        return Shapes.axis(op, axis, a.ndim());
    }

    /** irfft's default number of points for m input points, 2 * (m - 1). */
    static long inverseRealPoints(String op, long m) {
        return Sizes.multiply(op, "the default n, 2 x (m - 1):", 2, m - 1);
    }

    /**
     * Checks that a result of a's shape with {@code points} along axis {@code ax}, of dtype {@code t},
     * can exist, before any buffer of the transform is made; the caller's n is named in the error.
     */
    static void fits(String op, NDArray a, int ax, long points, DType t) {
        long[] s = a.shape();
        s[ax] = points;
        Sizes.bytes(op, s, t);
    }

    /** A number of points: at least 1. */
    static long points(String op, long n) {
        if (n < 1)
            throw new NdException(
                    op + ": invalid number of FFT data points (" + n + ") specified; expected at least 1");
        return n;
    }

    /** Normalized (s, axes) as numpy.fft's _cook_nd_args: axes may repeat; {@code invreal} makes the last default 2 * (m - 1). */
    record Nd(long[] s, int[] axes) {}

    static Nd nd(String op, NDArray a, long[] s, int[] axes, boolean invreal) {
        int ndim = a.ndim();
        long[] shape = a.shape();
        int[] ax;
        if (axes == null) {
            int k = s == null ? ndim : s.length;
            if (k > ndim) {
                throw new ShapeException(op + ": s has " + k + " entries but the array has only " + ndim
                        + " dimensions: " + Arrays.toString(s));
            }
            ax = new int[k];
            for (int i = 0; i < k; i++) ax[i] = ndim - k + i;
        } else {
            ax = new int[axes.length];
            for (int i = 0; i < axes.length; i++) ax[i] = Shapes.axis(op, axes[i], ndim);
        }
        long[] out;
        if (s == null) {
            out = new long[ax.length];
            for (int i = 0; i < ax.length; i++) out[i] = shape[ax[i]];
            if (invreal && ax.length > 0) out[ax.length - 1] = inverseRealPoints(op, shape[ax[ax.length - 1]]);
        } else {
            if (s.length != ax.length) {
                throw new ShapeException(op + ": s and axes have different lengths: s " + Arrays.toString(s) + " ("
                        + s.length + "), axes " + Arrays.toString(axes) + " (" + ax.length + ")");
            }
            out = s.clone();
            // NumPy 2: -1 in s is the input's own length along that axis (also irfftn's last: not 2 * (m - 1))
            for (int i = 0; i < out.length; i++) if (out[i] == -1) out[i] = shape[ax[i]];
        }
        for (long v : out) points(op, v);
        // the result's shape, checked before the first axis is transformed (an axis at a time, a later one could
        // only fail after the earlier ones were computed)
        long[] result = shape.clone();
        for (int i = 0; i < ax.length; i++) result[ax[i]] = out[i];
        Sizes.bytes(op, result, complexOf(a.dtype()));
        return new Nd(out, ax);
    }
}
