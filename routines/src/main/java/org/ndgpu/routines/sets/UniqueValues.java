package org.ndgpu.routines.sets;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.routines.indexing.Masking;
import org.ndgpu.routines.indexing.Take;
import org.ndgpu.routines.sorting.RadixSort;
import org.ndgpu.routines.sorting.Sorting;

/**
 * numpy.unique: the sorted distinct values. From a sorted 1-d array of a real dtype, the first
 * element of each run of equal values, NaNs making one run (NumPy 2's {@code equal_nan}), compacted
 * on the device by three kernels ({@code unique.tmpl}): run starts per chunk, the chunks' scan, then each chunk's run starts
 * written in order to their place. NumPy computes a mask and indexes with it ({@code aux[mask]}); the
 * compaction reads the sorted keys twice and writes the values once, with no mask and no boolean
 * indexing, and only the count comes back to the host (the result's length).
 */
public final class UniqueValues {
    private UniqueValues() {}

    static final int THREADS = 256, PER = 16, CHUNK = THREADS * PER;

    private static final KernelTemplate UNIQUE = KernelTemplate.sections(
                    "unique.tmpl", UniqueValues.class.getResourceAsStream("unique.tmpl"))
            .get("unique");

    private record Key(Dialect dialect, DType dtype) {}

    private static final ConcurrentHashMap<Key, String> SOURCES = new ConcurrentHashMap<>();

    /**
     * numpy.unique(a): the sorted distinct values of the flattened array; NaNs count as one (NumPy 2's equal_nan),
     * for complex every value with a NaN part ({@link #ofComplex}).
     */
    public static NDArray unique(String op, NDArray a) {
        a.live(op);
        if (a.dtype().isTime()) {
            try (NDArray k = org.ndgpu.routines.sorting.TimeOrder.key(a)) {
                return org.ndgpu.routines.sorting.TimeOrder.fromKey(unique(op, k), a.dtype());
            }
        }
        if (a.dtype().isComplex()) {
            try (var _ = a.device().use();
                    NDArray flat = a.ravel();
                    NDArray c = flat.copy(Order.C)) {
                return c.size() <= 1 ? c.copy() : ofComplex(op, c);
            }
        }
        try (var _ = a.device().use();
                NDArray flat = a.ravel();
                NDArray sorted = Sorting.sort(op, flat, 0, false)) {
            long n = sorted.size();
            if (n <= 1) return sorted.copy();
            return of(sorted);
        }
    }

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
        NDArray out = NDArray.empty(dev, d, new long[] {n}, Order.C);
        long distinct;
        try (NDArray counts = NDArray.empty(dev, DType.INT32, new long[] {chunks}, Order.C);
                NDArray starts = NDArray.empty(dev, DType.INT64, new long[] {chunks + 1}, Order.C)) {
            LaunchArgs.of(5).array(sorted).i64(n).array(counts).launch(dev, count, chunks, THREADS);
            LaunchArgs.of(5).array(counts).i64(chunks).array(starts).launch(dev, scan, 1, THREADS);
            LaunchArgs.of(7).array(sorted).i64(n).array(starts).array(out).launch(dev, scatter, chunks, THREADS);
            try (NDArray total = starts.get(chunks)) {
                distinct = ((Number) total.item()).longValue();
            }
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
        // the first `distinct` elements: a view while it keeps most of the memory in use, else a copy that frees the
        // rest
        try (out) {
            NDArray head = out.view(new long[] {distinct}, new long[] {d.itemsize()}, out.offset());
            if (2 * distinct >= n) return head;
            try (head) {
                return head.copy();
            }
        }
    }

    private static final ConcurrentHashMap<DType, Spec> COMPLEX_KEYS = new ConcurrentHashMap<>(),
            COMPLEX_RUNS = new ConcurrentHashMap<>();

