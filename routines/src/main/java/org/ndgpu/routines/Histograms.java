package org.ndgpu.routines;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.DTypeException;
import org.ndgpu.NdException;
import org.ndgpu.Nd;
import org.ndgpu.ShapeException;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Histogram;
import org.ndgpu.ndarray.Histogram2d;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;

/**
 * numpy.bincount, numpy.histogram and numpy.histogram2d: one kernel over the samples, each finding
 * its bin (a binary search over the edges) and adding to it with a 64-bit atomic, as CuPy's
 * histogram kernel. The bin edges follow NumPy exactly: {@code linspace(lo, hi, bins + 1)} computed on
 * the host as NumPy computes it ({@code i * step + lo}, the last edge exactly {@code hi}), in NumPy's
 * bin dtype (float64, or the samples' float32 or float16, compared in float32); every bin is half-open
 * {@code [e[i], e[i+1])} except the last, which holds values equal to its upper edge; samples outside
 * the edges, and NaN, count nowhere. Weighted sums add in an order the device picks (as CuPy).
 */
public final class Histograms {
    private Histograms() { }

    private static final ConcurrentHashMap<String, Spec> SPECS = new ConcurrentHashMap<>();

    /** 64-bit atomic adds on both dialects (OpenCL: cl_khr_int64_base_atomics, a compare-and-swap loop for doubles). */
    static final String ATOMICS = """
            #ifdef ND_CUDA
            #define ND_ATOMIC_ADD_I64(p, v) atomicAdd((unsigned long long*)(p), (unsigned long long)(v))
            #define ND_ATOMIC_ADD_F64(p, v) atomicAdd((p), (v))
            #else
            #pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
            #define ND_ATOMIC_ADD_I64(p, v) atom_add((volatile __global long*)(p), (long)(v))
            inline void nd_atomic_add_f64(volatile __global double* p, double v) {
                volatile __global long* q = (volatile __global long*)p;
                long old = *q, seen;
                do { seen = old; old = atom_cmpxchg(q, seen, as_long(as_double(seen) + v)); } while (old != seen);
            }
            #define ND_ATOMIC_ADD_F64(p, v) nd_atomic_add_f64((p), (v))
            #endif
            """;

    // the bin of v among edges e[0..nb] (-1: outside, or NaN): the last j with e[j] <= v, the top edge in the last bin
    private static String binFn(String t) {
        return """
            ND_DEVICE_FN long nd_bin_%1$s(ND_GLOBAL const %1$s* e, long nb, %1$s v) {
                if (!(v >= e[0] && v <= e[nb])) return -1;
                long lo = 0, hi = nb;
                while (lo < hi) { long mid = (lo + hi + 1) >> 1; if (e[mid] <= v) lo = mid; else hi = mid - 1; }
                return lo == nb ? nb - 1 : lo;
            }
            """.formatted(t);
    }

