package org.ndgpu.signal;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * {@link Direct}'s correlation where it is at most 2-D after its trivial axes go (axes of length 1
 * in both inputs; leading axes where the filter has length 1, which only batch): work-groups of 256
 * work-items each take a tile of outputs, load the input rectangle the tile reads and the filter's
 * taps into local memory once, and sum from there with 32-bit indices (template
 * {@code correlate-tiles.tmpl}). The boundary's index map runs only where a rectangle leaves the
 * input, once per element loaded, never per tap. Each output sums the same products in the same
 * order as the general kernel (row-major over the taps, into the same accumulator type), so the
 * two give the same bits.
 *
 * <p>A filter too large for local memory is taken in chunks: whole rows of taps where a row fits,
 * else one row at a time in runs of columns, so the order of the sums never changes. The tile's
 * shape is chosen per call among a few ({@link #SHAPES}) by a small model of the work: outputs
 * computed (the tile's padding included), elements loaded, and the groups the device runs at once.
 */
final class DirectTiles {
    private DirectTiles() {}

    /** Work-items per group. */
    static final int GROUP = 256;

    /** The most local memory a group takes, in bytes: more would cost the groups a unit holds at once. */
    private static final int LOCAL_BYTES = 32768;

    /**
     * A group of {@code gx} by {@code gy} work-items, each taking {@code px} outputs along a row
     * ({@code gx} apart, or neighbours when {@code slide}) times {@code py} along a column ({@code gy}
     * apart). A sliding shape keeps a work-item's four inputs of a tap in registers, from one tap to
     * the next, and reads one new input per row and tap (the template's sliding layout).
     */
    record Shape(int gx, int gy, int px, int py, boolean slide) {
        Shape {
            if (slide && px != 4) throw new IllegalArgumentException("a sliding tile takes 4 outputs along a row");
        }

        /** Elements a tile row may take past its columns in the local buffer (the sliding layout's padding). */
        int pad() {
            return slide ? 63 : 0;
        }

        int tx() {
            return gx * px;
        }

        int ty() {
            return gy * py;
        }
    }

    /**
     * The tiles: long rows for 1-D signals (four outputs a work-item, or one where outputs are few),
     * then 2-D ones, the first sliding along its rows.
     */
    static final List<Shape> SHAPES = List.of(
            new Shape(256, 1, 4, 1, true),
            new Shape(32, 8, 4, 2, true),
            new Shape(256, 1, 1, 1, false),
            new Shape(64, 4, 2, 2, false),
            new Shape(32, 8, 1, 4, false),
            new Shape(32, 8, 1, 1, false));

    /** Tests set this false to run the general kernel everywhere. */
    static volatile boolean enabled = true;
    /** Tests set this to one of {@link #SHAPES} to take it wherever it fits (-1: the model chooses). */
    static volatile int forcedShape = -1;
    /** Tests set this to a smaller local buffer, in elements, so that short filters come in chunks (0: the device's). */
    static volatile int localElements;

    private static final KernelTemplate.Sections TEMPLATES = KernelTemplate.sections(
            "correlate-tiles.tmpl", DirectTiles.class.getResourceAsStream("correlate-tiles.tmpl"));
    private static final KernelTemplate TILED = TEMPLATES.get("tiled"),
            SUMS = TEMPLATES.get("sums"),
            SLIDE = TEMPLATES.get("slide");

    private record Key(Dialect dialect, DType t, boolean fp64, Boundary boundary, Shape shape, int local) {}

    /** Each device holds its own kernels (Device.reset() drops them), so a call neither hashes nor fills a source again. */
    private static final Device.Key<Map<Key, BackendKernel>> KERNELS = new Device.Key<>("signal correlate tiles");

    /** One launch: the tile shape, the taps per chunk and the local buffer's elements. */
    record Plan(Shape shape, int ky, int kx, int local) {}

    /**
     * The correlation as {@link Direct#correlate} defines it, by the tiled kernel, or null where that
     * kernel does not take it (more than two dimensions that correlate; a device whose groups are
     * smaller than {@link #GROUP}).
     */
    static NDArray correlate(NDArray a, NDArray v, long[] outShape, long[] start, Boundary boundary, double fill) {
        if (!enabled || a.device().facts().maxBlockSize() < GROUP) return null;
        int nd = outShape.length;
        long[] n1 = a.shape(), n2 = v.shape();
        // the kept axes: (nb, rows, cols) with the last two that correlate and a batch in front
        int[] kept = new int[nd];
        int k = 0;
        for (int d = 0; d < nd; d++) {
            boolean unit = n1[d] == 1 && n2[d] == 1 && outShape[d] == 1 && start[d] == 0;
            if (!unit) kept[k++] = d;
        }
        long nb = 1;
        for (int i = 0; i < k - 2; i++) {
            int d = kept[i];
            if (n2[d] != 1 || start[d] != 0 || outShape[d] != n1[d]) return null;
            nb *= n1[d];
        }
        int r = k >= 2 ? kept[k - 2] : -1, c = k >= 1 ? kept[k - 1] : -1;
        long rows1 = r < 0 ? 1 : n1[r], rows2 = r < 0 ? 1 : n2[r], outRows = r < 0 ? 1 : outShape[r];
        long cols1 = c < 0 ? 1 : n1[c], cols2 = c < 0 ? 1 : n2[c], outCols = c < 0 ? 1 : outShape[c];
        long offY = r < 0 ? 0 : start[r] - (rows2 - 1), offX = c < 0 ? 0 : start[c] - (cols2 - 1);

        Device device = a.device();
        boolean fp64 = device.facts().fp64();
        int wBytes = fp64 ? 8 : 4;
        Plan plan = plan(device, wBytes, nb, outRows, outCols, rows2, cols2);
        if (plan == null) return null;
        BackendKernel kernel = kernel(device, a.dtype(), fp64, boundary, plan.shape(), plan.local());
        if (kernel.maxBlockSize() < GROUP) return null;
        Shape s = plan.shape();
        long tilesY = (outRows + s.ty() - 1) / s.ty(), tilesX = (outCols + s.tx() - 1) / s.tx();
        NDArray y = NDArray.empty(device, a.dtype(), outShape, Order.C);
        try (NDArray ac = a.isCContiguous() ? null : a.copy();
                NDArray vc = v.isCContiguous() ? null : v.copy()) {
            LaunchArgs.of(19)
                    .array(ac != null ? ac : a)
                    .array(vc != null ? vc : v)
                    .array(y)
                    .i64(rows1)
                    .i64(cols1)
                    .i64(rows2)
                    .i64(cols2)
                    .i64(outRows)
                    .i64(outCols)
                    .i64(offY)
                    .i64(offX)
                    .i32((int) tilesY)
                    .i32((int) tilesX)
                    .i32(plan.ky())
                    .i32(plan.kx())
                    .scalar(fp64 ? DType.FLOAT64 : DType.FLOAT32, fill)
                    .launch(device, kernel, nb * tilesY * tilesX, GROUP);
        } catch (RuntimeException e) {
            y.close();
            throw e;
        }
        return y;
    }

    /**
     * The tile shape and chunks for outputs (nb, outRows, outCols) of a (rows2, cols2) filter in sums
     * of {@code wBytes}, or null when no shape's groups fit the grid.
     */
    static Plan plan(Device device, int wBytes, long nb, long outRows, long outCols, long rows2, long cols2) {
        int budget = localElements > 0
                ? localElements
                : (int) (Math.min(LOCAL_BYTES, device.facts().localMemoryBytes() - 1024) / wBytes);
        long slots = Math.max(1, device.facts().computeUnits()) * (device.isGpu() ? 2048L / GROUP : 1);
        Plan best = null;
        double bestCost = Double.MAX_VALUE;
        for (int i = 0; i < SHAPES.size(); i++) {
            if (forcedShape >= 0 && i != forcedShape) continue;
            Shape s = SHAPES.get(i);
            long[] chunk = chunk(s, budget, rows2, cols2);
            if (chunk == null) continue;
            long tiles = ceil(outRows, s.ty()) * ceil(outCols, s.tx());
            if (tiles > Integer.MAX_VALUE || nb > Integer.MAX_VALUE / tiles) continue;
            long groups = nb * tiles;
            long ky = chunk[0], kx = chunk[1];
            double chunks = (double) ceil(rows2, ky) * ceil(cols2, kx);
            // per work-item: its multiply-adds and reads of local memory per tap, its share of the
            // loads from global memory (each dearer than a tap), a barrier per chunk
            int outs = s.px() * s.py();
            double item = (double) rows2 * cols2 * (outs + (s.slide() ? s.py() + 1 : outs + 1))
                    + chunks * (8.0 * (s.ty() + ky - 1) * (s.tx() + kx - 1) / GROUP + 64);
            double cost = Math.ceil((double) groups / slots) * item;
            if (cost < bestCost) {
                bestCost = cost;
                int need = (int) ((s.ty() + ky - 1) * (s.tx() + kx - 1 + s.pad()) + ky * kx);
                int local = Math.min(budget, Math.max(1024, Integer.highestOneBit(need - 1) << 1));
                best = new Plan(s, (int) ky, (int) kx, local);
            }
        }
        return best;
    }

    /**
     * The taps a chunk takes, {ky, kx}, so that the input rectangle and the taps fit {@code budget}
     * elements: the whole filter, else whole rows, else runs of one row (null when not even one tap fits).
     */
    static long[] chunk(Shape s, int budget, long rows2, long cols2) {
        long tx = s.tx() + s.pad(), ty = s.ty();
        if (cols2 <= budget) {
            long w = tx + cols2 - 1;
            long ky = (budget - (ty - 1) * w) / (w + cols2);
            if (ky >= 1) return new long[] {Math.min(ky, rows2), cols2};
        }
        long kx = (budget - ty * (tx - 1)) / (ty + 1);
        return kx >= 1 ? new long[] {1, Math.min(kx, cols2)} : null;
    }

    private static long ceil(long a, long b) {
        return (a + b - 1) / b;
    }

    private static BackendKernel kernel(Device device, DType t, boolean fp64, Boundary boundary, Shape s, int local) {
        Key key = new Key(device.backend().dialect(), t, fp64, boundary, s, local);
        Map<Key, BackendKernel> kernels = device.state(KERNELS, ConcurrentHashMap::new);
        BackendKernel kernel = kernels.get(key);
        if (kernel == null) {
            String tag = t.toString() + (fp64 ? "_d_" : "_f_") + boundary.name().toLowerCase(Locale.ROOT) + "_" + s.gx()
                    + "x" + s.gy() + "_" + s.px() + "x" + s.py() + (s.slide() ? "s_" : "_") + local;
            String src = key.dialect().prelude() + "\n" + source(key, tag);
            String name = "nd_signal_correlate_tiles_" + tag;
            kernel = device.programs().kernel(name, src, List.of(), name);
            kernels.put(key, kernel);
        }
        return kernel;
    }

    // the sliding layout's registers: row q's inputs of its four columns at the tap, xq_0 .. xq_3
    private static String init(Shape s, String wc) {
        var b = new StringBuilder();
        for (int q = 0; q < s.py(); q++) {
            String r = q == 0 ? "tr" : "tr + " + q + " * qs";
            b.append(wc).append(' ');
            for (int p = 0; p < 3; p++) {
                b.append('x').append(q).append('_').append(p).append(" = _s[").append(r);
                if (p > 0) b.append(" + ").append(p).append(" * ps");
                b.append("], ");
            }
            b.append('x').append(q).append("_3;\n");
        }
        return b.toString().strip();
    }

    private static String step(Shape s) {
        var b = new StringBuilder();
        for (int q = 0; q < s.py(); q++) {
            String x = "x" + q + "_";
            b.append(x)
                    .append("3 = _s[at")
                    .append(q == 0 ? "" : " + " + q + " * qs")
                    .append("];\n");
            for (int p = 0; p < 4; p++) {
                b.append("acc")
                        .append(4 * q + p)
                        .append(" += w * ")
                        .append(x)
                        .append(p)
                        .append(";\n");
            }
            for (int p = 0; p < 3; p++)
                b.append(x).append(p).append(" = ").append(x).append(p + 1).append(";\n");
        }
        return b.toString().strip();
    }

    /** The kernel's source, after the dialect's prelude. */
    static String source(Key key, String tag) {
        Shape s = key.shape();
        String tc = key.t() == DType.FLOAT32 ? "float" : "double", wc = key.fp64() ? "double" : "float";
        var accs = new StringBuilder(wc);
        var taps = new StringBuilder();
        var stores = new StringBuilder();
        for (int q = 0; q < s.py(); q++) {
            for (int p = 0; p < s.px(); p++) {
                int i = q * s.px() + p;
                accs.append(i == 0 ? " " : ", ").append("acc").append(i).append(" = 0");
                taps.append("acc").append(i).append(" += w * _s[tr + jx");
                if (q > 0) taps.append(" + ").append(q).append(" * qs");
                if (p > 0) taps.append(" + ").append(p * s.gx());
                taps.append("];\n");
                String oy = "y0 + ly + " + q * s.gy();
                String ox = s.slide() ? "x0 + " + s.px() + " * lx + " + p : "x0 + lx + " + p * s.gx();
                stores.append("if (")
                        .append(oy)
                        .append(" < outRows && ")
                        .append(ox)
                        .append(" < outCols) y[(")
                        .append(oy)
                        .append(") * outCols + ")
                        .append(ox)
                        .append("] = (")
                        .append(tc)
                        .append(")acc")
                        .append(i)
                        .append(";\n");
            }
        }
        return TILED.fill(Map.ofEntries(
                Map.entry("tag", tag),
                Map.entry("T", tc),
                Map.entry("W", wc),
                Map.entry("GX", s.gx()),
                Map.entry("GY", s.gy()),
                Map.entry("TX", s.tx()),
                Map.entry("TY", s.ty()),
                Map.entry("LOCAL", key.local()),
                Map.entry("map", key.boundary().cIndex()),
                Map.entry("accs", accs.append(';').toString()),
                Map.entry(
                        "layout",
                        s.slide()
                                ? "int ps = (tw + 3) >> 2; ps += (24 - ps % 16) % 16; int rs = 4 * ps;"
                                : "int ps = tw, rs = tw;"),
                Map.entry("at", s.slide() ? "(c & 3) * ps + (c >> 2)" : "c"),
                Map.entry(
                        "sums",
                        s.slide()
                                ? SLIDE.fill("GY", s.gy(), "W", wc, "init", init(s, wc), "step", step(s))
                                : SUMS.fill(
                                        "GY",
                                        s.gy(),
                                        "W",
                                        wc,
                                        "taps",
                                        taps.toString().strip())),
                Map.entry("stores", stores.toString().strip())));
    }
}
