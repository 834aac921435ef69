package org.ndgpu.ndimage;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * {@link Window}'s correlation for an input of two or more dimensions whose window's last two axes
 * fit a work-group's tile (correlate-tiled.tmpl): the input tile and the window's halo are staged
 * once in local memory, the weights of the last two axes are constants of the kernel (so its loops
 * unroll), indices are 32-bit where the array allows, and only work-groups at the image's edge map
 * indices by the mode. One kernel per (device, dtypes, mode, window shape, index width).
 */
final class TiledCorrelate {
    private TiledCorrelate() {}

    /** Output columns of a tile: a warp's width, so each row of a tile is read and written coalesced. */
    static final int TX = 32;
    /** Outputs each thread sums down its column: each staged value it reads serves up to R of them. */
    static final int R = 4;
    /** Thread rows of a work-group. */
    static final int ROWS = 8;
    /** Output rows of a tile. */
    static final int TY = R * ROWS;
    /** The largest window along each of the last two axes the tiled kernel takes. */
    static final long MAX_SIDE = 32;
    /** The most staged values a thread's unrolled loops read per tap of the leading axes (a 9 x 9 window's 108). */
    private static final long MAX_UNROLLED = 128;
    /** The local memory one work-group may use (CUDA's static limit is 48 KiB). */
    private static final long LOCAL_BYTES = 40 * 1024;

    private static final int GROUP = TX * ROWS;

    private static final KernelTemplate TEMPLATE = KernelTemplate.sections(
                    "correlate-tiled.tmpl", TiledCorrelate.class.getResourceAsStream("correlate-tiled.tmpl"))
            .get("correlate");

    private record Key(Device device, DType t, DType w, Mode mode, long w0, long w1, int outer, int nd, boolean wide) {}

    private static final Map<Key, BackendKernel> KERNELS = new ConcurrentHashMap<>();

    /** Whether the tiled kernel takes a window of {@code wshape} on an input of a's ndim, in accumulation dtype w. */
    static boolean fits(NDArray a, long[] wshape, DType w) {
        int nd = wshape.length;
        if (nd < 2) return false;
        long w0 = wshape[nd - 2], w1 = wshape[nd - 1];
        if (w0 > MAX_SIDE || w1 > MAX_SIDE) return false;
        long bytes = ((TY + w0 - 1) * (TX + w1 - 1) + w0 * w1) * w.itemsize();
        var facts = a.device().facts();
        return facts.maxBlockSize() >= GROUP && bytes <= Math.min(LOCAL_BYTES, facts.localMemoryBytes() - 1024);
    }

    /**
     * The correlation into {@code y} (a new C-ordered array of a's dtype and shape, a not empty):
     * weights {@code w} (accumulation dtype, C order of wshape), shift per axis, cval.
     */
    static void run(NDArray a, NDArray w, long[] wshape, long[] shift, Mode mode, double cval, NDArray y) {
        Device device = a.device();
        int nd = wshape.length;
        long[] shape = a.shape();
        long n0 = shape[nd - 2], n1 = shape[nd - 1];
        long outer = a.size() / (n0 * n1);
        int outerTaps = 1;
        for (int d = 0; d < nd - 2; d++) outerTaps *= (int) wshape[d];
        boolean wide = a.size() + (TY + MAX_SIDE) * (TX + MAX_SIDE) >= Integer.MAX_VALUE;
        Mode m = mode.filter();
        Key key = new Key(device, a.dtype(), w.dtype(), m, wshape[nd - 2], wshape[nd - 1], outerTaps, nd, wide);
        BackendKernel kernel = KERNELS.computeIfAbsent(key, TiledCorrelate::compile);
        long gx = (n1 + TX - 1) / TX, gy = (n0 + TY - 1) / TY;
        NDArray table = nd > 2 ? Weights.longs(device, table(shape, wshape, shift)) : null;
        NDArray in = a.isCContiguous() ? a : a.copy(Order.C);
        try {
            LaunchArgs args = LaunchArgs.of(16)
                    .array(in)
                    .array(w)
                    .array(table != null ? table : w)
                    .array(y);
            if (wide) args.i64(n0).i64(n1);
            else args.i32((int) n0).i32((int) n1);
            args.i32(Math.toIntExact(gx))
                    .i32(Math.toIntExact(gy))
                    .i32((int) shift[nd - 2])
                    .i32((int) shift[nd - 1])
                    .scalar(w.dtype(), cval)
                    .launch(device, kernel, outer * gx * gy, GROUP);
        } finally {
            if (in != a) in.close();
            if (table != null) table.close();
        }
    }

    /** The leading axes' extents, window extents and shifts, one after another. */
    private static long[] table(long[] shape, long[] wshape, long[] shift) {
        int no = shape.length - 2;
        long[] t = new long[3 * no];
        for (int d = 0; d < no; d++) {
            t[d] = shape[d];
            t[no + d] = wshape[d];
            t[2 * no + d] = shift[d];
        }
        return t;
    }

    private static BackendKernel compile(Key k) {
        String idx = k.wide() ? "long" : "int";
        String name = "nd_correlate_tiled_" + k.mode().name().toLowerCase(Locale.ROOT) + "_" + k.t() + "_" + k.w() + "_"
                + k.w0() + "x" + k.w1() + "_" + k.outer() + "_" + k.nd() + (k.wide() ? "_l" : "_i");
        String src = k.device().backend().dialect().prelude() + "\n"
                + TEMPLATE.fill(Map.ofEntries(
                        Map.entry("name", name),
                        Map.entry("T", CTypes.compute(k.t())),
                        Map.entry("W", CTypes.compute(k.w())),
                        Map.entry("IDX", idx),
                        Map.entry("TX", TX),
                        Map.entry("TY", TY),
                        Map.entry("R", R),
                        Map.entry("GROUP", GROUP),
                        Map.entry("W0", k.w0()),
                        Map.entry("W1", k.w1()),
                        Map.entry("HH", TY + k.w0() - 1),
                        Map.entry("HW", TX + k.w1() - 1),
                        Map.entry("OUTER", k.outer()),
                        Map.entry("outer", outer(k.mode(), k.nd(), idx)),
                        Map.entry("mapRow", k.mode().cIndex()),
                        Map.entry("mapCol", k.mode().cIndex()),
                        Map.entry("store", CTypes.cast(k.w(), k.t(), "acc[j]")),
                        Map.entry("unroll", (R + k.w0() - 1) * k.w1() <= MAX_UNROLLED ? "#pragma unroll" : "")));
        return k.device().programs().kernel(name, src, List.of(), name);
    }

    /**
     * C statements setting plane (the first input element of the plane tap t reads) and, for
     * CONSTANT, planeOut, from the output's leading coordinates (outer) and tap t of the leading
     * axes; none for a 2-D window.
     */
    private static String outer(Mode mode, int nd, String idx) {
        int no = nd - 2;
        if (no == 0) return "";
        return "{ long rem = outer, tr = t, pl = 0, st = 1;\n"
                + "  for (int d = " + (no - 1) + "; d >= 0; d--) {\n"
                + "    long n = tab[d]; long c = rem % n; rem /= n;\n"
                + "    long wd = tab[" + no + " + d]; long o = tr % wd; tr /= wd;\n"
                + "    long k = c + o - tab[" + 2 * no + " + d]; bool out = false;\n"
                + "    " + mode.cIndex() + "\n"
                + "    if (out) planeOut = true;\n"
                + "    pl += k * st; st *= n; }\n"
                + "  plane = (" + idx + ")(pl * ((long) n0 * n1)); }";
    }
}
