package org.ndgpu.routines.indexing;

import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ranges;
import org.ndgpu.ndarray.Shapes;

/**
 * numpy.diag_indices, diag_indices_from and fill_diagonal. The indices are one device arange,
 * shared by the ndim results as views (NumPy returns one array ndim times). fill_diagonal writes
 * through {@link Put}: the main diagonal of an array with equal dimensions is every
 * {@code 1 + sum(cumprod(shape[:-1]))}-th element of its flat C order (for a tall 2-d array, up to
 * row {@code shape[1]} unless {@code wrap}), the values repeated cyclically as NumPy's flat assignment.
 */
public final class DiagonalIndices {
    private DiagonalIndices() {}

    /** NumPy's NPY_MAXDIMS: no array has more dimensions. */
    private static final int MAX_NDIM = 64;

    /** numpy.diag_indices(n, ndim): ndim int64 arrays 0..n-1. */
    public static NDArray[] diagIndices(String op, long n, int ndim) {
        if (n < 0) throw new ShapeException(op + ": n must be non-negative, got " + n);
        if (ndim < 0 || ndim > MAX_NDIM)
            throw new ShapeException(op + ": ndim must be in [0, " + MAX_NDIM + "] (NumPy's NPY_MAXDIMS), got " + ndim);
        NDArray[] out = new NDArray[ndim];
        try (NDArray r = Ranges.arange(0, n, 1)) {
            for (int d = 0; d < ndim; d++) out[d] = r.view(r.shape(), r.strides(), r.offset());
        }
        return out;
    }

    /** numpy.diag_indices_from(arr): for an array of at least 2 equal dimensions. */
    public static NDArray[] diagIndicesFrom(String op, NDArray arr) {
        checkSquare(op, arr, "input array must be at least 2-d");
        try (var _ = arr.device().use()) {
            return diagIndices(op, arr.shape(0), arr.ndim());
        }
    }

    /** numpy.fill_diagonal(a, val, wrap), in place. */
    public static void fillDiagonal(String op, NDArray a, Object val, boolean wrap) {
        a.live(op);
        long[] s = a.shape();
        long step, end = a.size();
        if (a.ndim() == 2) {
            step = s[1] + 1;
            if (!wrap) end = Math.min(end, s[1] * s[1]);
        } else {
            checkSquare(op, a, "array must be at least 2-d");
            step = 1;
            long p = 1;
            for (int d = 0; d < s.length - 1; d++) {
                p *= s[d];
                step += p;
            }
        }
        try (var _ = a.device().use();
                NDArray at = Ranges.arange(0, end, step)) {
            Put.put(op, a, at, val, "raise");
        }
    }

    private static void checkSquare(String op, NDArray arr, String tooFew) {
        arr.live(op);
        if (arr.ndim() < 2) throw new ShapeException(op + ": " + tooFew + ", got " + arr.ndim() + "-d");
        long[] s = arr.shape();
        for (long d : s) {
            if (d != s[0])
                throw new ShapeException(
                        op + ": All dimensions of input must be of equal length, got " + Shapes.str(s));
        }
    }
}
