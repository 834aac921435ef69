package org.ndgpu.routines.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * numpy.correlate and numpy.convolve of complex arrays (once refused): correlate conjugates its
 * second argument (NumPy's correlate2) and, when the first is shorter, gives the swapped result
 * conjugated and reversed; convolve conjugates nothing. Every mode, both argument orders, complex128
 * and complex64 and a real array with a complex one, against NumPy 2.4's answers (the values are
 * sums of products of short binary fractions, exact in both dtypes).
 */
class ConvolveComplexTest extends PerDeviceTest {
    private static final double[] A = {1, 2, -3, 0.5, 2, -1, 0.25, 4, -1, -1};
    private static final double[] V = {2, -1, 0.5, 3};

    // numpy 2.4: np.correlate / np.convolve of a = [1+2j, -3+0.5j, 2-1j, 0.25+4j, -1-1j], v = [2-1j, 0.5+3j]
    private static final double[][] FULL_CORR = {
        {6.5, -2}, {0, 14.25}, {-8.5, -8.5}, {17.125, 1.25}, {-7, 10.75}, {-1, -3}
    };
    private static final double[][] FULL_CONV = {
        {4, 3}, {-11, 8}, {0, -12.75}, {8.5, 13.25}, {-14.875, 1.75}, {2.5, -3.5}
    };

    private static NDArray complex(double[] interleaved, DType t) {
        try (NDArray z =
                Nd.array(MemorySegment.ofArray(interleaved.clone()), DType.COMPLEX128, interleaved.length / 2)) {
            return z.astype(t);
        }
    }

    private static double[] interleaved(NDArray z) {
        try (NDArray w = z.astype(DType.COMPLEX128)) {
            return w.toBytes().toArray(ValueLayout.JAVA_DOUBLE);
        }
    }

    private static double[] flat(double[][] rows, int from, int to, boolean conjugate, boolean reverse) {
        double[] out = new double[2 * (to - from)];
        for (int i = from; i < to; i++) {
            int o = reverse ? to - 1 - i : i - from;
            out[2 * o] = rows[i][0];
            out[2 * o + 1] = conjugate ? -rows[i][1] : rows[i][1];
        }
        return out;
    }

    @Test
    void correlateConjugatesTheSecondArgumentInEveryModeAndOrder() {
        for (DType t : new DType[] {DType.COMPLEX128, DType.COMPLEX64}) {
            try (NDArray a = complex(A, t);
                    NDArray v = complex(V, t)) {
                // full: all 6; same: the first 5 (len 5 from index 0); valid: indices 1..4
                int[][] windows = {{0, 6}, {0, 5}, {1, 5}};
                String[] modes = {"full", "same", "valid"};
                for (int m = 0; m < 3; m++) {
                    int from = windows[m][0], to = windows[m][1];
                    try (NDArray c = Nd.correlate(a, v, modes[m]);
                            NDArray s = Nd.correlate(v, a, modes[m])) {
                        assertEquals(t, c.dtype());
                        assertArrayEquals(
                                flat(FULL_CORR, from, to, false, false),
                                interleaved(c),
                                1e-5,
                                "correlate(a, v) " + t + " " + modes[m]);
                        // numpy: correlate(v, a, 'same') = [-7-10.75j, 17.125-1.25j, -8.5+8.5j, -14.25j, 6.5+2j]
                        assertArrayEquals(
                                flat(FULL_CORR, from, to, true, true),
                                interleaved(s),
                                1e-5,
                                "correlate(v, a) " + t + " " + modes[m]);
                    }
                    try (NDArray c = Nd.convolve(a, v, modes[m]);
                            NDArray s = Nd.convolve(v, a, modes[m])) {
                        assertArrayEquals(
                                flat(FULL_CONV, from, to, false, false),
                                interleaved(c),
                                1e-5,
                                "convolve(a, v) " + t + " " + modes[m]);
                        assertArrayEquals(
                                flat(FULL_CONV, from, to, false, false),
                                interleaved(s),
                                1e-5,
                                "convolve(v, a) " + t + " " + modes[m]);
                    }
                }
            }
        }
    }

    @Test
    void aRealArrayWithAComplexOnePromotes() {
        // numpy: np.correlate(np.array([1, 2, 3]), np.array([1j, 2])) -> [4-1j, 6-2j]; float32 with complex64 stays
        // complex64
        try (NDArray a = Nd.array(new long[] {1, 2, 3});
                NDArray v = complex(new double[] {0, 1, 2, 0}, DType.COMPLEX128);
                NDArray c = Nd.correlate(a, v);
                NDArray f = Nd.array(new float[] {1, 2, 3});
                NDArray v64 = v.astype(DType.COMPLEX64);
                NDArray c64 = Nd.correlate(f, v64)) {
            assertEquals(DType.COMPLEX128, c.dtype());
            assertArrayEquals(new double[] {4, -1, 6, -2}, interleaved(c));
            assertEquals(DType.COMPLEX64, c64.dtype());
            assertArrayEquals(new double[] {4, -1, 6, -2}, interleaved(c64));
        }
    }

    @Test
    void nanTouchesOnlyItsWindowsOnTheDirectPath() {
        // numpy: np.convolve([1, nan, 1, 1, 1], [1, 1]) -> [1, nan, nan, 2, 2, 1]
        try (NDArray a = Nd.array(new double[] {1, Double.NaN, 1, 1, 1});
                NDArray v = Nd.array(new double[] {1, 1});
                NDArray c = Nd.convolve(a, v)) {
            assertArrayEquals(new double[] {1, Double.NaN, Double.NaN, 2, 2, 1}, c.toDoubleArray());
        }
    }
}
