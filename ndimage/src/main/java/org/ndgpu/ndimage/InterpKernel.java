package org.ndgpu.ndimage;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.elementwise.ElementwiseKernel;

/**
 * The one kernel of scipy.ndimage's geometric transforms (NI_GeometricTransform and NI_ZoomShift
 * in ni_interpolation.c): each output element finds its input coordinate, maps it by the mode,
 * and sums the B-spline of each axis's order over the (order + 1)^ndim taps around it, taps past
 * the edges mapped as SciPy maps them (mirror for CONSTANT and WRAP, cval for GRID_CONSTANT). The
 * axes and their orders are written out in the generated source (one kernel per coordinate kind,
 * output ndim, orders, integer output and index width); the mode is a parameter, a branch every
 * work item takes alike, so that the eight modes share one compiled program, and shapes travel as
 * int64 tables.
 *
 * <p>Parameters: {@code x} the input (or its spline coefficients), {@code a} and {@code b} the
 * coordinate data of the kind, {@code ish} and {@code osh} the input's (padded) and the output's
 * shape, {@code npad} SciPy's prepadding, {@code grid} zoom's grid_mode, {@code mode} the mode's
 * {@link #code}, {@code lo} and {@code hi} an integer output's range.
 */
final class InterpKernel {
    private InterpKernel() {}

    /** Where an output element's input coordinate comes from. */
    enum Coordinates {
        /** map_coordinates: {@code a} holds the coordinates, one row of npoints per input axis. */
        MAP,
        /** {@code a} is the (ndim, ondim + 1) matrix whose last column is the offset. */
        AFFINE,
        /** zoom and shift: {@code c = (o + b[j]) * a[j]} per axis, grid_mode shifting by half a sample. */
        ZOOM
    }

    private static final Map<String, ElementwiseKernel> KERNELS = new ConcurrentHashMap<>();

    /**
     * The kernel of {@code kind}; with {@code index32} (the input's and the output's element counts
     * below 2^31) its index arithmetic runs in 32-bit integers, the cheaper on a GPU, and {@code osh}
     * is {@link #outputTable}'s; with {@code floatTaps} (a float32 input read as it is, no spline
     * coefficients) the taps are summed in float32, as CuPy sums them, the coordinates and weights
     * still computed in W.
     */
    static ElementwiseKernel get(
            Coordinates kind, int ondim, int[] orders, boolean integerOutput, boolean index32, boolean floatTaps) {
        String key = kind + "_" + ondim + "_" + Arrays.toString(orders) + "_" + integerOutput + "_" + index32 + "_"
                + floatTaps;
        return KERNELS.computeIfAbsent(key, k -> make(kind, ondim, orders, integerOutput, index32, floatTaps));
    }

    /** The output's shape, then each axis's {@link Reciprocal} (multiplier, shift): the 32-bit kernels' {@code osh}. */
    static long[] outputTable(long[] outShape) {
        int n = outShape.length;
        long[] t = new long[3 * n];
        System.arraycopy(outShape, 0, t, 0, n);
        for (int k = 0; k < n; k++) {
            long[] r = Reciprocal.of(Math.max(1, outShape[k]));
            t[n + 2 * k] = r[0];
            t[n + 2 * k + 1] = r[1];
        }
        return t;
    }

    /** The mode's number in the kernel's {@code mode} parameter. */
    static long code(Mode mode) {
        return mode.ordinal();
    }

