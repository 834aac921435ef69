package org.ndgpu.routines;

import org.ndgpu.ndarray.NDArray;

/**
 * numpy.unique_counts's result (NumPy's UniqueCountsResult): the sorted distinct values (each NaN
 * its own) and how often each occurs (int64). Closing it closes both arrays.
 *
 * <pre>{@code
 * try (UniqueCounts u = Nd.uniqueCounts(a)) { u.values(); u.counts(); }
 * }</pre>
 */
public record UniqueCounts(NDArray values, NDArray counts) implements AutoCloseable {
    @Override
    public void close() {
        values.close();
        counts.close();
    }
}
