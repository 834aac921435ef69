package org.ndgpu.routines;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.Nd;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.device.Device;

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
    private OnesweepSort() { }

    static final int THREADS = 256, PER = 8, TILE = THREADS * PER, PAIRS = 8;
    /** Keys per upsweep work-group: 8 tiles, so 8x fewer global atomics into the histograms than one per tile. */
    static final int CHUNK = 8 * TILE;

    /** Rows of at most this many go to the local-memory bitonic sort (one launch for all rows). */
    static final int MIN_LENGTH = Sorting.BLOCK;
    /** A status word holds a count in 30 bits; longer rows go to {@link RadixSort} (4-bit passes, one row at a time). */
    static final long MAX_LENGTH = (1L << 30) - 1;

    private record Source(Dialect dialect, DType dtype, boolean indices) { }

    private static final ConcurrentHashMap<Source, String> SOURCES = new ConcurrentHashMap<>();

    static long tilesPerRow(long n) { return (n + TILE - 1) / TILE; }

    /** True when {@link #sortRows} takes {@code rows} rows of {@code n} elements of {@code d}. */
    static boolean handles(DType d, long n, long rows) {
        return !d.isComplex() && n > MIN_LENGTH && n <= MAX_LENGTH && rows > 0
                && rows <= (Integer.MAX_VALUE - 1) / tilesPerRow(n)                 // tile ids in a uint counter
                && rows <= Long.MAX_VALUE / 256 / d.itemsize() / tilesPerRow(n) / TILE;
    }

    /**
     * The rows of {@code moved} (any strides; the sorted axis last) sorted, as a C-ordered array of
     * {@code moved}'s shape; with {@code indices} the stable argsort (int64) instead. The caller has
     * made {@code moved}'s device current.
     */
    static NDArray sortRows(NDArray moved, long rows, long n, boolean indices) {
        Device dev = moved.device();
        DType d = moved.dtype();
        int passes = d.itemsize();
        long tpr = tilesPerRow(n), tiles = rows * tpr;
        long[] shape = moved.shape();
        String tag = tag(d, indices);
        String src = SOURCES.computeIfAbsent(new Source(dev.backend().dialect(), d, indices), s -> source(s.dialect(), d, indices));
        String program = "nd_onesweep_" + tag;
        BackendKernel upsweep = dev.programs().kernel(program, src, List.of(), "nd_os_upsweep_" + tag);
        BackendKernel scan = dev.programs().kernel(program, src, List.of(), "nd_os_scan_" + tag);
        BackendKernel pass = dev.programs().kernel(program, src, List.of(), "nd_os_pass_" + tag);
        NDArray a = moved.copy(Order.C), b = null, ia = null, ib = null, hist = null, status = null, counters = null;
        try {
            b = NDArray.empty(dev, d, shape, Order.C);
            if (indices) {
                ia = NDArray.empty(dev, DType.INT64, shape, Order.C);    // the first pass makes the indices
                ib = NDArray.empty(dev, DType.INT64, shape, Order.C);
            }
            // uints, read as such by the kernels
            hist = Nd.zeros(DType.INT32, rows * passes * 256);
            status = Nd.zeros(DType.INT32, passes * tiles * 256);
            counters = Nd.zeros(DType.INT32, passes);
            var stream = dev.currentStream().backendStream();
            long[] block = {THREADS};
            long chunks = (n + CHUNK - 1) / CHUNK;
            dev.backend().launch(stream, upsweep, new long[]{rows * chunks}, block, 0, a.buffer(), a.offset(), n, chunks, hist.buffer(), hist.offset());
            dev.backend().launch(stream, scan, new long[]{rows * passes}, block, 0, hist.buffer(), hist.offset());
            for (int p = 0; p < passes; p++) {
                long statusOffset = status.offset() + 4L * p * tiles * 256;
                Object[] args = indices
                        ? new Object[]{a.buffer(), a.offset(), b.buffer(), b.offset(), ia.buffer(), ia.offset(), ib.buffer(), ib.offset(),
                                       n, tpr, p, status.buffer(), statusOffset, counters.buffer(), counters.offset(), hist.buffer(), hist.offset()}
                        : new Object[]{a.buffer(), a.offset(), b.buffer(), b.offset(),
                                       n, tpr, p, status.buffer(), statusOffset, counters.buffer(), counters.offset(), hist.buffer(), hist.offset()};
                dev.backend().launch(stream, pass, new long[]{tiles}, block, 0, args);
                NDArray t = a;
                a = b;
                b = t;
                if (indices) {
                    t = ia;
                    ia = ib;
                    ib = t;
                }
            }
            // after the last swap a (and ia) hold the last pass's output
            NDArray result = indices ? ia : a;
            if (indices) ia = null;
            else a = null;
            return result;
        } finally {
            for (NDArray x : new NDArray[]{a, b, ia, ib, hist, status, counters}) if (x != null) x.close();
        }
    }

    /** The kernels' name part: "sort_float32", "argsort_int64". */
    private static String tag(DType d, boolean indices) { return (indices ? "argsort_" : "sort_") + d; }

    private static String unsigned(int width) {
        return switch (width) {
            case 8 -> "uchar";
            case 16 -> "ushort";
            case 32 -> "uint";
            default -> "ulong";
        };
    }

    private static final KernelTemplate.Sections TEMPLATES =
            KernelTemplate.sections("onesweep.tmpl", OnesweepSort.class.getResourceAsStream("onesweep.tmpl"));
    private static final KernelTemplate SORT = TEMPLATES.get("sort");

    /** The sizes the kernels are written for, those of them that template {@code t} uses. */
    private static Map<String, Object> sizes(KernelTemplate t, int passes) {
        var sizes = new HashMap<String, Object>(Map.of("THREADS", THREADS, "PER", PER, "TILE", TILE, "PAIRS", PAIRS,
                "TABLE", PAIRS * THREADS, "LAST", THREADS - 1, "PASSES", passes, "HIST", passes * 256, "CHUNK", CHUNK));
        sizes.keySet().retainAll(t.placeholders());
        return sizes;
    }

    static String source(Dialect dialect, DType d, boolean indices) {
        int w = 8 * d.itemsize();
        String k = w == 64 ? "ulong" : "uint";
        var values = sizes(SORT, d.itemsize());
        values.put("u", unsigned(w));
        values.put("k", k);
        values.put("tag", tag(d, indices));
        values.put("key", RadixSort.keyFunction(d, k, "_u"));
        // argsort's lines (sections index.*) fill placeholders index*; a sort leaves them out
        for (String part : List.of("params", "tile", "pointers", "load", "warpLoad", "items", "splitLoad", "place", "store")) {
            KernelTemplate t = TEMPLATES.get("index." + part);
            String text = indices ? t.fill(sizes(t, d.itemsize())) : "";
            values.put("index" + Character.toUpperCase(part.charAt(0)) + part.substring(1), part.equals("params") ? text.strip() : text);
        }
        return dialect.prelude() + "\n" + SORT.fill(values);
    }
}
