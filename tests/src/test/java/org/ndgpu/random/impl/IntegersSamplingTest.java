package org.ndgpu.random.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.random.Random;
import org.ndgpu.testing.PerDeviceTest;

/**
 * integers bit for bit against a plain-Java model of the per-element Philox streams (so every
 * backend must give these very numbers), its uniformity over small, int8, 2^32-straddling and full
 * int64 ranges (chi-square), and choice, permutation and shuffle.
 */
public class IntegersSamplingTest extends PerDeviceTest {

    /** Philox4x32-10 from the paper, checked below on Random123's known answers. */
    static int[] philox(int[] ctr, int[] key) {
        int c0 = ctr[0], c1 = ctr[1], c2 = ctr[2], c3 = ctr[3], k0 = key[0], k1 = key[1];
        for (int round = 0; round < 10; round++) {
            long p0 = 0xD2511F53L * Integer.toUnsignedLong(c0), p1 = 0xCD9E8D57L * Integer.toUnsignedLong(c2);
            int n0 = (int) (p1 >>> 32) ^ c1 ^ k0, n2 = (int) (p0 >>> 32) ^ c3 ^ k1;
            c1 = (int) p1;
            c3 = (int) p0;
            c0 = n0;
            c2 = n2;
            k0 += 0x9E3779B9;
            k1 += 0xBB67AE85;
        }
        return new int[] {c0, c1, c2, c3};
    }

    /** Element i's stream: block b has counter (i low 32, i bits 32..47 | b << 16, offset low, offset high). */
    static final class Stream {
        final long i, off, seed;
        int block;
        int[] words;
        int pos = 4;

        Stream(long i, long off, long seed) {
            this.i = i;
            this.off = off;
            this.seed = seed;
        }

        int next32() {
            if (pos == 4) {
                words = philox(
                        new int[] {(int) i, (int) ((i >>> 32) & 0xFFFF) | (block++ << 16), (int) off, (int) (off >>> 32)
                        },
                        new int[] {(int) seed, (int) (seed >>> 32)});
                pos = 0;
            }
            return words[pos++];
        }

        /** Lemire's bounded draw for range below 2^32, as distributions.h's nd_bounded. */
        long bounded(long range) {
            long s = range;
            long m = Integer.toUnsignedLong(next32()) * s;
            long l = m & 0xFFFFFFFFL;
            if (l < s) {
                long t = ((1L << 32) - s) % s;
                while (l < t) {
                    m = Integer.toUnsignedLong(next32()) * s;
                    l = m & 0xFFFFFFFFL;
                }
            }
            return m >>> 32;
        }

        /** [0, 1) from 27 and 26 bits of two words, as distributions.h's nd_next_double. */
        double nextDouble() {
            long a = Integer.toUnsignedLong(next32()) >>> 5, b = Integer.toUnsignedLong(next32()) >>> 6;
            return (double) ((a << 26) | b) * 1.1102230246251565e-16;
        }

        /** nd_poisson below lam 10: the search from 0, a uniform past the bound drawn again. */
        long poissonSearch(double lam) {
            double enlam = Math.exp(-lam), bound = lam + 10 * Math.sqrt(lam) + 10;
            double u = nextDouble(), px = enlam, cdf = enlam;
            long x = 0;
            while (u >= cdf) {
                x++;
                if (x > bound) {
                    x = 0;
                    px = enlam;
                    cdf = enlam;
                    u = nextDouble();
                } else {
                    px *= lam / x;
                    cdf += px;
                }
            }
            return x;
        }

        /** nd_geometric for p >= 1/3: the search over the probabilities. */
        long geometricSearch(double p) {
            long x = 1;
            double sum = p, prod = p, q = 1.0 - p, u = nextDouble();
            while (u > sum) {
                prod *= q;
                sum += prod;
                x++;
            }
            return x;
        }
    }

