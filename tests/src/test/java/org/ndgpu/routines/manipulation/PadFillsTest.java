package org.ndgpu.routines.manipulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * numpy.pad's maximum, minimum, mean, median, linear_ramp and empty modes against NumPy 2.4's answers
 * (quoted): np.pad(np.int32([[1, 2, 3], [4, 5, 9]]), ((1, 2), (2, 1)), mode=...), a float32 ramp, an int8
 * mean rounded half to even, an empty axis refused.
 */
public class PadFillsTest extends PerDeviceTest {
    private static final long[][] WIDTHS = {{1, 2}, {2, 1}};

    private static long[] flat(long[][] rows) {
        return java.util.Arrays.stream(rows)
                .flatMapToLong(java.util.Arrays::stream)
                .toArray();
    }

    @Test
    void statisticsAndRampsOfAnIntegerMatrix() {
        long[][][] want = {
            {{9, 9, 4, 5, 9, 9}, {3, 3, 1, 2, 3, 3}, {9, 9, 4, 5, 9, 9}, {9, 9, 4, 5, 9, 9}, {9, 9, 4, 5, 9, 9}},
            {{1, 1, 1, 2, 3, 1}, {1, 1, 1, 2, 3, 1}, {4, 4, 4, 5, 9, 4}, {1, 1, 1, 2, 3, 1}, {1, 1, 1, 2, 3, 1}},
            {{4, 4, 2, 4, 6, 4}, {2, 2, 1, 2, 3, 2}, {6, 6, 4, 5, 9, 6}, {4, 4, 2, 4, 6, 4}, {4, 4, 2, 4, 6, 4}},
            {{4, 4, 2, 4, 6, 4}, {2, 2, 1, 2, 3, 2}, {5, 5, 4, 5, 9, 5}, {4, 4, 2, 4, 6, 4}, {4, 4, 2, 4, 6, 4}},
            {{0, 0, 0, 0, 0, 0}, {0, 0, 1, 2, 3, 0}, {0, 2, 4, 5, 9, 0}, {0, 1, 2, 2, 4, 0}, {0, 0, 0, 0, 0, 0}}
        };
        String[] modes = {"maximum", "minimum", "mean", "median", "linear_ramp"};
        try (NDArray a = Nd.array(new int[][] {{1, 2, 3}, {4, 5, 9}})) {
            for (int m = 0; m < modes.length; m++) {
                try (NDArray p = Nd.pad(a, WIDTHS, modes[m])) {
                    assertEquals(DType.INT32, p.dtype(), modes[m]);
                    assertArrayEquals(new long[] {5, 6}, p.shape(), modes[m]);
                    assertArrayEquals(flat(want[m]), p.toLongArray(), modes[m]);
                }
            }
            // 'empty': NumPy leaves the padding undefined; the array's own elements sit in the middle
            try (NDArray p = Nd.pad(a, WIDTHS, "empty");
                    NDArray mid = p.get("1:3, 2:5")) {
                assertArrayEquals(new long[] {1, 2, 3, 4, 5, 9}, mid.toLongArray());
            }
            assertArrayEquals(new long[] {1, 2, 3, 4, 5, 9}, a.toLongArray(), "a is left as it was");
        }
    }

    @Test
    void floatRampsMeansAndTheRefusals() {
        // np.pad(np.float32([1.5, 2.25, 7.0]), (3, 2), mode="linear_ramp"): [0, .5, 1, 1.5, 2.25, 7, 3.5, 0]
        // mode="mean" with (2, 2): 3.5833333 (float32) on each side
        try (NDArray f = Nd.array(new float[] {1.5f, 2.25f, 7.0f});
                NDArray r = Nd.pad(f, new long[][] {{3, 2}}, "linear_ramp");
                NDArray m = Nd.pad(f, new long[][] {{2, 2}}, "mean")) {
            assertEquals(DType.FLOAT32, r.dtype());
            assertArrayEquals(new double[] {0, 0.5, 1, 1.5, 2.25, 7, 3.5, 0}, r.toDoubleArray(), 0);
            double mean = (1.5f + 2.25f + 7.0f) / 3f;
            assertArrayEquals(new double[] {mean, mean, 1.5, 2.25, 7, mean, mean}, m.toDoubleArray(), 1e-6);
        }
        // np.pad(np.int8([1, 2]), (1, 1), mode="mean"): [2, 1, 2, 2] (1.5 rounds half to even)
        try (NDArray i8 = Nd.array(new byte[] {1, 2});
                NDArray m = Nd.pad(i8, 1, "mean")) {
            assertEquals(DType.INT8, m.dtype());
            assertArrayEquals(new long[] {2, 1, 2, 2}, m.toLongArray());
        }
        // NumPy: "can't extend empty axis 0 using modes other than 'constant' or 'empty'"
        try (NDArray e = Nd.zeros(DType.FLOAT64, 0)) {
            assertThrows(NdException.class, () -> Nd.pad(e, 1, "mean"));
            try (NDArray z = Nd.pad(e, 1, "empty")) {
                assertArrayEquals(new long[] {2}, z.shape());
            }
        }
        try (NDArray f = Nd.ones(3)) {
            assertThrows(NdException.class, () -> Nd.pad(f, 1, "average"));
        }
    }
}
