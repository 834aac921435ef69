package org.ndgpu.random.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The device's permutation and bijection sample against plain Java from the same (seed, offset):
 * permutation keys are word e % 4 of Philox block e / 4 ({@link Philox}, written from the paper),
 * stably sorted as unsigned ints; choice's sample is the Feistel network of FeistelBijection's
 * comment, its round keys the words of block 0, with cycle walking. Equal bit for bit.
 */
class SamplingOracleTest extends PerDeviceTest {

    private static Counters at(long seed, long offset) {
        return units -> new Draw(seed, offset);
    }

    private static int mix(int x) {
        x ^= x >>> 16;
        x *= 0x21f0aaad;
        x ^= x >>> 15;
        x *= 0x735a2d97;
        x ^= x >>> 15;
        return x;
    }

    /** Sample j of choice(pop, replace=False) by FeistelBijection's network, written out here. */
    private static long feistel(long j, long pop, int[] w) {
        int bits = 64 - Long.numberOfLeadingZeros(pop - 1), lb = bits / 2, rb = bits - lb;
        int ml = (int) ((1L << lb) - 1), mr = (int) ((1L << rb) - 1);
        long v = j;
        do {
            int l = (int) (v >>> rb), r = (int) v & mr;
            for (int h = 0; h < FeistelBijection.ROUNDS; h += 4) {
                int g = h * 0x9E3779B9;
                l ^= mix(r ^ (w[0] + g)) & ml;
                r ^= mix(l ^ (w[1] + g + 0x9E3779B9)) & mr;
                l ^= mix(r ^ (w[2] + g + 0x3C6EF372)) & ml;
                r ^= mix(l ^ (w[3] + g + 0xDAA66D2B)) & mr;
            }
            v = (Integer.toUnsignedLong(l) << rb) | Integer.toUnsignedLong(r);
        } while (Long.compareUnsigned(v, pop) >= 0);
        return v;
    }

    @Test
    void choiceIsTheFeistelNetwork() {
        long[][] cases = {{65_537, 2000}, {1_000_003, 1000}, {1L << 24, 1000}, {1L << 40, 500}, {Long.MAX_VALUE, 500}};
        for (long[] pk : cases) {
            long pop = pk[0], seed = 0x5EEDL + pop, off = 77;
            int k = (int) pk[1];
            int[] w = Philox.words(seed, off, 0);
            long[] want = new long[k];
            for (int j = 0; j < k; j++) want[j] = feistel(j, pop, w);
            try (NDArray got = FeistelBijection.sample(at(seed, off), pop, new long[] {k})) {
                assertArrayEquals(want, got.toLongArray(), "choice(" + pop + ", " + k + ", replace=False)");
            }
        }
    }

    @Test
    void permutationIsTheStableOrderOfPhiloxKeys() {
        for (int n : new int[] {7, 600, 5003}) {
            long seed = 91 + n, off = 5;
            long[] key = new long[n];
            for (int e = 0; e < n; e++) key[e] = Integer.toUnsignedLong(Philox.words(seed, off, e >>> 2)[e & 3]);
            assertTrue(Arrays.stream(key).distinct().count() == n, "these keys have no ties");
            Integer[] order = new Integer[n];
            for (int e = 0; e < n; e++) order[e] = e;
            Arrays.sort(order, (x, y) -> Long.compare(key[x], key[y]));
            long[] want = Arrays.stream(order).mapToLong(Integer::longValue).toArray();
            try (NDArray got = KeyPermutation.of("random.permutation", at(seed, off), n)) {
                assertArrayEquals(want, got.toLongArray(), "permutation(" + n + ")");
            }
        }
    }
}
