package org.ndgpu.ndimage;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * zoom and shift (and affine_transform's diagonal matrix) at spline order 0 or 1: a separable
 * transform, where the input coordinate along axis j depends on the output index along j alone.
 * A small kernel first writes, per axis and output index, the order + 1 taps' flat offsets in the
 * input (the mode already applied, as {@link InterpKernel} applies it) and their weights; the
 * interpolation then reads, per output element, one entry of each axis's table and the taps: no
 * coordinate arithmetic, no floor, no mode and no integer division (the output index is unravelled
 * by multiplying by a reciprocal) per element, as CuPy's kernel, whose shape and mode are compile-time
 * constants, unravels and maps.
 *
 * <p>The tables hold the weights in the taps' type: float32 for a float32 input (CuPy's arithmetic;
 * the coordinate and the weight are still computed in float64 where the device has it, so a large
 * image's coordinates stay as SciPy's), else the accumulation type. A tap offset of -1 stands for
 * cval (GRID_CONSTANT past the edges), -2 for an output element that is cval whatever its taps
 * (CONSTANT past [0, n - 1], a non-finite coordinate).
 */
final class ZoomTaps {
    private ZoomTaps() {}

    /** The offset of a tap that reads cval. */
    private static final int CVAL_TAP = -1;

    /** The offset of an entry whose output element is cval. */
    private static final int CVAL_ALL = -2;

    private static final Map<String, ElementwiseKernel> KERNELS = new ConcurrentHashMap<>();

    /** True when {@code orders} (one per axis) are one order, 0 or 1, and the index arithmetic fits 32 bits. */
    static boolean applies(int[] orders, boolean index32) {
        if (!index32 || orders.length == 0) return false;
        for (int o : orders) if (o != orders[0] || o > 1) return false;
        return true;
    }

    /**
     * {@code y} from {@code x} by {@code c = (o + shift[j]) * zoom[j]} per axis (grid_mode shifting by
     * half a sample), {@code zoom} and {@code shift} in the accumulation dtype on the device.
     */
    static void run(
            NDArray x,
            NDArray zoom,
            NDArray shift,
            long[] outShape,
            int order,
            Mode mode,
            boolean grid,
            double cval,
            double[] range,
            NDArray y) {
        Device device = x.device();
        int nd = outShape.length;
        DType w = Weights.accumulation(device);
        DType taps = x.dtype() == DType.FLOAT32 ? DType.FLOAT32 : w;
        long entries = 0;
        for (long n : outShape) entries += n;
        // one table of longs: the input's shape, the output's, each output axis's (length, multiplier, shift)
        // from the second on, and each axis's first entry in the tap tables
        long[] sh = new long[2 * nd + 3 * (nd - 1) + nd];
        System.arraycopy(x.shape(), 0, sh, 0, nd);
        System.arraycopy(outShape, 0, sh, nd, nd);
        int dv = 2 * nd, base = dv + 3 * (nd - 1);
        for (int k = 1; k < nd; k++) {
            long[] m = Reciprocal.of(outShape[k]);
            sh[dv + 3 * (k - 1)] = outShape[k];
            sh[dv + 3 * (k - 1) + 1] = m[0];
            sh[dv + 3 * (k - 1) + 2] = m[1];
        }
        for (int j = 1; j < nd; j++) sh[base + j] = sh[base + j - 1] + outShape[j - 1];
        // the last axis's divisor, multiplier and shift (none to divide by in 1-D)
        long[] last = nd > 1 ? new long[] {sh[base - 3], sh[base - 2], sh[base - 1]} : new long[] {1, 1, 0};
        int k = order + 1;
        try (NDArray off = NDArray.empty(device, DType.INT32, new long[] {entries * k}, Order.C);
                NDArray wt = NDArray.empty(device, taps, new long[] {entries * k}, Order.C);
                NDArray shapes = Weights.longs(device, sh)) {
            table(nd, order).callAll(zoom, shift, shapes, grid ? 1L : 0L, InterpKernel.code(mode), off, wt);
            interpolation(nd, order, taps, mode == Mode.GRID_CONSTANT, x.dtype().isInteger())
                    .call(
                            x,
                            off,
                            wt,
                            shapes,
                            last[0],
                            last[1],
                            last[2],
                            sh[base + nd - 1],
                            scalar(taps, cval),
                            scalar(taps, range[0]),
                            scalar(taps, range[1]),
                            y);
        }
    }

    private static Number scalar(DType t, double v) {
        return t == DType.FLOAT64 ? (Number) v : (Number) (float) v;
    }

