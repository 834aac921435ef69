package org.ndgpu.routines.statistics;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Sizes;
import org.ndgpu.routines.Histogram;
import org.ndgpu.routines.Histogram2d;
import org.ndgpu.routines.math.Differences;
import org.ndgpu.routines.sorting.Sorting;

/**
 * numpy.bincount, numpy.histogram and numpy.histogram2d, counted by {@link BinCounting} (private
 * histograms per work-group in local memory, merged once into the global counts; one 64-bit global
 * atomic per element when the bins do not fit local memory). The bin edges follow NumPy exactly:
 * {@code linspace(lo, hi, bins + 1)} computed on the host as NumPy computes it ({@code i * step + lo},
 * the last edge exactly {@code hi}), in NumPy's bin dtype (float64, or the samples' float32 or float16,
 * compared in float32); every bin is half-open {@code [e[i], e[i+1])} except the last, which holds
 * values equal to its upper edge; samples outside the edges, and NaN, count nowhere. The edges alone
 * decide a sample's bin: equal bins are found from a guess {@code (x - e[0]) * norm} (no division per
 * sample) that the edges confirm, given edges by a binary search. Weighted sums add in an order the
 * device picks (as CuPy).
 */
public final class Histograms {
    private Histograms() {}

    private static final ConcurrentHashMap<String, BinCounting.Counting> COUNTINGS = new ConcurrentHashMap<>();

    /** numpy.bincount(x, weights, minlength): occurrences of each value of the non-negative 1-d integer x (or sums of weights). */
    public static NDArray bincount(String op, NDArray x, NDArray weights, long minlength) {
        x.live(op);
        if (!(x.dtype().isInteger() || x.dtype() == DType.BOOL)) {
            throw new DTypeException(op + ": x must be an array of integers, got " + x.dtype()
                    + " (NumPy: cannot cast array data to int64 according to the rule 'safe')");
        }
        if (x.ndim() != 1)
            throw new ShapeException(
                    op + ": x must be 1-dimensional, got shape " + org.ndgpu.ndarray.Shapes.str(x.shape()));
        if (minlength < 0) throw new NdException(op + ": minlength must be non-negative, got " + minlength);
        if (weights != null) {
            Operands.device(op, x, weights);
            if (!java.util.Arrays.equals(weights.shape(), x.shape())) {
                throw new ShapeException(op + ": the weights and list don't have the same length: weights of shape "
                        + org.ndgpu.ndarray.Shapes.str(weights.shape()) + ", x of shape "
                        + org.ndgpu.ndarray.Shapes.str(x.shape()));
            }
            if (weights.dtype().isComplex())
                throw new DTypeException(op + ": weights must be real, got " + weights.dtype());
        }
        long len = minlength;
        if (x.size() > 0) {
            long lo, hi;
            try (NDArray mn = x.min();
                    NDArray mx = x.max()) {
                lo = mn.toLongArray()[0];
                hi = mx.toLongArray()[0];
            }
            if (x.dtype() == DType.UINT64 && hi < 0) {
                // NumPy casts uint64 to int64 and finds a negative element; no count of bins reaches it anyway
                throw new NdException(op + ": x holds " + Long.toUnsignedString(hi)
                        + ", past the largest bin a 64-bit count can index (" + (Long.MAX_VALUE - 1) + ")");
            }
            if (lo < 0) throw new NdException(op + ": x must have no negative elements, got " + lo);
            // max(x) + 1 bins: Long.MAX_VALUE in x would wrap to no bins at all
            len = Math.max(len, Sizes.add(op, "the bins for max(x) + 1:", hi, 1));
        }
        Sizes.bytes(op, new long[] {len}, weights == null ? DType.INT64 : DType.FLOAT64);
        return bincount(x, weights, len, BinCounting.Plan.AUTO);
    }

    // the counts (or weight sums) of x's values, all in [0, len), into len bins
    static NDArray bincount(NDArray x, NDArray weights, long len, BinCounting.Plan plan) {
        DType outType = weights == null ? DType.INT64 : DType.FLOAT64;
        NDArray out;
        try (var _ = x.device().use()) {
            out = Creation.zeros(outType, len);
        }
        if (x.size() == 0) return out;
        NDArray xs = oneD(x), ws = weights == null ? null : oneD(weights);
        try {
            boolean weighted = ws != null;
            String tag = "bincount_" + x.dtype() + (weighted ? "_w_" + ws.dtype() : "");
            BinCounting.Counting k = COUNTINGS.computeIfAbsent(
                    tag,
                    t -> new BinCounting.Counting(
                            t,
                            weighted
                                    ? List.of(new Param("x", x.dtype(), Kind.IN), new Param("w", ws.dtype(), Kind.IN))
                                    : List.of(new Param("x", x.dtype(), Kind.IN)),
                            "",
                            weighted
                                    ? "long _bin = (long)x;\ndouble _w = " + CTypes.cast(ws.dtype(), DType.FLOAT64, "w")
                                            + ";"
                                    : "long _bin = (long)x;",
                            weighted));
            try (var _ = x.device().use()) {
                BinCounting.run(k, weighted ? new Object[] {xs, ws} : new Object[] {xs}, x.size(), len, out, plan);
            }
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        } finally {
            if (xs != x) xs.close();
            if (ws != null && ws != weights) ws.close();
        }
    }

