package org.ndgpu.routines.indexing;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * The elements of a contiguous 1-d array where a boolean mask of its length is true, in order: the
 * 1-d boolean selection {@code x[mask]} as three kernels ({@code compaction.tmpl}: count per chunk,
 * scan of the counts, scatter of each chunk's kept elements), where {@link Masking#select} makes an
 * int64 positions array by a cumsum and reads it back. The mask is read twice and the values once,
 * no positions are written, and the count (with a caller's flag) is read back once, after the
 * scatter is queued: the
 * result is a view of the first {@code count} elements of an array of x's length while it keeps
 * most of it in use, else a copy.
 *
 * <pre>{@code
 * Compaction.select(x, keep, null);   // as x[keep] for 1-d x and keep
 * }</pre>
 */
public final class Compaction {
    private Compaction() {}

    static final int THREADS = 256, PER = 16, CHUNK = THREADS * PER;

    private static final KernelTemplate.Sections TEMPLATE =
            KernelTemplate.sections("compaction.tmpl", Compaction.class.getResourceAsStream("compaction.tmpl"));
    private static final KernelTemplate COUNTS = TEMPLATE.get("counts"), SCATTER = TEMPLATE.get("scatter");

    private static final ConcurrentHashMap<Dialect, String> SOURCES = new ConcurrentHashMap<>();

    /** Whether {@link #select} takes x: C-contiguous 1-d, of a dtype 1, 2, 4 or 8 bytes wide. */
    public static boolean handles(NDArray x) {
        int w = x.dtype().itemsize();
        return x.ndim() == 1 && x.isCContiguous() && (w == 1 || w == 2 || w == 4 || w == 8);
    }

    /**
     * x[mask] for x that {@link #handles} and a C-contiguous 1-d BOOL mask of x's length on x's
     * device (the caller has checked both and made x's device current); null, with nothing
     * returned, when {@code flag} (a one-element int64 array that a kernel queued before may have
     * set, or null for none) is set: it is read back with the count, in one transfer.
     */
    public static NDArray select(NDArray x, NDArray mask, NDArray flag) {
        Device dev = x.device();
        long n = x.size(), chunks = (n + CHUNK - 1) / CHUNK;
        DType d = x.dtype();
        int w = d.itemsize();
        NDArray out = NDArray.empty(dev, d, new long[] {n}, Order.C);
        if (n == 0) { // nothing to launch over
            if (flag == null || flag.toLongArray()[0] == 0) return out;
            out.close();
            return null;
        }
        long kept, flagged;
        try {
            String src = SOURCES.computeIfAbsent(dev.backend().dialect(), Compaction::source);
            var count = dev.programs().kernel("nd_compaction", src, List.of(), "nd_compaction_count");
            var scan = dev.programs().kernel("nd_compaction", src, List.of(), "nd_compaction_scan");
            var scatter = dev.programs().kernel("nd_compaction", src, List.of(), "nd_compaction_scatter_" + w);
            try (NDArray counts = NDArray.empty(dev, DType.INT32, new long[] {chunks}, Order.C);
                    NDArray starts = NDArray.empty(dev, DType.INT64, new long[] {chunks + 2}, Order.C)) {
                LaunchArgs.of(5).array(mask).i64(n).array(counts).launch(dev, count, chunks, THREADS);
                LaunchArgs.of(8)
                        .array(counts)
                        .i64(chunks)
                        .array(starts)
                        .array(flag != null ? flag : starts)
                        .i32(flag != null ? 1 : 0)
                        .launch(dev, scan, 1, THREADS);
                LaunchArgs.of(9)
                        .array(x)
                        .array(mask)
                        .i64(n)
                        .array(starts)
                        .array(out)
                        .launch(dev, scatter, chunks, THREADS);
                try (NDArray tail = starts.view(new long[] {2}, new long[] {8}, starts.offset() + 8 * chunks)) {
                    long[] t = tail.toLongArray();
                    kept = t[0];
                    flagged = t[1];
                }
            }
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
        try (out) {
            if (flagged != 0) return null;
            NDArray head = out.view(new long[] {kept}, new long[] {w}, out.offset());
            if (2 * kept >= n) return head;
            try (head) {
                return head.copy();
            }
        }
    }

    // one program for every width: the count and scan kernels, and a scatter per width
    private static String source(Dialect dialect) {
        StringBuilder s = new StringBuilder(dialect.prelude()).append('\n');
        s.append(COUNTS.fill("THREADS", THREADS, "PER", PER, "CHUNK", CHUNK, "LAST", THREADS - 1))
                .append('\n');
        String[] types = {"uchar", "ushort", "uint", "ulong"};
        for (int k = 0, w = 1; k < types.length; k++, w *= 2) {
            Map<String, Object> v = new java.util.HashMap<>(Map.of(
                    "u", types[k],
                    "w", w,
                    "THREADS", THREADS,
                    "PER", PER,
                    "CHUNK", CHUNK,
                    "SLOTS", CHUNK + CHUNK / 32,
                    "LAST", THREADS - 1));
            v.keySet().retainAll(SCATTER.placeholders());
            s.append(SCATTER.fill(v)).append('\n');
        }
        return s.toString();
    }
}
