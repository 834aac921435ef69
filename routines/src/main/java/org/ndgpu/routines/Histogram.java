package org.ndgpu.routines;

import org.ndgpu.ndarray.NDArray;

/**
 * numpy.histogram's result: {@code counts} (int64, one per bin) and {@code binEdges} (one more than
 * the bins). Closing it closes both arrays.
 *
 * <pre>{@code
 * try (Histogram h = Nd.histogram(a, 10)) { h.counts(); h.binEdges(); }
 * }</pre>
 */
public record Histogram(NDArray counts, NDArray binEdges) implements AutoCloseable {
    @Override
    public void close() {
        counts.close();
        binEdges.close();
    }
}
