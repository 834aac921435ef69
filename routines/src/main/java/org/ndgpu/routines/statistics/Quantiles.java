package org.ndgpu.routines.statistics;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.routines.sorting.Sorting;

/**
 * numpy.quantile, percentile and median (method 'linear'): the array is sorted along the axis on the
 * device (NaN last), and one kernel reads the two neighbours of position q * (n - 1) and blends
 * them (as CuPy's weighting kernel), or for the median takes the mean of the middle element(s), as
 * NumPy's median does; a slice holding any NaN gives NaN, as in NumPy. Integer input gives float64, float input keeps its dtype
 * (float16 is computed in float64 and rounded back).
 */
public final class Quantiles {
    private Quantiles() {}

    /** numpy.quantile(a, q, axis) for one q in [0, 1]; {@code axis} null works on the flattened array. */
    public static NDArray quantile(String op, NDArray a, double q, Integer axis, boolean keepdims) {
        return quantile(op, a, new double[] {q}, true, axis, keepdims, "linear");
    }

    /**
     * numpy.percentile(a, p, axis, keepdims, method): {@link #quantile} of p / 100, each p checked
     * against [0, 100] by its own number, as NumPy's message gives it.
     */
    public static NDArray percentile(
            String op, NDArray a, double[] ps, boolean scalarP, Integer axis, boolean keepdims, String method) {
        java.util.Objects.requireNonNull(ps, op + ": q is null");
        double[] qs = new double[ps.length];
        for (int i = 0; i < ps.length; i++) {
            if (!(ps[i] >= 0 && ps[i] <= 100))
                throw new NdException(op + ": Percentiles must be in the range [0, 100], got " + ps[i]);
            qs[i] = ps[i] / 100;
        }
        return quantile(op, a, qs, scalarP, axis, keepdims, method);
    }

    /** NumPy's quantile methods (numpy.lib._function_base_impl._QuantileMethods), in its order. */
    public static final List<String> METHODS = List.of(
            "inverted_cdf",
            "averaged_inverted_cdf",
            "closest_observation",
            "interpolated_inverted_cdf",
            "hazen",
            "weibull",
            "linear",
            "median_unbiased",
            "normal_unbiased",
            "lower",
            "higher",
            "midpoint",
            "nearest");