    private static ElementwiseKernel make(
            Coordinates kind, int ondim, int[] orders, boolean integerOutput, boolean index32, boolean floatTaps) {
        int nd = orders.length;
        String ix = index32 ? "int" : "long";
        String tt = floatTaps ? "float" : "W";
        StringBuilder s = new StringBuilder(tt + " t = (" + tt + ") 0; bool cst = false;");
        s.append(" bool unmapped = mode == ")
                .append(code(Mode.NEAREST))
                .append(" || mode == ")
                .append(code(Mode.GRID_CONSTANT))
                .append(';');
        s.append(" bool gc = mode == ").append(code(Mode.GRID_CONSTANT)).append(';');
        // taps past the edges are mirrored for CONSTANT and WRAP, whose prefilter has no exact boundary
        s.append(" long tap = mode == ")
                .append(code(Mode.CONSTANT))
                .append(" || mode == ")
                .append(code(Mode.WRAP))
                .append(" ? ")
                .append(code(Mode.MIRROR))
                .append("L : mode;");
        if (kind != Coordinates.MAP && index32) {
            // a product by the reciprocal where the index fits 31 bits, as a compiler divides by a constant
            s.append(" uint rem = (uint) i;");
            for (int k = ondim - 1; k > 0; k--) {
                String q =
                        Reciprocal.quotient("rem", "osh[" + (ondim + 2 * k) + "]", "osh[" + (ondim + 2 * k + 1) + "]");
                s.append(" uint t")
                        .append(k)
                        .append(" = ")
                        .append(q)
                        .append("; int o")
                        .append(k);
                s.append(" = (int) (rem - t")
                        .append(k)
                        .append(" * (uint) osh[")
                        .append(k)
                        .append("]); rem = t");
                s.append(k).append(';');
            }
            s.append(" int o0 = (int) rem;");
        } else if (kind != Coordinates.MAP) {
            String u = "long";
            s.append(' ').append(u).append(" rem = (").append(u).append(") i;");
            for (int k = ondim - 1; k > 0; k--) {
                s.append(' ')
                        .append(u)
                        .append(" d")
                        .append(k)
                        .append(" = (")
                        .append(u)
                        .append(") osh[")
                        .append(k)
                        .append("], t")
                        .append(k)
                        .append(" = rem / d")
                        .append(k)
                        .append("; ")
                        .append(ix)
                        .append(" o")
                        .append(k)
                        .append(" = (")
                        .append(ix)
                        .append(") (rem - t")
                        .append(k)
                        .append(" * d")
                        .append(k)
                        .append("); rem = t")
                        .append(k)
                        .append(';');
            }
            s.append(' ').append(ix).append(" o0 = (").append(ix).append(") rem;");
        }
        for (int j = 0; j < nd; j++) {
            String c = "c" + j;
            switch (kind) {
                case MAP -> s.append(" W ").append(c).append(" = a[").append(j).append("L * (long) _ind.size() + i];");
                case AFFINE -> {
                    s.append(" W ").append(c).append(" = (W) 0;");
                    for (int k = 0; k < ondim; k++) {
                        // a statement per product: C contracts a * b + c into one rounding only within an expression
                        s.append(" { W p = a[")
                                .append(j * (ondim + 1) + k)
                                .append("] * (W) o")
                                .append(k)
                                .append("; ")
                                .append(c)
                                .append(" += p; }");
                    }
                    s.append(' ')
                            .append(c)
                            .append(" += a[")
                            .append(j * (ondim + 1) + ondim)
                            .append("];");
                }
                case ZOOM ->
                    s.append(" W ")
                            .append(c)
                            .append(" = (W) o")
                            .append(j)
                            .append("; ")
                            .append(c)
                            .append(" += b[")
                            .append(j)
                            .append("]; if (grid) { ")
                            .append(c)
                            .append(" += (W) 0.5; ")
                            .append(c)
                            .append(" *= a[")
                            .append(j)
                            .append("]; ")
                            .append(c)
                            .append(" -= (W) 0.5; } else ")
                            .append(c)
                            .append(" *= a[")
                            .append(j)
                            .append("];");
            }
            // SciPy gives cval for a NaN coordinate in the modes that map it, and reads outside the input in the others
            s.append(" if (!isfinite(").append(c).append(")) cst = true;");
        }
        s.append(" if (!cst) {");
        for (int j = nd - 1; j >= 0; j--)
            s.append(' ')
                    .append(ix)
                    .append(" n")
                    .append(j)
                    .append(" = (")
                    .append(ix)
                    .append(") ish[")
                    .append(j)
                    .append("];");
        s.append(' ').append(ix).append(" sx").append(nd - 1).append(" = 1;");
        for (int j = nd - 2; j >= 0; j--) {
            s.append(' ')
                    .append(ix)
                    .append(" sx")
                    .append(j)
                    .append(" = sx")
                    .append(j + 1)
                    .append(" * n")
                    .append(j + 1)
                    .append(';');
        }
        for (int j = 0; j < nd; j++) {
            String c = "c" + j;
            s.append(' ').append(c).append(" += (W) npad;");
            // NEAREST and GRID_CONSTANT map only the taps: a bound past which every tap is outside keeps the start in
            // range
            s.append(" if (unmapped) { W lim = (W) (n")
                    .append(j)
                    .append(" + ")
                    .append(orders[j] + 2)
                    .append("); if (")
                    .append(c)
                    .append(" < -lim) ")
                    .append(c)
                    .append(" = -lim; if (")
                    .append(c)
                    .append(" > lim) ")
                    .append(c)
                    .append(" = lim; } else { W v = ")
                    .append(c)
                    .append("; long n = n")
                    .append(j)
                    .append("; if (v < (W) 0 || v > (W) (n - 1)) { ")
                    .append(SplineSnippets.mapAny("mode"))
                    .append(" } ")
                    .append(c)
                    .append(" = v; if (mode == ")
                    .append(code(Mode.CONSTANT))
                    .append(" && !(")
                    .append(c)
                    .append(" > (W) -1)) cst = true; }");
        }
        s.append(" if (!cst) { bool inside = true;");
        for (int j = 0; j < nd; j++) {
            int o = orders[j];
            String c = "c" + j;
            String rounded = o % 2 == 1 ? c : c + " + (W) 0.5";
            s.append(' ')
                    .append(ix)
                    .append(" st")
                    .append(j)
                    .append(" = (")
                    .append(ix)
                    .append(") floor(")
                    .append(rounded)
                    .append(") - ")
                    .append(o / 2)
                    .append(';');
            s.append(" inside = inside && st")
                    .append(j)
                    .append(" >= 0 && st")
                    .append(j)
                    .append(" + ")
                    .append(o)
                    .append(" < n")
                    .append(j)
                    .append(';');
            s.append(" W w").append(j).append('[').append(o + 1).append("];");
            s.append(" { W fx = ")
                    .append(c)
                    .append(" - floor(")
                    .append(rounded)
                    .append("); W fy = fx; W fz = (W) 1 - fx; W fu = (W) 0; ")
                    .append(SplineSnippets.weights(o, "w" + j))
                    .append(" (void) fy; (void) fz; (void) fu; }");
            if (floatTaps) {
                // order 1's weights from the fraction in float32 (one conversion), else each weight converted
                s.append(" float u").append(j).append('[').append(o + 1).append("];");
                if (o == 1) {
                    s.append(" { float f = (float) (")
                            .append(c)
                            .append(" - floor(")
                            .append(c)
                            .append(")); u");
                    s.append(j)
                            .append("[0] = 1.0f - f; u")
                            .append(j)
                            .append("[1] = 1.0f - u")
                            .append(j);
                    s.append("[0]; }");
                } else {
                    s.append(" for (int q = 0; q <= ")
                            .append(o)
                            .append("; q++) u")
                            .append(j);
                    s.append("[q] = (float) w").append(j).append("[q];");
                }
            }
        }
        // every tap inside the input (the bulk of a zoom or a shift): each axis's taps are its start's offset plus
        // a stride each, with no mode to map and no cval to choose; the same sums in the same order as below
        s.append(" if (inside) {");
        String wn = floatTaps ? "u" : "w";
        sums(s, orders, ix, true, tt, wn);
        s.append(" } else {");
        for (int j = 0; j < nd; j++) {
            int o = orders[j];
            s.append(' ')
                    .append(ix)
                    .append(" of")
                    .append(j)
                    .append('[')
                    .append(o + 1)
                    .append("]; bool ob")
                    .append(j)
                    .append('[')
                    .append(o + 1)
                    .append("];");
            s.append(" for (int q = 0; q <= ")
                    .append(o)
                    .append("; q++) { ")
                    .append(ix)
                    .append(" ix = st")
                    .append(j)
                    .append(" + q; ob")
                    .append(j)
                    .append("[q] = false; if (ix < 0 || ix >= n")
                    .append(j)
                    .append(") { if (gc) { ob")
                    .append(j)
                    .append("[q] = true; ix = 0; } else { W v = (W) ix; long n = n")
                    .append(j)
                    .append("; ")
                    .append(SplineSnippets.mapAny("tap"))
                    .append(" ix = (")
                    .append(ix)
                    .append(") v; } } of")
                    .append(j)
                    .append("[q] = ix * sx")
                    .append(j)
                    .append("; }");
        }
        sums(s, orders, ix, false, tt, wn);
        s.append(" }");
        s.append(" } } if (cst) t = cval;");
        if (integerOutput) {
            // SciPy rounds half away from zero and saturates at the type's range
            s.append(
                    " W r = t > (W) 0 ? t + (W) 0.5 : t - (W) 0.5; r = r > hi ? hi : r; r = r < lo ? lo : r; y = (Y) r;");
        } else {
            s.append(" y = (Y) t;");
        }
        s.append(" (void) lo; (void) hi; (void) grid; (void) unmapped; (void) gc; (void) tap;");
        String name = "ndimage_interp_" + kind.name().toLowerCase(Locale.ROOT) + "_" + nd + "d_o"
                + Arrays.stream(orders).mapToObj(Integer::toString).reduce("", String::concat)
                + (integerOutput ? "_int" : "")
                + (floatTaps ? "_f32" : "");
        return new ElementwiseKernel(
                "raw X x, raw W a, raw W b, raw int64 ish, raw int64 osh, int64 npad, int64 grid, int64 mode,"
                        + " W cval, W lo, W hi",
                "Y y",
                s.toString(),
                name);
    }

