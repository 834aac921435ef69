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
 * first-order recursion whose first values come from the boundary mode. One work item per line, in
 * place on a contiguous work array of the accumulation dtype (float64 where the device has it, as
 * SciPy filters in double); the work array is made by {@link #workArray}, which also pads the input
 * as SciPy pads it before filtering for NEAREST and GRID_CONSTANT.
 */
final class SplineFilter {
    private SplineFilter() {}

    /** The padding SciPy adds on every side for modes without an exact boundary condition. */
    static final int NPAD = 12;

    private static final Map<String, ElementwiseKernel> KERNELS = new ConcurrentHashMap<>();
    private static ElementwiseKernel pad;

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

    private static String causal(Init init) {
        return switch (init) {
            case MIRROR ->
                "{ W zi = z; W zn1 = pow(z, (W) (n - 1)); c[b] = c[b] + zn1 * c[b + (n - 1) * s];"
                        + " for (long k = 1; k < n - 1; k++) { c[b] += zi * (c[b + k * s] + zn1 * c[b + (n - 1 - k) * s]);"
                        + " zi *= z; } c[b] /= 1 - zn1 * zn1; }";
            // as SciPy 1.17 (and CuPy): the sum gathers into c[0], which its last term reads back (scipy#24615
            // changes this after 1.17, a difference that fades as z^(2n) on longer lines)
            case REFLECT ->
                "{ W zi = z; W zn = pow(z, (W) n); W c0 = c[b]; c[b] = c[b] + zn * c[b + (n - 1) * s];"
                        + " for (long k = 1; k < n; k++) { c[b] += zi * (c[b + k * s] + zn * c[b + (n - 1 - k) * s]);"
                        + " zi *= z; } c[b] *= z / (1 - zn * zn); c[b] += c0; }";
            case WRAP ->
                "{ W zi = z; for (long k = 1; k < n; k++) { c[b] += zi * c[b + (n - k) * s]; zi *= z; }"
                        + " c[b] /= 1 - zi; }";
        };
    }

    private static String anticausal(Init init) {
        return switch (init) {
            case MIRROR -> "c[b + (n - 1) * s] = (z * c[b + (n - 2) * s] + c[b + (n - 1) * s]) * z / (z * z - 1);";
            case REFLECT -> "c[b + (n - 1) * s] *= z / (z - 1);";
            case WRAP ->
                "{ W zi = z; for (long k = 0; k < n - 1; k++) { c[b + (n - 1) * s] += zi * c[b + k * s]; zi *= z; }"
                        + " c[b + (n - 1) * s] *= z / (zi - 1); }";
        };
    }

    private static ElementwiseKernel kernel(int order, Mode mode) {
        Init init = Init.of(mode);
        return KERNELS.computeIfAbsent(order + "_" + init, k -> make(order, init));
    }

    private static ElementwiseKernel make(int order, Init init) {
        double[] zs = poles(order);
        double gain = 1;
        for (double z : zs) gain *= (1.0 - z) * (1.0 - 1.0 / z);
        StringBuilder body =
                new StringBuilder("long outer = (long) i / s; long b = outer * n * s + ((long) i - outer * s);"
                        + " if (n > 1) {"
                        + " for (long k = 0; k < n; k++) c[b + k * s] *= (W) " + Double.toString(gain) + ";");
        for (double z : zs) {
            body.append(" { W z = (W) ")
                    .append(Double.toString(z))
                    .append("; ")
                    .append(causal(init))
                    .append(" for (long k = 1; k < n; k++) c[b + k * s] += z * c[b + (k - 1) * s]; ")
                    .append(anticausal(init))
                    .append(
                            " for (long k = n - 2; k >= 0; k--) c[b + k * s] = z * (c[b + (k + 1) * s] - c[b + k * s]); }");
        }
        body.append(" }")
                // SciPy's spline_filter stores each axis's result in the output dtype: float32 rounds between axes
                .append(" if (round32) { for (long k = 0; k < n; k++) c[b + k * s] = (W) (float) c[b + k * s]; }")
                .append(" done = (W) 0;");
        return new ElementwiseKernel(
                "raw W c, int64 n, int64 s, int64 round32",
                "W done",
                body.toString(),
                "ndimage_spline_filter" + order + "_" + init.name().toLowerCase(java.util.Locale.ROOT));
    }

    private static synchronized ElementwiseKernel pad() {
        if (pad == null) {
            pad = new ElementwiseKernel(
                    "raw X x, raw int64 ish, raw int64 psh, int64 nd, int64 npad, int64 edge, W cval",
                    "W y",
                    "long rem = (long) i, src = 0, stride = 1; bool out = false;"
                            + " for (long d = nd - 1; d >= 0; d--) {"
                            + "   long p = psh[d], n = ish[d]; long k = rem % p - npad; rem /= p;"
                            + "   if (k < 0 || k >= n) { if (edge) k = k < 0 ? 0 : n - 1; else { out = true; k = 0; } }"
                            + "   src += k * stride; stride *= n;"
                            + " }"
                            + " y = out ? cval : (W) x[src];",
                    "ndimage_spline_pad");
        }
        return pad;
    }

    /**
     * A new contiguous array of dtype {@code w} holding {@code input}, padded by {@code npad} on
     * every side: with the edge values for NEAREST, else with cval (SciPy's np.pad modes 'edge' and
     * 'constant').
     */
    static NDArray workArray(NDArray input, DType w, int npad, Mode mode, double cval) {
        long[] ish = input.shape();
        long[] psh = new long[ish.length];
        for (int d = 0; d < ish.length; d++) psh[d] = ish[d] + 2L * npad;
        Device device = input.device();
        NDArray y = NDArray.empty(device, w, psh, Order.C);
        if (y.size() == 0) return y;
        try (NDArray is = Weights.longs(device, ish);
                NDArray ps = Weights.longs(device, psh)) {
            Number c = w == DType.FLOAT64 ? (Number) cval : (Number) (float) cval;
            pad().call(input, is, ps, (long) ish.length, (long) npad, mode == Mode.NEAREST ? 1L : 0L, c, y);
        }
        return y;
    }

    /**
     * Filters the contiguous work array {@code c} in place along {@code axis} with the spline of
     * {@code order} (2 to 5), rounding each result to float32 when {@code round32}.
     */
    static void along(NDArray c, int axis, int order, Mode mode, boolean round32) {
        long[] shape = c.shape();
        long n = shape[axis];
        if (c.size() == 0 || n <= 1) {
            if (round32 && c.size() > 0) roundTo32(c);
            return;
        }
        long inner = 1;
        for (int d = axis + 1; d < shape.length; d++) inner *= shape[d];
        long lines = c.size() / n;
        NDArray done = NDArray.empty(c.device(), c.dtype(), new long[] {lines}, Order.C);
        kernel(order, mode).call(c, n, inner, round32 ? 1L : 0L, done);
        done.close();
    }

    // an axis of length 1 is not filtered (SciPy skips it) but its values still pass through the output dtype
    private static void roundTo32(NDArray c) {
        NDArray done = NDArray.empty(c.device(), c.dtype(), new long[] {c.size()}, Order.C);
        kernel(2, Mode.MIRROR).call(c, 1L, 1L, 1L, done);
        done.close();
    }
}
