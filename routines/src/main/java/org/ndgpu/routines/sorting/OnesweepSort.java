package org.ndgpu.routines.sorting;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * numpy.sort / argsort of any number of rows: a onesweep least-significant-digit radix sort (Adinets
 * and Merrill 2022, CUB's DeviceRadixSort onesweep), 8 bits per pass, in one portable source for
 * OpenCL C and CUDA C. Keys are coded as in {@link RadixSort#keyFunction} (NaN last, -0.0 as +0.0);
 * the elements move untouched and every pass is stable, so argsort is stable.
 *
 * <ol>
 *   <li>{@code upsweep}: one read of the keys gives every pass's 256-bin digit histogram of every row
 *       ({@value #CHUNK} keys of a row per work-group);</li>
 *   <li>{@code scan}: each (row, pass) histogram to its exclusive scan: where each digit's run starts;</li>
 *   <li>per pass one kernel: a work-group takes the next tile id from an atomic counter, counts its
 *       digits and publishes them with a flag, sorts the tile by the digit in local memory, finds its
 *       global offsets by a decoupled look-back over the earlier tiles of its row, and writes out.</li>
 * </ol>
 * Rows never share a tile, and each row has its own histograms and its look-back stops at the row's
 * first tile, so all rows sort in the same passes (a segmented sort at no extra pass).
 *
 * <p>Forward progress: a tile waits only on tiles that took a smaller id, hence already run, and a
 * tile publishes its aggregate before it waits on anything; so the look-back cannot deadlock on a GPU
 * nor on PoCL's CPU device (work-groups on threads, each run to its end once started).
 */
final class OnesweepSort {
    private OnesweepSort() {}

    static final int THREADS = 256, PER = 8, TILE = THREADS * PER, PAIRS = 8;
    /**
     * Keys per work-item of the warp-ranked pass ({@link #warpRanked}) in rows of at least
     * {@link #LONG_ROW}, whose ranking keeps them in registers, so fewer tiles publish, look back and
     * wait at barriers: {@link #WARP_SORT_PER} for a sort of keys of at most 4 bytes, WARP_PER for wider
     * keys and for argsort of keys of at most 4 bytes (their tiles must fit the 48 KiB of static shared
     * memory). Shorter rows keep {@link #PER} (a row of a tile or two gains no look-back, and the larger
     * tile's registers cost occupancy), and so do the local splits and argsort of 8-byte keys.
     */
    static final int WARP_PER = 16, WARP_SORT_PER = 24, LONG_ROW = 1 << 16;

    /**
     * Work-groups per multiprocessor that CUDA's long-row passes ask room for ({@code __launch_bounds__}),
     * which caps their registers: 4 (64 registers) for the 16-key sort, 3 (80) where the work-item
     * holds more (the 24-key sort, argsort with its indices).
     */
    static int cudaMinGroups(int per, boolean indices) {
        return per == WARP_SORT_PER || indices ? 3 : 4;
    }

    /** Keys per upsweep work-group: 8 tiles, so 8x fewer global atomics into the histograms than one per tile. */
    static final int CHUNK = 8 * TILE;

    /** Rows of at most this many go to the local-memory bitonic sort (one launch for all rows). */
    static final int MIN_LENGTH = Sorting.BLOCK;
    /** A status word holds a count in 30 bits; longer rows go to {@link RadixSort} (4-bit passes, one row at a time). */
    static final long MAX_LENGTH = (1L << 30) - 1;

    private record Source(Dialect dialect, DType dtype, boolean indices, int per, boolean warp, boolean keepKeys) {}

    /**
     * True where the pass ranks a tile by warp (ballots and shuffles in warps of 32): CUDA, and NVIDIA's
     * OpenCL, whose OpenCL C takes the same warp instructions as inline PTX. Elsewhere (PoCL, other
     * OpenCL devices) the tile is sorted by two local 4-bit splits.
     */
    static boolean warpRanked(Device dev) {
        if (dev.backend().dialect() == Dialect.CUDA) return true;
        var facts = dev.facts();
        return facts.isGpu()
                && facts.warpSize() == 32
                && facts.vendor().toUpperCase(java.util.Locale.ROOT).contains("NVIDIA");
    }

    /** Keys per work-item of the pass kernel, warp-ranked or not, for this dtype, with or without argsort's indices, for rows of n keys. */
    static int per(boolean warp, DType d, boolean indices, long n) {
        if (!warp || n < LONG_ROW) return PER;
        if (!indices && d.itemsize() <= 4) return WARP_SORT_PER;
        return !indices || d.itemsize() <= 4 ? WARP_PER : PER;
    }

    private static final ConcurrentHashMap<Source, String> SOURCES = new ConcurrentHashMap<>();

    /** Tiles of a row of n keys at {@link #TILE} keys each, the smaller tile: a bound for every source. */
    static long tilesPerRow(long n) {
        return tilesPerRow(n, TILE);
    }

    static long tilesPerRow(long n, int tile) {
        return (n + tile - 1) / tile;
    }

    /** True when {@link #sortRows} takes {@code rows} rows of {@code n} elements of {@code d}. */
    static boolean handles(DType d, long n, long rows) {
        return !d.isComplex()
                && n > MIN_LENGTH
                && n <= MAX_LENGTH
                && rows > 0
                && rows <= (Integer.MAX_VALUE - 1) / tilesPerRow(n) // tile ids in a uint counter
                && rows <= Long.MAX_VALUE / 256 / d.itemsize() / tilesPerRow(n) / TILE;
    }

    /**
     * The rows of {@code moved} (any strides; the sorted axis last) sorted, as a C-ordered array of
     * {@code moved}'s shape; with {@code indices} the stable argsort (int64) instead. The caller has
     * made {@code moved}'s device current.
     */
    static NDArray sortRows(NDArray moved, long rows, long n, boolean indices) {
        NDArray[] r = sortRows(moved, rows, n, indices, false);
        return r[indices ? 1 : 0];
    }

    /**
     * {sorted keys, argsort} with {@code keepKeys} (indices then true): argsort's last pass writes its keys too
     * (a program of its own); else {sorted, null} or {null, argsort}.
     */
    static NDArray[] sortRows(NDArray moved, long rows, long n, boolean indices, boolean keepKeys) {
        Device dev = moved.device();
        DType d = moved.dtype();
        int passes = d.itemsize();
        Dialect dialect = dev.backend().dialect();
        boolean warp = warpRanked(dev);
        int per = per(warp, d, indices, n);
        long tpr = tilesPerRow(n, THREADS * per), tiles = rows * tpr;
        long[] shape = moved.shape();
        String tag = tag(d, indices);
        String src = SOURCES.computeIfAbsent(
                new Source(dialect, d, indices, per, warp, keepKeys),
                s -> source(s.dialect(), d, indices, per, warp, s.keepKeys()));
        // CUDA's sources always rank by warp; an OpenCL one that does is another program
        String program = "nd_onesweep_" + tag + (per == PER ? "" : "_" + per)
                + (warp && dialect != Dialect.CUDA ? "_warp" : "") + (keepKeys ? "_keys" : "");
        List<String> options = buildOptions(dialect, warp, per, indices);
        BackendKernel upsweep = dev.programs().kernel(program, src, options, "nd_os_upsweep_" + tag);
        BackendKernel scan = dev.programs().kernel(program, src, options, "nd_os_scan_" + tag);
        BackendKernel pass = dev.programs().kernel(program, src, options, "nd_os_pass_" + tag);
        // the upsweep and the first pass read C-ordered rows where they lie (no copy); the passes then alternate
        // between b and a
        boolean direct = moved.isCContiguous();
        NDArray a = direct ? NDArray.empty(dev, d, shape, Order.C) : moved.copy(Order.C),
                b = null,
                ia = null,
                ib = null,
                result = null,
                hist = null,
                status = null,
                counters = null,
                special = null;
        NDArray first = direct ? moved : a;
        try {
            b = NDArray.empty(dev, d, shape, Order.C);
            if (indices) {
                // uint indices between passes (the first pass makes them); the last pass writes the int64 result
                ia = NDArray.empty(dev, DType.INT32, shape, Order.C);
                ib = NDArray.empty(dev, DType.INT32, shape, Order.C);
                result = NDArray.empty(dev, DType.INT64, shape, Order.C);
            }
            // uints, read as such by the kernels
            hist = Creation.zeros(DType.INT32, rows * passes * 256);
            status = Creation.zeros(DType.INT32, passes * tiles * 256);
            counters = Creation.zeros(DType.INT32, passes);
            // per row: nonzero when the upsweep met a NaN or -0.0, whose digits need the full key code
            special = Creation.zeros(DType.INT32, rows);
            long chunks = (n + CHUNK - 1) / CHUNK;
            LaunchArgs.of(8)
                    .array(first)
                    .i64(n)
                    .i64(chunks)
                    .array(hist)
                    .array(special)
                    .launch(dev, upsweep, rows * chunks, THREADS);
            LaunchArgs.of(2).array(hist).launch(dev, scan, rows * passes, THREADS);
            for (int p = 0; p < passes; p++) {
                long statusOffset = status.offset() + 4L * p * tiles * 256;
                NDArray in = p == 0 ? first : a;
                // argsort's indices (in, then out: the last pass's go to the int64 result) follow the keys
                LaunchArgs args = LaunchArgs.of(indices ? 19 : 15).array(in).array(b);
                if (indices) args.array(ia).array(p == passes - 1 ? result : ib);
                args.i64(n)
                        .i64(tpr)
                        .i32(p)
                        .buffer(status.buffer())
                        .i64(statusOffset)
                        .array(counters)
                        .array(hist)
                        .array(special)
                        .launch(dev, pass, tiles, THREADS);
                NDArray t = a;
                a = b;
                b = t;
                if (indices) {
                    t = ia;
                    ia = ib;
                    ib = t;
                }
            }
            // after the last swap a holds the last pass's keys (argsort's indices are in result)
            NDArray[] sorted = {indices && !keepKeys ? null : a, indices ? result : null};
            if (sorted[0] != null) a = null;
            if (indices) result = null;
            return sorted;
        } finally {
            for (NDArray x : new NDArray[] {a, b, ia, ib, result, hist, status, counters, special})
                if (x != null) x.close();
        }
    }

    /**
     * Raw bits whose order-preserving code is all ones, so that they rank last in every pass: the
     * signed dtypes' largest value (its code flips the sign bit), the positive NaN of all ones for the
     * floats (all ones in both the full and the cheaper code, {@link RadixSort#fastKeyFunction}), all
     * ones for the others (the unsigned maximum, true).
     */
    static String pad(DType d) {
        int w = 8 * d.itemsize();
        String hex = d.isSigned() || d.isFloating() ? "7" + "F".repeat(w / 4 - 1) : "F".repeat(w / 4);
        return "((" + RadixSort.unsignedType(d) + ")0x" + hex + (w == 64 ? "UL" : "u") + ")";
    }

    /**
     * The compiler options of a program: on NVIDIA's OpenCL, the warp-ranked long-row passes get the
     * register cap that CUDA's {@code __launch_bounds__} gives them (room for
     * {@link #cudaMinGroups} groups per multiprocessor), through NVIDIA's {@code -cl-nv-maxrregcount};
     * none elsewhere.
     */
    static List<String> buildOptions(Dialect dialect, boolean warp, int per, boolean indices) {
        if (!warp || dialect == Dialect.CUDA || per <= PER) return List.of();
        // a multiprocessor's 64K registers shared by that many groups, rounded down to a multiple of 8
        return List.of("-cl-nv-maxrregcount=" + (65536 / (THREADS * cudaMinGroups(per, indices)) & ~7));
    }

    /** The kernels' name part: "sort_float32", "argsort_int64". */
    private static String tag(DType d, boolean indices) {
        return (indices ? "argsort_" : "sort_") + d;
    }

    private static final KernelTemplate.Sections TEMPLATES =
            KernelTemplate.sections("onesweep.tmpl", OnesweepSort.class.getResourceAsStream("onesweep.tmpl"));
    private static final KernelTemplate SORT = TEMPLATES.get("sort");

    /** The sizes the kernels are written for, those of them that template {@code t} uses. */
    private static Map<String, Object> sizes(KernelTemplate t, Dialect dialect, int passes, int per, boolean indices) {
        var sizes = new HashMap<String, Object>(Map.of(
                "THREADS",
                THREADS,
                "PER",
                per,
                "TILE",
                THREADS * per,
                "PAIRS",
                PAIRS,
                "TABLE",
                PAIRS * THREADS,
                "LAST",
                THREADS - 1,
                "PASSES",
                passes,
                "HIST",
                passes * 256,
                "CHUNK",
                CHUNK));
        sizes.put("WARPKEYS", 32 * per);
        sizes.put("LAST_PASS", passes - 1);
        // OpenCL has no minimum of groups per compute unit to ask for; its fixed group size lets the compiler
        // plan registers for 256 work-items
        String bounds = dialect == Dialect.CUDA
                ? "__launch_bounds__(" + THREADS + ", " + cudaMinGroups(per, indices) + ")"
                : "__attribute__((reqd_work_group_size(" + THREADS + ", 1, 1)))";
        sizes.put("BOUNDS", per > PER ? bounds : "");
        sizes.keySet().retainAll(t.placeholders());
        return sizes;
    }

    /** The kernels' source; {@code warp}: the pass ranks tiles by warp ({@link #warpRanked}), which CUDA always does. */
    static String source(Dialect dialect, DType d, boolean indices, int per, boolean warp) {
        return source(dialect, d, indices, per, warp, false);
    }

    /** The kernels' source; {@code keepKeys}: argsort's last pass writes its keys too. */
    static String source(Dialect dialect, DType d, boolean indices, int per, boolean warp, boolean keepKeys) {
        if (dialect == Dialect.CUDA && !warp)
            throw new IllegalArgumentException("onesweep: CUDA's pass always ranks by warp");
        String k = RadixSort.codeType(d);
        var values = sizes(SORT, dialect, d.itemsize(), per, indices);
        values.put("storeKeys", indices && !keepKeys ? "_pass != " + (d.itemsize() - 1) : "1");
        values.put("u", RadixSort.unsignedType(d));
        values.put("k", k);
        values.put("tag", tag(d, indices));
        values.put("key", RadixSort.keyFunction(d, k, "_u"));
        values.put("fastKey", RadixSort.fastKeyFunction(d, k, "_u"));
        values.put("special", RadixSort.special(d, "_u"));
        values.put("PAD", pad(d));
        // argsort's lines (sections index.*) fill placeholders index*; a sort leaves them out
        for (String part :
                List.of("params", "tile", "pointers", "load", "warpLoad", "items", "splitLoad", "place", "store")) {
            KernelTemplate t = TEMPLATES.get("index." + part);
            String text = indices ? t.fill(sizes(t, dialect, d.itemsize(), per, true)) : "";
            values.put(
                    "index" + Character.toUpperCase(part.charAt(0)) + part.substring(1),
                    part.equals("params") || part.equals("store") ? text.strip() : text);
        }
        return dialect.prelude() + "\n" + (warp ? "#define ND_OS_WARP\n" : "") + SORT.fill(values);
    }
}