    /** numpy.histogram(a, bins, range): {@code range} null takes a's minimum and maximum. */
    public static Histogram histogram(String op, NDArray a, long bins, double[] range) {
        return histogram(op, a, bins, range, BinCounting.Plan.AUTO);
    }

    static Histogram histogram(String op, NDArray a, long bins, double[] range, BinCounting.Plan plan) {
        return histogram(op, a, bins, range, null, false, plan);
    }

    /** numpy.histogram(a, bins, range, weights=weights, density=density): weights null for none. */
    public static Histogram histogram(
            String op, NDArray a, long bins, double[] range, NDArray weights, boolean density) {
        return histogram(op, a, bins, range, weights, density, BinCounting.Plan.AUTO);
    }

    private static Histogram histogram(
            String op, NDArray a, long bins, double[] range, NDArray weights, boolean density, BinCounting.Plan plan) {
        a.live(op);
        checkReal(op, a);
        if (bins < 1) throw new NdException(op + ": `bins` must be positive, when an integer, got " + bins);
        // the edges are made on the host as a Java array, then the counts on the device
        int edgeCount = Sizes.hostLength(op, "bin edges (bins + 1)", Sizes.add(op, "bins + 1:", bins, 1), Double.BYTES);
        Sizes.bytes(op, new long[] {bins}, DType.INT64);
        double[] lh = outerEdges(op, a, range);
        DType binType = a.dtype().isInexact() ? a.dtype() : DType.FLOAT64;
        // NumPy's linspace runs in the dtype of its ends: a's own float32 or float16 minimum and maximum,
        // or Python floats (float64) when the range is given
        double[] e = range != null || a.size() == 0 || binType == DType.FLOAT64
                ? linspace(lh[0], lh[1], edgeCount)
                : binType == DType.FLOAT32 ? linspace32(lh[0], lh[1], edgeCount) : linspace16(lh[0], lh[1], edgeCount);
        finiteBins(op, e, bins);
        NDArray edges;
        try (var _ = a.device().use();
                NDArray e64 = Creation.array(e)) {
            edges = e64.astype(binType);
        }
        try {
            // equal bins: a sample's bin is first guessed as (x - e[0]) * norm, then checked against the edges
            return new Histogram(
                    HistogramOptions.counted(op, a, edges, bins / (e[e.length - 1] - e[0]), plan, weights, density),
                    edges);
        } catch (RuntimeException ex) {
            edges.close();
            throw ex;
        }
    }

    /** numpy.histogram(a, bins) with the bin edges given: a 1-d array of at least 2 increasing values. */
    public static Histogram histogram(String op, NDArray a, NDArray bins) {
        return histogram(op, a, bins, BinCounting.Plan.AUTO);
    }

    static Histogram histogram(String op, NDArray a, NDArray bins, BinCounting.Plan plan) {
        return histogram(op, a, bins, null, false, plan);
    }

    /** numpy.histogram(a, bins, weights=weights, density=density) with the edges given. */
    public static Histogram histogram(String op, NDArray a, NDArray bins, NDArray weights, boolean density) {
        return histogram(op, a, bins, weights, density, BinCounting.Plan.AUTO);
    }

    private static Histogram histogram(
            String op, NDArray a, NDArray bins, NDArray weights, boolean density, BinCounting.Plan plan) {
        a.live(op);
        checkReal(op, a);
        Operands.device(op, a, bins);
        if (bins.ndim() != 1) {
            throw new ShapeException(
                    op + ": `bins` must be 1d, when an array, got shape " + org.ndgpu.ndarray.Shapes.str(bins.shape()));
        }
        checkReal(op, bins);
        if (bins.size() < 2) {
            // NumPy 2: fewer than two edges make no bin: no counts, and the edges as given
            try (var _ = a.device().use()) {
                NDArray none = Creation.zeros(DType.INT64, 0);
                return new Histogram(none, bins.copy());
            }
        }
        try (NDArray d = Differences.diff(op, bins, 1, -1);
                NDArray neg = d.lt(0);
                NDArray any = neg.any()) {
            if (any.toBooleanArray()[0])
                throw new NdException(op + ": `bins` must increase monotonically, when an array");
        }
        return new Histogram(HistogramOptions.counted(op, a, bins, 0, plan, weights, density), bins.copy());
    }

