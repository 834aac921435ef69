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
 * keeps it). So the sort hands back its sorted keys too (one more write of them in its last pass),
 * and one more kernel ({@link #TIES}) has the first place of every run of equal keys shuffle the run
 * (Fisher-Yates on its own Philox stream): sorting by the key and then uniformly within equal keys
 * is a uniform permutation. Rows longer than a uint32 index take int64 keys, whose
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
     * Ties in random order: place q of the sorted keys that starts a run of equal keys finds the run's end and
     * shuffles the run's indices with Fisher-Yates on Philox stream (q, offset + 1); runs are disjoint and the keys
     * only read, so the outcome is fixed whatever the order of the threads.
     */
    private static final Spec TIES = new Spec(
            "nd_random_permutation_ties",
            List.of(
                    new Param("_k", DType.UINT32, Kind.RAW),
                    new Param("_p", DType.INT64, Kind.RAW),
                    new Param("_seed", DType.INT64, Kind.SCALAR),
                    new Param("_off", DType.INT64, Kind.SCALAR),
                    new Param("_cnt", DType.INT64, Kind.SCALAR)),
            """
            const ulong _n = (ulong)_cnt, _q = (ulong)i;
            const uint _c = _k[_q];
            if ((_q == 0 || _k[_q - 1] != _c) && _q + 1 < _n && _k[_q + 1] == _c) {
                ulong _end = _q + 1;
                while (_end + 1 < _n && _k[_end + 1] == _c) _end++;
                nd_rng _rng;
                nd_rng_init(&_rng, _q, (ulong)_off + 1, (ulong)_seed);
                for (ulong _j = _end - _q; _j > 0; _j--) {
                    ulong _r = nd_bounded(&_rng, _j + 1);
                    long _t = _p[_q + _j];
                    _p[_q + _j] = _p[_q + _r];
                    _p[_q + _r] = _t;
                }
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
            NDArray[] sorted = Sorting.argsortWithKeys(op, keys);
            try (NDArray k = sorted[0]) {
                ElementwiseLoop.run(TIES, new Object[] {k, sorted[1], d.seed(), d.offset(), n}, new long[] {n});
            } catch (RuntimeException e) {
                sorted[1].close();
                throw e;
            }
            return sorted[1];
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
     * x[p] along axis 0 (x.take(p, 0)) for int64 row indices p of any shape that are in range by construction (a
     * permutation, a sample), as a new C-ordered array of shape p.shape + x.shape[1:]: one gather kernel on the
     * elements' bits, without take's bounds check and its read-back.
     */
    static NDArray takeRows(NDArray x, NDArray p) {
        DType bits = bits(x.itemsize());
        long len = x.shape()[0] == 0 ? 0 : x.size() / x.shape()[0];
        long[] shape = new long[p.ndim() + x.ndim() - 1];
        System.arraycopy(p.shape(), 0, shape, 0, p.ndim());
        System.arraycopy(x.shape(), 1, shape, p.ndim(), x.ndim() - 1);
        if (bits == null || len == 0 || p.size() == 0 || !p.isCContiguous()) return x.take(p, 0);
        try (NDArray src = x.isCContiguous() ? x.viewAs(x.dtype()) : x.copy(Order.C);
                NDArray srcBits = src.viewAs(bits);
                NDArray out = NDArray.empty(x.device(), bits, shape, Order.C)) {
            int small = out.size() <= 0xFFFFFFFFL ? 1 : 0;
            ElementwiseLoop.run(gather(bits), new Object[] {p, srcBits, out, len, small}, shape);
            return out.viewAs(x.dtype());
        }
    }
}
