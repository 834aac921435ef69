package org.ndgpu.routines.manipulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.indexing.IndexingFixtures;
import org.ndgpu.testing.PerDeviceTest;

/**
 * numpy.delete's one-mask path against NumPy (make_speed_path_fixtures.py): random, repeated,
 * negative and unsorted indices of int64 and int32, a 0-d index, boolean masks, every axis and
 * axis None; a transposed (non-contiguous) array; an index out of bounds on either side raising
 * NumPy's IndexException; empty and 0-d arrays.
 */
public class DeleteSelectionTest extends PerDeviceTest {
    private static final String DIR = "/fixtures/speedpaths/";

    @Test
    void agreesWithNumPy() {
        for (var c : IndexingFixtures.cases(DIR, "delete")) {
            try (NDArray a = c.load(0);
                    NDArray obj = c.load(1);
                    NDArray want = c.load(2);
                    NDArray got = c.axis() == null ? Nd.delete(a, obj) : Nd.delete(a, obj, c.axis())) {
                IndexingFixtures.assertMatches(want, got, c.name());
            }
        }
    }

    @Test
    void nonContiguousEmptyAnd0d() {
        try (NDArray m = Nd.arange(24.0).reshape(4, 6);
                NDArray t = m.T();
                NDArray tc = t.copy();
                NDArray obj = Nd.array(new long[] {5, -1, 0, 2});
                NDArray d0 = Nd.delete(t, obj, 0);
                NDArray w0 = Nd.delete(tc, obj, 0);
                NDArray dn = Nd.delete(t, obj);
                NDArray wn = Nd.delete(tc, obj);
                NDArray d1 = Nd.delete(t, new long[] {3, 3}, 1);
                NDArray w1 = Nd.delete(tc, new long[] {3, 3}, 1);
                NDArray e = Nd.zeros(DType.FLOAT32, 0);
                NDArray de = Nd.delete(e, new long[0]);
                NDArray s = Nd.array(2.5);
                NDArray ds = Nd.delete(s, 0L)) {
            assertArrayEquals(w0.toDoubleArray(), d0.toDoubleArray());
            assertArrayEquals(new long[] {3, 4}, d0.shape());
            assertArrayEquals(wn.toDoubleArray(), dn.toDoubleArray());
            assertArrayEquals(
                    new double[] {6, 18, 1, 13, 19, 2, 8, 14, 20, 3, 9, 15, 21, 4, 10, 16, 22, 5, 11, 17},
                    dn.toDoubleArray());
            assertArrayEquals(w1.toDoubleArray(), d1.toDoubleArray());
            assertArrayEquals(new long[] {0}, de.shape());
            assertEquals(DType.FLOAT32, de.dtype());
            assertArrayEquals(new long[] {0}, ds.shape());
        }
    }

    @Test
    void outOfBoundsIsNumPysIndexError() {
        try (NDArray a = Nd.arange(10.0);
                NDArray hi = Nd.array(new long[] {0, 10, 3});
                NDArray lo = Nd.array(new int[] {-11, 12, 3});
                NDArray m = Nd.arange(6.0).reshape(2, 3)) {
            var e = assertThrows(IndexException.class, () -> Nd.delete(a, hi));
            assertEquals("delete: index 10 is out of bounds for axis 0 with size 10", e.getMessage());
            e = assertThrows(IndexException.class, () -> Nd.delete(a, lo));
            assertEquals("delete: index -11 is out of bounds for axis 0 with size 10", e.getMessage());
            e = assertThrows(IndexException.class, () -> Nd.delete(m, -3L, 0));
            assertEquals("delete: index -3 is out of bounds for axis 0 with size 2", e.getMessage());
            e = assertThrows(IndexException.class, () -> Nd.delete(m, new long[] {1, 3}, 1));
            assertEquals("delete: index 3 is out of bounds for axis 1 with size 3", e.getMessage());
            // the compaction's count and flag come back together; an empty array launches nothing
            try (NDArray empty = Nd.zeros(0);
                    NDArray zero = Nd.array(new long[] {0});
                    NDArray big = Nd.arange(9000.0);
                    NDArray bad = Nd.array(new long[] {5, 8999, -9001})) {
                e = assertThrows(IndexException.class, () -> Nd.delete(empty, zero));
                assertEquals("delete: index 0 is out of bounds for axis 0 with size 0", e.getMessage());
                e = assertThrows(IndexException.class, () -> Nd.delete(big, bad));
                assertEquals("delete: index -9001 is out of bounds for axis 0 with size 9000", e.getMessage());
            }
        }
    }

