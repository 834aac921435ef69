package org.ndgpu.routines.sorting;

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
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Ranges;
import org.ndgpu.ndarray.Scalars;
import org.ndgpu.ndarray.Shapes;

/**
 * numpy.sort and numpy.argsort along one axis, on the device: each row (the axis moved last) is
 * padded to a power of two P and put through a bitonic sorting network. Steps whose pairs lie within
 * a block of {@value #BLOCK} elements run in local memory, many steps per launch (all of them when
 * P &lt;= BLOCK); the others are one compare-exchange kernel per step over the rows (for P = 2^24:
 * 120 global steps and 16 local launches instead of 300 global steps). NaN sorts
 * last, as in NumPy; padding is NaN (floats) or the dtype's maximum, so it sorts after every element
 * and the first n of each row are the answer (complex: in NumPy's complex order, padded with nan + nanj,
 * always by the network). argsort carries the element indices and breaks ties
 * by them, so it is stable (NumPy's kind='stable'; CuPy's argsort is stable too).
 *
 * <p>Up to {@value RadixSort#MAX_ROWS} rows longer than {@value #BLOCK} (a 1-d sort, argsort and unique
 * among them) go to {@link RadixSort}, one row after another. More rows than that, each longer than
 * {@value #ONESWEEP_MIN_LENGTH}, go to {@link OnesweepSort}: 8-bit radix passes over all rows at once,
 * rather than O(n log^2 n) work. The network keeps short rows and whatever neither radix sort takes.
 * On CUDA and NVIDIA's OpenCL, where OnesweepSort ranks a tile by warp (ballots), it takes every row
 * longer than 1024, a single one included. Elsewhere the split follows what ran faster on the GPU with both in
 * one build: OnesweepSort's local splits cost more than the 4-bit sort for a single row, and more than
 * the network for rows of up to 1024 (the figures are in routines/notes/SORT.md and BENCHMARKS.md).
 */
public final class Sorting {
    private Sorting() {}

    private record Key(DType dtype, boolean indices) {}

    private static final ConcurrentHashMap<Key, Spec> SPECS = new ConcurrentHashMap<>();

    /** numpy.sort(a, axis) when {@code indices} is false, numpy.argsort(a, axis, kind='stable') when true. */
    public static NDArray sort(String op, NDArray a, int axis, boolean indices) {
        a.live(op);
        if (a.dtype().isTime()) return TimeOrder.sort(op, a, axis, indices);
        try (var _ = a.device().use()) { // the work buffers live where a lives
            return sortOn(op, a, axis, indices);
        }
    }

