package org.ndgpu.routines;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * numpy.unique's values from a sorted 1-d array of a real dtype: the first element of each run of
 * equal values, NaNs making one run (NumPy 2's {@code equal_nan}), compacted on the device by three
 * kernels ({@code unique.tmpl}): run starts per chunk, the chunks' scan, then each chunk's run starts
 * written in order to their place. NumPy computes a mask and indexes with it ({@code aux[mask]}); the
 * compaction reads the sorted keys twice and writes the values once, with no mask and no boolean
 * indexing, and only the count comes back to the host (the result's length).
 */
final class UniqueValues {
    private UniqueValues() { }

    static final int THREADS = 256, PER = 16, CHUNK = THREADS * PER;

    private static final KernelTemplate UNIQUE =
            KernelTemplate.sections("unique.tmpl", UniqueValues.class.getResourceAsStream("unique.tmpl")).get("unique");

    private record Key(Dialect dialect, DType dtype) { }

    private static final ConcurrentHashMap<Key, String> SOURCES = new ConcurrentHashMap<>();

    /**
     * The distinct values of contiguous sorted 1-d {@code sorted} (a real dtype, sorted in NumPy's
     * order: NaNs last), in order. The caller has made its device current.
     */
    static NDArray of(NDArray sorted) {
        DType d = sorted.dtype();
        if (d.isComplex() || sorted.ndim() != 1 || !sorted.isCContiguous()) {
            throw new IllegalArgumentException("unique values: expected a contiguous 1-d real array, got " + sorted);
        }
        Device dev = sorted.device();
        long n = sorted.size(), chunks = (n + CHUNK - 1) / CHUNK;
        String program = "nd_unique_" + d;
        String src = SOURCES.computeIfAbsent(new Key(dev.backend().dialect(), d), k -> source(k.dialect(), d));
        var count = dev.programs().kernel(program, src, List.of(), "nd_unique_count_" + d);
        var scan = dev.programs().kernel(program, src, List.of(), "nd_unique_scan_" + d);
        var scatter = dev.programs().kernel(program, src, List.of(), "nd_unique_scatter_" + d);
        var stream = dev.currentStream().backendStream();
        long[] block = {THREADS};
        NDArray out = NDArray.empty(dev, d, new long[]{n}, Order.C);
        long distinct;
        try (NDArray counts = NDArray.empty(dev, DType.INT32, new long[]{chunks}, Order.C);
             NDArray starts = NDArray.empty(dev, DType.INT64, new long[]{chunks + 1}, Order.C)) {
            dev.backend().launch(stream, count, new long[]{chunks}, block, 0, sorted.buffer(), sorted.offset(), n, counts.buffer(), counts.offset());
            dev.backend().launch(stream, scan, new long[]{1}, block, 0, counts.buffer(), counts.offset(), chunks, starts.buffer(), starts.offset());
            dev.backend().launch(stream, scatter, new long[]{chunks}, block, 0, sorted.buffer(), sorted.offset(), n, starts.buffer(), starts.offset(),
                    out.buffer(), out.offset());
            try (NDArray total = starts.get(chunks)) {
                distinct = ((Number) total.item()).longValue();
            }
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
        // the first `distinct` elements: a view while it keeps most of the memory in use, else a copy that frees the rest
        try (out) {
            NDArray head = out.view(new long[]{distinct}, new long[]{d.itemsize()}, out.offset());
            if (2 * distinct >= n) return head;
            try (head) {
                return head.copy();
            }
        }
    }

    static String source(Dialect dialect, DType d) {
        String k = RadixSort.codeType(d);
        Map<String, Object> v = new HashMap<>(Map.of("tag", d.toString(), "u", RadixSort.unsignedType(d), "k", k, "key", RadixSort.keyFunction(d, k, "_u"),
                "THREADS", THREADS, "PER", PER, "CHUNK", CHUNK, "SLOTS", CHUNK + CHUNK / 32, "LAST", THREADS - 1));
        v.keySet().retainAll(UNIQUE.placeholders());
        return dialect.prelude() + "\n" + UNIQUE.fill(v);
    }
}
