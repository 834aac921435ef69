package org.ndgpu.ndimage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * median_filter (and the rank and percentile filters that ask for the same value) over a full 3 x 3
 * window of a 2-D float image, which runs a compare-exchange network, against a plain Java sort of
 * each window: every mode, every origin, float32 and float64, ties, and NaN (which orders after every
 * number, as numpy.sort orders it). SciPy's own results for origin 0 are in NdimageMorphologyParityTest.
 */
class MedianNetworkTest extends PerDeviceTest {
    /** SciPy's index mapping for one axis of length n. */
    private static int map(Mode mode, int k, int n) {
        if (k >= 0 && k < n) return k;
        return switch (mode) {
            case REFLECT -> {
                int p = 2 * n;
                int m = Math.floorMod(k, p);
                yield m >= n ? p - m - 1 : m;
            }
            case MIRROR -> {
                if (n == 1) yield 0;
                int p = 2 * n - 2;
                int m = Math.floorMod(k, p);
                yield m >= n ? p - m : m;
            }
            case NEAREST -> k < 0 ? 0 : n - 1;
            case WRAP -> Math.floorMod(k, n);
            default -> -1; // CONSTANT: outside
        };
    }

    private static double[] oracle(double[] x, int n0, int n1, Mode mode, double cval, int o0, int o1) {
        double[] y = new double[n0 * n1];
        double[] w = new double[9];
        for (int i = 0; i < n0; i++) {
            for (int j = 0; j < n1; j++) {
                for (int a = 0; a < 3; a++) {
                    for (int b = 0; b < 3; b++) {
                        int r = map(mode, i + a - 1 - o0, n0), c = map(mode, j + b - 1 - o1, n1);
                        w[3 * a + b] = r < 0 || c < 0 ? cval : x[r * n1 + c];
                    }
                }
                java.util.Arrays.sort(w); // NaN last, as numpy.sort
                y[i * n1 + j] = w[4];
            }
        }
        return y;
    }

    @Test
    void everyModeAndOriginMatchesASortOfTheWindow() {
        SplittableRandom r = new SplittableRandom(40);
        int[][] shapes = {{7, 9}, {1, 5}, {2, 2}, {13, 1}};
        int checked = 0;
        for (int[] s : shapes) {
            int n0 = s[0], n1 = s[1];
            double[] x = new double[n0 * n1];
            for (int i = 0; i < x.length; i++) {
                x[i] = r.nextInt(8) < 1 ? Double.NaN : Math.round(r.nextDouble() * 8) / 2.0 - 2; // ties, NaN
            }
            for (DType dt : new DType[] {DType.FLOAT64, DType.FLOAT32}) {
                try (NDArray full = Nd.ones(DType.BOOL, 3, 3);
                        NDArray d = Nd.array(x);
                        NDArray image0 = d.reshape(n0, n1);
                        NDArray image = image0.astype(dt)) {
                    for (Mode mode : Mode.values()) {
                        for (int o0 = -1; o0 <= 1; o0++) {
                            for (int o1 = -1; o1 <= 1; o1++) {
                                double cval = 0.75;
                                try (NDArray m =
                                        Nd.ndimage().medianFilter(image, full, mode, cval, new int[] {o0, o1})) {
                                    double[] want = oracle(x, n0, n1, mode.filter(), cval, o0, o1);
                                    double[] got = m.toDoubleArray();
                                    for (int i = 0; i < want.length; i++) {
                                        assertEquals(
                                                want[i],
                                                got[i],
                                                0,
                                                dt + " " + mode + " origins " + o0 + "," + o1 + " shape " + n0 + "x"
                                                        + n1 + " at " + i);
                                    }
                                    checked += want.length;
                                }
                            }
                        }
                    }
                }
            }
        }
        assertEquals(2 * 7 * 9 * (63 + 5 + 4 + 13), checked);
    }

    @Test
    void theSizeFormAndTheRankFormsGiveTheSameMedian() {
        try (NDArray x = Nd.random().seed(3).uniform(-1, 1, DType.FLOAT32, 31, 17);
                NDArray a = Nd.ndimage().medianFilter(x, 3);
                NDArray b = Nd.ndimage().rankFilter(x, 4, 3);
                NDArray c = Nd.ndimage().percentileFilter(x, 50, 3)) {
            float[] xs = x.toFloatArray();
            double[] want = new double[xs.length];
            for (int i = 0; i < xs.length; i++) want[i] = xs[i];
            double[] o = oracle(want, 31, 17, Mode.REFLECT, 0, 0, 0);
            float[] fa = a.toFloatArray(), fb = b.toFloatArray(), fc = c.toFloatArray();
            for (int i = 0; i < o.length; i++) {
                assertEquals((float) o[i], fa[i], 0, "median at " + i);
                assertEquals(fa[i], fb[i], 0, "rank 4 at " + i);
                assertEquals(fa[i], fc[i], 0, "percentile 50 at " + i);
            }
        }
    }
}