    private static NDArray sortOn(String op, NDArray a, int axis, boolean indices) {
        DType d = a.dtype();
        int ax = Shapes.axis(op, axis, a.ndim());
        long n = a.shape()[ax];
        long rows = n == 0 ? 0 : a.size() / n;
        long p = Long.highestOneBit(Math.max(1, n));
        if (p < n) p <<= 1;
        try (NDArray moved = a.moveaxis(new int[] {ax}, new int[] {-1})) {
            long[] movedShape = moved.shape();
            if (a.size() == 0 || n == 1) {
                NDArray trivial = indices ? Creation.zeros(DType.INT64, movedShape) : moved.copy(Order.C);
                return backInPlace(trivial, ax);
            }
            // where the onesweep ranks keys by warp (ballots: CUDA, NVIDIA's OpenCL) it takes every long
            // row; elsewhere its local splits cost more than the 4-bit sort for a few rows
            boolean warpRanked =
                    OnesweepSort.warpRanked(a.device()) && n > ONESWEEP_MIN_LENGTH && OnesweepSort.handles(d, n, rows);
            if (!warpRanked
                    && rows <= RadixSort.MAX_ROWS
                    && RadixSort.handles(d, n)) { // a few long rows: radix passes, one row after another
                return backInPlace(radixRows(moved, movedShape, rows, n, indices), ax);
            }
            if (n > ONESWEEP_MIN_LENGTH
                    && OnesweepSort.handles(
                            d, n, rows)) { // many long rows: 8-bit onesweep passes over all rows at once
                return backInPlace(OnesweepSort.sortRows(moved, rows, n, indices), ax);
            }
            try (NDArray keys = padKeys(d, rows, p);
                    NDArray keysN = keys.view(withLast(movedShape, n), rowStrides(keys, movedShape), keys.offset())) {
                Copies.copyInto(moved, keysN);
                NDArray idx = null;
                try {
                    if (indices) {
                        try (NDArray cols = Ranges.arange(0L, p, 1L);
                                NDArray b = cols.broadcastTo(rows, p)) {
                            idx = b.copy(Order.C);
                        }
                    }
                    Spec spec = SPECS.computeIfAbsent(new Key(d, indices), k -> spec(k.dtype(), k.indices()));
                    long pairs = rows * (p / 2), total = rows * p;
                    // every step with j < BLOCK / 2 runs in local memory, a block of BLOCK elements per work-group:
                    // all of k <= BLOCK at once, then the tail of each larger k after its global steps
                    localSteps(a.device(), d, indices, keys, idx, p, total, 2, Math.min(p, BLOCK));
                    for (long k = 2L * BLOCK; k <= p; k <<= 1) {
                        for (long j = k >> 1; j >= BLOCK; j >>= 1) {
                            Object[] args = indices ? new Object[] {keys, idx, p, k, j} : new Object[] {keys, p, k, j};
                            ElementwiseLoop.run(spec, args, new long[] {pairs});
                        }
                        localSteps(a.device(), d, indices, keys, idx, p, total, k, k);
                    }
                    NDArray sorted = indices ? idx : keys;
                    try (NDArray firstN =
                            sorted.view(withLast(movedShape, n), rowStrides(sorted, movedShape), sorted.offset())) {
                        return backInPlace(firstN.copy(Order.C), ax);
                    }
                } finally {
                    if (idx != null) idx.close();
                }
            }
        }
    }

    /**
     * The stable argsort of the 1-d integer array {@code a} with the sorted keys beside it, {sorted, argsort}: the
     * radix sorts move the keys in every pass, so keeping the last pass's costs one more write of them rather than a
     * gather of a[argsort]. Rows short enough for the network are sorted twice (keys, then argsort).
     */
    public static NDArray[] argsortWithKeys(String op, NDArray a) {
        a.live(op);
        DType d = a.dtype();
        if (a.ndim() != 1 || !d.isInteger())
            throw new IllegalArgumentException(
                    op + ": argsortWithKeys takes a 1-d integer array, got " + d + " of " + Shapes.str(a.shape()));
        long n = a.size();
        try (var _ = a.device().use()) {
            // the same choice of sort as sortOn's for one row
            if (OnesweepSort.warpRanked(a.device()) && n > ONESWEEP_MIN_LENGTH && OnesweepSort.handles(d, n, 1))
                return OnesweepSort.sortRows(a, 1, n, true, true);
            if (RadixSort.handles(d, n)) return RadixSort.sort1d(a, true, true);
            NDArray sorted = sortOn(op, a, 0, false);
            try {
                return new NDArray[] {sorted, sortOn(op, a, 0, true)};
            } catch (RuntimeException e) {
                sorted.close();
                throw e;
            }
        }
    }

