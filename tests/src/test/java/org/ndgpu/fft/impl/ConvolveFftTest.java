package org.ndgpu.fft.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Nd.convolve and Nd.correlate where routines takes the FFT path (floating-point inputs whose
 * shorter array is long): every mode, both argument orders, float16/32/64, against a float64 loop
 * in Java, by error relative to the largest |output|; integer inputs of the same lengths stay on the
 * direct path and exact. Fresh random inputs each run.
 */
class ConvolveFftTest extends PerDeviceTest {
    private final SplittableRandom random = new SplittableRandom();

    private double[] values(int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) v[i] = random.nextDouble(-2, 2);
        return v;
    }

    /** numpy.correlate(a, v, mode) in float64, for a at least as long as v. */
    private static double[] correlate(double[] a, double[] v, String mode) {
        int n = a.length, k = v.length;
        int len = mode.equals("valid") ? n - k + 1 : mode.equals("same") ? n : n + k - 1;
        int start = mode.equals("valid") ? k - 1 : mode.equals("same") ? k - 1 - k / 2 : 0;
        double[] out = new double[len];
        for (int o = 0; o < len; o++) {
            int q = o + start - (k - 1);
            double s = 0;
            for (int j = 0; j < k; j++) if (q + j >= 0 && q + j < n) s += a[q + j] * v[j];
            out[o] = s;
        }
        return out;
    }

    private static double[] reversed(double[] x) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) r[i] = x[x.length - 1 - i];
        return r;
    }

    private static void close(double[] expected, double[] got, double rtol, String what) {
        assertEquals(expected.length, got.length, what);
        double scale = 0;
        for (double e : expected) scale = Math.max(scale, Math.abs(e));
        for (int i = 0; i < expected.length; i++) {
            assertTrue(
                    Math.abs(expected[i] - got[i]) <= rtol * scale,
                    what + " [" + i + "]: expected " + expected[i] + ", got " + got[i]);
        }
    }

    @Test
    void longFloatInputsMatchTheDirectSumInEveryModeAndOrder() {
        int n = 5003, k = 397; // k above the crossover: the FFT path
        double[] a = values(n), v = values(k);
        for (DType t : new DType[] {DType.FLOAT64, DType.FLOAT32, DType.FLOAT16}) {
            double rtol = t == DType.FLOAT64 ? 1e-12 : t == DType.FLOAT32 ? 2e-5 : 2e-3;
            try (NDArray da = Nd.array(a).astype(t);
                    NDArray dv = Nd.array(v).astype(t)) {
                double[] ah = da.astype(DType.FLOAT64).toDoubleArray(),
                        vh = dv.astype(DType.FLOAT64).toDoubleArray();
                for (String mode : new String[] {"full", "same", "valid"}) {
                    try (NDArray c = Nd.correlate(da, dv, mode)) {
                        assertEquals(t, c.dtype());
                        close(
                                correlate(ah, vh, mode),
                                c.astype(DType.FLOAT64).toDoubleArray(),
                                rtol,
                                "correlate " + t + " " + mode);
                    }
                    try (NDArray c =
                            Nd.correlate(dv, da, mode)) { // the shorter first: NumPy reverses the swapped result
                        close(
                                reversed(correlate(ah, vh, mode)),
                                c.astype(DType.FLOAT64).toDoubleArray(),
                                rtol,
                                "correlate(v, a) " + t + " " + mode);
                    }
                    try (NDArray c = Nd.convolve(da, dv, mode)) {
                        close(
                                correlate(ah, reversed(vh), mode),
                                c.astype(DType.FLOAT64).toDoubleArray(),
                                rtol,
                                "convolve " + t + " " + mode);
                    }
                }
            }
        }
    }

    @Test
    void stridedAndReversedViewsGoThroughTheFftPathToo() {
        double[] a = values(2 * 4000), v = values(3 * 300);
        try (NDArray da = Nd.array(a);
                NDArray dv = Nd.array(v);
                NDArray sa = da.get("::2");
                NDArray sv = dv.get("::-3")) {
            double[] ah = sa.toDoubleArray(), vh = sv.toDoubleArray();
            try (NDArray c = Nd.correlate(sa, sv, "full")) {
                close(correlate(ah, vh, "full"), c.toDoubleArray(), 1e-12, "strided views");
            }
        }
    }

    @Test
    void integerInputsStayExactAtTheSameLengths() {
        int n = 3001, k = 301;
        long[] a = new long[n], v = new long[k];
        for (int i = 0; i < n; i++) a[i] = random.nextLong(-1_000_000, 1_000_000);
        for (int i = 0; i < k; i++) v[i] = random.nextLong(-1_000_000, 1_000_000);
        try (NDArray da = Nd.array(a);
                NDArray dv = Nd.array(v);
                NDArray c = Nd.correlate(da, dv, "valid")) {
            assertEquals(DType.INT64, c.dtype());
            long[] got = c.toLongArray();
            for (int o = 0; o < n - k + 1; o++) {
                long s = 0;
                for (int j = 0; j < k; j++) s += a[o + j] * v[j];
                assertEquals(s, got[o], "valid[" + o + "] exact");
            }
        }
    }
}
