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
 * Generator.choice without replacement from a population far larger than the sample: drawn as
 * distinct values (NumPy's set-based method) rather than as the head of a permutation, which for
 * Long.MAX_VALUE items could not be made. Values distinct, in range, the same under the same seed,
 * and spread over the whole population.
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
    void aFiftiethOfThePopulationRejectsRepeatsAndStaysUniform() {
        // 20000 of 10^6: the first batch repeats some values (about 200), which later batches replace
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
    void rowsOfAnArrayComeFromTheSameIndices() {
        try (NDArray a = Nd.arange(0L, 30_000L, 1L).mul(3);
                NDArray c = Nd.random().seed(31).choice(a, new long[] {40}, false, null)) {
            long[] x = c.toLongArray();
            distinctInRange(x, 90_000);
            assertTrue(Arrays.stream(x).allMatch(v -> v % 3 == 0));
            long[] idx = draw(31, 30_000, 40);
            for (int i = 0; i < idx.length; i++) assertEquals(3 * idx[i], x[i]);
        }
    }
}