    /** numpy.histogram2d(x, y, bins, range): counts as float64 (nx, ny), with each axis's edges as histogram's. */
    public static Histogram2d histogram2d(String op, NDArray x, NDArray y, long[] bins, double[][] range) {
        return histogram2d(op, x, y, bins, range, BinCounting.Plan.AUTO);
    }

    static Histogram2d histogram2d(
            String op, NDArray x, NDArray y, long[] bins, double[][] range, BinCounting.Plan plan) {
        x.live(op);
        y.live(op);
        Operands.device(op, x, y);
        checkReal(op, x);
        checkReal(op, y);
        if (x.ndim() != 1 || !java.util.Arrays.equals(x.shape(), y.shape())) {
            throw new ShapeException(op + ": x and y must be 1-d arrays of one length, got shapes "
                    + org.ndgpu.ndarray.Shapes.str(x.shape()) + " and " + org.ndgpu.ndarray.Shapes.str(y.shape()));
        }
        if (bins.length != 1 && bins.length != 2)
            throw new NdException(op + ": bins must be one count or two, got " + bins.length);
        long nx = bins[0], ny = bins[bins.length - 1];
        if (nx < 1 || ny < 1)
            throw new NdException(op + ": bins must be positive, got " + java.util.Arrays.toString(bins));
        // the edges of each axis on the host, then nx x ny counts on the device (int64, and their float64 copy)
        int ex1 = Sizes.hostLength(op, "bin edges of x (bins + 1)", Sizes.add(op, "bins + 1:", nx, 1), Double.BYTES);
        int ey1 = Sizes.hostLength(op, "bin edges of y (bins + 1)", Sizes.add(op, "bins + 1:", ny, 1), Double.BYTES);
        Sizes.bytes(op, new long[] {nx, ny}, DType.FLOAT64);
        if (range != null && range.length != 2)
            throw new NdException(op + ": range must be two (min, max) pairs, got " + range.length);
        double[] rx = outerEdges(op, x, range == null ? null : range[0]);
        double[] ry = outerEdges(op, y, range == null ? null : range[1]);
        double[] ex = linspace(rx[0], rx[1], ex1), ey = linspace(ry[0], ry[1], ey1); // unchecked, as histogramdd
        try (var _ = x.device().use();
                NDArray xe = Creation.array(ex);
                NDArray ye = Creation.array(ey);
                NDArray c = Creation.zeros(DType.INT64, nx, ny)) {
            if (x.size() > 0) {
                // NumPy compares float64 edges with the samples as float64
                String tag = "histogram2d_" + x.dtype() + "_" + y.dtype();
                BinCounting.Counting k = COUNTINGS.computeIfAbsent(
                        tag,
                        t -> new BinCounting.Counting(
                                t,
                                List.of(
                                        new Param("x", x.dtype(), Kind.IN),
                                        new Param("y", y.dtype(), Kind.IN),
                                        new Param("ex", DType.FLOAT64, Kind.RAW),
                                        new Param("ey", DType.FLOAT64, Kind.RAW),
                                        new Param("_nx", DType.INT64, Kind.SCALAR),
                                        new Param("_ny", DType.INT64, Kind.SCALAR),
                                        new Param("_normx", DType.FLOAT64, Kind.SCALAR),
                                        new Param("_normy", DType.FLOAT64, Kind.SCALAR)),
                                BinCounting.binFunction("double"),
                                "long _binx = nd_hbin_double(ex, _nx, _normx, "
                                        + CTypes.cast(x.dtype(), DType.FLOAT64, "x") + ");\n"
                                        + "long _biny = nd_hbin_double(ey, _ny, _normy, "
                                        + CTypes.cast(y.dtype(), DType.FLOAT64, "y") + ");\n"
                                        + "long _bin = _binx >= 0 && _biny >= 0 ? _binx * _ny + _biny : -1;",
                                false));
                NDArray xs = oneD(x), ys = oneD(y);
                try {
                    BinCounting.run(
                            k,
                            new Object[] {xs, ys, xe, ye, nx, ny, norm(nx, ex), norm(ny, ey)},
                            x.size(),
                            nx * ny,
                            c,
                            plan);
                } finally {
                    if (xs != x) xs.close();
                    if (ys != y) ys.close();
                }
            }
            // NumPy's edges take the samples' common float dtype (histogramdd stacks x and y), else float64
            DType common = DType.promote(x.dtype(), y.dtype());
            DType et = common.isFloating() ? common : DType.FLOAT64;
            return new Histogram2d(c.astype(DType.FLOAT64), xe.astype(et), ye.astype(et));
        }
    }

