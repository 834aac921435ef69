package org.ndgpu.ndimage;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * The B-spline prefilter of scipy.ndimage (ni_splines.c): the interpolation coefficients of each
 * line along an axis, by a gain and, per pole of the spline's order, a causal then an anticausal
 * first-order recursion whose first values come from the boundary mode. The work array is made by
 * {@link #workArray}, which also pads the input as SciPy pads it before filtering for NEAREST and
 * GRID_CONSTANT; its dtype is the caller's: float32 for a float32 result, as CuPy filters, else
 * float64 where the device has it, as SciPy filters in double.
 *
 * <p>A pole's influence fades as |z|^k, below the work dtype's resolution after {@link #terms}
 * samples (CuPy's n_boundary: |z|^k under 1e-10 in float32, 1e-18 in float64). So, as CuPy does, the
 * boundary sums stop there; and each line is cut into chunks of {@link #CHUNK} samples, one work
 * item each, whose recursion starts {@code terms} samples before the chunk from a zero state
 * instead of waiting for the chunk before it: lines * chunks work items instead of one per line,
 * each pass out of place between the work array and a second buffer.
 */
final class SplineFilter {
    private SplineFilter() {}

    /** The padding SciPy adds on every side for modes without an exact boundary condition. */
    static final int NPAD = 12;

    /** Samples of a line per work item; at least {@link #terms} of any pole, so a warm-up stays on its line. */
    static final long CHUNK = 128;

    private static final Map<String, ElementwiseKernel> KERNELS = new ConcurrentHashMap<>();

    /** SciPy's poles of the B-spline of {@code order} (2 to 5). */
    static double[] poles(int order) {
        return switch (order) {
            case 2 -> new double[] {-0.1715728752538099};
            case 3 -> new double[] {-0.2679491924311227};
            case 4 -> new double[] {-0.36134122590022016, -0.013725429297339121};
            case 5 -> new double[] {-0.4305753470999738, -0.04309628820326465};
            default -> throw new IllegalArgumentException("no spline poles for order " + order);
        };
    }

    /** The samples after which pole {@code z}'s weight |z|^k falls under the resolution of {@code w}. */
    static int terms(double z, DType w) {
        double tol = w == DType.FLOAT32 ? 1e-10 : 1e-18;
        return (int) Math.ceil(Math.log(tol) / Math.log(Math.abs(z)));
    }

    /** The prefilter's boundary condition: SciPy's apply_filter maps the modes onto three. */
    private enum Init {
        MIRROR,
        REFLECT,
        WRAP;

        static Init of(Mode mode) {
            return switch (mode) {
                case CONSTANT, GRID_CONSTANT, MIRROR, WRAP -> MIRROR;
                case GRID_WRAP -> WRAP;
                case NEAREST, REFLECT -> REFLECT;
            };
        }
    }

    /**
     * The causal recursion's first value {@code acc} from the line {@code x} (element k at
     * {@code x[b + k * s]}), summed over at most {@code m} terms.
     */
    private static String causal(Init init, int m) {
        String lim = "(n < " + m + "L ? n : " + m + "L)";
        return switch (init) {
            case MIRROR ->
                "{ W zi = z; W zn1 = pow(z, (W) (n - 1)); acc = x[b] + zn1 * x[b + (n - 1) * s];"
                        + " long m = " + lim + "; if (m > n - 1) m = n - 1;"
                        + " for (long k = 1; k < m; k++) { acc += zi * (x[b + k * s] + zn1 * x[b + (n - 1 - k) * s]);"
                        + " zi *= z; } acc /= 1 - zn1 * zn1; }";
            // as SciPy 1.17 (and CuPy): the sum gathers into c[0], which its last term reads back (scipy#24615
            // changes this after 1.17, a difference that fades as z^(2n) on longer lines)
            case REFLECT ->
                "{ W zi = z; W zn = pow(z, (W) n); acc = x[b] + zn * x[b + (n - 1) * s]; long m = " + lim + ";"
                        + " for (long k = 1; k < m; k++) { W rv = k == n - 1 ? acc : x[b + (n - 1 - k) * s];"
                        + " acc += zi * (x[b + k * s] + zn * rv); zi *= z; } acc *= z / (1 - zn * zn); acc += x[b]; }";
            case WRAP ->
                "{ W zi = z; acc = x[b]; long m = " + lim + ";"
                        + " for (long k = 1; k < m; k++) { acc += zi * x[b + (n - k) * s]; zi *= z; }"
                        + " acc /= 1 - zi; }";
        };
    }

    /** The anticausal recursion's first value {@code acc} (at n - 1) from the causal result {@code y}. */
    private static String anticausal(Init init, int m) {
        return switch (init) {
            case MIRROR -> "acc = (z * y[b + (n - 2) * s] + y[b + (n - 1) * s]) * z / (z * z - 1);";
            case REFLECT -> "acc = y[b + (n - 1) * s] * z / (z - 1);";
            case WRAP ->
                "{ W zi = z; acc = y[b + (n - 1) * s]; long m = n - 1 < " + m + "L ? n - 1 : " + m + "L;"
                        + " for (long k = 0; k < m; k++) { acc += zi * y[b + k * s]; zi *= z; }"
                        + " acc *= z / (zi - 1); }";
        };
    }

    // work item i: line (outer, r) and chunk q, with r fastest so that neighbouring items read neighbouring
    // memory when the axis is not the last
    private static final String LINE = "long r = (long) i % s; long t = (long) i / s; long q = t % nch;"
            + " long b = (t / nch) * n * s + r; long lo = q * " + CHUNK + "L;"
            + " long hi = lo + " + CHUNK + "L < n ? lo + " + CHUNK + "L : n; W acc;";

    private static ElementwiseKernel causalKernel(int order, int pole, Init init, DType w) {
        return KERNELS.computeIfAbsent(
                "c" + order + pole + init + w, k -> makeCausal(order, pole, init, terms(poles(order)[pole], w)));
    }

    private static ElementwiseKernel anticausalKernel(int order, int pole, Init init, DType w) {
        return KERNELS.computeIfAbsent(
                "a" + order + pole + init + w, k -> makeAnticausal(order, pole, init, terms(poles(order)[pole], w)));
    }

    // y = the causal recursion of g * x, the gain g folded into the first pole's pass
    private static ElementwiseKernel makeCausal(int order, int pole, Init init, int m) {
        String z = Double.toString(poles(order)[pole]);
        String body = "W z = (W) " + z + "; " + LINE
                + " long k0 = lo - " + m + "L; if (q == 0) { " + causal(init, m) + " acc *= g; y[b] = acc; k0 = 1; }"
                + " else { acc = (W) 0; for (long k = k0; k < lo; k++) acc = g * x[b + k * s] + z * acc; k0 = lo; }"
                + " for (long k = k0; k < hi; k++) { acc = g * x[b + k * s] + z * acc; y[b + k * s] = acc; }";
        return new ElementwiseKernel(
                "raw W x, int64 n, int64 s, int64 nch, W g",
                "raw W y",
                body,
                "ndimage_spline_causal" + order + pole + "_" + init.name().toLowerCase(java.util.Locale.ROOT));
    }

    // x = the anticausal recursion of y
    private static ElementwiseKernel makeAnticausal(int order, int pole, Init init, int m) {
        String z = Double.toString(poles(order)[pole]);
        String body = "W z = (W) " + z + "; " + LINE
                + " long top = hi + " + m + "L;"
                + " if (top >= n) { " + anticausal(init, m) + " if (hi == n) x[b + (n - 1) * s] = acc; top = n - 1; }"
                + " else acc = (W) 0;"
                + " for (long k = top - 1; k >= hi; k--) acc = z * (acc - y[b + k * s]);"
                + " for (long k = (hi == n ? n - 2 : hi - 1); k >= lo; k--) { acc = z * (acc - y[b + k * s]);"
                + " x[b + k * s] = acc; }";
        return new ElementwiseKernel(
                "raw W y, int64 n, int64 s, int64 nch",
                "raw W x",
                body,
                "ndimage_spline_anticausal" + order + pole + "_" + init.name().toLowerCase(java.util.Locale.ROOT));
    }

    // index32: the padded array's element count fits an int, whose divisions cost a GPU a fraction of a long's
    private static ElementwiseKernel pad(boolean index32) {
        String ix = index32 ? "int" : "long";
        return KERNELS.computeIfAbsent(
                "pad" + ix,
                k -> new ElementwiseKernel(
                        "raw X x, raw int64 ish, raw int64 psh, int64 nd, int64 npad, int64 edge, W cval",
                        "W y",
                        ix + " rem = (" + ix + ") i, src = 0, stride = 1; bool out = false;"
                                + " for (int d = (int) nd - 1; d >= 0; d--) {"
                                + "   " + ix + " p = (" + ix + ") psh[d], n = (" + ix + ") ish[d];"
                                + "   " + ix + " t = rem / p; " + ix + " k = rem - t * p - (" + ix + ") npad; rem = t;"
                                + "   if (k < 0 || k >= n) { if (edge) k = k < 0 ? 0 : n - 1; else { out = true; k = 0; } }"
                                + "   src += k * stride; stride *= n;"
                                + " }"
                                + " y = out ? cval : (W) x[src];",
                        "ndimage_spline_pad_" + ix));
    }

    /**
     * A new contiguous array of dtype {@code w} holding {@code input}, padded by {@code npad} on
     * every side: with the edge values for NEAREST, else with cval (SciPy's np.pad modes 'edge' and
     * 'constant').
     */
    static NDArray workArray(NDArray input, DType w, int npad, Mode mode, double cval) {
        if (npad == 0 && input.isCContiguous()) return input.astype(w);
        long[] ish = input.shape();
        long[] psh = new long[ish.length];
        for (int d = 0; d < ish.length; d++) psh[d] = ish[d] + 2L * npad;
        Device device = input.device();
        NDArray y = NDArray.empty(device, w, psh, Order.C);
        if (y.size() == 0) return y;
        try (NDArray is = Weights.longs(device, ish);
                NDArray ps = Weights.longs(device, psh)) {
            Number c = w == DType.FLOAT64 ? (Number) cval : (Number) (float) cval;
            pad(y.size() < Integer.MAX_VALUE)
                    .call(input, is, ps, (long) ish.length, (long) npad, mode == Mode.NEAREST ? 1L : 0L, c, y);
        }
        return y;
    }

    /**
     * Filters the contiguous work array {@code c} in place along {@code axis} with the spline of
     * {@code order} (2 to 5), in its dtype.
     */
    static void along(NDArray c, int axis, int order, Mode mode) {
        long[] shape = c.shape();
        long n = shape[axis];
        if (c.size() == 0 || n <= 1) return;
        long inner = 1;
        for (int d = axis + 1; d < shape.length; d++) inner *= shape[d];
        long chunks = (n + CHUNK - 1) / CHUNK;
        long items = c.size() / n * chunks;
        DType w = c.dtype();
        Init init = Init.of(mode);
        double[] zs = poles(order);
        double gain = 1;
        for (double z : zs) gain *= (1.0 - z) * (1.0 - 1.0 / z);
        try (NDArray y = NDArray.empty(c.device(), w, shape, Order.C)) {
            for (int p = 0; p < zs.length; p++) {
                double g = p == 0 ? gain : 1.0;
                Number gw = w == DType.FLOAT64 ? (Number) g : (Number) (float) g;
                causalKernel(order, p, init, w).callWithSize(items, c, n, inner, chunks, gw, y);
                anticausalKernel(order, p, init, w).callWithSize(items, y, n, inner, chunks, c);
            }
        }
    }
}
