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
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Ranges;

/**
 * numpy.sort / argsort of one long row: a least-significant-digit radix sort, 4 bits per pass (2 passes
 * for 8-bit keys, 8 for 32-bit, 16 for 64-bit), in one portable source for OpenCL C and CUDA C.
 *
 * <p>Keys are the elements' raw bits read as unsigned integers of their width and mapped to an
 * order-preserving code ({@link #keyFunction}): signed integers flip the sign bit; floats flip every bit
 * when negative, else the sign bit, with NaN above +inf (NumPy sorts NaN last) and -0.0 coded as +0.0
 * (equal in NumPy's order, so they keep their input order). The elements themselves move untouched,
 * bits and all, NaN payloads and signed zeros included. Every pass is stable, so argsort, which
 * carries the indices along, is stable too (NumPy's kind='stable').
 *
 * <p>One pass, for tiles of {@value #TILE} keys (256 work-items of {@value #PER}):
 * <ol>
 *   <li>{@code count}: each tile's 16 digit counts, digit-major: {@code hist[digit * tiles + tile]};</li>
 *   <li>an exclusive scan of {@code hist} (three small kernels, recursive above 2048 entries): the
 *       global start of each (digit, tile);</li>
 *   <li>{@code scatter}: the tile is staged in local memory, each work-item owns {@value #PER}
 *       consecutive keys, and a scan of the per-item counts (one per digit) gives each item its place
 *       within its tile's run of that digit: items in order, keys in order, hence stable.</li>
 * </ol>
 * It replaces the bitonic network for long rows: that network makes O(log^2 n) passes over every
 * key, this one a fixed number per key width. Timings of both: BENCHMARKS.md and routines/notes/SORT.md.
 */
public final class RadixSort {
    private RadixSort() {}

    static final int THREADS = 256, PER = 8, TILE = THREADS * PER, DIGITS = 16, PAIRS = DIGITS / 2;

    /** Rows longer than this go through the radix sort; shorter ones stay on the local-memory bitonic sort. */
    static final int MIN_LENGTH = Sorting.BLOCK;
    /** At most this many rows are radix-sorted (one after another); more go to the network, all rows at once. */
    static final int MAX_ROWS = 16;

    private record Source(Dialect dialect, DType dtype, boolean indices) {}

    private static final ConcurrentHashMap<Source, String> SOURCES = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<Dialect, String> SCAN_SOURCES = new ConcurrentHashMap<>();

    /** True when {@code sort1d} takes a row of {@code n} elements of {@code d}. */
    static boolean handles(DType d, long n) {
        return n > MIN_LENGTH && n < Integer.MAX_VALUE && !d.isComplex();
    }

    /**
     * The sorted copy of the 1-d array {@code row} (any strides), or with {@code indices} the stable
     * argsort (int64). The caller has made {@code row}'s device current.
     */
    static NDArray sort1d(NDArray row, boolean indices) {
        NDArray[] r = sort1d(row, indices, false);
        return r[indices ? 1 : 0];
    }

