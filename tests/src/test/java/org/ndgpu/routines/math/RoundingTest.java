package org.ndgpu.routines.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.indexing.IndexingFixtures;
import org.ndgpu.testing.PerDeviceTest;

/**
 * round (around) and the amax/amin aliases against NumPy (make_indexing_fixtures.py): ties at
 * every scale rounded to even in float16, float32 and float64, negative decimals, integers, NaN,
 * infinities, complex, bool; 0-d and empty inputs; NumPy's errors.
 */
public class RoundingTest extends PerDeviceTest {
    @Test
    void roundMatchesNumpy() {
        for (var c : IndexingFixtures.cases("round")) {
            try (NDArray a = c.load(0);
                    NDArray want = c.load(1);
                    NDArray got = Nd.round(a, Integer.parseInt(c.param()));
                    NDArray got2 = Nd.around(a, Integer.parseInt(c.param()))) {
                IndexingFixtures.assertMatches(want, got, c.name());
                IndexingFixtures.assertMatches(want, got2, c.name() + " (around)");
            }
        }
    }

    @Test
    void theArrayMethodMatchesNumpy() {
        for (var c : IndexingFixtures.cases("round")) {
            int d = Integer.parseInt(c.param());
            try (NDArray a = c.load(0);
                    NDArray want = c.load(1);
                    NDArray got = d == 0 ? a.round() : a.round(d)) {
                IndexingFixtures.assertMatches(want, got, c.name() + " (a.round)");
            }
        }
    }

    @Test
    void aliasesZeroDimensionalAndEmptyInputs() {
        try (NDArray a = Nd.array(new double[][] {{1, 5}, {7, -2}});
                NDArray mx = Nd.amax(a);
                NDArray mn = Nd.amin(a, 1);
                NDArray mk = Nd.amax(a, new int[] {0}, true);
                NDArray s = Nd.array(new double[] {2.5}).reshape();
                NDArray r = Nd.round(s);
                NDArray e = Nd.zeros(DType.FLOAT32, 0);
                NDArray re = Nd.round(e, 3);
                NDArray none = Nd.round(Nd.array(new long[] {15, 25}), -1)) {
            assertEquals(7.0, mx.doubleValue());
            assertArrayEquals(new double[] {1, -2}, mn.toDoubleArray());
            assertArrayEquals(new long[] {1, 2}, mk.shape());
            assertEquals(0, r.ndim());
            assertEquals(2.0, r.doubleValue(), "half to even");
            assertEquals(DType.FLOAT32, re.dtype());
            assertArrayEquals(new long[] {0}, re.shape());
            assertArrayEquals(new long[] {20, 20}, none.toLongArray(), "integers round half to even too");
        }
    }

    @Test
    void badInputIsNamed() {
        try (NDArray t = Nd.array(new boolean[] {true})) {
            assertThrows(DTypeException.class, () -> Nd.round(t, 1));
            assertThrows(NdException.class, () -> Nd.amax(Nd.zeros(0)));
            NDArray closed = Nd.zeros(3);
            closed.close();
            assertThrows(ArrayClosedException.class, () -> Nd.round(closed, 1));
            assertThrows(ArrayClosedException.class, () -> Nd.amax(closed));
            assertThrows(NullPointerException.class, () -> Nd.round(null));
            assertThrows(NullPointerException.class, () -> Nd.amin(null));
        }
    }
}