    /**
     * numpy.unique's values of contiguous 1-d complex {@code flat}, as NumPy 2.4 gives them (its hash set, then
     * its sort): equal values (0 and -0 alike) kept once, as the first of them in {@code flat}; every value with a
     * NaN part one value, the first such in {@code flat}, placed last as NumPy's complex order puts them; the rest
     * in lexicographic order, real part then imaginary. Each element gets a key (has-NaN, real, imaginary; the
     * parts 0 for a NaN one, -0 as 0), the keys are ordered by three stable argsorts from the least significant
     * key up (so equal keys keep the input's order), and the first element of each run of equal keys is kept.
     * The caller has made its device current.
     */
    static NDArray ofComplex(String op, NDArray flat) {
        DType d = flat.dtype(), r = d.real();
        Device dev = flat.device();
        long n = flat.size();
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray nan = track(temps, NDArray.empty(dev, DType.INT8, new long[] {n}, Order.C));
            NDArray re = track(temps, NDArray.empty(dev, r, new long[] {n}, Order.C));
            NDArray im = track(temps, NDArray.empty(dev, r, new long[] {n}, Order.C));
            ElementwiseLoop.run(
                    COMPLEX_KEYS.computeIfAbsent(d, UniqueValues::complexKeys),
                    new Object[] {flat, nan, re, im},
                    flat.shape());
            // least significant key first: each stable argsort keeps the order the previous ones made among its ties
            NDArray perm = track(temps, Sorting.sort(op, im, 0, true));
            for (NDArray key : new NDArray[] {re, nan}) {
                NDArray byPerm = track(temps, Take.take(op, key, perm, 0));
                NDArray p = track(temps, Sorting.sort(op, byPerm, 0, true));
                perm = track(temps, Take.take(op, perm, p, 0));
            }
            NDArray sortedNan = track(temps, Take.take(op, nan, perm, 0)),
                    sortedRe = track(temps, Take.take(op, re, perm, 0));
            NDArray sortedIm = track(temps, Take.take(op, im, perm, 0)),
                    sorted = track(temps, Take.take(op, flat, perm, 0));
            NDArray first = track(temps, NDArray.empty(dev, DType.BOOL, new long[] {n}, Order.C));
            ElementwiseLoop.run(
                    COMPLEX_RUNS.computeIfAbsent(r, UniqueValues::runStarts),
                    new Object[] {first, raw(sortedNan, temps), raw(sortedRe, temps), raw(sortedIm, temps)},
                    first.shape());
            return Masking.select(op, sorted, first);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    private static Spec complexKeys(DType d) {
        DType r = d.real();
        return new Spec(
                "nd_unique_complex_keys_" + d,
                List.of(
                        new Param("z", d, Kind.IN),
                        new Param("nan", DType.INT8, Kind.OUT),
                        new Param("re", r, Kind.OUT),
                        new Param("im", r, Kind.OUT)),
                """
                int _nan = isnan(z.x) || isnan(z.y);
                nan = (char)_nan;
                re = _nan || z.x == 0 ? 0 : z.x;
                im = _nan || z.y == 0 ? 0 : z.y;""");
    }

    private static Spec runStarts(DType r) {
        String body = "long _i = (long)i;\nfirst = _i == 0 || %s != %s || %s != %s || %s != %s;"
                .formatted(
                        CTypes.load(DType.INT8, "(nan + _i)"),
                        CTypes.load(DType.INT8, "(nan + _i - 1)"),
                        CTypes.load(r, "(re + _i)"),
                        CTypes.load(r, "(re + _i - 1)"),
                        CTypes.load(r, "(im + _i)"),
                        CTypes.load(r, "(im + _i - 1)"));
        return new Spec(
                "nd_unique_complex_runs_" + r,
                List.of(
                        new Param("first", DType.BOOL, Kind.OUT),
                        new Param("nan", DType.INT8, Kind.RAW),
                        new Param("re", r, Kind.RAW),
                        new Param("im", r, Kind.RAW)),
                body);
    }

    private static NDArray raw(NDArray x, List<NDArray> temps) {
        return track(temps, x.view(new long[0], new long[0], x.offset()));
    }

    private static NDArray track(List<NDArray> temps, NDArray x) {
        temps.add(x);
        return x;
    }

    static String source(Dialect dialect, DType d) {
        String k = RadixSort.codeType(d);
        Map<String, Object> v = new HashMap<>(Map.of(
                "tag",
                d.toString(),
                "u",
                RadixSort.unsignedType(d),
                "k",
                k,
                "key",
                RadixSort.keyFunction(d, k, "_u"),
                "THREADS",
                THREADS,
                "PER",
                PER,
                "CHUNK",
                CHUNK,
                "SLOTS",
                CHUNK + CHUNK / 32,
                "LAST",
                THREADS - 1));
        v.keySet().retainAll(UNIQUE.placeholders());
        return dialect.prelude() + "\n" + UNIQUE.fill(v);
    }
}
