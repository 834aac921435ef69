package org.ndgpu.random.impl;

import java.util.List;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * choice(pop, k, replace=False) from a large population as CuPy draws it (its FeistelBijection, after
 * CCCL's cuda::shuffle_iterator): sample j is the image of j under a keyed bijection of [0, pop), so
 * the k values are distinct by construction and each costs one thread and no pass over the population
 * (a permutation of pop, or keys for all of it and a top-k, would read and write every item).
 *
 * <p>The bijection is a Feistel network on b = ceil(log2 pop) bits, split into a high half L of b / 2
 * bits and a low half R of the rest: {@value #ROUNDS} half-rounds alternately XOR into L a keyed hash
 * of R and into R one of L, each step invertible whatever the halves' widths. A value past pop is
 * enciphered again (cycle walking) until it lands inside, which keeps the map a bijection of [0, pop);
 * with 2^b < 2 pop a value walks fewer than two steps on average. The round keys are the four words of
 * one Philox block of the call's (seed, offset), each round's word offset by a Weyl step, so the sample
 * depends only on the seed and the call's place in the stream, the same on every device.
 *
 * <p>The sample is pseudo-random rather than exactly uniform: the set and order come from a keyed
 * permutation, as CuPy's, not from independent draws. Below {@link #MIN_POPULATION} items the caller
 * takes the head of a permutation instead, where that costs little and small halves would mix less.
 */
final class FeistelBijection {
    private FeistelBijection() {}

    /** Populations above this go through the bijection: at least 17 bits, halves of at least 8. */
    static final long MIN_POPULATION = 1L << 16;

    /** Half-rounds of the network (CuPy and CCCL run 24 rounds of their own variant). */
    static final int ROUNDS = 24;

    // lowbias32 (C. Wellons' hash-prospector): a bijection of 32-bit words with good avalanche, as the round function
    private static final String PREAMBLE = DeviceDraws.HEADER + """

            ND_DEVICE_FN uint nd_feistel_mix(uint x) {
                x ^= x >> 16; x *= 0x21f0aaadu; x ^= x >> 15; x *= 0x735a2d97u; x ^= x >> 15;
                return x;
            }
            """;

    private static final String BODY = """
            nd_rng _rng;
            nd_rng_init(&_rng, 0, (ulong)_off, (ulong)_seed);
            nd_rng_block(&_rng);
            const uint _k0 = _rng.w0, _k1 = _rng.w1, _k2 = _rng.w2, _k3 = _rng.w3;
            const uint _ml = (uint)_maskL, _mr = (uint)_maskR;
            ulong _v = (ulong)i;
            do {
                uint _l = (uint)(_v >> _rbits), _r = (uint)_v & _mr;
                for (uint _h = 0; _h < %d; _h += 4) {
                    uint _w = _h * 0x9E3779B9u;
                    _l ^= nd_feistel_mix(_r ^ (_k0 + _w)) & _ml;
                    _r ^= nd_feistel_mix(_l ^ (_k1 + _w + 0x9E3779B9u)) & _mr;
                    _l ^= nd_feistel_mix(_r ^ (_k2 + _w + 0x3C6EF372u)) & _ml;
                    _r ^= nd_feistel_mix(_l ^ (_k3 + _w + 0xDAA66D2Bu)) & _mr;
                }
                _v = ((ulong)_l << _rbits) | (ulong)_r;
            } while (_v >= (ulong)_pop);
            y = (long)_v;""".formatted(ROUNDS);

    private static final Spec SPEC = new Spec(
            "nd_random_choice_feistel",
            List.of(
                    new Param("y", DType.INT64, Kind.OUT),
                    new Param("_seed", DType.INT64, Kind.SCALAR),
                    new Param("_off", DType.INT64, Kind.SCALAR),
                    new Param("_pop", DType.INT64, Kind.SCALAR),
                    new Param("_rbits", DType.INT32, Kind.SCALAR),
                    new Param("_maskL", DType.INT64, Kind.SCALAR),
                    new Param("_maskR", DType.INT64, Kind.SCALAR)),
            BODY,
            PREAMBLE,
            "",
            "",
            List.of());

    /** k = product(shape) distinct values of [0, pop) (pop above {@link #MIN_POPULATION}), int64 of that shape. */
    static NDArray sample(Counters c, long pop, long[] shape) {
        NDArray y = NDArray.empty(Device.current(), DType.INT64, shape, Order.C);
        int bits = 64 - Long.numberOfLeadingZeros(pop - 1); // ceil(log2 pop): 17..63
        int lBits = bits / 2, rBits = bits - lBits;
        Draw d = c.reserve(1);
        if (y.size() > 0) {
            ElementwiseLoop.run(
                    SPEC,
                    new Object[] {y, d.seed(), d.offset(), pop, rBits, (1L << lBits) - 1, (1L << rBits) - 1},
                    y.shape());
        }
        return y;
    }
}
