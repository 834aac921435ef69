package org.ndgpu.routines.indexing;

import java.util.Objects;
import java.util.function.BiFunction;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;

/**
 * numpy.mask_indices(n, mask_func, k): the (row, column) indices of the nonzero elements of
 * {@code mask_func(ones((n, n)), k)}, such as triu or tril, computed on the current device.
 */
public final class MaskIndices {
    private MaskIndices() {}

    /** numpy.mask_indices: two int64 index arrays, rows and columns. */
    public static NDArray[] maskIndices(long n, BiFunction<NDArray, Long, NDArray> maskFunc, long k) {
        Objects.requireNonNull(maskFunc, "mask_indices: mask_func is null");
        if (n < 0) throw new NdException("mask_indices: n must be non-negative, got " + n);
        try (NDArray ones = Creation.ones(DType.INT64, n, n);
                NDArray a = Objects.requireNonNull(maskFunc.apply(ones, k), "mask_indices: mask_func returned null")) {
            if (a.ndim() != 2) {
                throw new ShapeException(
                        "mask_indices: mask_func must return a 2-d array, got shape " + Shapes.str(a.shape()));
            }
            return Masking.nonzero("mask_indices", a);
        }
    }
}
