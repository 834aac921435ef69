package org.ndgpu.routines.sorting;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Sorting.argsortWithKeys (permutation's sort): the stable argsort and the sorted keys of a 1-d
 * integer array, against Java's stable sort, at lengths for the network, the radix sort and (on a
 * warp-ranked device) the onesweep sort; and the onesweep sort's keep-keys program called directly,
 * which PoCL otherwise reaches only with many rows.
 */
public class ArgsortWithKeysTest extends PerDeviceTest {

    private static long[] values(int n, long bound, SplittableRandom r) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) v[i] = r.nextInt(4) == 0 ? r.nextLong(8) : r.nextLong(bound); // some ties
        return v;
    }

    private static void check(String what, long[] v, NDArray[] got) {
        try (NDArray s = got[0];
                NDArray i = got[1]) {
            Integer[] order = new Integer[v.length];
            for (int j = 0; j < v.length; j++) order[j] = j;
            Arrays.sort(order, (x, y) -> Long.compare(v[x], v[y]));
            long[] wantIdx = new long[v.length], wantKeys = new long[v.length];
            for (int j = 0; j < v.length; j++) {
                wantIdx[j] = order[j];
                wantKeys[j] = v[order[j]];
            }
            assertEquals(DType.INT64, i.dtype(), what);
            assertArrayEquals(wantIdx, i.toLongArray(), what + ": stable argsort");
            assertArrayEquals(wantKeys, s.toLongArray(), what + ": sorted keys");
        }
    }

    @Test
    void keysAndIndicesOfEveryPath() {
        SplittableRandom r = new SplittableRandom(39);
        for (DType d : new DType[] {DType.UINT32, DType.INT64}) {
            for (int n : new int[] {1, 7, 512, 513, 1025, 5000, 70_001}) {
                long[] v = values(n, 1L << 31, r);
                try (NDArray base = Nd.array(v);
                        NDArray a = base.astype(d)) {
                    check(d + " n=" + n, v, Sorting.argsortWithKeys("argsort", a));
                }
            }
        }
    }

    @Test
    void theOnesweepProgramKeepsItsKeys() {
        SplittableRandom r = new SplittableRandom(40);
        for (int n : new int[] {600, 9000}) {
            long[] v = values(n, 1L << 32, r);
            try (NDArray base = Nd.array(v);
                    NDArray a = base.astype(DType.UINT32)) {
                check("onesweep n=" + n, v, OnesweepSort.sortRows(a, 1, n, true, true));
            }
        }
    }

    @Test
    void onlyOneDimensionalIntegers() {
        try (NDArray f = Nd.array(new double[] {2, 1});
                NDArray m = Nd.array(new long[] {2, 1, 3, 4}).reshape(2, 2)) {
            assertThrows(IllegalArgumentException.class, () -> Sorting.argsortWithKeys("argsort", f));
            assertThrows(IllegalArgumentException.class, () -> Sorting.argsortWithKeys("argsort", m));
        }
    }
}
