package org.ndgpu.routines.manipulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.indexing.IndexingFixtures;
import org.ndgpu.testing.PerDeviceTest;

/**
 * delete, insert, append, resize and concat against NumPy (make_indexing_fixtures.py): single,
 * negative, repeated and out-of-order indices, boolean masks, a scalar index inserting a block,
 * values broadcast and cast, axis=None; empty and 0-d inputs; NumPy's errors.
 */
public class AddRemoveTest extends PerDeviceTest {
    @Test
    void deleteInsertAppendResizeMatchNumpy() {
        for (var c : IndexingFixtures.cases("delete")) {
            try (NDArray a = c.load(0);
                    NDArray obj = c.load(1);
                    NDArray want = c.load(2);
                    NDArray got = c.axis() == null ? Nd.delete(a, obj) : Nd.delete(a, obj, c.axis())) {
                IndexingFixtures.assertMatches(want, got, c.name());
            }
        }
        for (var c : IndexingFixtures.cases("insert")) {
            try (NDArray a = c.load(0);
                    NDArray obj = c.load(1);
                    NDArray v = c.load(2);
                    NDArray want = c.load(3);
                    NDArray got = c.axis() == null ? Nd.insert(a, obj, v) : Nd.insert(a, obj, v, c.axis())) {
                IndexingFixtures.assertMatches(want, got, c.name());
            }
        }
        for (var c : IndexingFixtures.cases("append")) {
            try (NDArray a = c.load(0);
                    NDArray v = c.load(1);
                    NDArray want = c.load(2);
                    NDArray got = c.axis() == null ? Nd.append(a, v) : Nd.append(a, v, c.axis())) {
                IndexingFixtures.assertMatches(want, got, c.name());
            }
        }
        for (var c : IndexingFixtures.cases("resize")) {
            long[] shape = Arrays.stream(c.param().split(","))
                    .mapToLong(Long::parseLong)
                    .toArray();
            try (NDArray a = c.load(0);
                    NDArray want = c.load(1);
                    NDArray got = Nd.resize(a, shape)) {
                IndexingFixtures.assertMatches(want, got, c.name());
            }
        }
    }

    @Test
    void javaValuesConcatAndEmptyInputs() {
        try (NDArray a = Nd.array(new float[] {1, 2, 3});
                NDArray d = Nd.delete(a, 0);
                NDArray i = Nd.insert(a, 1L, 9.5);
                NDArray ap = Nd.append(a, 4);
                NDArray b = Nd.arange(4.0).reshape(2, 2);
                NDArray cc = Nd.concat(List.of(a, b), null);
                NDArray c0 = Nd.concat(b, b);
                NDArray e = Nd.zeros(0);
                NDArray re = Nd.resize(e, 2, 2);
                NDArray none = Nd.delete(a, new long[0])) {
            assertArrayEquals(new float[] {2, 3}, d.toFloatArray());
            assertArrayEquals(new float[] {1, 9.5f, 2, 3}, i.toFloatArray());
            assertEquals(DType.FLOAT64, ap.dtype(), "a Java int is an int64 array, as NumPy's asarray");
            assertArrayEquals(new double[] {1, 2, 3, 4}, ap.toDoubleArray());
            assertArrayEquals(new double[] {1, 2, 3, 0, 1, 2, 3}, cc.toDoubleArray());
            assertArrayEquals(new long[] {4, 2}, c0.shape());
            assertArrayEquals(new double[] {0, 0, 0, 0}, re.toDoubleArray());
            assertArrayEquals(new float[] {1, 2, 3}, none.toFloatArray());
        }
    }

    @Test
    void badInputIsNamed() {
        try (NDArray a = Nd.arange(6.0).reshape(2, 3);
                NDArray f = Nd.array(new double[] {1});
                NDArray m = Nd.array(new boolean[] {true, false})) {
            var e1 = assertThrows(IndexException.class, () -> Nd.delete(a, new long[] {3}, 1));
            assertEquals("delete: index 3 is out of bounds for axis 1 with size 3", e1.getMessage());
            assertThrows(IndexException.class, () -> Nd.delete(a, f, 1));
            assertThrows(ShapeException.class, () -> Nd.delete(a, m, 1));
            assertThrows(AxisException.class, () -> Nd.delete(a, 0, 2));
            assertThrows(DTypeException.class, () -> Nd.delete(a, "0", 0));
            var e2 = assertThrows(IndexException.class, () -> Nd.insert(a, 4, 1.0, 1));
            assertEquals("insert: index 4 is out of bounds for axis 1 with size 3", e2.getMessage());
            assertThrows(IndexException.class, () -> Nd.insert(a, new long[] {0, 5}, 1.0, 1));
            assertThrows(ShapeException.class, () -> Nd.insert(a, 1, new double[] {1, 2, 3}, 1));
            assertThrows(DTypeException.class, () -> Nd.insert(a, f, 1.0, 1));
            assertThrows(ShapeException.class, () -> Nd.append(a, f, 0));
            var e3 = assertThrows(ShapeException.class, () -> Nd.resize(a, 2, -1));
            assertEquals("resize: all elements of `new_shape` must be non-negative, got (2, -1)", e3.getMessage());
            NDArray closed = Nd.zeros(3);
            closed.close();
            assertThrows(ArrayClosedException.class, () -> Nd.delete(closed, 0));
            assertThrows(ArrayClosedException.class, () -> Nd.append(a, closed));
            assertThrows(ArrayClosedException.class, () -> Nd.concat(a, closed));
            assertThrows(NullPointerException.class, () -> Nd.insert(a, 0, null));
            assertThrows(NullPointerException.class, () -> Nd.resize(null, 2));
        }
    }
}