    /**
     * numpy.digitize(x, bins, right): for each x the index i with {@code bins[i-1] <= x < bins[i]}
     * ({@code bins[i-1] < x <= bins[i]} when right), through searchsorted; decreasing bins count from
     * the other end, as NumPy.
     */
    public static NDArray digitize(String op, NDArray x, NDArray bins, boolean right) {
        x.live(op);
        bins.live(op);
        Operands.device(op, x, bins);
        if (x.dtype().isComplex()) throw new DTypeException(op + ": x may not be complex, got " + x.dtype());
        if (bins.dtype().isComplex())
            throw new DTypeException(op + ": Cannot cast bins from " + bins.dtype()
                    + " to float64 according to the rule 'safe': bins may not be complex");
        if (bins.ndim() != 1)
            throw new ShapeException(
                    op + ": bins must be a 1-d array, got shape " + org.ndgpu.ndarray.Shapes.str(bins.shape()));
        String side = right ? "left" : "right";
        boolean increasing = true;
        if (bins.size() > 1) {
            try (NDArray d = Differences.diff(op, bins, 1, -1);
                    NDArray up = d.ge(0);
                    NDArray allUp = up.all();
                    NDArray down = d.le(0);
                    NDArray allDown = down.all()) {
                increasing = allUp.toBooleanArray()[0];
                if (!increasing && !allDown.toBooleanArray()[0]) {
                    throw new NdException(op + ": bins must be monotonically increasing or decreasing");
                }
            }
        }
        if (increasing) return Sorting.searchsorted(op, bins, x, side);
        try (NDArray rev = bins.get("::-1");
                NDArray pos = Sorting.searchsorted(op, rev, x, side);
                NDArray neg = pos.neg()) {
            return neg.add(bins.size());
        }
    }

    // a's samples counted into the bins of edges; norm > 0 (equal bins): nb / (e[nb] - e[0]), the guess's scale
    static NDArray count(NDArray a, NDArray edges, double norm, BinCounting.Plan plan) {
        return count(a, null, edges, norm, plan);
    }

    // the counts (int64), or with weights (a's shape, real) the sums of the weights in each bin (float64)
    static NDArray count(NDArray a, NDArray weights, NDArray edges, double norm, BinCounting.Plan plan) {
        DType cmp = a.dtype() == DType.FLOAT64
                        || edges.dtype() == DType.FLOAT64
                        || !a.dtype().isInexact()
                        || !edges.dtype().isInexact()
                ? DType.FLOAT64
                : DType.FLOAT32;
        String t = CTypes.compute(cmp);
        long nb = edges.size() - 1;
        boolean weighted = weights != null;
        NDArray c;
        try (var _ = a.device().use()) {
            c = Creation.zeros(weighted ? DType.FLOAT64 : DType.INT64, nb);
        }
        if (a.size() == 0) return c;
        NDArray e = edges.dtype() == cmp && edges.isCContiguous() ? edges : null, flat = null, ws = null;
        try (var _ = a.device().use()) {
            if (e == null) e = edges.astype(cmp);
            flat = oneD(a);
            ws = weighted ? oneD(weights) : null;
            DType wt = weighted ? ws.dtype() : null;
            String tag = "histogram_" + a.dtype() + "_" + cmp + (weighted ? "_w_" + wt : "");
            String bin = "long _bin = nd_hbin_" + t + "(e, _nb, _norm, " + CTypes.cast(a.dtype(), cmp, "x") + ");";
            BinCounting.Counting k = COUNTINGS.computeIfAbsent(
                    tag,
                    tg -> new BinCounting.Counting(
                            tg,
                            weighted
                                    ? List.of(
                                            new Param("x", a.dtype(), Kind.IN),
                                            new Param("w", wt, Kind.IN),
                                            new Param("e", cmp, Kind.RAW),
                                            new Param("_norm", cmp, Kind.SCALAR))
                                    : List.of(
                                            new Param("x", a.dtype(), Kind.IN),
                                            new Param("e", cmp, Kind.RAW),
                                            new Param("_norm", cmp, Kind.SCALAR)),
                            BinCounting.binFunction(t),
                            weighted ? bin + "\ndouble _w = " + CTypes.cast(wt, DType.FLOAT64, "w") + ";" : bin,
                            weighted));
            // the guess in the comparison type: a scale that does not fit it means no guess
            double s = cmp == DType.FLOAT32 ? (float) norm : norm;
            Object guess = Double.isFinite(s) && s > 0 ? s : 0.0;
            BinCounting.run(
                    k,
                    weighted ? new Object[] {flat, ws, e, guess} : new Object[] {flat, e, guess},
                    a.size(),
                    nb,
                    c,
                    plan);
            return c;
        } catch (RuntimeException ex) {
            c.close();
            throw ex;
        } finally {
            if (e != null && e != edges) e.close();
            if (flat != null && flat != a) flat.close();
            if (ws != null && ws != weights) ws.close();
        }
    }

