package org.ndgpu.routines.statistics;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Sizes;
import org.ndgpu.routines.HistogramDd;
import org.ndgpu.routines.sorting.Sorting;

/**
 * numpy.histogramdd(sample, bins, range): the counts of an (N, D) sample in D dimensions of equal
 * bins, as NumPy computes them: each dimension's bin by searchsorted(edges, x, 'right'), a value on
 * the last edge moved into the last bin, values outside (and NaN) into an outlier bin on each side;
 * the flat bin of a sample is counted by bincount, and the outlier bins cut off. The edges are
 * numpy.histogram's without a range (the data's floating type) and float64 linspace with one, as
 * NumPy's.
 */
public final class MultidimensionalHistogram {
    private MultidimensionalHistogram() {}

    /**
     * numpy.histogramdd(sample, bins, range): sample (N, D), or (N,) as one dimension; {@code bins}
     * one count for every dimension or one per dimension; {@code range} null or one (min, max) per
     * dimension (an entry null takes that dimension's minimum and maximum).
     */
    public static HistogramDd histogramdd(String op, NDArray sample, long[] bins, double[][] range) {
        sample.live(op);
        if (sample.dtype().isComplex()) {
            throw new org.ndgpu.exceptions.DTypeException(op + ": expected real numbers, got " + sample.dtype());
        }
        if (sample.ndim() != 1 && sample.ndim() != 2) {
            throw new ShapeException(op + ": sample must be (N, D) or (N,), got shape " + Shapes.str(sample.shape()));
        }
        int d = sample.ndim() == 1 ? 1 : Math.toIntExact(sample.shape()[1]);
        if (bins.length != 1 && bins.length != d) {
            throw new NdException(op + ": The dimension of bins must be equal to the dimension of the sample x (" + d
                    + "), got " + bins.length + " bin counts");
        }
        if (range != null && range.length != d) {
            throw new NdException(
                    op + ": range must have one (min, max) entry per dimension (" + d + "), got " + range.length);
        }
        long[] nbin = new long[d];
        long total = 1;
        for (int i = 0; i < d; i++) {
            long b = bins[bins.length == 1 ? 0 : i];
            if (b < 1) throw new NdException(op + ": bins[" + i + "] must be a positive integer, got " + b);
            nbin[i] = Sizes.add(op, "bins + 2:", b, 2);
            total = Sizes.multiply(op, "the number of bins:", total, nbin[i]);
        }
        Sizes.bytes(op, new long[] {total}, DType.INT64);
        List<NDArray> temps = new ArrayList<>();
        List<NDArray> edges = new ArrayList<>();
        try (var _ = sample.device().use()) {
            NDArray s2 = sample.ndim() == 1 ? t(temps, sample.reshape(sample.size(), 1)) : sample;
            NDArray flat = null;
            long stride = 1;
            for (int i = d - 1; i >= 0; i--) {
                NDArray col = t(temps, s2.get(":, " + i));
                long b = nbin[i] - 2;
                double[] r = range == null ? null : range[i];
                NDArray e = r == null ? HistogramBinEdges.edges(op, col, b, null) : linspace(op, r, b);
                edges.add(0, e);
                NDArray idx = t(temps, Sorting.searchsorted(op, e, col, "right"));
                NDArray last = t(temps, e.get("-1"));
                NDArray onEdge = t(temps, col.eq(last));
                NDArray moved = t(temps, idx.sub(onEdge));
                NDArray scaled = t(temps, moved.mul(stride));
                flat = flat == null ? scaled : t(temps, flat.add(scaled));
                stride *= nbin[i];
            }
            NDArray counts = t(temps, Histograms.bincount(op, flat, null, total));
            NDArray shaped = t(temps, counts.reshape(nbin));
            NDArray core = t(temps, shaped.get(String.join(", ", java.util.Collections.nCopies(d, "1:-1"))));
            return new HistogramDd(core.astype(DType.FLOAT64), edges);
        } catch (RuntimeException e) {
            edges.forEach(NDArray::close);
            throw e;
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    // NumPy's linspace(min, max, bins + 1) of Python floats: float64, the checks of _get_outer_edges
    private static NDArray linspace(String op, double[] r, long bins) {
        if (r.length != 2) throw new NdException(op + ": each range must be (min, max), got " + r.length + " values");
        double lo = r[0], hi = r[1];
        if (lo > hi) {
            throw new NdException(
                    op + ": max must be larger than min in range parameter, got (" + lo + ", " + hi + ")");
        }
        if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
            throw new NdException(op + ": supplied range of [" + lo + ", " + hi + "] is not finite");
        }
        if (lo == hi) {
            lo -= 0.5;
            hi += 0.5;
        }
        int n = Sizes.hostLength(op, "bin edges (bins + 1)", Sizes.add(op, "bins + 1:", bins, 1), Double.BYTES);
        return Creation.array(Histograms.linspace(lo, hi, n));
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
