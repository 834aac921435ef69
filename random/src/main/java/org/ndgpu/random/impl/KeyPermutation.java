package org.ndgpu.random.impl;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.routines.sorting.Sorting;

/**
 * permutation(n) as the stable argsort of one random key per item (CuPy's method: random int32 keys,
 * argsort), with ties put in random order, and the gather of whole rows by such a permutation.
 *
 * <p>Keys are uint32 while n fits a uint32 index: thread b computes Philox block b of the call
 * (distributions.h) and writes keys 4b..4b+3, so the keys cost one block per four items, and the
 * radix sort makes 4 passes of 8 bits rather than 8 for int64 keys. Two items share a key with
 * probability 2^-32 per pair (about n^2 / 2^33 pairs: 0.5 at n = 2^16, 32768 at n = 2^24), and the
 * stable sort leaves each such run in index order, a bias a count of ascents finds at n = 2^24 (CuPy
 * keeps it). So one more kernel ({@link #TIES}) recomputes each sorted item's key from its index
 * (the keys are a function of (seed, offset, index)), and the first item of every run of equal keys
 * shuffles the run (Fisher-Yates on its own Philox stream): sorting by the key and then uniformly
 * within equal keys is a uniform permutation. Rows longer than a uint32 index take int64 keys, whose
 * ties (n^2 / 2^65 pairs) are left in index order. The result depends only on the keys and the seed,
 * so a seed gives the same permutation on every device.
 */
final class KeyPermutation {
    private KeyPermutation() {}

    /** Rows up to this long take uint32 keys (a uint32 index; the radix sorts' row limits lie below it). */
    static final long MAX_UINT32_KEYS = Integer.MAX_VALUE;

    private static final String KEYS_PREAMBLE = DeviceDraws.HEADER + """

            #ifdef ND_CUDA
            #define nd_make_uint4(a, b, c, d) make_uint4((a), (b), (c), (d))
            #else
            #define nd_make_uint4(a, b, c, d) ((uint4)((a), (b), (c), (d)))
            #endif

            // key e of the call: word e % 4 of Philox block e / 4, as the keys kernel wrote it
            ND_DEVICE_FN uint nd_permutation_key(ulong e, ulong off, ulong seed, uint mask) {
                nd_rng r;
                nd_rng_init(&r, e >> 2, off, seed);
                nd_rng_block(&r);
                uint q = (uint)(e & 3);
                return (q == 0 ? r.w0 : q == 1 ? r.w1 : q == 2 ? r.w2 : r.w3) & mask;
            }
            """;

    // the block's four words as keys 4i..4i+3, one 16-byte store where the block is whole and aligned
    private static final Spec KEYS = new Spec(
            "nd_random_permutation_keys",
            List.of(
                    new Param("y", DType.UINT32, Kind.RAW),
                    new Param("_seed", DType.INT64, Kind.SCALAR),
                    new Param("_off", DType.INT64, Kind.SCALAR),
                    new Param("_cnt", DType.INT64, Kind.SCALAR),
                    new Param("_wide", DType.INT32, Kind.SCALAR),
                    new Param("_mask", DType.INT64, Kind.SCALAR)),
            """
            nd_rng _rng;
            nd_rng_init(&_rng, (ulong)i, (ulong)_off, (ulong)_seed);
            nd_rng_block(&_rng);
            const uint _m = (uint)_mask;
            ulong _e = (ulong)i * 4;
            if (_wide && _e + 4 <= (ulong)_cnt) {
                ((ND_GLOBAL uint4*)y)[i] = nd_make_uint4(_rng.w0 & _m, _rng.w1 & _m, _rng.w2 & _m, _rng.w3 & _m);
            } else {
                y[_e] = _rng.w0 & _m;
                if (_e + 1 < (ulong)_cnt) y[_e + 1] = _rng.w1 & _m;
                if (_e + 2 < (ulong)_cnt) y[_e + 2] = _rng.w2 & _m;
                if (_e + 3 < (ulong)_cnt) y[_e + 3] = _rng.w3 & _m;
            }""",
            KEYS_PREAMBLE,
            "",
            "",
            List.of());