    /** numpy.bincount(x, weights, minlength): occurrences of each value of the non-negative 1-d integer x (or sums of weights). */
    public static NDArray bincount(String op, NDArray x, NDArray weights, long minlength) {
        x.live(op);
        if (!(x.dtype().isInteger() || x.dtype() == DType.BOOL)) {
            throw new DTypeException(op + ": x must be an array of integers, got " + x.dtype()
                    + " (NumPy: cannot cast array data to int64 according to the rule 'safe')");
        }
        if (x.ndim() != 1) throw new ShapeException(op + ": x must be 1-dimensional, got shape " + org.ndgpu.ndarray.Shapes.str(x.shape()));
        if (minlength < 0) throw new NdException(op + ": minlength must be non-negative, got " + minlength);
        if (weights != null) {
            Operands.device(op, x, weights);
            if (!java.util.Arrays.equals(weights.shape(), x.shape())) {
                throw new ShapeException(op + ": the weights and list don't have the same length: weights of shape "
                        + org.ndgpu.ndarray.Shapes.str(weights.shape()) + ", x of shape " + org.ndgpu.ndarray.Shapes.str(x.shape()));
            }
            if (weights.dtype().isComplex()) throw new DTypeException(op + ": weights must be real, got " + weights.dtype());
        }
        long len = minlength;
        if (x.size() > 0) {
            long lo, hi;
            try (NDArray mn = x.min(); NDArray mx = x.max()) {
                lo = mn.toLongArray()[0];
                hi = mx.toLongArray()[0];
            }
            if (lo < 0) throw new NdException(op + ": x must have no negative elements, got " + lo);
            len = Math.max(len, hi + 1);
        }
        DType outType = weights == null ? DType.INT64 : DType.FLOAT64;
        NDArray out;
        try (var _ = x.device().use()) {
            out = Nd.zeros(outType, len);
        }
        if (x.size() == 0) return out;
        try (NDArray w = weights == null ? null : weights.astype(DType.FLOAT64)) {
            String key = "bincount " + x.dtype() + (w == null ? "" : " weighted");
            Spec spec = SPECS.computeIfAbsent(key, k -> w == null
                    ? new Spec("nd_bincount_" + x.dtype(), List.of(new Param("x", x.dtype(), Kind.IN), new Param("c", DType.INT64, Kind.RAW)),
                            "ND_ATOMIC_ADD_I64(c + (long)x, 1);", ATOMICS, "", "", List.of())
                    : new Spec("nd_bincount_w_" + x.dtype(), List.of(new Param("x", x.dtype(), Kind.IN), new Param("w", DType.FLOAT64, Kind.IN),
                            new Param("c", DType.FLOAT64, Kind.RAW)), "ND_ATOMIC_ADD_F64(c + (long)x, w);", ATOMICS, "", "", List.of()));
            ElementwiseLoop.run(spec, w == null ? new Object[]{x, out} : new Object[]{x, w, out}, x.shape());
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** numpy.histogram(a, bins, range): {@code range} null takes a's minimum and maximum. */
    public static Histogram histogram(String op, NDArray a, long bins, double[] range) {
        a.live(op);
        checkReal(op, a);
        if (bins < 1) throw new NdException(op + ": `bins` must be positive, when an integer, got " + bins);
        double[] lh = outerEdges(op, a, range);
        DType binType = a.dtype().isInexact() ? a.dtype() : DType.FLOAT64;
        // NumPy's linspace runs in the dtype of its ends: a's own float32 or float16 minimum and maximum,
        // or Python floats (float64) when the range is given
        double[] e = range != null || a.size() == 0 || binType == DType.FLOAT64 ? linspace(lh[0], lh[1], bins + 1)
                : binType == DType.FLOAT32 ? linspace32(lh[0], lh[1], bins + 1) : linspace16(lh[0], lh[1], bins + 1);
        NDArray edges;
        try (var _ = a.device().use(); NDArray e64 = Nd.array(e)) {
            edges = e64.astype(binType);
        }
        try {
            return new Histogram(count(a, edges), edges);
        } catch (RuntimeException ex) {
            edges.close();
            throw ex;
        }
    }

    /** numpy.histogram(a, bins) with the bin edges given: a 1-d array of at least 2 increasing values. */
    public static Histogram histogram(String op, NDArray a, NDArray bins) {
        a.live(op);
        checkReal(op, a);
        Operands.device(op, a, bins);
        if (bins.ndim() != 1 || bins.size() < 2) {
            throw new ShapeException(op + ": bins must be a 1-d array of at least 2 edges, got shape " + org.ndgpu.ndarray.Shapes.str(bins.shape()));
        }
        checkReal(op, bins);
        try (NDArray d = Nd.diff(bins); NDArray neg = d.lt(0); NDArray any = neg.any()) {
            if (any.toBooleanArray()[0]) throw new NdException(op + ": `bins` must increase monotonically, when an array");
        }
        return new Histogram(count(a, bins), bins.copy());
    }

    /** numpy.histogram2d(x, y, bins, range): counts as float64 (nx, ny), with each axis's edges as histogram's. */
    public static Histogram2d histogram2d(String op, NDArray x, NDArray y, long[] bins, double[][] range) {
        x.live(op);
        y.live(op);
        Operands.device(op, x, y);
        checkReal(op, x);
        checkReal(op, y);
        if (x.ndim() != 1 || !java.util.Arrays.equals(x.shape(), y.shape())) {
            throw new ShapeException(op + ": x and y must be 1-d arrays of one length, got shapes " + org.ndgpu.ndarray.Shapes.str(x.shape())
                    + " and " + org.ndgpu.ndarray.Shapes.str(y.shape()));
        }
        if (bins.length != 1 && bins.length != 2) throw new NdException(op + ": bins must be one count or two, got " + bins.length);
        long nx = bins[0], ny = bins[bins.length - 1];
        if (nx < 1 || ny < 1) throw new NdException(op + ": bins must be positive, got " + java.util.Arrays.toString(bins));
        if (range != null && range.length != 2) throw new NdException(op + ": range must be two (min, max) pairs, got " + range.length);
        double[] rx = outerEdges(op, x, range == null ? null : range[0]);
        double[] ry = outerEdges(op, y, range == null ? null : range[1]);
        try (var _ = x.device().use(); NDArray xe = Nd.array(linspace(rx[0], rx[1], nx + 1)); NDArray ye = Nd.array(linspace(ry[0], ry[1], ny + 1));
             NDArray xd = x.astype(DType.FLOAT64); NDArray yd = y.astype(DType.FLOAT64); NDArray c = Nd.zeros(DType.INT64, nx, ny)) {
            if (x.size() > 0) {
                Spec spec = SPECS.computeIfAbsent("histogram2d", k -> new Spec("nd_histogram2d",
                        List.of(new Param("x", DType.FLOAT64, Kind.IN), new Param("y", DType.FLOAT64, Kind.IN), new Param("ex", DType.FLOAT64, Kind.RAW),
                                new Param("ey", DType.FLOAT64, Kind.RAW), new Param("c", DType.INT64, Kind.RAW),
                                new Param("_nx", DType.INT64, Kind.SCALAR), new Param("_ny", DType.INT64, Kind.SCALAR)),
                        "long _bx = nd_bin_double(ex, _nx, x), _by = nd_bin_double(ey, _ny, y);\n"
                                + "if (_bx >= 0 && _by >= 0) ND_ATOMIC_ADD_I64(c + _bx * _ny + _by, 1);",
                        ATOMICS + binFn("double"), "", "", List.of()));
                ElementwiseLoop.run(spec, new Object[]{xd, yd, xe, ye, c, nx, ny}, x.shape());
            }
            return new Histogram2d(c.astype(DType.FLOAT64), xe.copy(), ye.copy());
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
        if (bins.ndim() != 1) throw new ShapeException(op + ": bins must be a 1-d array, got shape " + org.ndgpu.ndarray.Shapes.str(bins.shape()));
        String side = right ? "left" : "right";
        boolean increasing = true;
        if (bins.size() > 1) {
            try (NDArray d = Nd.diff(bins); NDArray up = d.ge(0); NDArray allUp = up.all(); NDArray down = d.le(0); NDArray allDown = down.all()) {
                increasing = allUp.toBooleanArray()[0];
                if (!increasing && !allDown.toBooleanArray()[0]) {
                    throw new NdException(op + ": bins must be monotonically increasing or decreasing");
                }
            }
        }
        if (increasing) return Nd.searchsorted(bins, x, side);
        try (NDArray rev = bins.get("::-1"); NDArray pos = Nd.searchsorted(rev, x, side); NDArray neg = pos.neg()) {
            return neg.add(bins.size());
        }
    }

    private static NDArray count(NDArray a, NDArray edges) {
        DType cmp = a.dtype() == DType.FLOAT64 || edges.dtype() == DType.FLOAT64 || !a.dtype().isInexact() || !edges.dtype().isInexact()
                ? DType.FLOAT64 : DType.FLOAT32;
        String t = CTypes.compute(cmp);
        long nb = edges.size() - 1;
        try (var _ = a.device().use(); NDArray e = edges.astype(cmp); NDArray c = Nd.zeros(DType.INT64, nb)) {
            if (a.size() > 0) {
                Spec spec = SPECS.computeIfAbsent("histogram " + a.dtype() + " " + cmp, k -> new Spec("nd_histogram_" + a.dtype() + "_" + cmp,
                        List.of(new Param("x", a.dtype(), Kind.IN), new Param("e", cmp, Kind.RAW), new Param("c", DType.INT64, Kind.RAW),
                                new Param("_nb", DType.INT64, Kind.SCALAR)),
                        "long _hb = nd_bin_" + t + "(e, _nb, " + CTypes.cast(a.dtype(), cmp, "x") + ");\nif (_hb >= 0) ND_ATOMIC_ADD_I64(c + _hb, 1);",
                        ATOMICS + binFn(t), "", "", List.of()));
                try (NDArray flat = a.ravel()) {
                    ElementwiseLoop.run(spec, new Object[]{flat, e, c, nb}, flat.shape());
                }
            }
            return c.copy();
        }
    }

    private static void checkReal(String op, NDArray a) {
        if (a.dtype().isComplex()) throw new DTypeException(op + ": expected real numbers, got " + a.dtype());
    }

    // NumPy's _get_outer_edges: the range, or the data's min and max; an empty range widened by 0.5 each way
    private static double[] outerEdges(String op, NDArray a, double[] range) {
        double lo, hi;
        if (range != null) {
            if (range.length != 2) throw new NdException(op + ": range must be (min, max), got " + range.length + " values");
            lo = range[0];
            hi = range[1];
            if (lo > hi) throw new NdException(op + ": max must be larger than min in range parameter, got (" + lo + ", " + hi + ")");
            if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
                throw new NdException(op + ": supplied range of [" + lo + ", " + hi + "] is not finite");
            }
        } else if (a.size() == 0) {
            lo = 0;
            hi = 1;
        } else {
            try (NDArray mn = a.min(); NDArray mx = a.max(); NDArray mnd = mn.astype(DType.FLOAT64); NDArray mxd = mx.astype(DType.FLOAT64)) {
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
        return new double[]{lo, hi};
    }

    // the same in float32 arithmetic, each operation rounded to float32
    private static double[] linspace32(double lo, double hi, long n) {
        float l = (float) lo, h = (float) hi, step = (h - l) / (float) (n - 1);
        double[] e = new double[Math.toIntExact(n)];
        for (int i = 0; i < e.length; i++) e[i] = (float) i * step + l;
        e[e.length - 1] = h;
        return e;
    }

    // the same in float16 arithmetic: NumPy computes each float16 operation in float32 and rounds it to float16
    private static double[] linspace16(double lo, double hi, long n) {
        float l = h16((float) lo), h = h16((float) hi), step = h16(h16(h - l) / h16((float) (n - 1)));
        double[] e = new double[Math.toIntExact(n)];
        for (int i = 0; i < e.length; i++) e[i] = h16(h16(h16((float) i) * step) + l);
        e[e.length - 1] = h;
        return e;
    }

    private static float h16(float v) { return Float.float16ToFloat(Float.floatToFloat16(v)); }

    // numpy.linspace(lo, hi, n): i * step + lo, the last exactly hi (Java does not fuse the multiply-add)
    static double[] linspace(double lo, double hi, long n) {
        double[] e = new double[Math.toIntExact(n)];
        double step = (hi - lo) / (n - 1);
        for (int i = 0; i < e.length; i++) e[i] = i * step + lo;
        e[e.length - 1] = hi;
        return e;
    }
}
