package org.ndgpu.routines;

import org.ndgpu.ndarray.NDArray;

/**
 * numpy.unique_all's result (NumPy's UniqueAllResult): the distinct values, sorted (each NaN its
 * own value, as NumPy's {@code equal_nan=False}), the index of each one's first occurrence in the
 * flattened input, the index of each input element in {@code values} (the input's shape), and how
 * often each occurs (int64 all three). Closing it closes the four arrays. {@code Nd.unique} with
 * NumPy's return_index, return_inverse and return_counts flags gives one too, with null for the
 * arrays not asked for.
 *
 * <pre>{@code
 * try (UniqueAll u = Nd.uniqueAll(a)) { u.values(); u.indices(); u.inverseIndices(); u.counts(); }
 * }</pre>
 */
public record UniqueAll(NDArray values, NDArray indices, NDArray inverseIndices, NDArray counts)
        implements AutoCloseable {
    @Override
    public void close() {
        values.close();
        if (indices != null) indices.close();
        if (inverseIndices != null) inverseIndices.close();
        if (counts != null) counts.close();
    }
}
