package org.ndgpu.routines.statistics;

import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.Histogram;

/**
 * numpy.histogram_bin_edges: the edges numpy.histogram would bin into, with its dtype and checks
 * (the data's range, or the range given; NumPy's linspace in the data's floating type). It is
 * numpy.histogram without its counts, so it runs histogram and keeps the edges.
 */
public final class HistogramBinEdges {
    private HistogramBinEdges() {}

    /** numpy.histogram_bin_edges(a, bins, range): {@code range} null takes a's minimum and maximum. */
    public static NDArray edges(String op, NDArray a, long bins, double[] range) {
        Histogram h = Histograms.histogram(op, a, bins, range);
        h.counts().close();
        return h.binEdges();
    }

    /** numpy.histogram_bin_edges(a, bins) with the edges given: checked as histogram checks them, and a copy returned. */
    public static NDArray edges(String op, NDArray a, NDArray bins) {
        Histogram h = Histograms.histogram(op, a, bins);
        h.counts().close();
        return h.binEdges();
    }
}
