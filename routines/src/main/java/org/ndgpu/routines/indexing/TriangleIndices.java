package org.ndgpu.routines.indexing;

import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ranges;

/**
 * numpy.tri and the triangle indices (tril_indices, triu_indices and their _from forms): tri is
 * the comparison of a row arange with a column arange on the device, and the indices are the
 * nonzero positions of that mask (the device scan of {@link Masking}), in row-major order as NumPy's.
 */
public final class TriangleIndices {
    private TriangleIndices() {}

    /** numpy.tri(N, M, k, dtype): ones at and below diagonal k of an (N, M) array; negative sizes give empty axes, as NumPy. */
    public static NDArray tri(String op, long n, long m, long k, DType dtype) {
        try (NDArray mask = mask(n, m, k)) {
            return mask.astype(dtype);
        }
    }

    /** numpy.tril_indices(n, k, m) when {@code lower}, else numpy.triu_indices(n, k, m): the rows and the columns. */
    public static NDArray[] indices(String op, long n, long k, long m, boolean lower) {
        try (NDArray below = mask(n, m, lower ? k : k - 1);
                NDArray mask =
                        lower ? below.view(below.shape(), below.strides(), below.offset()) : below.logicalNot()) {
            return Masking.nonzero(op, mask);
        }
    }

    /** numpy.tril_indices_from(arr, k) when {@code lower}, else numpy.triu_indices_from: for a 2-d arr's shape. */
    public static NDArray[] indicesFrom(String op, NDArray arr, long k, boolean lower) {
        arr.live(op);
        if (arr.ndim() != 2) throw new ShapeException(op + ": input array must be 2-d, got " + arr.ndim() + "-d");
        try (var _ = arr.device().use()) {
            return indices(op, arr.shape(0), k, arr.shape(1), lower);
        }
    }

    // (n, m) bool: column j <= row i + k
    private static NDArray mask(long n, long m, long k) {
        long rows = Math.max(n, 0), cols = Math.max(m, 0);
        try (NDArray r = Ranges.arange(0, rows, 1);
                NDArray rc = r.reshape(rows, 1);
                NDArray c = Ranges.arange(0, cols, 1);
                NDArray diff = c.sub(rc)) {
            return diff.le(k);
        }
    }
}
