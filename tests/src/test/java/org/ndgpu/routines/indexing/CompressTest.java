package org.ndgpu.routines.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * compress and extract against NumPy (make_indexing_fixtures.py): every axis (negative too),
 * axis=None, a condition shorter than the axis, conditions of other dtypes; empty and 0-d inputs;
 * NumPy's errors.
 */
public class CompressTest extends PerDeviceTest {
    @Test
    void compressAndExtractMatchNumpy() {
        for (var c : IndexingFixtures.cases("compress")) {
            try (NDArray cond = c.load(0);
                    NDArray a = c.load(1);
                    NDArray want = c.load(2);
                    NDArray got = c.axis() == null ? Nd.compress(cond, a) : Nd.compress(cond, a, c.axis())) {
                IndexingFixtures.assertMatches(want, got, c.name());
            }
        }
        for (var c : IndexingFixtures.cases("extract")) {
            try (NDArray cond = c.load(0);
                    NDArray a = c.load(1);
                    NDArray want = c.load(2);
                    NDArray got = Nd.extract(cond, a)) {
                IndexingFixtures.assertMatches(want, got, c.name());
            }
        }
    }

    @Test
    void theArrayMethodMatchesNumpy() {
        for (var c : IndexingFixtures.cases("compress")) {
            try (NDArray cond = c.load(0);
                    NDArray a = c.load(1);
                    NDArray want = c.load(2);
                    NDArray got = c.axis() == null ? a.compress(cond) : a.compress(cond, c.axis())) {
                IndexingFixtures.assertMatches(want, got, c.name() + " (a.compress)");
            }
        }
    }

    @Test
    void emptyAndZeroDimensionalInputs() {
        try (NDArray a = Nd.arange(6.0).reshape(2, 3);
                NDArray none = Nd.zeros(org.ndgpu.ndarray.DType.BOOL, 0);
                NDArray r = Nd.compress(none, a, 1);
                NDArray s = Nd.array(new double[] {4}).reshape();
                NDArray yes = Nd.array(new boolean[] {true}).reshape();
                NDArray e = Nd.extract(yes, s)) {
            assertArrayEquals(new long[] {2, 0}, r.shape());
            assertArrayEquals(new double[] {4}, e.toDoubleArray());
        }
    }

    @Test
    void badInputIsNamed() {
        try (NDArray a = Nd.arange(3.0);
                NDArray long4 = Nd.array(new boolean[] {true, false, false, true});
                NDArray twoD = Nd.array(new boolean[][] {{true}})) {
            var e1 = assertThrows(IndexException.class, () -> Nd.compress(long4, a, 0));
            assertEquals("compress: index 3 is out of bounds for axis 0 with size 3", e1.getMessage());
            var e2 = assertThrows(ShapeException.class, () -> Nd.compress(twoD, a));
            assertEquals("compress: condition must be a 1-d array, got 2-d", e2.getMessage());
            assertThrows(AxisException.class, () -> Nd.compress(long4, a, 1));
            assertThrows(IndexException.class, () -> Nd.extract(long4, a));
            NDArray closed = Nd.zeros(3);
            closed.close();
            assertThrows(ArrayClosedException.class, () -> Nd.extract(closed, a));
            assertThrows(NullPointerException.class, () -> Nd.compress(null, a));
        }
    }
}
