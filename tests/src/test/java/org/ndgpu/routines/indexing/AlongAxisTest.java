package org.ndgpu.routines.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * take_along_axis and put_along_axis against NumPy (make_indexing_fixtures.py): argsort and
 * random indices on every axis (negative too), broadcast dims of arr and of indices, axis=None,
 * empty indices, NaN; strided inputs; NumPy's errors, with nothing written.
 */
public class AlongAxisTest extends PerDeviceTest {
    @Test
    void takeAlongAxisMatchesNumpy() {
        for (var c : IndexingFixtures.cases("take_along_axis")) {
            try (NDArray a = c.load(0);
                    NDArray i = c.load(1);
                    NDArray want = c.load(2);
                    NDArray got = Nd.takeAlongAxis(a, i, c.axis())) {
                IndexingFixtures.assertMatches(want, got, c.name());
            }
        }
    }

    @Test
    void putAlongAxisMatchesNumpy() {
        for (var c : IndexingFixtures.cases("put_along_axis")) {
            try (NDArray a = c.load(0);
                    NDArray i = c.load(1);
                    NDArray v = c.load(2);
                    NDArray want = c.load(3)) {
                Nd.putAlongAxis(a, i, v, c.axis());
                IndexingFixtures.assertMatches(want, a, c.name());
            }
        }
    }

    @Test
    void stridedInputsAndTheDefaultLastAxis() {
        List<NDArray> made = new ArrayList<>();
        try {
            NDArray base = track(made, Nd.arange(24.0).reshape(4, 6));
            NDArray t = track(made, base.get("::-1, ::2")); // (4, 3), negative and step strides
            NDArray idx = track(made, Nd.array(new long[] {2, 0, -1, 1}, DType.INT64, 4, 1));
            NDArray got = track(made, Nd.takeAlongAxis(t, idx));
            assertArrayEquals(new double[] {22, 12, 10, 2}, got.toDoubleArray());
            NDArray target = track(made, Nd.zeros(3, 4).T()); // (4, 3) F-ordered
            Nd.putAlongAxis(target, idx, 5.0, -1);
            NDArray back = track(made, target.T());
            assertArrayEquals(
                    new double[] {0, 5, 0, 0, 0, 0, 0, 5, 5, 0, 5, 0},
                    back.copy().toDoubleArray(),
                    "put through an F-ordered view");
        } finally {
            made.forEach(NDArray::close);
        }
    }

    @Test
    void badInputIsNamedAndWritesNothing() {
        try (NDArray a = Nd.arange(6.0).reshape(2, 3);
                NDArray i2 = Nd.array(new long[] {0, 5}, DType.INT64, 1, 2);
                NDArray i1 = Nd.array(new long[] {0, 1});
                NDArray f = Nd.array(new double[] {0, 1}, DType.FLOAT64, 1, 2);
                NDArray wide = Nd.zeros(DType.INT64, 3, 2);
                NDArray scalar = Nd.array(new double[] {1}).reshape()) {
            var e1 = assertThrows(IndexException.class, () -> Nd.takeAlongAxis(a, i2, 1));
            assertEquals("take_along_axis: index 5 is out of bounds for axis 1 with size 3", e1.getMessage());
            var e2 = assertThrows(ShapeException.class, () -> Nd.takeAlongAxis(a, i1, 1));
            assertEquals(
                    "take_along_axis: `indices` and `arr` must have the same number of dimensions, got 1 and 2",
                    e2.getMessage());
            var e3 = assertThrows(IndexException.class, () -> Nd.takeAlongAxis(a, f, 1));
            assertEquals("take_along_axis: `indices` must be an integer array, got float64", e3.getMessage());
            assertThrows(ShapeException.class, () -> Nd.takeAlongAxis(a, wide, 1));
            assertThrows(AxisException.class, () -> Nd.takeAlongAxis(a, i2, 2));
            assertThrows(ShapeException.class, () -> Nd.takeAlongAxis(a, i2, null));
            assertThrows(AxisException.class, () -> Nd.takeAlongAxis(scalar, Nd.zeros(DType.INT64), 0));
            var e4 = assertThrows(IndexException.class, () -> Nd.putAlongAxis(a, i2, 9.0, 1));
            assertEquals("put_along_axis: index 5 is out of bounds for axis 1 with size 3", e4.getMessage());
            assertThrows(ShapeException.class, () -> Nd.putAlongAxis(a, i1.reshape(1, 2), new double[] {1, 2, 3}, 1));
            assertArrayEquals(new double[] {0, 1, 2, 3, 4, 5}, a.toDoubleArray(), "nothing written");
            NDArray closed = Nd.zeros(DType.INT64, 1, 1);
            closed.close();
            assertThrows(ArrayClosedException.class, () -> Nd.takeAlongAxis(a, closed, 1));
            assertThrows(NullPointerException.class, () -> Nd.takeAlongAxis(null, i2, 1));
            assertThrows(NullPointerException.class, () -> Nd.putAlongAxis(a, i2, null, 1));
            try (NDArray ro = a.broadcastTo(2, 2, 3)) {
                assertThrows(NdException.class, () -> Nd.putAlongAxis(ro, Nd.zeros(DType.INT64, 1, 1, 1), 1.0, 0));
            }
            try (NDArray empty = Nd.zeros(2, 0);
                    NDArray one = Nd.zeros(DType.INT64, 2, 1)) {
                assertThrows(IndexException.class, () -> Nd.takeAlongAxis(empty, one, 1));
            }
        }
    }

    private static NDArray track(List<NDArray> made, NDArray a) {
        made.add(a);
        return a;
    }
}
