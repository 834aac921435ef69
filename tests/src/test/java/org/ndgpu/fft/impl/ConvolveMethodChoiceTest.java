package org.ndgpu.fft.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Nd.convolve and Nd.correlate at lengths where routines uses the FFT (the shorter array above the
 * crossover), on inputs the FFT alone cannot answer as NumPy does: a NaN or inf (NumPy's result has
 * NaN or inf only in the windows that touch it; the FFT spread it to every output), and values of
 * very different sizes (1e8 beside small integers: NumPy's sums of the small ones are exact, the
 * FFT's were off in their leading digits). Every mode, both argument orders, float64 and float32,
 * against the direct sum in Java (float64; each output checked relative to the sum of |terms| of its
 * window, NumPy's own error scale); integer and complex inputs of the same lengths, which go direct,
 * exactly.
 */
class ConvolveMethodChoiceTest extends PerDeviceTest {
    private static final String[] MODES = {"full", "same", "valid"};

    /** numpy.correlate(a, v, mode) for a at least as long as v, in float64, with the sum of |terms| of each window. */
    private static double[][] correlate(double[] a, double[] v, String mode) {
        int n = a.length, k = v.length;
        int len = mode.equals("valid") ? n - k + 1 : mode.equals("same") ? n : n + k - 1;
        int start = mode.equals("valid") ? k - 1 : mode.equals("same") ? k - 1 - k / 2 : 0;
        double[] out = new double[len], scale = new double[len];
        for (int o = 0; o < len; o++) {
            int q = o + start - (k - 1);
            double s = 0, m = 0;
            for (int j = 0; j < k; j++) {
                if (q + j >= 0 && q + j < n) {
                    s += a[q + j] * v[j];
                    m += Math.abs(a[q + j] * v[j]);
                }
            }
            out[o] = s;
            scale[o] = m;
        }
        return new double[][] {out, scale};
    }

    private static double[] reversed(double[] x) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) r[i] = x[x.length - 1 - i];
        return r;
    }

    /** Each output: NaN where expected NaN, the same infinity, else within rtol of its window's scale. */
    private static void matches(double[][] expected, double[] got, double rtol, String what) {
        double[] e = expected[0], scale = expected[1];
        assertEquals(e.length, got.length, what);
        int nans = 0;
        for (int i = 0; i < e.length; i++) {
            String at = what + " [" + i + "]: expected " + e[i] + ", got " + got[i];
            if (Double.isNaN(e[i]) || Double.isInfinite(e[i])) {
                assertEquals(e[i], got[i], at);
                nans++;
            } else {
                assertTrue(Math.abs(e[i] - got[i]) <= rtol * scale[i], at + " (window scale " + scale[i] + ")");
            }
        }
        assertTrue(
                nans < e.length || (what.startsWith("inf in v") && !what.endsWith("full")),
                what + ": every output non-finite");
    }

    private static void everyModeAndOrder(double[] a, double[] v, DType t, double rtol, String what) {
        try (NDArray da = Nd.array(a).astype(t);
                NDArray dv = Nd.array(v).astype(t)) {
            double[] ah = da.astype(DType.FLOAT64).toDoubleArray(),
                    vh = dv.astype(DType.FLOAT64).toDoubleArray();
            for (String mode : MODES) {
                double[][] corr = correlate(ah, vh, mode), conv = correlate(ah, reversed(vh), mode);
                try (NDArray c = Nd.correlate(da, dv, mode);
                        NDArray s = Nd.correlate(dv, da, mode);
                        NDArray x = Nd.convolve(da, dv, mode);
                        NDArray y = Nd.convolve(dv, da, mode)) {
                    assertEquals(t, c.dtype());
                    matches(corr, c.astype(DType.FLOAT64).toDoubleArray(), rtol, what + " correlate " + t + " " + mode);
                    matches(
                            new double[][] {reversed(corr[0]), reversed(corr[1])},
                            s.astype(DType.FLOAT64).toDoubleArray(),
                            rtol,
                            what + " correlate(v, a) " + t + " " + mode);
                    matches(conv, x.astype(DType.FLOAT64).toDoubleArray(), rtol, what + " convolve " + t + " " + mode);
                    matches(
                            conv,
                            y.astype(DType.FLOAT64).toDoubleArray(),
                            rtol,
                            what + " convolve(v, a) " + t + " " + mode);
                }
            }
        }
    }

    private static double[] values(SplittableRandom r, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) v[i] = r.nextDouble(-2, 2);
        return v;
    }

    private static final int N = 3001, K = 300; // K above the CPU crossover: the FFT path

    @Test
    void aNanOrInfSpoilsOnlyTheWindowsThatTouchIt() {
        SplittableRandom r = new SplittableRandom(1);
        double[] a = values(r, N), v = values(r, K);
        a[1500] = Double.NaN;
        a[40] = Double.POSITIVE_INFINITY;
        a[41] = Double.NEGATIVE_INFINITY;
        for (DType t : new DType[] {DType.FLOAT64, DType.FLOAT32}) {
            everyModeAndOrder(a, v, t, t == DType.FLOAT64 ? 1e-12 : 1e-4, "nan/inf");
        }
        double[] b = values(r, N), w = values(r, K);
        b[N - 1] = Double.NaN; // only the last windows touch it
        everyModeAndOrder(b, w, DType.FLOAT64, 1e-12, "nan at the end");
        double[] c = values(r, N);
        w[0] = Double.POSITIVE_INFINITY; // in every window but K - 1 at an end of mode 'full'
        everyModeAndOrder(c, w, DType.FLOAT64, 1e-12, "inf in v");
    }

    @Test
    void aLargeDynamicRangeKeepsTheSmallWindowsExact() {
        SplittableRandom r = new SplittableRandom(2);
        double[] a = new double[N], v = new double[K];
        for (int i = 0; i < N; i++)
            a[i] = i < 1000 ? 1e8 * r.nextDouble(0.5, 1) : r.nextInt(-5, 6); // 1e8 block, then small integers
        for (int j = 0; j < K; j++) v[j] = r.nextInt(-5, 6);
        everyModeAndOrder(a, v, DType.FLOAT64, 1e-12, "1e8 and small integers");
        // the windows of small integers only: exactly NumPy's (exact) integer sums
        try (NDArray da = Nd.array(a);
                NDArray dv = Nd.array(v);
                NDArray c = Nd.correlate(da, dv, "valid")) {
            double[] got = c.toDoubleArray(), e = correlate(a, v, "valid")[0];
            for (int o = 1000; o < e.length; o++) assertEquals(e[o], got[o], "valid[" + o + "] exact");
        }
        // values 1e8 and 1e-3 mixed in blocks, float64 and float32
        double[] b = new double[N], w = values(r, K);
        for (int i = 0; i < N; i++) b[i] = ((i / 700) % 2 == 0 ? 1e8 : 1e-3) * r.nextDouble(-1, 1);
        everyModeAndOrder(b, w, DType.FLOAT64, 1e-12, "1e8 and 1e-3");
        everyModeAndOrder(b, w, DType.FLOAT32, 1e-4, "1e8 and 1e-3");
    }

    @Test
    void ordinaryDataStillMatches() {
        SplittableRandom r = new SplittableRandom(3);
        double[] a = values(r, N), v = values(r, K);
        everyModeAndOrder(a, v, DType.FLOAT64, 1e-12, "uniform");
        everyModeAndOrder(a, v, DType.FLOAT32, 1e-4, "uniform");
    }

    @Test
    void integerAndComplexInputsOfTheseLengthsAreExact() {
        SplittableRandom r = new SplittableRandom(4);
        long[] a = new long[N], v = new long[K];
        for (int i = 0; i < N; i++) a[i] = r.nextLong(-1_000_000_000L, 1_000_000_000L);
        for (int j = 0; j < K; j++) v[j] = r.nextLong(-1_000_000_000L, 1_000_000_000L);
        try (NDArray da = Nd.array(a);
                NDArray dv = Nd.array(v);
                NDArray c = Nd.convolve(dv, da, "same")) {
            long[] got = c.toLongArray();
            int start = K - 1 - K / 2;
            for (int o = 0; o < N; o++) {
                int q = o + start - (K - 1);
                long s = 0;
                for (int j = 0; j < K; j++) if (q + j >= 0 && q + j < N) s += a[q + j] * v[K - 1 - j];
                assertEquals(s, got[o], "convolve int64 same[" + o + "]");
            }
        }
        // complex128 of small integers: exact sums, v conjugated
        double[] za = new double[2 * N], zv = new double[2 * K];
        for (int i = 0; i < za.length; i++) za[i] = r.nextInt(-50, 51);
        for (int i = 0; i < zv.length; i++) zv[i] = r.nextInt(-50, 51);
        try (NDArray da = Nd.array(MemorySegment.ofArray(za), DType.COMPLEX128, N);
                NDArray dv = Nd.array(MemorySegment.ofArray(zv), DType.COMPLEX128, K);
                NDArray c = Nd.correlate(da, dv, "valid")) {
            double[] got = c.toBytes().toArray(ValueLayout.JAVA_DOUBLE);
            for (int o = 0; o < N - K + 1; o++) {
                double re = 0, im = 0;
                for (int j = 0; j < K; j++) {
                    double ar = za[2 * (o + j)], ai = za[2 * (o + j) + 1], vr = zv[2 * j], vi = -zv[2 * j + 1];
                    re += ar * vr - ai * vi;
                    im += ar * vi + ai * vr;
                }
                assertEquals(re, got[2 * o], "complex valid[" + o + "].real");
                assertEquals(im, got[2 * o + 1], "complex valid[" + o + "].imag");
            }
        }
    }
}
