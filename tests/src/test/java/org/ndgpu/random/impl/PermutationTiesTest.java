package org.ndgpu.random.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * permutation's ties: keys masked to a few bits (KeyPermutation's test hook) make long runs of equal
 * keys, which the stable sort leaves in index order and the tie kernel must shuffle. The result stays
 * a permutation (checked in plain Java), uniform (chi-square of where an item lands, ascents), and
 * fixed by the seed.
 */
class PermutationTiesTest extends PerDeviceTest {

    private static long[] permutation(long seed, long offset, long n, long mask) {
        Counters c = units -> new Draw(seed, offset);
        try (NDArray p = KeyPermutation.of("random.permutation", c, n, mask)) {
            return p.toLongArray();
        }
    }

    private static void isPermutation(long[] x) {
        long[] sorted = x.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < sorted.length; i++) assertEquals(i, sorted[i], "a permutation of arange(" + x.length + ")");
    }

    @Test
    void allKeysEqualIsStillAUniformPermutation() {
        // mask 0: one run of all n items, shuffled by Fisher-Yates alone; where item 0 lands and what lands first
        int trials = 600;
        long[] where0 = new long[trials], first = new long[trials];
        for (int t = 0; t < trials; t++) {
            long[] x = permutation(3, 10L * t, 6, 0);
            isPermutation(x);
            where0[t] = Arrays.stream(x).boxed().toList().indexOf(0L);
            first[t] = x[0];
        }
        assertTrue(Stats.chiSquareZ(where0, k -> 1 / 6.0, 0, 5) < 4.75, "where item 0 lands");
        assertTrue(Stats.chiSquareZ(first, k -> 1 / 6.0, 0, 5) < 4.75, "which item comes first");
    }

    @Test
    void longRunsAreShuffledNotLeftInIndexOrder() {
        // 4 keys: runs of about 2500 items; left in index order, nearly every neighbour pair would ascend
        for (long mask : new long[] {3, 0xFFF, 0xFFFFFFFFL}) {
            int n = 10_001;
            long[] x = permutation(17, 5, n, mask);
            isPermutation(x);
            long up = 0;
            for (int i = 0; i + 1 < n; i++) if (x[i] < x[i + 1]) up++;
            assertTrue(
                    Math.abs(up - (n - 1) / 2.0) < 5 * Math.sqrt((n + 1) / 12.0),
                    "mask " + mask + ": " + up + " ascents of " + n);
            assertArrayEquals(x, permutation(17, 5, n, mask), "the same seed, the same permutation");
        }
    }

    @Test
    void runsAcrossThreadGroupsAndAtTheEnds() {
        // 2 keys over lengths around the kernel's groups of 4 places: runs start at place 0, end at the last place
        for (int n = 1; n <= 13; n++) {
            for (int t = 0; t < 5; t++) isPermutation(permutation(29, 100L * t + n, n, 1));
        }
    }
}
