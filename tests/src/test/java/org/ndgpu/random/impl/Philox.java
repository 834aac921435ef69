package org.ndgpu.random.impl;

/**
 * Philox4x32-10 (Salmon, Moraes, Dror, Shaw: "Parallel random numbers: as easy as 1, 2, 3", SC'11)
 * in plain Java, written from the paper, as the reference the device generator is checked against.
 */
final class Philox {
    private Philox() {}

    private static final long M0 = 0xD2511F53L, M1 = 0xCD9E8D57L;
    private static final int W0 = 0x9E3779B9, W1 = 0xBB67AE85;

    /** The four 32-bit outputs for a 128-bit counter (4 words) and a 64-bit key (2 words). */
    static int[] block(int[] ctr, int[] key) {
        int c0 = ctr[0], c1 = ctr[1], c2 = ctr[2], c3 = ctr[3];
        int k0 = key[0], k1 = key[1];
        for (int round = 0; round < 10; round++) {
            if (round > 0) {
                k0 += W0;
                k1 += W1;
            }
            long p0 = M0 * Integer.toUnsignedLong(c0);
            long p1 = M1 * Integer.toUnsignedLong(c2);
            int hi0 = (int) (p0 >>> 32), lo0 = (int) p0, hi1 = (int) (p1 >>> 32), lo1 = (int) p1;
            int n0 = hi1 ^ c1 ^ k0, n1 = lo1, n2 = hi0 ^ c3 ^ k1, n3 = lo0;
            c0 = n0;
            c1 = n1;
            c2 = n2;
            c3 = n3;
        }
        return new int[] {c0, c1, c2, c3};
    }

    /**
     * Element i of ndgpu's uniform float32 in [0, 1): word i%4 of the block with counter
     * (i/4 as 64 bits, the call's offset as 64 bits) and key seed, its top 24 bits times 2^-24.
     */
    static float uniformFloat32(long seed, long offset, long i) {
        return (words(seed, offset, i >>> 2)[(int) (i & 3)] >>> 8) * 0x1p-24f;
    }

    /**
     * Element i of ndgpu's uniform float64 in [0, 1): words 2(i%2) and 2(i%2)+1 of block i/2, the
     * top 27 and 26 bits of the two making 53.
     */
    static double uniformFloat64(long seed, long offset, long i) {
        int[] w = words(seed, offset, i >>> 1);
        int k = (int) (i & 1) * 2;
        return u53(w[k], w[k + 1]);
    }

    /** A [0, 1) double of 53 bits from two words. */
    static double u53(int a, int b) {
        return ((a >>> 5) * 0x1p26 + (b >>> 6)) * 0x1p-53;
    }

    /** Block {@code b} of a call: counter (b as 64 bits, the call's offset as 64 bits), key the seed. */
    static int[] words(long seed, long offset, long b) {
        return block(
                new int[] {(int) b, (int) (b >>> 32), (int) offset, (int) (offset >>> 32)},
                new int[] {(int) seed, (int) (seed >>> 32)});
    }
}
