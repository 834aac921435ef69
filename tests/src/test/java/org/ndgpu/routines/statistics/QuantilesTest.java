package org.ndgpu.routines.statistics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * quantile and percentile (method 'linear') against a Java loop that follows NumPy's _lerp in the
 * array's own precision: each lane sorted, low + (high - low) * t, or high - (high - low) * (1 - t)
 * from t = 0.5 on, each product rounded on its own; a lane holding a NaN gives NaN. float32 and
 * float64 along either axis of a matrix and a 1-d array, q below, at and above a half step, the
 * ends, integers (as float64), infinities.
 */
public class QuantilesTest extends PerDeviceTest {

    private static double lerp32(float lo, float hi, double frac) {
        float d = hi - lo;
        return frac < 0.5 ? lo + d * (float) frac : hi - d * (float) (1 - frac);
    }

    private static double lerp64(double lo, double hi, double frac) {
        double d = hi - lo;
        return frac < 0.5 ? lo + d * frac : hi - d * (1 - frac);
    }

    // the quantile of one lane in float32 or float64 arithmetic
    private static double want(double[] lane, double q, boolean single) {
        double[] s = lane.clone();
        Arrays.sort(s); // NaN last, as NumPy's sort
        int n = s.length;
        if (Double.isNaN(s[n - 1])) return Double.NaN;
        double pos = q * (n - 1);
        int lo = (int) Math.floor(pos), hi = Math.min(lo + 1, n - 1);
        double frac = pos - lo;
        return single ? lerp32((float) s[lo], (float) s[hi], frac) : lerp64(s[lo], s[hi], frac);
    }

    @Test
    void linearAgainstAJavaLoop() {
        int rows = 9, cols = 37;
        double[] v = new double[rows * cols];
        for (int k = 0; k < v.length; k++) v[k] = (((k * 2654435761L) >>> 9) % 2001) / 7.0 - 140;
        v[5] = Double.NaN; // lane 0 of axis 1, lane 5 of axis 0
        v[40] = Double.POSITIVE_INFINITY;
        v[41] = Double.NEGATIVE_INFINITY;
        for (DType d : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            boolean single = d == DType.FLOAT32;
            try (NDArray m = Nd.array(v).reshape(rows, cols).astype(d)) {
                double[] mv = m.toDoubleArray();
                for (double q : new double[] {0, 0.1, 0.25, 0.5, 0.73, 0.9, 1}) {
                    for (int axis = 0; axis < 2; axis++) {
                        int lanes = axis == 0 ? cols : rows, len = axis == 0 ? rows : cols;
                        double[] want = new double[lanes];
                        for (int l = 0; l < lanes; l++) {
                            double[] lane = new double[len];
                            for (int k = 0; k < len; k++) lane[k] = axis == 0 ? mv[k * cols + l] : mv[l * cols + k];
                            want[l] = want(lane, q, single);
                        }
                        try (NDArray got = Nd.quantile(m, q, axis, false);
                                NDArray pct = Nd.percentile(m, q * 100, axis, true)) {
                            assertEquals(d, got.dtype());
                            assertArrayEquals(want, got.toDoubleArray(), d + " q " + q + " axis " + axis);
                            assertArrayEquals(axis == 0 ? new long[] {1, cols} : new long[] {rows, 1}, pct.shape());
                        }
                    }
                }
            }
        }
        long[] ints = {7, -3, 12, 5, 5, 0, 9, 100, -40, 2, 8};
        double[] asDouble = Arrays.stream(ints).asDoubleStream().toArray();
        try (NDArray a = Nd.array(ints)) {
            for (double q : new double[] {0, 0.3, 0.5, 0.55, 1}) {
                try (NDArray got = Nd.quantile(a, q)) {
                    assertEquals(DType.FLOAT64, got.dtype());
                    assertEquals(want(asDouble, q, false), got.toDoubleArray()[0], "int64 q " + q);
                }
            }
        }
    }

    /** np.percentile(a, 150): ValueError "Percentiles must be in the range [0, 100]", for every form. */
    @Test
    void percentilesOutsideZeroToHundredAreNamedAsPercentiles() {
        try (NDArray a = Nd.arange(10).astype(DType.FLOAT64)) {
            for (org.junit.jupiter.api.function.Executable call : new org.junit.jupiter.api.function.Executable[] {
                () -> Nd.percentile(a, 150),
                () -> Nd.percentile(a, -1, 0, false),
                () -> Nd.percentile(a, new double[] {50, 150}, null, false, "linear"),
                () -> Nd.percentile(a, Double.NaN, null, false, "lower")
            }) {
                var e = org.junit.jupiter.api.Assertions.assertThrows(org.ndgpu.exceptions.NdException.class, call);
                org.junit.jupiter.api.Assertions.assertTrue(
                        e.getMessage().startsWith("percentile: Percentiles must be in the range [0, 100], got "),
                        e.getMessage());
            }
            try (NDArray p = Nd.percentile(a, 25)) {
                assertEquals(2.25, p.doubleValue(), 0); // np.percentile(np.arange(10.), 25)
            }
        }
    }
}
