package org.ndgpu.routines;

import org.ndgpu.ndarray.NDArray;

/**
 * numpy.unique_inverse's result (NumPy's UniqueInverseResult): the sorted distinct values (each NaN
 * its own) and, in the input's shape, the index of each element in {@code values} (int64), so
 * {@code values.take(inverseIndices)} rebuilds the input. Closing it closes both arrays.
 *
 * <pre>{@code
 * try (UniqueInverse u = Nd.uniqueInverse(a)) { u.values(); u.inverseIndices(); }
 * }</pre>
 */
public record UniqueInverse(NDArray values, NDArray inverseIndices) implements AutoCloseable {
    @Override
    public void close() {
        values.close();
        inverseIndices.close();
    }
}