    /**
     * The taps in C order, summed axis by axis into {@code t}: the last axis's values times its
     * weights, each sum times the weight of the axis before (a product per tap instead of one per
     * axis; the order of the additions differs from SciPy's by rounding). With {@code inside} every
     * tap is in the input, at the start {@code stj} plus {@code aj} along each axis; else at the
     * offsets {@code ofj}, cval where {@code obj} marks a tap outside. The sums are of type {@code tt},
     * the weights of axis j in the array {@code wn} + j.
     */
    private static void sums(StringBuilder s, int[] orders, String ix, boolean inside, String tt, String wn) {
        int nd = orders.length;
        for (int j = 0; j < nd; j++) {
            String a = "a" + j;
            s.append(' ')
                    .append(tt)
                    .append(" s")
                    .append(j)
                    .append(" = (")
                    .append(tt)
                    .append(") 0;");
            s.append(" for (int ").append(a).append(" = 0; ").append(a).append(" <= ");
            s.append(orders[j]).append("; ").append(a).append("++) {");
            s.append(' ').append(ix).append(" q").append(j).append(" = ");
            if (j > 0) s.append('q').append(j - 1).append(" + ");
            if (inside) {
                s.append("(st")
                        .append(j)
                        .append(" + ")
                        .append(a)
                        .append(") * sx")
                        .append(j)
                        .append(';');
            } else {
                s.append("of").append(j).append('[').append(a).append("];");
                s.append(" bool b").append(j).append(" = ");
                if (j > 0) s.append('b').append(j - 1).append(" || ");
                s.append("ob").append(j).append('[').append(a).append("];");
            }
        }
        int last = nd - 1;
        s.append(' ').append(tt).append(" v = ");
        if (!inside) s.append('b').append(last).append(" ? (").append(tt).append(") cval : ");
        s.append('(')
                .append(tt)
                .append(") x[q")
                .append(last)
                .append("]; s")
                .append(last)
                .append(" += v");
        s.append(weight(orders, last, wn)).append(';');
        for (int j = last; j > 0; j--) {
            s.append(" } s")
                    .append(j - 1)
                    .append(" += s")
                    .append(j)
                    .append(weight(orders, j - 1, wn))
                    .append(';');
        }
        s.append(" } t = s0;");
    }

    /** The factor of axis {@code j}'s weight in the tap sums ({@code * wnj[aj]}), none at order 0. */
    private static String weight(int[] orders, int j, String wn) {
        return orders[j] == 0 ? "" : " * " + wn + j + "[a" + j + "]";
    }
}