    /**
     * The 1-d compaction path over several chunks (one of 4096 elements per work-group) and a partial
     * last one, for each element width and the 16-byte fallback: random, repeated and negative
     * device indices, a few or most elements deleted (a view of the kept head, or a copy), every
     * element deleted, and an int8 boolean mask, against a Java loop.
     */
    @Test
    void compactionOfEveryWidthAgainstAJavaLoop() {
        int n = 3 * 4096 + 77;
        DType[] dtypes = {
            DType.INT8,
            DType.INT16,
            DType.FLOAT32,
            DType.INT64,
            DType.FLOAT64,
            DType.COMPLEX64,
            DType.COMPLEX128,
            DType.BOOL
        };
        for (int many : new int[] {50, 3 * n}) {
            long[] idx = new long[many];
            boolean[] gone = new boolean[n];
            for (int k = 0; k < many; k++) {
                long v = ((k * 2654435761L) >>> 5) % n;
                idx[k] = k % 3 == 0 ? v - n : v;
                gone[(int) v] = true;
            }
            for (DType d : dtypes) {
                try (NDArray base = Nd.arange(n).astype(d);
                        NDArray obj = Nd.array(idx);
                        NDArray deleted = Nd.delete(base, obj);
                        NDArray got = d.isComplex()
                                ? deleted.real()
                                : deleted.view(deleted.shape(), deleted.strides(), deleted.offset());
                        NDArray baseRe =
                                d.isComplex() ? base.real() : base.view(base.shape(), base.strides(), base.offset())) {
                    double[] all = baseRe.toDoubleArray();
                    double[] want = java.util.stream.IntStream.range(0, n)
                            .filter(k -> !gone[k])
                            .mapToDouble(k -> all[k])
                            .toArray();
                    assertEquals(d, deleted.dtype(), d + " dtype");
                    assertArrayEquals(want, got.toDoubleArray(), d + " with " + many + " indices");
                }
            }
        }
        try (NDArray whole = Nd.arange(5003.0);
                NDArray tail = whole.get("3:");
                NDArray at = Nd.array(new long[] {0, 4999, 17, 17, -2});
                NDArray fromView = Nd.delete(tail, at)) {
            double[] want = java.util.stream.IntStream.range(0, 5000)
                    .filter(k -> k != 0 && k != 4999 && k != 17 && k != 4998)
                    .mapToDouble(k -> k + 3)
                    .toArray();
            assertArrayEquals(want, fromView.toDoubleArray(), "a view with an offset");
        }
        try (NDArray a = Nd.arange(5000.0);
                NDArray everything = Nd.arange(5000);
                NDArray none = Nd.delete(a, everything);
                NDArray mask = Nd.arange(5000).mod(3).eq(0);
                NDArray byMask = Nd.delete(a, mask)) {
            assertArrayEquals(new long[] {0}, none.shape());
            double[] want = java.util.stream.IntStream.range(0, 5000)
                    .filter(k -> k % 3 != 0)
                    .asDoubleStream()
                    .toArray();
            assertArrayEquals(want, byMask.toDoubleArray());
        }
    }

    /** More chunks than one round of the compaction's scan (4096 chunks of 4096): every third element deleted. */
    @Test
    void compactionOverSeveralScanRounds() {
        long n = (1L << 24) + 4099;
        try (NDArray x = Nd.arange(n).astype(DType.INT32);
                NDArray third = x.mod(3);
                NDArray mask = third.eq(0);
                NDArray got = Nd.delete(x, mask);
                NDArray j = Nd.arange(got.size()).astype(DType.INT32);
                NDArray half = j.floorDiv(2);
                NDArray base = half.mul(3);
                NDArray odd = j.mod(2);
                NDArray plus = base.add(odd);
                NDArray want = plus.add(1);
                NDArray same = got.eq(want);
                NDArray all = same.all()) {
            assertEquals(n - (n + 2) / 3, got.size());
            assertEquals(true, all.item());
        }
    }
}
