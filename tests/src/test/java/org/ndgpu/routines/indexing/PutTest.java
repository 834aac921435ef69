package org.ndgpu.routines.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * put, putmask and place against NumPy (make_indexing_fixtures.py): the three modes, negative
 * indices, values repeated cyclically and cast to a's dtype, masks of other dtypes, NaN; a
 * non-contiguous target; empty inputs; NumPy's errors, with nothing written.
 */
public class PutTest extends PerDeviceTest {
    @Test
    void putMatchesNumpy() {
        for (var c : IndexingFixtures.cases("put")) {
            try (NDArray a = c.load(0);
                    NDArray i = c.load(1);
                    NDArray v = c.load(2);
                    NDArray want = c.load(3)) {
                Nd.put(a, i, v, c.param());
                IndexingFixtures.assertMatches(want, a, c.name());
            }
        }
    }

    @Test
    void theArrayMethodMatchesNumpy() {
        for (var c : IndexingFixtures.cases("put")) {
            try (NDArray a = c.load(0);
                    NDArray i = c.load(1);
                    NDArray v = c.load(2);
                    NDArray want = c.load(3)) {
                if (c.param().equals("raise")) a.put(i, v);
                else a.put(i, v, c.param());
                IndexingFixtures.assertMatches(want, a, c.name() + " (a.put)");
            }
        }
    }

    @Test
    void putmaskAndPlaceMatchNumpy() {
        for (String func : new String[] {"putmask", "place"}) {
            for (var c : IndexingFixtures.cases(func)) {
                try (NDArray a = c.load(0);
                        NDArray m = c.load(1);
                        NDArray v = c.load(2);
                        NDArray want = c.load(3)) {
                    if (func.equals("putmask")) Nd.putmask(a, m, v);
                    else Nd.place(a, m, v);
                    IndexingFixtures.assertMatches(want, a, c.name());
                }
            }
        }
    }

    @Test
    void javaIndicesNonContiguousTargetsAndEmptyInputs() {
        try (NDArray a = Nd.zeros(3, 4);
                NDArray t = a.T()) {
            Nd.put(t, new long[] {0, 1, -1}, new double[] {7, 8}); // t.flat: a's column-major order
            assertArrayEquals(new double[] {7, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 7}, a.toDoubleArray());
            Nd.put(a, 5, 2.5);
            assertEquals(2.5, a.toDoubleArray()[5]);
            Nd.put(a, new long[0], 1.0); // nothing to do
            Nd.put(a, new long[] {0}, new double[0]); // NumPy: no values, nothing written
            assertEquals(7.0, a.toDoubleArray()[0]);
            try (NDArray m = t.gt(6.5)) {
                Nd.putmask(t, m, -1);
                Nd.place(t, Nd.zeros(DType.BOOL, 4, 3), new double[0]); // no element selected: no values needed
            }
            assertArrayEquals(new double[] {-1, 0, 0, 0, -1, 2.5, 0, 0, 0, 0, 0, -1}, a.toDoubleArray());
        }
    }

    @Test
    void badInputIsNamedAndWritesNothing() {
        try (NDArray a = Nd.arange(6.0);
                NDArray f = Nd.array(new double[] {0.5});
                NDArray m = Nd.array(new boolean[] {true, false});
                NDArray all = Nd.ones(DType.BOOL, 6)) {
            var e1 = assertThrows(IndexException.class, () -> Nd.put(a, new long[] {0, 6}, 1.0));
            assertEquals("put: index 6 is out of bounds for axis 0 with size 6", e1.getMessage());
            assertThrows(IndexException.class, () -> Nd.put(a, new long[] {-7}, 1.0));
            var e2 = assertThrows(NdException.class, () -> Nd.put(a, new long[] {0}, 1.0, "bounce"));
            assertEquals("put: clipmode must be one of 'clip', 'raise', or 'wrap' (got 'bounce')", e2.getMessage());
            var e3 = assertThrows(DTypeException.class, () -> Nd.put(a, f, 1.0));
            assertEquals("put: indices must be an integer array, got float64", e3.getMessage());
            assertThrows(DTypeException.class, () -> Nd.put(a, "0", 1.0));
            try (NDArray empty = Nd.zeros(0)) {
                var e4 = assertThrows(IndexException.class, () -> Nd.put(empty, new long[] {0}, 1.0, "wrap"));
                assertEquals("put: cannot replace elements of an empty array", e4.getMessage());
            }
            var e5 = assertThrows(ShapeException.class, () -> Nd.putmask(a, m, 1.0));
            assertEquals(
                    "putmask: mask and data must be the same size, got a mask of shape (2,) for data of shape (6,)",
                    e5.getMessage());
            assertThrows(ShapeException.class, () -> Nd.place(a, m, 1.0));
            var e6 = assertThrows(NdException.class, () -> Nd.place(a, all, new double[0]));
            assertEquals("place: Cannot insert from an empty array!", e6.getMessage());
            assertArrayEquals(new double[] {0, 1, 2, 3, 4, 5}, a.toDoubleArray(), "nothing written");
            try (NDArray ro = a.broadcastTo(2, 6)) {
                assertThrows(NdException.class, () -> Nd.put(ro, new long[] {0}, 1.0));
                assertThrows(NdException.class, () -> Nd.putmask(ro, Nd.ones(DType.BOOL, 2, 6), 1.0));
            }
            NDArray closed = Nd.zeros(6);
            closed.close();
            assertThrows(ArrayClosedException.class, () -> Nd.put(closed, new long[] {0}, 1.0));
            assertThrows(ArrayClosedException.class, () -> Nd.putmask(a, all, closed));
            assertThrows(NullPointerException.class, () -> Nd.put(a, null, 1.0));
            assertThrows(NullPointerException.class, () -> Nd.place(a, null, 1.0));
            assertThrows(DTypeException.class, () -> Nd.putmask(a, all, "x"));
        }
    }
}