    /**
     * Ties in random order: thread t looks at sorted places 4t..4t+3 (each item's key recomputed from its index, the
     * place before and after included); where a run of equal keys starts, it finds the run's end and shuffles the run
     * with Fisher-Yates on Philox stream (place, offset + 1). Only a run's first place writes it, and any other
     * thread reading a place of it meanwhile reads an item of the same key, so the outcome is fixed.
     */
    private static final Spec TIES = new Spec(
            "nd_random_permutation_ties",
            List.of(
                    new Param("_p", DType.INT64, Kind.RAW),
                    new Param("_seed", DType.INT64, Kind.SCALAR),
                    new Param("_off", DType.INT64, Kind.SCALAR),
                    new Param("_cnt", DType.INT64, Kind.SCALAR),
                    new Param("_mask", DType.INT64, Kind.SCALAR)),
            """
            const ulong _n = (ulong)_cnt, _b = (ulong)i * 4, _o = (ulong)_off, _s = (ulong)_seed;
            const uint _m = (uint)_mask;
            uint _prev = _b > 0 ? nd_permutation_key((ulong)_p[_b - 1], _o, _s, _m) : 0u;
            uint _cur = nd_permutation_key((ulong)_p[_b], _o, _s, _m);
            for (ulong _q = _b; _q < _b + 4 && _q < _n; _q++) {
                uint _next = _q + 1 < _n ? nd_permutation_key((ulong)_p[_q + 1], _o, _s, _m) : 0u;
                if ((_q == 0 || _prev != _cur) && _q + 1 < _n && _next == _cur) {
                    ulong _end = _q + 1;
                    while (_end + 1 < _n && nd_permutation_key((ulong)_p[_end + 1], _o, _s, _m) == _cur) _end++;
                    nd_rng _rng;
                    nd_rng_init(&_rng, _q, _o + 1, _s);
                    for (ulong _k = _end - _q; _k > 0; _k--) {
                        ulong _r = nd_bounded(&_rng, _k + 1);
                        long _t = _p[_q + _k];
                        _p[_q + _k] = _p[_q + _r];
                        _p[_q + _r] = _t;
                    }
                }
                _prev = _cur;
                _cur = _next;
            }""",
            KEYS_PREAMBLE,
            "",
            "",
            List.of());

    /** arange(n) permuted, int64. */
    static NDArray of(String op, Counters c, long n) {
        return of(op, c, n, 0xFFFFFFFFL);
    }

    /** arange(n) permuted, on uint32 keys of the bits {@code mask} (tests make many ties with a small one). */
    static NDArray of(String op, Counters c, long n, long mask) {
        if (n > MAX_UINT32_KEYS) {
            try (NDArray keys = DeviceDraws.integers(c, Long.MIN_VALUE, 0, DType.INT64, new long[] {n})) {
                return Sorting.sort(op, keys, 0, true);
            }
        }
        try (NDArray keys = NDArray.empty(Device.current(), DType.UINT32, new long[] {n}, Order.C)) {
            // the same reservation as the other draws of n values
            Draw d = c.reserve(DeviceDraws.units(n));
            if (n == 0) return Sorting.sort(op, keys, 0, true);
            int wide = keys.offset() % 16 == 0 ? 1 : 0;
            long[] blocks = {(n + 3) / 4};
            ElementwiseLoop.run(KEYS, new Object[] {keys, d.seed(), d.offset(), n, wide, mask}, blocks);
            NDArray p = Sorting.sort(op, keys, 0, true);
            try {
                ElementwiseLoop.run(TIES, new Object[] {p, d.seed(), d.offset(), n, mask}, blocks);
            } catch (RuntimeException e) {
                p.close();
                throw e;
            }
            return p;
        }
    }

    private static final Map<DType, Spec> GATHERS = new ConcurrentHashMap<>();

    /** The unsigned dtype whose bits stand for an element of {@code itemsize} bytes in the gather, or null. */
    private static DType bits(int itemsize) {
        return switch (itemsize) {
            case 1 -> DType.UINT8;
            case 2 -> DType.UINT16;
            case 4 -> DType.UINT32;
            case 8 -> DType.UINT64;
            default -> null;
        };
    }

    // out element i: row i / len of the result is row p[i / len] of x; 32-bit division where the size allows
    private static Spec gather(DType bits) {
        return GATHERS.computeIfAbsent(
                bits,
                t -> new Spec(
                        "nd_random_take_rows_" + t,
                        List.of(
                                new Param("_p", DType.INT64, Kind.RAW),
                                new Param("_x", t, Kind.RAW),
                                new Param("y", t, Kind.OUT),
                                new Param("_len", DType.INT64, Kind.SCALAR),
                                new Param("_small", DType.INT32, Kind.SCALAR)),
                        """
                        ulong _r, _j;
                        if (_small) {
                            uint _q = (uint)i / (uint)_len;
                            _r = _q; _j = (uint)i - _q * (uint)_len;
                        } else {
                            _r = (ulong)i / (ulong)_len; _j = (ulong)i - _r * (ulong)_len;
                        }
                        y = _x[(ulong)_p[_r] * (ulong)_len + _j];""",
                        "",
                        "",
                        "",
                        List.of()));
    }

    /**
     * x[p] along axis 0 for a permutation p of x's rows (int64, C-contiguous), as a new C-ordered array: one
     * gather kernel on the elements' bits, without take's bounds check (p's values are in range by construction)
     * and its read-back.
     */
    static NDArray takeRows(NDArray x, NDArray p) {
        DType bits = bits(x.itemsize());
        if (bits == null || x.size() == 0) return x.take(p, 0);
        try (NDArray src = x.isCContiguous() ? x.viewAs(x.dtype()) : x.copy(Order.C);
                NDArray srcBits = src.viewAs(bits);
                NDArray out = NDArray.empty(Device.current(), bits, x.shape(), Order.C)) {
            long len = x.size() / x.shape()[0];
            int small = x.size() <= 0xFFFFFFFFL ? 1 : 0;
            ElementwiseLoop.run(gather(bits), new Object[] {p, srcBits, out, len, small}, out.shape());
            return out.viewAs(x.dtype());
        }
    }
}