    /**
     * The tables' kernel, one work item per tap: entry {@code e} of the (sum of the output's axes)
     * entries is output index {@code o} of axis {@code j}; its coordinate, mode and weights are
     * {@link InterpKernel}'s, statement for statement.
     */
    private static ElementwiseKernel table(int nd, int order) {
        return KERNELS.computeIfAbsent("table_" + nd + "_" + order, key -> makeTable(nd, order));
    }

    private static ElementwiseKernel makeTable(int nd, int order) {
        int k = order + 1;
        StringBuilder s = new StringBuilder();
        s.append("long e = (long) i / ")
                .append(k)
                .append(", o = e; int q = (int) ((long) i - e * ")
                .append(k);
        s.append("); int j = 0; while (j < ")
                .append(nd - 1)
                .append(" && o >= sh[")
                .append(nd)
                .append(" + j]) { o -= sh[");
        s.append(nd).append(" + j]; j++; }");
        s.append(" long n = sh[j], sx = 1; for (int m = j + 1; m < ").append(nd).append("; m++) sx *= sh[m];");
        s.append(" bool cst = false; bool unmapped = mode == ")
                .append(InterpKernel.code(Mode.NEAREST))
                .append(" || mode == ")
                .append(InterpKernel.code(Mode.GRID_CONSTANT))
                .append("; bool gc = mode == ")
                .append(InterpKernel.code(Mode.GRID_CONSTANT))
                .append("; long tap = mode == ")
                .append(InterpKernel.code(Mode.CONSTANT))
                .append(" || mode == ")
                .append(InterpKernel.code(Mode.WRAP))
                .append(" ? ")
                .append(InterpKernel.code(Mode.MIRROR))
                .append("L : mode;");
        s.append(" W c = (W) o; c += b[j]; if (grid) { c += (W) 0.5; c *= a[j]; c -= (W) 0.5; } else c *= a[j];");
        s.append(" if (!isfinite(c)) cst = true;");
        s.append(" if (!cst) { if (unmapped) { W lim = (W) (n + ")
                .append(order + 2)
                .append("); if (c < -lim) c = -lim; if (c > lim) c = lim; } else { W v = c;")
                .append(" if (v < (W) 0 || v > (W) (n - 1)) { ")
                .append(SplineSnippets.mapAny("mode"))
                .append(" } c = v; if (mode == ")
                .append(InterpKernel.code(Mode.CONSTANT))
                .append(" && !(c > (W) -1)) cst = true; } }");
        s.append(" int p = ").append(CVAL_ALL).append("; W wq = (W) 0;");
        String rounded = order % 2 == 1 ? "c" : "c + (W) 0.5";
        s.append(" if (!cst) { long ix = (long) floor(")
                .append(rounded)
                .append(") - ")
                .append(order / 2)
                .append(" + q; W w0[")
                .append(k)
                .append("]; { W fx = c - floor(")
                .append(rounded)
                .append("); W fy = fx; W fz = (W) 1 - fx; W fu = (W) 0; ")
                .append(SplineSnippets.weights(order, "w0"))
                .append(" (void) fy; (void) fz; (void) fu; } wq = w0[q];");
        s.append(" if (ix < 0 || ix >= n) { if (gc) p = ")
                .append(CVAL_TAP)
                .append("; else { W v = (W) ix; ")
                .append(SplineSnippets.mapAny("tap"))
                .append(" ix = (long) v; } } if (p != ")
                .append(CVAL_TAP)
                .append(") p = (int) (ix * sx); }");
        s.append(" off = p; wt = (T) wq; (void) unmapped;");
        return new ElementwiseKernel(
                "raw W a, raw W b, raw int64 sh, int64 grid, int64 mode",
                "int32 off, T wt",
                s.toString(),
                "ndimage_zoom_taps_" + nd + "d_o" + order);
    }

    /**
     * The interpolation: per output element, the unravelled index's entry of each axis's table, then
     * the taps in C order summed axis by axis in the taps' type, as {@link InterpKernel} sums them.
     * Every tap offset is in the input but where {@code cvalTaps} (GRID_CONSTANT) marks it -1.
     */
    private static ElementwiseKernel interpolation(
            int nd, int order, DType taps, boolean cvalTaps, boolean integerOutput) {
        String key = "interp_" + nd + "_" + order + "_" + taps + "_" + cvalTaps + "_" + integerOutput;
        return KERNELS.computeIfAbsent(key, x -> makeInterpolation(nd, order, taps, cvalTaps, integerOutput));
    }