    /**
     * numpy.quantile(a, q, axis, keepdims, method) for the quantiles {@code qs}, each in [0, 1]: one
     * sort, then one gather per q; the q axis comes first, as NumPy's, unless {@code scalarQ} (one q
     * given as a number: no q axis).
     */
    public static NDArray quantile(
            String op, NDArray a, double[] qs, boolean scalarQ, Integer axis, boolean keepdims, String method) {
        a.live(op);
        java.util.Objects.requireNonNull(qs, op + ": q is null");
        java.util.Objects.requireNonNull(method, op + ": method is null");
        if (!METHODS.contains(method))
            throw new NdException(op + ": '" + method + "' is not a valid method. Use one of: " + METHODS);
        for (double q : qs)
            if (!(q >= 0 && q <= 1)) throw new NdException(op + ": quantiles must be in the range [0, 1], got " + q);
        if (scalarQ && qs.length != 1) throw new IllegalArgumentException(op + ": one q for a scalar q");
        boolean median = op.equals("median"), discrete = !median && DISCRETE.contains(method);
        // NumPy's lerp subtracts the neighbours; its median (a mean) and the methods that take an
        // element take bool
        if (a.dtype() == DType.BOOL && !median && !discrete)
            throw new DTypeException(
                    op + ": "
                            + "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead; got bool");
        if (a.dtype().isComplex()) throw new NdException(op + ": complex input is not supported, got " + a.dtype());
        // NumPy's dtypes: a method that takes an element keeps a's dtype (integers exact, as its take);
        // one that interpolates keeps a float a's dtype for a scalar q, and gives float64 for integers and
        // for an array q (its weights are a float64 array); computed in float64 where a's dtype is narrower
        DType result = discrete || (scalarQ && a.dtype().isInexact()) ? a.dtype() : DType.FLOAT64;
        boolean exact = a.dtype() == DType.FLOAT64
                || (a.dtype() == DType.FLOAT32 && result == DType.FLOAT32)
                || (discrete && !a.dtype().isInexact());
        List<NDArray> temps = new ArrayList<>();
        try (var _ = a.device().use()) {
            NDArray x = exact ? a : t(temps, a.astype(DType.FLOAT64));
            NDArray src = axis == null ? t(temps, x.ravel()) : x;
            int ax = axis == null ? 0 : Shapes.axis(op, axis, src.ndim());
            long n = src.shape()[ax];
            long[] s = src.shape(), kept = new long[s.length - 1];
            for (int d = 0, m = 0; d < s.length; d++) if (d != ax) kept[m++] = s[d];
            if (qs.length == 0) {
                long[] none = new long[kept.length + 1];
                System.arraycopy(kept, 0, none, 1, kept.length);
                return Creation.zeros(result, none);
            }
            List<NDArray> each = new ArrayList<>();
            NDArray sorted = null;
            for (double q : qs) {
                NDArray r;
                if (n == 0) {
                    // NumPy: the median of nothing is NaN (with a RuntimeWarning); a quantile of nothing is an
                    // IndexError
                    if (!op.equals("median"))
                        throw new NdException(op + ": cannot take a quantile of an empty axis " + ax);
                    r = Creation.full(Double.NaN, x.dtype(), kept);
                } else {
                    if (sorted == null) sorted = t(temps, Sorting.sort(op, src, ax, false));
                    r = median
                            ? middle(sorted, ax, (long) Math.floor(0.5 * (n - 1)), n % 2 == 0 ? MEAN | EVEN : MEAN)
                            : at(sorted, ax, n, q, method);
                }
                each.add(scalarQ ? r : t(temps, r));
            }
            NDArray out = scalarQ ? each.get(0) : org.ndgpu.routines.manipulation.Joining.stack(op, each, 0);
            if (out.dtype() != result) { // float16 computed in float64
                try (NDArray wide = out) {
                    out = wide.astype(result);
                }
            }
            if (!keepdims) return out;
            long[] shape = a.shape();
            if (axis == null) java.util.Arrays.fill(shape, 1);
            else shape[ax] = 1;
            long[] full = shape;
            if (!scalarQ) {
                full = new long[shape.length + 1];
                full[0] = qs.length;
                System.arraycopy(shape, 0, full, 1, shape.length);
            }
            try (NDArray o = out) {
                return o.reshape(full);
            }
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /**
     * Quantile q of each sorted slice of length n by NumPy's method: its virtual index, the two
     * neighbours and the weight (gamma) as _quantile computes them; methods with an integer index
     * take that element (NaN where the slice holds one).
     */
    private static NDArray at(NDArray sorted, int ax, long n, double q, String method) {
        long take = switch (method) {
            case "lower" -> (long) Math.floor((n - 1) * q);
            case "higher" -> (long) Math.ceil((n - 1) * q);
            case "nearest" -> (long) Math.rint((n - 1) * q); // np.around: half to even
            case "inverted_cdf" -> boundary(n * q - 1, false);
            case "closest_observation" -> boundary(n * q - 1 - 0.5, true);
            default -> -1;
        };
        if (take >= 0) return middle(sorted, ax, Math.min(take, n - 1), 0);
        double v = switch (method) {
            case "linear" -> (n - 1) * q;
            case "averaged_inverted_cdf" -> n * q - 1;
            case "midpoint" -> 0.5 * (Math.floor((n - 1) * q) + Math.ceil((n - 1) * q));
            case "interpolated_inverted_cdf" -> virtual(n, q, 0, 1);
            case "hazen" -> virtual(n, q, 0.5, 0.5);
            case "weibull" -> virtual(n, q, 0, 0);
            case "median_unbiased" -> virtual(n, q, 1 / 3.0, 1 / 3.0);
            case "normal_unbiased" -> virtual(n, q, 3 / 8.0, 3 / 8.0);
            default -> throw new IllegalStateException(method);
        };
        long lo, hi;
        double prev;
        if (v >= n - 1) { // the last element: NumPy's previous index -1
            lo = hi = n - 1;
            prev = -1;
        } else if (v < 0) {
            lo = hi = 0;
            prev = 0;
        } else {
            lo = (long) Math.floor(v);
            hi = lo + 1;
            prev = lo;
        }
        double gamma = v - prev;
        if (method.equals("averaged_inverted_cdf")) gamma = gamma == 0 ? 0.5 : 1;
        if (method.equals("midpoint")) gamma = v % 1 == 0 ? 0 : 0.5;
        return blend(sorted, ax, lo, hi, gamma);
    }

    // H&F's continuous virtual index: n q + alpha + q (1 - alpha - beta) - 1
    private static double virtual(long n, double q, double alpha, double beta) {
        return n * q + (alpha + q * (1 - alpha - beta)) - 1;
    }

    // _discrete_interpolation_to_boundaries: floor(index), or the next one unless gamma is 0 (and, for
    // closest_observation, the floor odd); below 0 clipped to 0
    private static long boundary(double index, boolean closest) {
        double prev = Math.floor(index), gamma = index - prev;
        boolean usePrev = gamma == 0 && (!closest || Math.floorMod((long) prev, 2) == 1);
        long r = (long) (usePrev ? prev : prev + 1);
        return Math.max(r, 0);
    }

    private static final ConcurrentHashMap<DType, Spec> BLEND = new ConcurrentHashMap<>();

    /**
     * The sorted slices' elements {@code lo} and {@code hi} blended as NumPy's _lerp (from the top
     * when frac &gt;= 0.5, each product rounded on its own, as NumPy's), or the slice's last element
     * where that is NaN (NaN sorts last: NumPy copies it in), in one kernel over the reduced shape
     * that reads the three elements through views of {@code sorted}.
     */
    private static NDArray blend(NDArray sorted, int ax, long lo, long hi, double frac) {
        Spec spec = BLEND.computeIfAbsent(sorted.dtype(), Quantiles::blendSpec);
        boolean top = frac >= 0.5;
        return gather(sorted, ax, lo, hi, spec, top ? 1 - frac : frac, top ? 1 : 0);
    }

    private static final ConcurrentHashMap<DType, Spec> MIDDLE = new ConcurrentHashMap<>();

    /**
     * numpy.median's mean of the middle element(s) of each sorted slice: element {@code lo} for an
     * odd length, (lo + hi) / 2 for an even one, rather than the lerp, whose 0 * inf or inf - inf
     * would give NaN next to an infinity; NaN where the slice holds one (its last element).
     */
    private static NDArray middle(NDArray sorted, int ax, long lo, int how) {
        Spec spec = MIDDLE.computeIfAbsent(sorted.dtype(), Quantiles::middleSpec);
        return gather(sorted, ax, lo, (how & EVEN) != 0 ? lo + 1 : lo, spec, 0.0, how);
    }

    /** middle's flags: the mean of elements lo and lo + 1; a mean's zero is +0.0 (NumPy's sum starts from it). */
    private static final int EVEN = 1, MEAN = 2;

    /** The methods that take an element of the sorted slice rather than blend two. */
    private static final List<String> DISCRETE =
            List.of("lower", "higher", "nearest", "inverted_cdf", "closest_observation");

    private static NDArray gather(NDArray sorted, int ax, long lo, long hi, Spec spec, double frac, int flag) {
        DType d = sorted.dtype();
        long[] s = sorted.shape(), st = sorted.strides();
        long[] shape = new long[s.length - 1], strides = new long[s.length - 1];
        for (int k = 0, m = 0; k < s.length; k++) {
            if (k == ax) continue;
            shape[m] = s[k];
            strides[m++] = st[k];
        }
        long base = sorted.offset(), step = st[ax];
        NDArray out = NDArray.empty(sorted.device(), d, shape, Order.C);
        try (NDArray low = sorted.view(shape, strides, base + lo * step);
                NDArray high = sorted.view(shape, strides, base + hi * step);
                NDArray last = sorted.view(shape, strides, base + (s[ax] - 1) * step)) {
            ElementwiseLoop.runIntoNew(spec, new Object[] {low, high, last, out, frac, flag}, shape);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private static Spec blendSpec(DType d) {
        String c = CTypes.compute(d), mul = d == DType.FLOAT64 ? "nd_dmul_rn" : "nd_fmul_rn";
        return new Spec(
                "nd_quantile_blend_" + d,
                gatherParams(d, "_top"),
                "const " + c + " _d = high - low, _p = " + mul + "(_d, (" + c + ") _frac);\n"
                        + "out = isnan(last) ? last : (_top ? high - _p : low + _p);");
    }

    // gather's kernels: the two neighbours and the slice's last element (NaN sorts last), the weight and a flag
    private static List<Param> gatherParams(DType d, String flag) {
        return List.of(
                new Param("low", d, Kind.IN),
                new Param("high", d, Kind.IN),
                new Param("last", d, Kind.IN),
                new Param("out", d, Kind.OUT),
                new Param("_frac", DType.FLOAT64, Kind.SCALAR),
                new Param(flag, DType.INT32, Kind.SCALAR));
    }

    private static Spec middleSpec(DType d) {
        String c = CTypes.compute(d);
        return new Spec(
                "nd_median_middle_" + d,
                gatherParams(d, "_even"),
                d.isInexact()
                        ? c + " _v = (_even & 1) ? (" + c + ") ((low + high) / (" + c + ") 2) : low;\n"
                                + "out = isnan(last) ? last : ((_even & 2) && _v == 0 ? (" + c + ") 0 : _v);"
                        : "out = low;");
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