    // each row through RadixSort in turn, into one (moved-shape) result
    private static NDArray radixRows(NDArray moved, long[] movedShape, long rows, long n, boolean indices) {
        if (rows == 1) {
            try (NDArray flat = moved.reshape(n);
                    NDArray r = RadixSort.sort1d(flat, indices)) {
                return r.reshape(movedShape);
            }
        }
        NDArray out =
                NDArray.empty(moved.device(), indices ? DType.INT64 : moved.dtype(), new long[] {rows, n}, Order.C);
        try (NDArray byRow = moved.reshape(rows, n)) {
            for (long r = 0; r < rows; r++) {
                try (NDArray src = byRow.get(Long.toString(r));
                        NDArray sorted = RadixSort.sort1d(src, indices);
                        NDArray dst = out.get(Long.toString(r))) {
                    Copies.copyInto(sorted, dst);
                }
            }
            try (out) {
                return out.reshape(movedShape);
            }
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private static final ConcurrentHashMap<DType, Spec> SEARCH = new ConcurrentHashMap<>(),
            SPECS_PAD = new ConcurrentHashMap<>();

    /**
     * numpy.searchsorted(a, v, side): for each value of v, the index where it would be inserted into
     * the sorted 1-d array a to keep it sorted ("left": before equal values, "right": after them); a
     * binary search per value, in NumPy's order (NaN last, NaT last). The search runs in the common dtype of a and v.
     */
    public static NDArray searchsorted(String op, NDArray a, Object v, String side) {
        a.live(op);
        if (a.ndim() != 1)
            throw new org.ndgpu.exceptions.ShapeException(
                    op + ": a must be 1-dimensional, got shape " + Shapes.str(a.shape()));
        if (!side.equals("left") && !side.equals("right")) {
            throw new org.ndgpu.exceptions.NdException(op + ": side must be 'left' or 'right', got '" + side + "'");
        }
        try (var _ = a.device().use()) {
            NDArray values = v instanceof NDArray arr ? arr.live(op) : Creation.full(v, scalarDType(a.dtype(), v));
            try {
                if (a.dtype().isTime() || values.dtype().isTime()) return TimeOrder.searchsorted(op, a, values, side);
                DType t = DType.promote(a.dtype(), values.dtype());
                try (NDArray sorted = a.dtype() == t && a.isCContiguous()
                                ? a.view(a.shape(), a.strides(), a.offset())
                                : a.astype(t);
                        NDArray vt = values.dtype() == t
                                ? values.view(values.shape(), values.strides(), values.offset())
                                : values.astype(t)) {
                    NDArray out = NDArray.empty(a.device(), DType.INT64, values.shape(), Order.C);
                    Spec spec = SEARCH.computeIfAbsent(t, Sorting::searchSpec);
                    ElementwiseLoop.run(
                            spec,
                            new Object[] {vt, sorted, out, a.size(), side.equals("right") ? 1L : 0L},
                            values.shape());
                    return out;
                }
            } finally {
                if (values != v) values.close();
            }
        }
    }

    /**
     * The dtype of a Java number searched for in an array of {@code array}: an integer that fits an integer
     * array takes its dtype, as NumPy finds one for the value (uint64 stays exact rather than going
     * through float64 with int64); others their Java type's.
     */
    private static DType scalarDType(DType array, Object v) {
        // an integer out of the array's range (-1 with uint64) keeps its Java type: both as float64, as NumPy compares
        // them
        boolean fits = array.isInteger() && Scalars.isJavaInteger(v) && Scalars.fits(((Number) v).longValue(), array);
        return fits ? array : DType.ofJavaValue(v);
    }

    static Spec searchSpec(DType d) {
        String body = NETWORK.get("search")
                .fill(Map.of(
                        "c",
                        CTypes.compute(d),
                        "load",
                        CTypes.load(d, "(sorted + _mid)"),
                        "xLessM",
                        less(d, "x", "_m"),
                        "mLessX",
                        less(d, "_m", "x")));
        return new Spec(
                "nd_searchsorted_" + d,
                List.of(
                        new Param("x", d, Kind.IN),
                        new Param("sorted", d, Kind.RAW),
                        new Param("y", DType.INT64, Kind.OUT),
                        new Param("_len", DType.INT64, Kind.SCALAR),
                        new Param("_right", DType.INT64, Kind.SCALAR)),
                body.strip());
    }

    private static final KernelTemplate.Sections NETWORK =
            KernelTemplate.sections("sort-network.tmpl", Sorting.class.getResourceAsStream("sort-network.tmpl"));

    /**
     * NumPy's order as a C expression: {@code x} sorts before {@code y}, NaN after everything (and equal to NaN).
     * Complex values order as NumPy's npysort CDOUBLE_LT: lexicographically, real part then imaginary, with
     * [R + Rj, R + nanj, nan + Rj, nan + nanj] (R not NaN), each class by its non-NaN part.
     */
    private static String less(DType d, String x, String y) {
        if (d.isComplex()) {
            String ax = x + ".x", ay = x + ".y", bx = y + ".x", by = y + ".y";
            return ("(%1$s < %3$s ? (%2$s == %2$s || %4$s != %4$s) : %1$s > %3$s ? (%4$s != %4$s && %2$s == %2$s)"
                            + " : (%1$s == %3$s || (%1$s != %1$s && %3$s != %3$s)) ? (%2$s < %4$s || (%4$s != %4$s && %2$s == %2$s)) : %3$s != %3$s)")
                    .formatted(ax, ay, bx, by);
        }
        return d.isFloating()
                ? "(" + x + " < " + y + " || (" + y + " != " + y + " && " + x + " == " + x + "))"
                : "(" + x + " < " + y + ")";
    }

    /** Section {@code section} filled with those of {@code values} it uses, or "" when {@code used} is false. */
    private static String fill(String section, boolean used, Map<String, Object> values) {
        if (!used) return "";
        KernelTemplate t = NETWORK.get(section);
        var mine = new HashMap<>(values);
        mine.keySet().retainAll(t.placeholders());
        return t.fill(mine);
    }

    /** Elements per work-group in the local-memory steps, and the work-group size (one thread per pair). */
    static final int BLOCK = 512, LOCAL_THREADS = BLOCK / 2;

    /** The row length from which many rows go to OnesweepSort rather than the network (see the class comment). */
    static final long ONESWEEP_MIN_LENGTH = 1024;

    private record LocalKey(Dialect dialect, DType dtype, boolean indices) {}

    private static final ConcurrentHashMap<LocalKey, String> LOCAL_SOURCES = new ConcurrentHashMap<>();

    // network steps k = kStart..kEnd (doubling), each with j from min(k/2, BLOCK/2) down to 1, in local memory
    private static void localSteps(
            org.ndgpu.device.Device dev,
            DType d,
            boolean indices,
            NDArray keys,
            NDArray idx,
            long p,
            long total,
            long kStart,
            long kEnd) {
        String name = "nd_" + (indices ? "argsort" : "sort") + "_local_" + d;
        String src = LOCAL_SOURCES.computeIfAbsent(
                new LocalKey(dev.backend().dialect(), d, indices), k -> localSource(k.dialect(), name, d, indices));
        var kernel = dev.programs().kernel(name, src, List.of(), name);
        LaunchArgs args = LaunchArgs.of(indices ? 8 : 6).array(keys);
        if (indices) args.array(idx);
        long blocks = (total + BLOCK - 1) / BLOCK;
        args.i64(p).i64(total).i64(kStart).i64(kEnd).launch(dev, kernel, blocks, LOCAL_THREADS);
    }

    static String localSource(Dialect dialect, String name, DType d, boolean indices) {
        Map<String, Object> v = new HashMap<>(Map.of(
                "name",
                name,
                "t",
                CTypes.storage(d),
                "c",
                CTypes.compute(d),
                "BLOCK",
                BLOCK,
                "LOCAL_THREADS",
                LOCAL_THREADS,
                "HALF",
                BLOCK / 2,
                "lessAB",
                less(d, "_a", "_b"),
                "lessBA",
                less(d, "_b", "_a")));
        v.put("load", CTypes.load(d, "(keys + _base + _e)"));
        v.put("store", CTypes.store(d, "(keys + _base + _e)", "sk[_e]"));
        v.put("swap", fill(indices ? "local.index.swap" : "local.swap", true, v));
        v.put("indexParams", fill("local.index.params", indices, v).strip());
        v.put("indexShared", fill("local.index.shared", indices, v));
        v.put("indexPointer", fill("local.index.pointer", indices, v));
        v.put("indexLoad", fill("local.index.load", indices, v));
        v.put("indexStore", fill("local.index.store", indices, v));
        return dialect.prelude() + "\n" + fill("local", true, v);
    }

    // the moved-last result back in the caller's axis order, C-contiguous as numpy.sort returns it
    private static NDArray backInPlace(NDArray movedResult, int ax) {
        if (ax == movedResult.ndim() - 1) return movedResult;
        try (NDArray r = movedResult;
                NDArray back = r.moveaxis(new int[] {-1}, new int[] {ax})) {
            return back.copy(Order.C);
        }
    }

    private static long[] withLast(long[] shape, long last) {
        long[] s = shape.clone();
        s[s.length - 1] = last;
        return s;
    }

    // strides that view a (rows, P) buffer as movedShape[:-1] + (n,): rows laid out C-order, P apart
    private static long[] rowStrides(NDArray buf, long[] movedShape) {
        int nd = movedShape.length;
        long[] st = new long[nd];
        long item = buf.itemsize();
        st[nd - 1] = item;
        long s = buf.shape()[1] * item;
        for (int q = nd - 2; q >= 0; q--) {
            st[q] = s;
            s *= movedShape[q];
        }
        return st;
    }

    /** rows x p keys filled with the value that sorts last (the largest, or NaN), which pads each row to p. */
    private static NDArray padKeys(DType d, long rows, long p) {
        if (d.isComplex()) {
            // nan + nanj, the last of NumPy's complex order (a NaN scalar fills as nan + 0j, which sorts before it)
            NDArray keys = NDArray.empty(org.ndgpu.device.Device.current(), d, new long[] {rows, p}, Order.C);
            String mk = d == DType.COMPLEX64 ? "nd_c64" : "nd_c128";
            ElementwiseLoop.run(
                    SPECS_PAD.computeIfAbsent(
                            d,
                            x -> new Spec(
                                    "nd_sort_pad_" + x,
                                    List.of(new Param("y", x, Kind.OUT)),
                                    "y = " + mk + "(NAN, NAN);")),
                    new Object[] {keys},
                    keys.shape());
            return keys;
        }
        if (d != DType.UINT64) return Creation.full(pad(d), d, rows, p);
        // uint64's largest value is no Java long: fill its bits as int64 -1 and view them as uint64
        try (NDArray bits = Creation.full(-1L, DType.INT64, rows, p)) {
            return bits.viewAs(DType.UINT64);
        }
    }

    private static Object pad(DType d) {
        return switch (d) {
            case BOOL -> true;
            case UINT8 -> 255L;
            case UINT16 -> 65535L;
            case UINT32 -> 0xFFFFFFFFL;
            case INT8 -> (long) Byte.MAX_VALUE;
            case INT16 -> (long) Short.MAX_VALUE;
            case INT32 -> (long) Integer.MAX_VALUE;
            case INT64 -> Long.MAX_VALUE;
            default -> Double.NaN;
        };
    }

    // one network step (k, j): pair t of row r compares positions lo and lo + j, ascending when (lo & k) == 0
    static Spec spec(DType d, boolean indices) {
        String t = CTypes.storage(d);
        Map<String, Object> v = new HashMap<>(Map.of(
                "t",
                t,
                "c",
                CTypes.compute(d),
                "loadLo",
                CTypes.load(d, "(_row + _lo)"),
                "loadHi",
                CTypes.load(d, "(_row + _hi)"),
                "lessAB",
                less(d, "_a", "_b"),
                "lessBA",
                less(d, "_b", "_a")));
        v.put("swap", fill(indices ? "step.index.swap" : "step.swap", true, v));
        String body = fill("step", true, v).strip();
        List<Param> params = indices
                ? List.of(
                        new Param("keys", d, Kind.RAW),
                        new Param("idx", DType.INT64, Kind.RAW),
                        new Param("_P", DType.INT64, Kind.SCALAR),
                        new Param("_k", DType.INT64, Kind.SCALAR),
                        new Param("_j", DType.INT64, Kind.SCALAR))
                : List.of(
                        new Param("keys", d, Kind.RAW),
                        new Param("_P", DType.INT64, Kind.SCALAR),
                        new Param("_k", DType.INT64, Kind.SCALAR),
                        new Param("_j", DType.INT64, Kind.SCALAR));
        return new Spec("nd_" + (indices ? "argsort" : "sort") + "_step_" + d, params, body);
    }
}
