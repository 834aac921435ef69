package org.ndgpu.routines.sorting;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * sort, argsort and searchsorted of uint16, uint32 and uint64 through every path of Sorting:
 * the radix sort (a few long rows), the onesweep sort (many long rows) and the bitonic network (many
 * short rows, padded with the dtype's maximum: for uint64 all ones, so the data hold 2^64 - 1 too).
 * Values at and above 2^31 and 2^63 must sort after the smaller ones. Against Java's stable sort of
 * each row under Long.compareUnsigned (values are kept as the bits of a long). unique, which needs the
 * ufuncs of kernels-elementwise, is checked in kernels-reduction's UnsignedUniqueTest.
 */
public class UnsignedSortTest extends PerDeviceTest {
    private static final DType[] UNSIGNED = {DType.UINT16, DType.UINT32, DType.UINT64};

    /** n values of d as longs (uint64: bits): the whole range, ties, 0, 2^(w-1) and its neighbours, and the maximum. */
    private static long[] values(DType d, int n, SplittableRandom r) {
        int w = 8 * d.itemsize();
        long max = w == 64 ? -1L : (1L << w) - 1, half = 1L << (w - 1);
        long[] special = {0, 1, max, max - 1, half, half - 1, half + 1};
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            int k = r.nextInt(10);
            v[i] = k == 0
                    ? special[r.nextInt(special.length)]
                    : k == 1 ? r.nextInt(8) : r.nextLong() & max; // k == 1: many ties
        }
        return v;
    }

    private static NDArray array(DType d, long[] v, long... shape) {
        MemorySegment seg = MemorySegment.ofArray(new byte[v.length * d.itemsize()]);
        for (int i = 0; i < v.length; i++) {
            switch (d.itemsize()) {
                case 2 -> seg.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i, (short) v[i]);
                case 4 -> seg.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, (int) v[i]);
                default -> seg.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, v[i]);
            }
        }
        return Nd.array(seg, d, shape);
    }

    // the stable order of v[base, base + len) under unsigned comparison
    private static Integer[] stableOrder(long[] v, int base, int len) {
        Integer[] order = new Integer[len];
        for (int j = 0; j < len; j++) order[j] = j;
        Arrays.sort(order, (x, y) -> Long.compareUnsigned(v[base + x], v[base + y]));
        return order;
    }

    /** rows x len values of d sorted and argsorted along the last axis, and along axis 0 of the transpose, against Java. */
    private static void checkRows(DType d, int rows, int len, SplittableRandom r) {
        long[] v = values(d, rows * len, r);
        String what = d + " " + rows + "x" + len;
        try (NDArray a = array(d, v, rows, len);
                NDArray s = Nd.sort(a, 1);
                NDArray i = Nd.argsort(a, 1);
                NDArray t = a.T();
                NDArray st = Nd.sort(t, 0);
                NDArray it = Nd.argsort(t, 0)) {
            assertEquals(d, s.dtype(), what);
            assertEquals(DType.INT64, i.dtype(), what);
            long[] got = s.toLongArray(), gi = i.toLongArray(), gotT = st.toLongArray(), giT = it.toLongArray();
            for (int row = 0; row < rows; row++) {
                Integer[] order = stableOrder(v, row * len, len);
                for (int j = 0; j < len; j++) {
                    long want = v[row * len + order[j]];
                    if (got[row * len + j] != want
                            || gi[row * len + j] != order[j]
                            || gotT[j * rows + row] != want
                            || giT[j * rows + row] != order[j]) {
                        throw new AssertionError(what + " row " + row + " at " + j + ": expected "
                                + Long.toUnsignedString(want) + " (index " + order[j]
                                + "), got " + Long.toUnsignedString(got[row * len + j]) + " (index " + gi[row * len + j]
                                + "), transposed "
                                + Long.toUnsignedString(gotT[j * rows + row]) + " (index " + giT[j * rows + row] + ")");
                    }
                }
            }
        }
    }

    /** One or a few long rows: RadixSort, 4-bit passes; lengths around its 2048-key tiles. */
    @Test
    void radixPath() {
        SplittableRandom r = new SplittableRandom(31);
        for (DType d : UNSIGNED) {
            for (int[] shape : new int[][] {{1, 513}, {1, 2049}, {1, 9001}, {3, 4099}}) {
                assertTrue(
                        shape[0] <= RadixSort.MAX_ROWS && RadixSort.handles(d, shape[1]),
                        "the shape takes the radix path");
                checkRows(d, shape[0], shape[1], r);
            }
        }
    }

    /** More than RadixSort.MAX_ROWS rows longer than 1024: OnesweepSort, 8-bit passes over all rows. */
    @Test
    void onesweepPath() {
        SplittableRandom r = new SplittableRandom(32);
        for (DType d : UNSIGNED) {
            for (int[] shape : new int[][] {{17, 1500}, {20, 4099}}) {
                assertTrue(
                        shape[0] > RadixSort.MAX_ROWS
                                && shape[1] > Sorting.ONESWEEP_MIN_LENGTH
                                && OnesweepSort.handles(d, shape[1], shape[0]),
                        "the shape takes the onesweep path");
                checkRows(d, shape[0], shape[1], r);
            }
        }
    }

    /** Many short rows: the bitonic network, rows padded to a power of two with the maximum (local steps, and global ones past 512). */
    @Test
    void bitonicNetworkPath() {
        SplittableRandom r = new SplittableRandom(33);
        for (DType d : UNSIGNED) {
            for (int[] shape : new int[][] {{40, 7}, {50, 33}, {3, 300}, {20, 1000}}) {
                assertTrue(
                        !(shape[0] <= RadixSort.MAX_ROWS && RadixSort.handles(d, shape[1]))
                                && !(shape[1] > Sorting.ONESWEEP_MIN_LENGTH
                                        && OnesweepSort.handles(d, shape[1], shape[0])),
                        "the shape takes the network");
                checkRows(d, shape[0], shape[1], r);
            }
        }
        // a row of nothing but the maximum beside its padding (also the maximum): indices still 0..n-1
        try (NDArray a = array(DType.UINT64, new long[] {-1L, -1L, -1L, 5, -1L}, 1, 5);
                NDArray s = Nd.sort(a, 1);
                NDArray i = Nd.argsort(a, 1)) {
            assertArrayEquals(new long[] {5, -1L, -1L, -1L, -1L}, s.toLongArray());
            assertArrayEquals(new long[] {3, 0, 1, 2, 4}, i.toLongArray());
        }
    }

    @Test
    void searchsortedInUnsignedOrder() {
        SplittableRandom r = new SplittableRandom(35);
        for (DType d : UNSIGNED) {
            long[] sorted = values(d, 600, r);
            Long[] boxed =
                    Arrays.stream(sorted).boxed().sorted(Long::compareUnsigned).toArray(Long[]::new);
            sorted = Arrays.stream(boxed).mapToLong(Long::longValue).toArray();
            long[] q = values(d, 300, r);
            try (NDArray a = array(d, sorted, sorted.length);
                    NDArray v = array(d, q, q.length);
                    NDArray left = Nd.searchsorted(a, v);
                    NDArray right = Nd.searchsorted(a, v, "right")) {
                long[] gl = left.toLongArray(), gr = right.toLongArray();
                for (int k = 0; k < q.length; k++) {
                    long lo = 0, hi = 0;
                    for (long s : sorted) {
                        if (Long.compareUnsigned(s, q[k]) < 0) lo++;
                        if (Long.compareUnsigned(s, q[k]) <= 0) hi++;
                    }
                    assertEquals(lo, gl[k], d + " left of " + Long.toUnsignedString(q[k]));
                    assertEquals(hi, gr[k], d + " right of " + Long.toUnsignedString(q[k]));
                }
            }
        }
        // a Java long searched in uint64: compared as uint64, not through float64 (2^62 + 1 and 2^62 are one double)
        try (NDArray a = array(DType.UINT64, new long[] {1, (1L << 62) + 1, Long.MIN_VALUE, -1L}, 4)) {
            try (NDArray l = Nd.searchsorted(a, 1L << 62);
                    NDArray rr = Nd.searchsorted(a, 1L << 62, "right");
                    NDArray m = Nd.searchsorted(a, Long.MAX_VALUE, "right");
                    NDArray neg = Nd.searchsorted(a, -1L)) {
                assertEquals(1L, l.toLongArray()[0]);
                assertEquals(1L, rr.toLongArray()[0], "2^62 sorts before 2^62 + 1");
                assertEquals(2L, m.toLongArray()[0], "2^63 - 1 sorts before 2^63");
                assertEquals(0L, neg.toLongArray()[0], "-1 before every uint64, as NumPy");
            }
        }
    }
}
