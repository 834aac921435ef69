package org.ndgpu.routines;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.Nd;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;

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
 * H200, 2^24 float32: see BENCHMARKS.md (the bitonic network it replaces for long rows: 11 ms).
 */
final class RadixSort {
    private RadixSort() { }

    static final int THREADS = 256, PER = 8, TILE = THREADS * PER, DIGITS = 16, PAIRS = DIGITS / 2;

    /** Rows longer than this go through the radix sort; shorter ones stay on the local-memory bitonic sort. */
    static final int MIN_LENGTH = Sorting.BLOCK;
    /** At most this many rows are radix-sorted (one after another); more go to the network, all rows at once. */
    static final int MAX_ROWS = 16;

    private record Source(Dialect dialect, DType dtype, boolean indices) { }

    private static final ConcurrentHashMap<Source, String> SOURCES = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<Dialect, String> SCAN_SOURCES = new ConcurrentHashMap<>();

    /** True when {@code sort1d} takes a row of {@code n} elements of {@code d}. */
    static boolean handles(DType d, long n) { return n > MIN_LENGTH && n < Integer.MAX_VALUE && !d.isComplex(); }

    /**
     * The sorted copy of the 1-d array {@code row} (any strides), or with {@code indices} the stable
     * argsort (int64). The caller has made {@code row}'s device current.
     */
    static NDArray sort1d(NDArray row, boolean indices) {
        Device dev = row.device();
        DType d = row.dtype();
        long n = row.size();
        int width = 8 * d.itemsize();
        long tiles = (n + TILE - 1) / TILE;
        String tag = tag(d, indices);
        String src = SOURCES.computeIfAbsent(new Source(dev.backend().dialect(), d, indices), s -> source(s.dialect(), d, indices));
        BackendKernel count = dev.programs().kernel("nd_radix_" + tag, src, List.of(), "nd_radix_count_" + tag);
        BackendKernel scatter = dev.programs().kernel("nd_radix_" + tag, src, List.of(), "nd_radix_scatter_" + tag);
        NDArray a = row.copy(Order.C), b = null, ia = null, ib = null, hist = null;
        try {
            b = NDArray.empty(dev, d, new long[]{n}, Order.C);
            if (indices) {
                ia = Nd.arange(0L, n, 1L);
                ib = NDArray.empty(dev, DType.INT64, new long[]{n}, Order.C);
            }
            hist = NDArray.empty(dev, DType.INT32, new long[]{DIGITS * tiles}, Order.C);   // read as uint
            var stream = dev.currentStream().backendStream();
            long[] grid = {tiles}, block = {THREADS};
            for (int shift = 0; shift < width; shift += 4) {
                dev.backend().launch(stream, count, grid, block, 0, a.buffer(), a.offset(), n, shift, hist.buffer(), hist.offset(), tiles);
                exclusiveScan(dev, hist, DIGITS * tiles);
                Object[] args = indices
                        ? new Object[]{a.buffer(), a.offset(), b.buffer(), b.offset(), ia.buffer(), ia.offset(), ib.buffer(), ib.offset(),
                                       n, shift, hist.buffer(), hist.offset(), tiles}
                        : new Object[]{a.buffer(), a.offset(), b.buffer(), b.offset(), n, shift, hist.buffer(), hist.offset(), tiles};
                dev.backend().launch(stream, scatter, grid, block, 0, args);
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
            for (NDArray x : new NDArray[]{a, b, ia, ib, hist}) if (x != null) x.close();
        }
    }

    // exclusive prefix sums of m uints in place: per 2048-entry chunk, then the chunk totals (recursively), then added back
    private static void exclusiveScan(Device dev, NDArray buf, long m) {
        String src = SCAN_SOURCES.computeIfAbsent(dev.backend().dialect(), RadixSort::scanSource);
        BackendKernel local = dev.programs().kernel("nd_radix_scan", src, List.of(), "nd_radix_scan_local");
        long chunks = (m + TILE - 1) / TILE;
        try (NDArray sums = NDArray.empty(dev, DType.INT32, new long[]{chunks}, Order.C)) {
            var stream = dev.currentStream().backendStream();
            dev.backend().launch(stream, local, new long[]{chunks}, new long[]{THREADS}, 0,
                    buf.buffer(), buf.offset(), m, sums.buffer(), sums.offset());
            if (chunks > 1) {
                exclusiveScan(dev, sums, chunks);
                BackendKernel add = dev.programs().kernel("nd_radix_scan", src, List.of(), "nd_radix_scan_add");
                dev.backend().launch(stream, add, new long[]{(m + THREADS - 1) / THREADS}, new long[]{THREADS}, 0,
                        buf.buffer(), buf.offset(), m, sums.buffer(), sums.offset());
            }
        }
    }

    /** The kernels' name part: "sort_float32", "argsort_int64". */
    private static String tag(DType d, boolean indices) { return (indices ? "argsort_" : "sort_") + d; }

    /**
     * A C expression of type {@code k} (uint or ulong): the order-preserving unsigned code of the element
     * whose raw bits are {@code u}; only the dtype's width of it is used.
     */
    static String keyFunction(DType d, String k, String u) {
        int w = 8 * d.itemsize();
        String suffix = w == 64 ? "UL" : "u";
        String sign = "((" + k + ")1 << " + (w - 1) + ")";
        return switch (d) {
            case BOOL, UINT8 -> "(" + k + ")" + u;
            case INT8, INT16, INT32, INT64 -> "((" + k + ")" + u + " ^ " + sign + ")";
            case FLOAT16, FLOAT32, FLOAT64 -> {
                String inf = switch (w) {
                    case 16 -> "0x7C00u";
                    case 32 -> "0x7F800000u";
                    default -> "0x7FF0000000000000UL";
                };
                String abs = "((" + k + ")" + u + " & ~" + sign + ")";
                String all = w == 64 ? "0xFFFFFFFFFFFFFFFFUL" : "0x" + "F".repeat(w / 4) + suffix;
                // NaN (above inf's bits) last; both zeros as +0; negatives reversed; positives above them
                yield "(" + abs + " > " + inf + " ? (" + k + ")" + all + " : " + abs + " == 0 ? " + sign
                        + " : ((" + k + ")" + u + " & " + sign + ") ? ~(" + k + ")" + u + " : ((" + k + ")" + u + " | " + sign + "))";
            }
            default -> throw new IllegalArgumentException("radix sort: no key for " + d);
        };
    }

    private static String unsigned(int width) {
        return switch (width) {
            case 8 -> "uchar";
            case 16 -> "ushort";
            case 32 -> "uint";
            default -> "ulong";
        };
    }

    static String source(Dialect dialect, DType d, boolean indices) {
        int w = 8 * d.itemsize();
        String u = unsigned(w), k = w == 64 ? "ulong" : "uint", tag = tag(d, indices);
        String digit = "(int)((" + keyFunction(d, k, "_u") + " >> _shift) & 15)";
        String idxParams = indices ? ", ND_GLOBAL char* _bii, long _oii, ND_GLOBAL char* _bio, long _oio" : "";
        return dialect.prelude() + "\n"
                + "ND_DEVICE_FN int nd_rdigit(" + u + " _u, int _shift) { return " + digit + "; }\n"
                // the 16 digit counts of each tile, digit-major; two digits per uint (16 bits each), summed
                // over the work-items by a tree in local memory
                + "ND_KERNEL void nd_radix_count_" + tag + "(ND_GLOBAL char* _bk, long _ok, long _n, int _shift,\n"
                + "        ND_GLOBAL char* _bh, long _oh, long _tiles) {\n"
                + "    ND_LOCAL uint _table[" + PAIRS * THREADS + "];\n"
                + "    ND_GLOBAL " + u + "* _keys = (ND_GLOBAL " + u + "*)(_bk + _ok);\n"
                + "    ND_GLOBAL uint* _hist = (ND_GLOBAL uint*)(_bh + _oh);\n"
                + "    int _t = (int)ND_LOCAL_ID();\n"
                + "    long _base = (long)ND_GROUP_ID() * " + TILE + ";\n"
                + "    uint _c[" + PAIRS + "];\n"
                + "    for (int _q = 0; _q < " + PAIRS + "; _q++) _c[_q] = 0;\n"
                + "    for (int _e = 0; _e < " + PER + "; _e++) {\n"
                + "        long _i = _base + _e * " + THREADS + " + _t;\n"
                + "        if (_i < _n) { int _d = nd_rdigit(_keys[_i], _shift); _c[_d >> 1] += 1u << ((_d & 1) * 16); }\n"
                + "    }\n"
                + "    for (int _q = 0; _q < " + PAIRS + "; _q++) _table[_q * " + THREADS + " + _t] = _c[_q];\n"
                + "    ND_SYNC();\n"
                + "    for (int _off = " + THREADS / 2 + "; _off > 0; _off >>= 1) {\n"
                + "        if (_t < _off) for (int _q = 0; _q < " + PAIRS + "; _q++) _table[_q * " + THREADS + " + _t] += _table[_q * " + THREADS + " + _t + _off];\n"
                + "        ND_SYNC();\n"
                + "    }\n"
                + "    if (_t < " + DIGITS + ") _hist[(long)_t * _tiles + ND_GROUP_ID()] = (_table[(_t >> 1) * " + THREADS + "] >> ((_t & 1) * 16)) & 0xFFFFu;\n"
                + "}\n"
                // each key to its place: the (digit, tile) start from the scanned hist, plus the keys of that
                // digit held by earlier work-items of the tile, plus those earlier in this work-item's own run.
                // Counts are packed two digits to a uint (16 bits each: a tile holds 2048 keys), halving the scan.
                // The keys are first put in digit order in local memory, then written out in that order, so
                // neighbouring work-items write neighbouring addresses of one digit's run.
                + "ND_KERNEL void nd_radix_scatter_" + tag + "(ND_GLOBAL char* _bi, long _oi, ND_GLOBAL char* _bo, long _oo" + idxParams + ",\n"
                + "        long _n, int _shift, ND_GLOBAL char* _bh, long _oh, long _tiles) {\n"
                + "    ND_LOCAL " + u + " _tile[" + TILE + "];\n"
                + (indices ? "    ND_LOCAL long _tidx[" + TILE + "];\n" : "")
                + "    ND_LOCAL uint _table[" + PAIRS * THREADS + "];\n"
                + "    ND_LOCAL uint _start[" + DIGITS + "];\n"
                + "    ND_LOCAL long _dst[" + DIGITS + "];\n"
                + "    ND_GLOBAL " + u + "* _in = (ND_GLOBAL " + u + "*)(_bi + _oi);\n"
                + "    ND_GLOBAL " + u + "* _out = (ND_GLOBAL " + u + "*)(_bo + _oo);\n"
                + (indices ? "    ND_GLOBAL long* _iin = (ND_GLOBAL long*)(_bii + _oii);\n"
                           + "    ND_GLOBAL long* _iout = (ND_GLOBAL long*)(_bio + _oio);\n" : "")
                + "    ND_GLOBAL uint* _hist = (ND_GLOBAL uint*)(_bh + _oh);\n"
                + "    int _t = (int)ND_LOCAL_ID();\n"
                + "    long _g = (long)ND_GROUP_ID(), _base = _g * " + TILE + ";\n"
                + "    for (int _e = 0; _e < " + PER + "; _e++) {\n"      // coalesced into local memory
                + "        long _i = _base + _e * " + THREADS + " + _t;\n"
                + "        if (_i < _n) _tile[_e * " + THREADS + " + _t] = _in[_i];\n"
                + "    }\n"
                + "    for (int _q = 0; _q < " + PAIRS + "; _q++) _table[_q * " + THREADS + " + _t] = 0;\n"
                + "    ND_SYNC();\n"
                + "    " + u + " _v[" + PER + "];\n"                       // this work-item's keys: PER in a row
                + (indices ? "    long _iv[" + PER + "];\n" : "")
                + "    for (int _e = 0; _e < " + PER + "; _e++) {\n"
                + "        int _p = _t * " + PER + " + _e;\n"
                + "        _v[_e] = _tile[_p];\n"
                + (indices ? "        _iv[_e] = _base + _p < _n ? _iin[_base + _p] : 0;\n" : "")
                + "        if (_base + _p < _n) { int _d = nd_rdigit(_v[_e], _shift); _table[(_d >> 1) * " + THREADS + " + _t] += 1u << ((_d & 1) * 16); }\n"
                + "    }\n"
                + "    ND_SYNC();\n"
                // inclusive scan over work-items of each pair row (Hillis-Steele); exclusive by subtracting our own
                + "    uint _own[" + PAIRS + "];\n"
                + "    for (int _q = 0; _q < " + PAIRS + "; _q++) _own[_q] = _table[_q * " + THREADS + " + _t];\n"
                + "    for (int _off = 1; _off < " + THREADS + "; _off <<= 1) {\n"
                + "        uint _add[" + PAIRS + "];\n"
                + "        for (int _q = 0; _q < " + PAIRS + "; _q++) _add[_q] = _t >= _off ? _table[_q * " + THREADS + " + _t - _off] : 0;\n"
                + "        ND_SYNC();\n"
                + "        for (int _q = 0; _q < " + PAIRS + "; _q++) _table[_q * " + THREADS + " + _t] += _add[_q];\n"
                + "        ND_SYNC();\n"
                + "    }\n"
                + "    for (int _q = 0; _q < " + PAIRS + "; _q++) _own[_q] = _table[_q * " + THREADS + " + _t] - _own[_q];\n"
                // the tile's digit runs: where each starts in the tile, and the global offset of the tile's run
                + "    if (_t == 0) {\n"
                + "        uint _s = 0;\n"
                + "        for (int _d = 0; _d < " + DIGITS + "; _d++) {\n"
                + "            _start[_d] = _s;\n"
                + "            _dst[_d] = (long)_hist[(long)_d * _tiles + _g] - _s;\n"
                + "            _s += (_table[(_d >> 1) * " + THREADS + " + " + (THREADS - 1) + "] >> ((_d & 1) * 16)) & 0xFFFFu;\n"
                + "        }\n"
                + "    }\n"
                + "    ND_SYNC();\n"
                + "    for (int _e = 0; _e < " + PER + "; _e++) {\n"
                + "        int _p = _t * " + PER + " + _e;\n"
                + "        if (_base + _p < _n) {\n"
                + "            int _d = nd_rdigit(_v[_e], _shift), _sh = (_d & 1) * 16;\n"
                + "            uint _at = _start[_d] + ((_own[_d >> 1] >> _sh) & 0xFFFFu);\n"
                + "            _own[_d >> 1] += 1u << _sh;\n"
                + "            _tile[_at] = _v[_e];\n"
                + (indices ? "            _tidx[_at] = _iv[_e];\n" : "")
                + "        }\n"
                + "    }\n"
                + "    ND_SYNC();\n"
                + "    for (int _e = 0; _e < " + PER + "; _e++) {\n"      // out in digit order: coalesced runs
                + "        int _p = _e * " + THREADS + " + _t;\n"
                + "        if (_base + _p < _n) {\n"
                + "            " + u + " _w = _tile[_p];\n"
                + "            long _to = _dst[nd_rdigit(_w, _shift)] + _p;\n"
                + "            _out[_to] = _w;\n"
                + (indices ? "            _iout[_to] = _tidx[_p];\n" : "")
                + "        }\n"
                + "    }\n"
                + "}\n";
    }

    static String scanSource(Dialect dialect) {
        return dialect.prelude() + "\n"
                // exclusive scan of each 2048-entry chunk; the chunk's total to sums[chunk]
                + "ND_KERNEL void nd_radix_scan_local(ND_GLOBAL char* _ba, long _oa, long _m, ND_GLOBAL char* _bs, long _os) {\n"
                + "    ND_LOCAL uint _s[" + TILE + "];\n"
                + "    ND_LOCAL uint _part[" + THREADS + "];\n"
                + "    ND_GLOBAL uint* _a = (ND_GLOBAL uint*)(_ba + _oa);\n"
                + "    ND_GLOBAL uint* _sums = (ND_GLOBAL uint*)(_bs + _os);\n"
                + "    int _t = (int)ND_LOCAL_ID();\n"
                + "    long _base = (long)ND_GROUP_ID() * " + TILE + ";\n"
                + "    for (int _e = 0; _e < " + PER + "; _e++) {\n"
                + "        long _i = _base + _e * " + THREADS + " + _t;\n"
                + "        _s[_e * " + THREADS + " + _t] = _i < _m ? _a[_i] : 0;\n"
                + "    }\n"
                + "    ND_SYNC();\n"
                + "    uint _tot = 0;\n"
                + "    for (int _e = 0; _e < " + PER + "; _e++) _tot += _s[_t * " + PER + " + _e];\n"
                + "    _part[_t] = _tot;\n"
                + "    ND_SYNC();\n"
                + "    for (int _off = 1; _off < " + THREADS + "; _off <<= 1) {\n"
                + "        uint _v = _t >= _off ? _part[_t - _off] : 0;\n"
                + "        ND_SYNC();\n"
                + "        _part[_t] += _v;\n"
                + "        ND_SYNC();\n"
                + "    }\n"
                + "    uint _run = _part[_t] - _tot;\n"
                + "    for (int _e = 0; _e < " + PER + "; _e++) { uint _v = _s[_t * " + PER + " + _e]; _s[_t * " + PER + " + _e] = _run; _run += _v; }\n"
                + "    ND_SYNC();\n"
                + "    for (int _e = 0; _e < " + PER + "; _e++) {\n"
                + "        long _i = _base + _e * " + THREADS + " + _t;\n"
                + "        if (_i < _m) _a[_i] = _s[_e * " + THREADS + " + _t];\n"
                + "    }\n"
                + "    if (_t == " + (THREADS - 1) + ") _sums[ND_GROUP_ID()] = _part[" + (THREADS - 1) + "];\n"
                + "}\n"
                // each entry plus the scanned total of the chunks before its own
                + "ND_KERNEL void nd_radix_scan_add(ND_GLOBAL char* _ba, long _oa, long _m, ND_GLOBAL char* _bs, long _os) {\n"
                + "    ND_GLOBAL uint* _a = (ND_GLOBAL uint*)(_ba + _oa);\n"
                + "    ND_GLOBAL uint* _sums = (ND_GLOBAL uint*)(_bs + _os);\n"
                + "    long _i = (long)ND_GLOBAL_ID();\n"
                + "    if (_i < _m) _a[_i] += _sums[_i / " + TILE + "];\n"
                + "}\n";
    }
}