    private static ElementwiseKernel makeInterpolation(
            int nd, int order, DType taps, boolean cvalTaps, boolean integerOutput) {
        int k = order + 1;
        String t = taps == DType.FLOAT32 ? "float" : "double";
        StringBuilder s = new StringBuilder("T t = (T) 0; uint rem = (uint) i;");
        // the division by each axis's length as a product by its reciprocal (sh holds d, m, s per axis); the
        // last axis's, the one every element divides by, and its table's start come as scalars, no loads
        for (int j = nd - 1; j > 0; j--) {
            int d = 2 * nd + 3 * (j - 1);
            boolean last = j == nd - 1;
            s.append(" uint r").append(j).append(" = ");
            s.append(
                    last
                            ? Reciprocal.quotient("rem", "ml", "sl")
                            : Reciprocal.quotient("rem", "sh[" + (d + 1) + "]", "sh[" + (d + 2) + "]"));
            s.append("; int o").append(j).append(" = (int) (rem - r").append(j).append(" * (uint) ");
            s.append(last ? "dl" : "sh[" + d + "]")
                    .append("); rem = r")
                    .append(j)
                    .append(';');
        }
        s.append(" int o0 = (int) rem; bool cst = false;");
        for (int j = 0; j < nd; j++) {
            String start = j == nd - 1 ? "bl" : "sh[" + (2 * nd + 3 * (nd - 1) + j) + "]";
            String e = j == 0 ? "o0" : "o" + j + " + (int) " + start;
            s.append(" int p")
                    .append(j)
                    .append('[')
                    .append(k)
                    .append("]; T w")
                    .append(j)
                    .append('[');
            s.append(k).append("]; { int e = ").append(e).append(';');
            if (order == 1) {
                // both taps' offsets and weights with one load each
                s.append(" int2 pv = ((ND_GLOBAL int2*) off)[e]; p").append(j).append("[0] = pv.x; p");
                s.append(j)
                        .append("[1] = pv.y; ")
                        .append(t)
                        .append("2 wv = ((ND_GLOBAL ")
                        .append(t);
                s.append("2*) wt)[e]; w")
                        .append(j)
                        .append("[0] = wv.x; w")
                        .append(j)
                        .append("[1] = wv.y; }");
            } else {
                s.append(" p").append(j).append("[0] = off[e]; w").append(j).append("[0] = (T) 1; }");
            }
            s.append(" if (p").append(j).append("[0] < ").append(CVAL_TAP).append(") cst = true;");
        }
        s.append(" if (!cst) {");
        for (int j = 0; j < nd; j++) {
            String a = "a" + j;
            s.append(" T s")
                    .append(j)
                    .append(" = (T) 0; for (int ")
                    .append(a)
                    .append(" = 0; ")
                    .append(a);
            s.append(" < ")
                    .append(k)
                    .append("; ")
                    .append(a)
                    .append("++) { int q")
                    .append(j)
                    .append(" = ");
            if (j > 0) s.append('q').append(j - 1).append(" + ");
            s.append('p').append(j).append('[').append(a).append("];");
            if (cvalTaps) {
                s.append(" int b").append(j).append(" = ");
                if (j > 0) s.append('b').append(j - 1).append(" | ");
                s.append('p').append(j).append('[').append(a).append("];");
            }
        }
        int last = nd - 1;
        s.append(" T v = ");
        if (cvalTaps) s.append('b').append(last).append(" < 0 ? cval : ");
        s.append("(T) x[q").append(last).append("]; s").append(last).append(" += v");
        if (order > 0) s.append(" * w").append(last).append("[a").append(last).append(']');
        s.append(';');
        for (int j = last; j > 0; j--) {
            s.append(" } s").append(j - 1).append(" += s").append(j);
            if (order > 0)
                s.append(" * w").append(j - 1).append("[a").append(j - 1).append(']');
            s.append(';');
        }
        s.append(" } t = s0; } else t = cval;");
        if (integerOutput) {
            // SciPy rounds half away from zero and saturates at the type's range
            s.append(
                    " T r = t > (T) 0 ? t + (T) 0.5 : t - (T) 0.5; r = r > hi ? hi : r; r = r < lo ? lo : r; y = (Y) r;");
        } else {
            s.append(" y = (Y) t;");
        }
        s.append(" (void) lo; (void) hi; (void) dl; (void) ml; (void) sl; (void) bl;");
        for (int j = 0; j < nd; j++) s.append(" (void) w").append(j).append(';');
        return new ElementwiseKernel(
                "raw X x, raw int32 off, raw T wt, raw int64 sh, int64 dl, int64 ml, int64 sl, int64 bl, T cval, T lo, T hi",
                "Y y",
                s.toString(),
                "ndimage_zoom_" + nd + "d_o" + order + (cvalTaps ? "_cval" : "") + (integerOutput ? "_int" : ""));
    }
}