    /**
     * {sorted keys, argsort} of {@code row} with {@code keepKeys} (indices then true), else {sorted, null} or {null,
     * argsort}: every pass writes the keys it moves, so the last pass's are there to keep.
     */
    static NDArray[] sort1d(NDArray row, boolean indices, boolean keepKeys) {
        Device dev = row.device();
        DType d = row.dtype();
        long n = row.size();
        int width = 8 * d.itemsize();
        long tiles = (n + TILE - 1) / TILE;
        String tag = tag(d, indices);
        String src = SOURCES.computeIfAbsent(
                new Source(dev.backend().dialect(), d, indices), s -> source(s.dialect(), d, indices));
        BackendKernel count = dev.programs().kernel("nd_radix_" + tag, src, List.of(), "nd_radix_count_" + tag);
        BackendKernel scatter = dev.programs().kernel("nd_radix_" + tag, src, List.of(), "nd_radix_scatter_" + tag);
        NDArray a = row.copy(Order.C), b = null, ia = null, ib = null, hist = null;
        try {
            b = NDArray.empty(dev, d, new long[] {n}, Order.C);
            if (indices) {
                ia = Ranges.arange(0L, n, 1L);
                ib = NDArray.empty(dev, DType.INT64, new long[] {n}, Order.C);
            }
            hist = NDArray.empty(dev, DType.INT32, new long[] {DIGITS * tiles}, Order.C); // read as uint
            for (int shift = 0; shift < width; shift += 4) {
                LaunchArgs.of(7)
                        .array(a)
                        .i64(n)
                        .i32(shift)
                        .array(hist)
                        .i64(tiles)
                        .launch(dev, count, tiles, THREADS);
                exclusiveScan(dev, hist, DIGITS * tiles);
                LaunchArgs args = LaunchArgs.of(indices ? 13 : 9).array(a).array(b);
                if (indices) args.array(ia).array(ib);
                args.i64(n).i32(shift).array(hist).i64(tiles).launch(dev, scatter, tiles, THREADS);
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
            NDArray[] result = {indices && !keepKeys ? null : a, indices ? ia : null};
            if (result[0] != null) a = null;
            if (indices) ia = null;
            return result;
        } finally {
            for (NDArray x : new NDArray[] {a, b, ia, ib, hist}) if (x != null) x.close();
        }
    }

    // exclusive prefix sums of m uints in place: per 2048-entry chunk, then the chunk totals (recursively), then added
    // back
    private static void exclusiveScan(Device dev, NDArray buf, long m) {
        String src = SCAN_SOURCES.computeIfAbsent(dev.backend().dialect(), RadixSort::scanSource);
        BackendKernel local = dev.programs().kernel("nd_radix_scan", src, List.of(), "nd_radix_scan_local");
        long chunks = (m + TILE - 1) / TILE;
        try (NDArray sums = NDArray.empty(dev, DType.INT32, new long[] {chunks}, Order.C)) {
            LaunchArgs.of(5).array(buf).i64(m).array(sums).launch(dev, local, chunks, THREADS);
            if (chunks > 1) {
                exclusiveScan(dev, sums, chunks);
                BackendKernel add = dev.programs().kernel("nd_radix_scan", src, List.of(), "nd_radix_scan_add");
                LaunchArgs.of(5).array(buf).i64(m).array(sums).launch(dev, add, (m + THREADS - 1) / THREADS, THREADS);
            }
        }
    }

    /** The kernels' name part: "sort_float32", "argsort_int64". */
    private static String tag(DType d, boolean indices) {
        return (indices ? "argsort_" : "sort_") + d;
    }

    /**
     * A C expression of type {@code k} (uint or ulong): the order-preserving unsigned code of the element
     * whose raw bits are {@code u}; only the dtype's width of it is used.
     */
    public static String keyFunction(DType d, String k, String u) {
        int w = 8 * d.itemsize();
        String sign = sign(k, w);
        return switch (d) {
            case BOOL, UINT8, UINT16, UINT32, UINT64 -> "(" + k + ")" + u;
            case INT8, INT16, INT32, INT64 -> "((" + k + ")" + u + " ^ " + sign + ")";
            case FLOAT16, FLOAT32, FLOAT64 -> {
                String abs = abs(k, u, sign);
                String all = w == 64 ? "0xFFFFFFFFFFFFFFFFUL" : "0x" + "F".repeat(w / 4) + "u";
                // NaN (above inf's bits) last; both zeros as +0; then the sign flip
                yield "(" + abs + " > " + inf(w) + " ? (" + k + ")" + all + " : " + abs + " == 0 ? " + sign + " : "
                        + signFlip(k, u, sign) + ")";
            }
            default -> throw new IllegalArgumentException("radix sort: no key for " + d);
        };
    }

    /**
     * A cheaper code than {@link #keyFunction}, equal to it for every element but those
     * {@link #special} finds: for the floats the sign flip alone (negatives reversed, positives above
     * them), which orders -0.0 below 0.0 and the NaNs by their bits; for the other dtypes the same code.
     */
    static String fastKeyFunction(DType d, String k, String u) {
        if (!d.isFloating()) return keyFunction(d, k, u);
        return "(" + signFlip(k, u, sign(k, 8 * d.itemsize())) + ")";
    }

    /**
     * A C expression, nonzero when the raw bits {@code u} are an element whose {@link #fastKeyFunction}
     * differs from its {@link #keyFunction}: a NaN or -0.0 for the floats; {@code 0u} for the others.
     */
    static String special(DType d, String u) {
        if (!d.isFloating()) return "0u";
        int w = 8 * d.itemsize();
        String k = codeType(d), sign = sign(k, w);
        return "(uint)((" + abs(k, u, sign) + " > " + inf(w) + ") | ((" + k + ")" + u + " == " + sign + "))";
    }

    // the pieces of the codes above, as C text: the sign bit of a w-bit element as a k, the raw bits
    // without it, the bits of +inf, and the float order of the raw bits short of NaN and -0.0
    private static String sign(String k, int w) {
        return "((" + k + ")1 << " + (w - 1) + ")";
    }

    private static String abs(String k, String u, String sign) {
        return "((" + k + ")" + u + " & ~" + sign + ")";
    }

    private static String inf(int w) {
        return switch (w) {
            case 16 -> "0x7C00u";
            case 32 -> "0x7F800000u";
            default -> "0x7FF0000000000000UL";
        };
    }

    private static String signFlip(String k, String u, String sign) {
        return "((" + k + ")" + u + " & " + sign + ") ? ~(" + k + ")" + u + " : ((" + k + ")" + u + " | " + sign + ")";
    }

    /** The C unsigned type of d's width, the type the sort kernels move d's raw bits in. */
    public static String unsignedType(DType d) {
        return switch (d.itemsize()) {
            case 1 -> "uchar";
            case 2 -> "ushort";
            case 4 -> "uint";
            default -> "ulong";
        };
    }

    /** The C type of {@link #keyFunction}'s code for d: ulong for 8-byte dtypes, else uint. */
    public static String codeType(DType d) {
        return d.itemsize() == 8 ? "ulong" : "uint";
    }

    private static final KernelTemplate.Sections TEMPLATES =
            KernelTemplate.sections("radix-sort.tmpl", RadixSort.class.getResourceAsStream("radix-sort.tmpl"));
    private static final KernelTemplate SORT = TEMPLATES.get("sort"), SCAN = TEMPLATES.get("scan");

    /** The sizes the kernels are written for, those of them that template {@code t} uses. */
    private static Map<String, Object> sizes(KernelTemplate t) {
        var sizes = new HashMap<String, Object>(Map.of(
                "THREADS",
                THREADS,
                "PER",
                PER,
                "TILE",
                TILE,
                "PAIRS",
                PAIRS,
                "DIGITS",
                DIGITS,
                "TABLE",
                PAIRS * THREADS,
                "HALF",
                THREADS / 2,
                "LAST",
                THREADS - 1));
        sizes.keySet().retainAll(t.placeholders());
        return sizes;
    }

    static String source(Dialect dialect, DType d, boolean indices) {
        String u = unsignedType(d), k = codeType(d);
        var values = sizes(SORT);
        values.put("u", u);
        values.put("tag", tag(d, indices));
        values.put("digit", "(int)((" + keyFunction(d, k, "_u") + " >> _shift) & 15)");
        // argsort's lines (sections index.*) fill placeholders index*; a sort leaves them out
        for (String part : List.of("params", "tile", "pointers", "items", "load", "place", "store")) {
            KernelTemplate t = TEMPLATES.get("index." + part);
            String text = indices ? t.fill(sizes(t)) : "";
            values.put(
                    "index" + Character.toUpperCase(part.charAt(0)) + part.substring(1),
                    part.equals("params") ? text.strip() : text);
        }
        return dialect.prelude() + "\n" + SORT.fill(values);
    }

    static String scanSource(Dialect dialect) {
        return dialect.prelude() + "\n" + SCAN.fill(sizes(SCAN));
    }
}
