package org.ndgpu.random.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.random.Random;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Generator.choice without replacement from a population above 2^16: the images of 0..k-1 under a
 * keyed bijection (FeistelBijection, as CuPy) rather than the head of a permutation, which for
 * Long.MAX_VALUE items could not be made. Values distinct, in range, the same under the same seed,
 * spread over the whole population, in shuffled order, and the whole population once when k = pop.
 */
class ChoiceWithoutReplacementTest extends PerDeviceTest {

    private static long[] draw(long seed, long pop, long... size) {
        try (NDArray c = Nd.random().seed(seed).choice(pop, size, false, null)) {
            assertEquals(DType.INT64, c.dtype());
            assertArrayEquals(size, c.shape());
            return c.toLongArray();
        }
    }

    private static void distinctInRange(long[] x, long pop) {
        assertEquals(
                x.length,
                Arrays.stream(x).distinct().count(),
                "distinct: " + Arrays.toString(Arrays.copyOf(x, Math.min(x.length, 8))));
        assertTrue(Arrays.stream(x).allMatch(v -> v >= 0 && v < pop), "in [0, " + pop + ")");
    }

    @Test
    void aHugePopulationAnswersWithDistinctValuesInRange() {
        Random r = Nd.random().seed(11);
        try (NDArray c = r.choice(Long.MAX_VALUE, 3, false)) {
            assertArrayEquals(new long[] {3}, c.shape());
            distinctInRange(c.toLongArray(), Long.MAX_VALUE);
        }
        long[] x = draw(12, Long.MAX_VALUE, 4, 5);
        distinctInRange(x, Long.MAX_VALUE);
        // values of a population of 2^63 - 1 are spread over it: some in its upper half
        assertTrue(Arrays.stream(x).anyMatch(v -> v > Long.MAX_VALUE / 2)
                && Arrays.stream(x).anyMatch(v -> v < Long.MAX_VALUE / 2));
        distinctInRange(draw(13, 1L << 40, 1000), 1L << 40);
    }

    @Test
    void theSameSeedGivesTheSameSample() {
        assertArrayEquals(draw(5, Long.MAX_VALUE, 3), draw(5, Long.MAX_VALUE, 3));
        assertArrayEquals(draw(6, 1_000_000, 20_000), draw(6, 1_000_000, 20_000));
        assertTrue(
                !Arrays.equals(draw(5, Long.MAX_VALUE, 3), draw(7, Long.MAX_VALUE, 3)), "another seed, another sample");
    }

    @Test
    void aFiftiethOfThePopulationIsSpreadUniformly() {
        // 20000 of 10^6: 2^20 values enciphered, those past 10^6 walked on
        int pop = 1_000_000, k = 20_000;
        long[] x = draw(21, pop, k);
        distinctInRange(x, pop);
        // every tenth of the population holds about k / 10 of the sample (binomial sd about 42)
        long[] bins = new long[10];
        for (long v : x) bins[(int) (v / (pop / 10))]++;
        for (long b : bins) assertTrue(Math.abs(b - k / 10) < 6 * 43, "tenths " + Arrays.toString(bins));
        // and the order is shuffled: the first and second halves of the sample have about the same mean
        double m1 = Arrays.stream(x, 0, k / 2).average().orElseThrow(),
                m2 = Arrays.stream(x, k / 2, k).average().orElseThrow();
        assertTrue(Math.abs(m1 - m2) < 6 * pop / Math.sqrt(12.0 * k / 4), m1 + " vs " + m2);
    }

    @Test
    void theWholePopulationIsAPermutation() {
        // k = pop just above 2^16 (17 bits, so most values walk) and at 2^17 (no walk): every value exactly once
        for (int pop : new int[] {65_537, 1 << 17, 100_003}) {
            long[] x = draw(41, pop, pop);
            long[] sorted = x.clone();
            Arrays.sort(sorted);
            for (int i = 0; i < pop; i++) assertEquals(i, sorted[i], "a permutation of arange(" + pop + ")");
            long fixed = 0;
            for (int i = 0; i < pop; i++) if (x[i] == i) fixed++;
            assertTrue(fixed < 12, fixed + " fixed points: not shuffled");
        }
    }

    @Test
    void eachPlaceTakesEachValueUniformly() {
        // over 400 seeds, where value 0 of a population of 70000 lands among the first 10 picks when it is picked
        // at all, and which tenth of the population the first pick comes from: uniform (chi-square)
        int pop = 70_000, trials = 400;
        long[] tenth = new long[10];
        long[] parity = new long[2];
        for (int t = 0; t < trials; t++) {
            long[] x = draw(1000 + t, pop, 64);
            tenth[(int) (x[0] / (pop / 10))]++;
            for (int j = 1; j < x.length; j++) parity[(int) ((x[j] ^ x[j - 1]) & 1)]++;
        }
        double chi = 0;
        for (long b : tenth) chi += (b - trials / 10.0) * (b - trials / 10.0) / (trials / 10.0);
        assertTrue(chi < 27.9, "first picks by tenth " + Arrays.toString(tenth)); // chi-square(9), p = 0.001
        long pairs = trials * 63L;
        assertTrue(
                Math.abs(parity[0] - pairs / 2.0) < 4 * Math.sqrt(pairs / 4.0),
                "neighbours' parity agreement " + Arrays.toString(parity));
    }

    @Test
    void rowsOfAnArrayComeFromTheSameIndices() {
        try (NDArray a = Nd.arange(0L, 30_000L, 1L).mul(3);
                NDArray c = Nd.random().seed(31).choice(a, new long[] {40}, false, null)) {
            long[] x = c.toLongArray();
            distinctInRange(x, 90_000);
            assertTrue(Arrays.stream(x).allMatch(v -> v % 3 == 0));
            long[] idx = draw(31, 30_000, 40); // below 2^16: the head of a permutation
            for (int i = 0; i < idx.length; i++) assertEquals(3 * idx[i], x[i]);
        }
    }
}