    // nb / (e[nb] - e[0]) for equal bins, 0 (no guess) where that is not a positive finite number
    private static double norm(long nb, double[] e) {
        double s = nb / (e[e.length - 1] - e[0]);
        return Double.isFinite(s) && s > 0 ? s : 0.0;
    }

    // a as a 1-d array whose stride is a whole number of elements: itself, or a contiguous copy (the caller closes a
    // copy)
    private static NDArray oneD(NDArray a) {
        if (a.ndim() == 1 && a.strides()[0] % a.itemsize() == 0) return a;
        return a.ndim() == 1 ? a.copy() : a.ravel();
    }

    private static void checkReal(String op, NDArray a) {
        if (a.dtype().isComplex()) throw new DTypeException(op + ": expected real numbers, got " + a.dtype());
    }

    // NumPy's _get_outer_edges: the range, or the data's min and max; an empty range widened by 0.5 each way
    private static double[] outerEdges(String op, NDArray a, double[] range) {
        double lo, hi;
        if (range != null) {
            if (range.length != 2)
                throw new NdException(op + ": range must be (min, max), got " + range.length + " values");
            lo = range[0];
            hi = range[1];
            if (lo > hi)
                throw new NdException(
                        op + ": max must be larger than min in range parameter, got (" + lo + ", " + hi + ")");
            if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
                throw new NdException(op + ": supplied range of [" + lo + ", " + hi + "] is not finite");
            }
        } else if (a.size() == 0) {
            lo = 0;
            hi = 1;
        } else {
            try (NDArray mn = a.min();
                    NDArray mx = a.max();
                    NDArray mnd = mn.astype(DType.FLOAT64);
                    NDArray mxd = mx.astype(DType.FLOAT64)) {
                lo = mnd.toDoubleArray()[0];
                hi = mxd.toDoubleArray()[0];
            }
            if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
                throw new NdException(op + ": autodetected range of [" + lo + ", " + hi + "] is not finite");
            }
        }
        if (lo == hi) {
            lo -= 0.5;
            hi += 0.5;
        }
        return new double[] {lo, hi};
    }

    // NumPy 2's check of equal bins: edges that do not increase (a range too wide for the dtype, or
    // too narrow for so many bins) are an error, not bins that count nothing
    private static void finiteBins(String op, double[] e, long bins) {
        for (int i = 0; i + 1 < e.length; i++) {
            if (!(e[i] < e[i + 1])) {
                throw new NdException(op + ": Too many bins for data range. Cannot create " + bins
                        + " finite-sized bins (edges " + e[0] + " to " + e[e.length - 1] + ")");
            }
        }
    }

    // the same in float32 arithmetic, each operation rounded to float32
    private static double[] linspace32(double lo, double hi, int n) {
        float l = (float) lo, h = (float) hi, step = (h - l) / (float) (n - 1);
        double[] e = new double[n];
        for (int i = 0; i < e.length; i++) e[i] = (float) i * step + l;
        e[e.length - 1] = h;
        return e;
    }

    // the same in float16 arithmetic: NumPy computes each float16 operation in float32 and rounds it to float16
    private static double[] linspace16(double lo, double hi, int n) {
        float l = h16((float) lo), h = h16((float) hi), step = h16(h16(h - l) / h16((float) (n - 1)));
        double[] e = new double[n];
        for (int i = 0; i < e.length; i++) e[i] = h16(h16(h16((float) i) * step) + l);
        e[e.length - 1] = h;
        return e;
    }

    private static float h16(float v) {
        return Float.float16ToFloat(Float.floatToFloat16(v));
    }

    // numpy.linspace(lo, hi, n): i * step + lo, the last exactly hi (Java does not fuse the multiply-add)
    static double[] linspace(double lo, double hi, int n) {
        double[] e = new double[n];
        double step = (hi - lo) / (n - 1);
        for (int i = 0; i < e.length; i++) e[i] = i * step + lo;
        e[e.length - 1] = hi;
        return e;
    }
}
