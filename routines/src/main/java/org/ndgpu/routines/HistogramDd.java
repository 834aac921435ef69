package org.ndgpu.routines;

import java.util.List;
import java.util.Objects;
import org.ndgpu.ndarray.NDArray;

/**
 * numpy.histogramdd's result: the counts (float64, one axis per dimension of the sample) and the
 * bin edges of each dimension. Closing it closes every array.
 *
 * <pre>{@code
 * try (HistogramDd h = Nd.histogramdd(sample, new long[] {4, 5, 6}, null)) { h.counts(); h.edges().get(0); }
 * }</pre>
 */
public record HistogramDd(NDArray counts, List<NDArray> edges) implements AutoCloseable {
    /** The counts and a copy of the list of edges. */
    public HistogramDd {
        Objects.requireNonNull(edges, "HistogramDd: edges is null");
        for (NDArray e : edges) Objects.requireNonNull(e, "HistogramDd: an array of edges is null");
        edges = List.copyOf(edges);
    }

    @Override
    public void close() {
        counts.close();
        edges.forEach(NDArray::close);
    }
}