    /**
     * Element i's value is its own stream's, whether its kernel draws one element a thread (poisson)
     * or four (geometric): a length that is no multiple of four, the second call at the offset the
     * first reserved. A u within an ulp of a cumulative sum could round the other way on the device
     * (its exp), so at most one element in a thousand may differ.
     */
    @Test
    void searchSamplersAreThePhiloxStreamsWhateverTheThreadsDraw() {
        long seed = 0x7e57_0042L;
        Random r = Nd.random().seed(seed);
        int n = 4097;
        try (NDArray pois = r.poisson(4.0, n);
                NDArray geo = r.geometric(0.4, n)) {
            long[] p = pois.toLongArray(), g = geo.toLongArray();
            long offset = (n + 3) / 4 + 1;
            int differ = 0;
            for (int i = 0; i < n; i++) {
                if (p[i] != new Stream(i, 0, seed).poissonSearch(4.0)) differ++;
                assertEquals(new Stream(i, offset, seed).geometricSearch(0.4), g[i], "geometric, element " + i);
            }
            assertTrue(differ <= n / 1000, "poisson: " + differ + " of " + n + " elements differ from the Java model");
        }
    }

    @Test
    void philoxModelMatchesRandom123KnownAnswers() {
        assertArrayEquals(
                new int[] {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8},
                philox(new int[] {0, 0, 0, 0}, new int[] {0, 0}));
        assertArrayEquals(
                new int[] {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1},
                philox(new int[] {0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, new int[] {0xa4093822, 0x299f31d0}));
    }

    @Test
    void integersAreThePhiloxStreamsBitForBit() {
        long seed = 0x5eed_1234_abcdL;
        Random r = Nd.random().seed(seed);
        // a range whose Lemire threshold rejects often, so the streams' later blocks are used too
        long range = (1L << 31) + 12345;
        try (NDArray x = r.integers(-7, -7 + range, DType.INT64, 3001)) {
            long[] got = x.toLongArray();
            for (int i = 0; i < got.length; i++) {
                long want = -7 + new Stream(i, 0, seed).bounded(range);
                if (got[i] != want)
                    throw new AssertionError("element " + i + ": device " + got[i] + ", Java model " + want);
            }
        }
        // the second call starts at the offset the first reserved: (3001 + 3) / 4 + 1
        try (NDArray x = r.integers(0, 1000, DType.INT16, 77)) {
            long[] got = x.toLongArray();
            for (int i = 0; i < got.length; i++)
                assertEquals(new Stream(i, 752, seed).bounded(1000), got[i], "second call, element " + i);
        }
    }

    private static long[] ints(NDArray a, DType d, long lo, long hi) {
        try (a) {
            assertEquals(d, a.dtype());
            long[] x = a.toLongArray();
            for (long v : x) assertTrue(v >= lo && v <= hi, d + ": " + v + " outside [" + lo + ", " + hi + "]");
            return x;
        }
    }

    @Test
    void integersAreUniformOverEveryKindOfRange() {
        Random r = Nd.random().seed(201);
        int n = 200_000;
        long[] d6 = ints(r.integers(1, 7, DType.INT32, n), DType.INT32, 1, 6);
        assertTrue(Stats.chiSquareZ(d6, k -> 1 / 6.0, 1, 6) < 4.75, "dice");
        long[] i8 = ints(r.integers(-128, 128, DType.INT8, n), DType.INT8, -128, 127);
        assertTrue(Stats.chiSquareZ(i8, k -> 1 / 256.0, -128, 127) < 4.75, "int8 full range");
        long[] u8 = ints(r.integers(0, 255, true, DType.UINT8, n), DType.UINT8, 0, 255);
        assertTrue(Stats.chiSquareZ(u8, k -> 1 / 256.0, 0, 255) < 4.75, "uint8 with endpoint");
        long[] b = ints(r.integers(0, 2, DType.BOOL, n), DType.BOOL, 0, 1);
        assertTrue(Stats.chiSquareZ(b, k -> 0.5, 0, 1) < 4.75, "bool");
        // 3 * 10^9 (Lemire with a large threshold) and 3 * 2^32 (masked rejection): thirds of the range equally likely
        for (long range : new long[] {3_000_000_000L, 3L << 32}) {
            long lo = -range / 2;
            long[] x = ints(r.integers(lo, lo + range, DType.INT64, n), DType.INT64, lo, lo + range - 1);
            long[] third = Arrays.stream(x).map(v -> (v - lo) / (range / 3)).toArray();
            assertTrue(Stats.chiSquareZ(third, k -> 1 / 3.0, 0, 2) < 4.75, "range " + range + " by thirds");
            long[] low8 = Arrays.stream(x).map(v -> (v - lo) & 255).toArray();
            assertTrue(Stats.chiSquareZ(low8, k -> 1 / 256.0, 0, 255) < 4.75, "range " + range + ": low 8 bits");
        }
        // all of int64, and the extremes at either end
        long[] full = ints(
                r.integers(Long.MIN_VALUE, Long.MAX_VALUE, true, DType.INT64, n),
                DType.INT64,
                Long.MIN_VALUE,
                Long.MAX_VALUE);
        for (int bit = 0; bit < 64; bit++) {
            int bt = bit;
            long ones = Arrays.stream(full).filter(v -> ((v >>> bt) & 1) == 1).count();
            assertEquals(n / 2.0, (double) ones, 5 * Math.sqrt(n / 4.0), "full int64 range: bit " + bit);
        }
        long[] top = ints(
                r.integers(Long.MAX_VALUE - 2, Long.MAX_VALUE, true, DType.INT64, n),
                DType.INT64,
                Long.MAX_VALUE - 2,
                Long.MAX_VALUE);
        assertTrue(Stats.chiSquareZ(
                        Arrays.stream(top).map(v -> v - (Long.MAX_VALUE - 2)).toArray(), k -> 1 / 3.0, 0, 2)
                < 4.75);
        long[] bottom = ints(
                r.integers(Long.MIN_VALUE, Long.MIN_VALUE + 3, DType.INT64, n),
                DType.INT64,
                Long.MIN_VALUE,
                Long.MIN_VALUE + 2);
        assertTrue(Stats.chiSquareZ(
                        Arrays.stream(bottom).map(v -> v - Long.MIN_VALUE).toArray(), k -> 1 / 3.0, 0, 2)
                < 4.75);
        assertArrayEquals(new long[] {5, 5, 5}, ints(r.integers(5, 6, 3), DType.INT64, 5, 5));
        try (NDArray e = r.integers(0, 10, DType.INT32, 0, 4)) {
            assertArrayEquals(new long[] {0, 4}, e.shape());
        }
        try (NDArray s = r.integers(0, 10, DType.INT32)) {
            assertEquals(0, s.ndim());
        }
    }

    @Test
    void permutationIsAPermutationAndShuffleMovesWholeRows() {
        Random r = Nd.random().seed(202);
        try (NDArray p = r.permutation(10_000)) {
            assertEquals(DType.INT64, p.dtype());
            long[] x = p.toLongArray();
            long[] sorted = x.clone();
            Arrays.sort(sorted);
            for (int i = 0; i < sorted.length; i++) assertEquals(i, sorted[i], "a permutation of arange(10000)");
            long fixed = 0;
            for (int i = 0; i < x.length; i++) if (x[i] == i) fixed++;
            assertTrue(fixed < 10, fixed + " fixed points: not shuffled");
        }
        // position of item 0 over many permutations of 5: uniform
        long[] where0 = new long[300];
        for (int t = 0; t < where0.length; t++) {
            try (NDArray p = r.permutation(5)) {
                where0[t] = Arrays.stream(p.toLongArray()).boxed().toList().indexOf(0L);
            }
        }
        assertTrue(Stats.chiSquareZ(where0, k -> 0.2, 0, 4) < 4.75, "where item 0 lands");
        try (NDArray a = Nd.arange(24).reshape(6, 4);
                NDArray copy = a.copy();
                NDArray pa = r.permutation(a)) {
            r.shuffle(a);
            for (NDArray s : new NDArray[] {a, pa}) {
                long[] x = s.toLongArray();
                Set<Long> rows = new HashSet<>();
                for (int i = 0; i < 6; i++) {
                    long first = x[i * 4];
                    assertEquals(0, first % 4, "rows move whole");
                    for (int j = 0; j < 4; j++) assertEquals(first + j, x[i * 4 + j], "row " + i + " intact");
                    rows.add(first);
                }
                assertEquals(6, rows.size(), "every row once");
            }
            assertArrayEquals(
                    Nd.arange(24).reshape(6, 4).toLongArray(),
                    copy.toLongArray(),
                    "permutation(a) leaves a copy alone");
        }
        try (NDArray a = Nd.arange(24).reshape(6, 4);
                NDArray t = a.T()) {
            r.shuffle(t); // a strided view: columns of a move
            long[] x = a.toLongArray();
            for (int i = 0; i < 6; i++) for (int j = 1; j < 4; j++) assertEquals(x[j] + 4L * i, x[i * 4 + j]);
        }
    }

    @Test
    void longPermutationsAndRowsOfEveryItemsize() {
        Random r = Nd.random().seed(204);
        // past the local-memory sort: the radix sort of uint32 keys; every value once (a plain Java check)
        for (int n : new int[] {513, 131_073}) {
            try (NDArray p = r.permutation(n)) {
                long[] x = p.toLongArray();
                long[] sorted = x.clone();
                Arrays.sort(sorted);
                for (int i = 0; i < n; i++) assertEquals(i, sorted[i], "a permutation of arange(" + n + ")");
                // ascents (x[i] < x[i + 1]): (n - 1) / 2, variance (n + 1) / 12
                long up = 0;
                for (int i = 0; i + 1 < n; i++) if (x[i] < x[i + 1]) up++;
                assertTrue(Math.abs(up - (n - 1) / 2.0) < 5 * Math.sqrt((n + 1) / 12.0), up + " ascents of " + n);
            }
        }
        // rows gathered as bits of 1, 2, 4 and 8 bytes, and complex128 (16 bytes, through take): rows intact, each once
        for (DType d : new DType[] {DType.INT8, DType.FLOAT16, DType.FLOAT32, DType.INT64, DType.COMPLEX128}) {
            try (NDArray base = Nd.arange(0L, 3L * 41, 1L);
                    NDArray rows = base.reshape(41, 3);
                    NDArray a = rows.astype(d);
                    NDArray pa = r.permutation(a);
                    NDArray back = pa.astype(DType.INT64)) {
                assertEquals(d, pa.dtype());
                long[] x = back.toLongArray();
                Set<Long> firsts = new HashSet<>();
                for (int i = 0; i < 41; i++) {
                    assertEquals(0, x[3 * i] % 3, d + ": rows move whole");
                    assertEquals(x[3 * i] + 1, x[3 * i + 1], d + ": row " + i);
                    assertEquals(x[3 * i] + 2, x[3 * i + 2], d + ": row " + i);
                    firsts.add(x[3 * i]);
                }
                assertEquals(41, firsts.size(), d + ": every row once");
            }
        }
        // a shuffle of a sliced, offset 1-d view: the same values, moved
        try (NDArray a = Nd.arange(0L, 20_001L, 1L);
                NDArray tail = a.get("1:")) {
            r.shuffle(tail);
            long[] x = a.toLongArray();
            assertEquals(0, x[0], "the element before the view stays");
            long[] sorted = Arrays.copyOfRange(x, 1, x.length);
            Arrays.sort(sorted);
            for (int i = 0; i < sorted.length; i++) assertEquals(i + 1, sorted[i]);
            assertTrue(x[1] != 1 || x[2] != 2 || x[3] != 3, "moved");
        }
    }

    @Test
    void choice() {
        Random r = Nd.random().seed(203);
        int n = 100_000;
        try (NDArray c = r.choice(7, n)) {
            assertTrue(Stats.chiSquareZ(c.toLongArray(), k -> 1 / 7.0, 0, 6) < 4.75, "uniform with replacement");
        }
        double[] p = {0.1, 0, 0.6, 0.3};
        try (NDArray c = r.choice(4, new long[] {n}, true, p)) {
            assertTrue(Stats.chiSquareZ(c.toLongArray(), k -> p[(int) k], 0, 3) < 4.75, "weighted with replacement");
        }
        try (NDArray c = r.choice(1000, new long[] {20, 25}, false, null)) {
            assertArrayEquals(new long[] {20, 25}, c.shape());
            long[] x = c.toLongArray();
            assertEquals(500, Arrays.stream(x).distinct().count(), "without replacement: distinct");
            assertTrue(Arrays.stream(x).allMatch(v -> v >= 0 && v < 1000));
        }
        try (NDArray c = r.choice(4, new long[] {3}, false, p)) {
            long[] x = c.toLongArray();
            assertEquals(3, Arrays.stream(x).distinct().count());
            assertTrue(Arrays.stream(x).noneMatch(v -> v == 1), "an item of p 0 is never drawn");
        }
        // weighted without replacement: the first pick follows p
        double[] q = {0.5, 0.3, 0.15, 0.05};
        long[] first = new long[300];
        for (int t = 0; t < first.length; t++) {
            try (NDArray c = r.choice(4, new long[] {4}, false, q)) {
                first[t] = c.toLongArray()[0];
            }
        }
        assertTrue(Stats.chiSquareZ(first, k -> q[(int) k], 0, 3) < 4.75, "first weighted pick");
        try (NDArray a = Nd.arange(30).reshape(10, 3).mul(1.5);
                NDArray c = r.choice(a, new long[] {4}, false, null)) {
            assertArrayEquals(new long[] {4, 3}, c.shape());
            double[] x = c.toDoubleArray();
            for (int i = 0; i < 4; i++) {
                assertEquals(0, x[i * 3] % 4.5, 0, "rows of a");
                assertEquals(x[i * 3] + 1.5, x[i * 3 + 1], 0);
            }
        }
        // rows of a for a 2-d size, with replacement, weighted, and from a strided (transposed) int32 array
        double[] w = {0.1, 0, 0.2, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1};
        try (NDArray base = Nd.arange(0L, 30L, 1L);
                NDArray cols = base.reshape(3, 10);
                NDArray t = cols.T();
                NDArray a = t.astype(DType.INT32)) {
            for (double[] pw : new double[][] {null, w}) {
                try (NDArray c = r.choice(t, new long[] {5, 4}, true, pw);
                        NDArray c32 = r.choice(a, new long[] {2, 4}, false, pw)) {
                    assertArrayEquals(new long[] {5, 4, 3}, c.shape());
                    assertArrayEquals(new long[] {2, 4, 3}, c32.shape());
                    assertEquals(DType.INT32, c32.dtype());
                    for (NDArray e : new NDArray[] {c, c32}) {
                        long[] x = e.toLongArray();
                        for (int i = 0; i < e.size() / 3; i++) {
                            assertTrue(x[3 * i] >= 0 && x[3 * i] < 10, "a row of a");
                            assertEquals(x[3 * i] + 10, x[3 * i + 1]);
                            assertEquals(x[3 * i] + 20, x[3 * i + 2]);
                            if (pw != null) assertTrue(x[3 * i] != 1, "a row of weight 0 is never drawn");
                        }
                    }
                }
            }
        }
    }
}
