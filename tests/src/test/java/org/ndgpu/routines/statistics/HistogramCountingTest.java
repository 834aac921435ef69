package org.ndgpu.routines.statistics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.Histogram;
import org.ndgpu.routines.Histogram2d;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The counting kernel of histogram, bincount and histogram2d ({@link BinCounting}) against plain
 * Java loops over fresh random data: the local-memory path and the global-atomic path (forced, and
 * chosen by a bin count just over the local capacity), one work-group, many, and the device's own
 * choice; bins 1, 255, 256, 257, the capacity and one more; every sample in one bin; NaN, infinities
 * and samples outside the range; equal bins whose guess the edges overrule (float16 edges), given
 * uneven edges with repeats; weighted, strided and reversed bincount. (This module's tests have no
 * reductions, so the ranges are given; reliability-tests' HistogramOracleTest runs the public calls.)
 */
public class HistogramCountingTest extends PerDeviceTest {
    private static final BinCounting.Plan[] PLANS = {
        BinCounting.Plan.AUTO,
        new BinCounting.Plan(1, false),
        new BinCounting.Plan(97, false),
        new BinCounting.Plan(0, true)
    };

    /** The oracle: the last edge at or below v (the top edge in the last bin), -1 outside or NaN. */
    private static int bin(double[] e, double v) {
        int nb = e.length - 1;
        if (!(v >= e[0] && v <= e[nb])) return -1;
        int j = 0;
        while (j + 1 < nb && e[j + 1] <= v) j++;
        return j;
    }

    private static long[] expected(double[] e, double[] v) {
        long[] c = new long[e.length - 1];
        int nb = e.length - 1;
        for (double x : v) {
            if (!(x >= e[0] && x <= e[nb])) continue;
            // the last j < nb with e[j] <= x, by bisection (the linear walk above is the definition)
            int lo = 0, hi = nb;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (e[mid] <= x) lo = mid;
                else hi = mid - 1;
            }
            c[lo == nb ? nb - 1 : lo]++;
        }
        return c;
    }

    private static float[] samples(SplittableRandom rnd, int n, double lo, double hi, boolean hostile) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = (float) (lo + (hi - lo) * rnd.nextDouble());
            if (hostile) {
                switch (rnd.nextInt(40)) {
                    case 0 -> v[i] = Float.NaN;
                    case 1 -> v[i] = Float.POSITIVE_INFINITY;
                    case 2 -> v[i] = Float.NEGATIVE_INFINITY;
                    case 3 -> v[i] = (float) (hi + 1 + rnd.nextDouble());
                    case 4 -> v[i] = (float) (lo - 1 - rnd.nextDouble());
                    default -> {}
                }
            }
        }
        return v;
    }

    private static double[] widen(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) d[i] = f[i];
        return d;
    }

    @Test
    void float32BinsAroundTheLocalCapacityEveryPath() {
        SplittableRandom rnd = new SplittableRandom(2201);
        int cap = BinCounting.capacity(device(), false);
        int n = 50_000;
        float[] v = samples(rnd, n, -3, 5, true);
        try (NDArray a = Nd.array(v)) {
            for (long bins : new long[] {1, 255, 256, 257, cap, cap + 1L}) {
                double[] range = {-2.5 + rnd.nextDouble(), 4 + rnd.nextDouble()};
                for (BinCounting.Plan plan : PLANS) {
                    try (Histogram h = Histograms.histogram("histogram", a, bins, range, plan)) {
                        double[] e = h.binEdges().toDoubleArray();
                        assertEquals(bins + 1, e.length);
                        long[] want = expected(e, widen(v));
                        assertArrayEquals(want, h.counts().toLongArray(), bins + " bins, " + plan);
                    }
                }
            }
        }
    }

    @Test
    void manySamplesOnTheDevicesOwnGrid() {
        SplittableRandom rnd = new SplittableRandom(2202);
        int n = 1 << 20;
        float[] v = samples(rnd, n, 0, 1, false);
        try (NDArray a = Nd.array(v);
                Histogram h = Histograms.histogram("histogram", a, 256, new double[] {0, 1}, BinCounting.Plan.AUTO)) {
            long[] got = h.counts().toLongArray();
            assertArrayEquals(expected(h.binEdges().toDoubleArray(), widen(v)), got);
            assertEquals(n, java.util.Arrays.stream(got).sum(), "every sample lies in [0, 1]");
        }
    }

    @Test
    void everySampleInOneBin() {
        SplittableRandom rnd = new SplittableRandom(2203);
        float x = (float) rnd.nextDouble();
        int n = 200_000;
        float[] v = new float[n];
        java.util.Arrays.fill(v, x);
        try (NDArray a = Nd.array(v)) {
            for (long bins : new long[] {1, 256, 300}) {
                for (BinCounting.Plan plan :
                        new BinCounting.Plan[] {BinCounting.Plan.AUTO, new BinCounting.Plan(0, true)}) {
                    try (Histogram h =
                            Histograms.histogram("histogram", a, bins, new double[] {x - 0.5, x + 0.5}, plan)) {
                        long[] want = expected(h.binEdges().toDoubleArray(), widen(v));
                        long[] got = h.counts().toLongArray();
                        assertArrayEquals(want, got, bins + " bins, " + plan);
                        assertEquals(n, java.util.Arrays.stream(got).max().orElseThrow());
                    }
                }
            }
        }
    }

    @Test
    void float64AndIntegerSamplesAndGivenUnevenEdges() {
        SplittableRandom rnd = new SplittableRandom(2204);
        int n = 30_000;
        double[] d = new double[n];
        long[] k = new long[n];
        for (int i = 0; i < n; i++) {
            d[i] = rnd.nextGaussian() * 3;
            k[i] = rnd.nextLong(-50, 400);
        }
        d[7] = Double.NaN;
        d[8] = Double.NEGATIVE_INFINITY;
        // uneven edges with repeats: the binary search, never a guess
        double[] edges = new double[301];
        edges[0] = -4;
        for (int i = 1; i < edges.length; i++)
            edges[i] = edges[i - 1] + (rnd.nextInt(5) == 0 ? 0 : rnd.nextDouble() * 0.05);
        double[] kd = new double[n];
        for (int i = 0; i < n; i++) kd[i] = k[i];
        try (NDArray a = Nd.array(d);
                NDArray ki = Nd.array(k);
                NDArray eb = Nd.array(edges)) {
            for (BinCounting.Plan plan : PLANS) {
                try (NDArray c = Histograms.count(a, eb, 0, plan)) {
                    assertArrayEquals(expected(edges, d), c.toLongArray(), "given edges, " + plan);
                }
                try (Histogram h = Histograms.histogram("histogram", a, 257, new double[] {-7, 8.5}, plan)) {
                    assertArrayEquals(
                            expected(h.binEdges().toDoubleArray(), d),
                            h.counts().toLongArray(),
                            "float64, " + plan);
                }
                try (Histogram h = Histograms.histogram("histogram", ki, 33, new double[] {-10.5, 350}, plan)) {
                    assertArrayEquals(
                            expected(h.binEdges().toDoubleArray(), kd),
                            h.counts().toLongArray(),
                            "int64, " + plan);
                }
            }
        }
    }

    @Test
    void float16EdgesOverruleTheGuess() {
        // 3000 bins over [1000, 1010] in float16 edges, 0.5 apart at best: runs of equal edges, so the
        // guess (v - 1000) * 300 is off by up to about 75 bins and the edges' search must decide
        SplittableRandom rnd = new SplittableRandom(2205);
        int n = 20_000;
        float[] v = new float[n];
        for (int i = 0; i < n; i++)
            v[i] = Float.float16ToFloat(Float.floatToFloat16((float) (995 + rnd.nextDouble() * 20)));
        try (NDArray f = Nd.array(v);
                NDArray a = f.astype(DType.FLOAT16)) {
            for (BinCounting.Plan plan : PLANS) {
                try (Histogram h = Histograms.histogram("histogram", a, 3000, new double[] {1000, 1010}, plan)) {
                    double[] e = h.binEdges().toDoubleArray();
                    assertEquals(1000.5, e[150]);
                    assertArrayEquals(expected(e, widen(v)), h.counts().toLongArray(), plan.toString());
                }
            }
        }
    }

    @Test
    void bincountCountsAndWeightsLocalAndGlobal() {
        SplittableRandom rnd = new SplittableRandom(2206);
        int cap = BinCounting.capacity(device(), false), capW = BinCounting.capacity(device(), true);
        int n = 40_000;
        for (int len : new int[] {1, 256, 257, capW + 1, cap + 1}) {
            long[] x = new long[n];
            double[] w = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = rnd.nextInt(len);
                w[i] = rnd.nextDouble() * 2 - 0.5;
            }
            long[] want = new long[len];
            double[] wantW = new double[len];
            for (int i = 0; i < n; i++) {
                want[(int) x[i]]++;
                wantW[(int) x[i]] += w[i];
            }
            try (NDArray xa = Nd.array(x);
                    NDArray x32 = xa.astype(DType.INT32);
                    NDArray wa = Nd.array(w);
                    NDArray w32 = wa.astype(DType.FLOAT32)) {
                for (BinCounting.Plan plan : PLANS) {
                    try (NDArray c = Histograms.bincount(x32, null, len, plan)) {
                        assertArrayEquals(want, c.toLongArray(), len + " values, " + plan);
                    }
                    try (NDArray c = Histograms.bincount(xa, wa, len + 3, plan)) {
                        double[] got = c.toDoubleArray();
                        assertEquals(len + 3, got.length);
                        for (int b = 0; b < len; b++) {
                            assertEquals(
                                    wantW[b],
                                    got[b],
                                    1e-12 * (Math.abs(wantW[b]) + n),
                                    len + " values, bin " + b + ", " + plan);
                        }
                        for (int b = len; b < len + 3; b++) assertEquals(0.0, got[b]);
                    }
                }
                // float32 weights add as float64, as NumPy casts them
                double[] want32 = new double[len];
                float[] wf = w32.toFloatArray();
                for (int i = 0; i < n; i++) want32[(int) x[i]] += wf[i];
                try (NDArray c = Histograms.bincount(x32, w32, len, BinCounting.Plan.AUTO)) {
                    double[] got = c.toDoubleArray();
                    for (int b = 0; b < len; b++) assertEquals(want32[b], got[b], 1e-12 * (Math.abs(want32[b]) + n));
                }
            }
        }
    }

    @Test
    void bincountOfStridedAndReversedViews() {
        SplittableRandom rnd = new SplittableRandom(2207);
        int n = 30_001;
        long[] x = new long[n];
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = rnd.nextInt(300);
            w[i] = rnd.nextGaussian();
        }
        List<NDArray> made = new ArrayList<>();
        try {
            NDArray xa = Nd.array(x), wa = Nd.array(w);
            made.add(xa);
            made.add(wa);
            for (String index : new String[] {"::3", "::-2", "5:-7:-1"}) {
                NDArray xv = xa.get(index), wv = wa.get(index);
                made.add(xv);
                made.add(wv);
                long[] xs = xv.toLongArray();
                double[] ws = wv.toDoubleArray();
                long[] want = new long[300];
                double[] wantW = new double[300];
                for (int i = 0; i < xs.length; i++) {
                    want[(int) xs[i]]++;
                    wantW[(int) xs[i]] += ws[i];
                }
                try (NDArray c = Histograms.bincount(xv, null, 300, BinCounting.Plan.AUTO);
                        NDArray cw = Histograms.bincount(xv, wv, 300, new BinCounting.Plan(5, false))) {
                    assertArrayEquals(want, c.toLongArray(), index);
                    double[] got = cw.toDoubleArray();
                    for (int b = 0; b < 300; b++)
                        assertEquals(wantW[b], got[b], 1e-12 * (Math.abs(wantW[b]) + n), index + " bin " + b);
                }
            }
        } finally {
            for (NDArray m : made) m.close();
        }
    }

    @Test
    void histogram2dLocalAndGlobal() {
        SplittableRandom rnd = new SplittableRandom(2208);
        int n = 40_000;
        float[] x = samples(rnd, n, -1, 1, true);
        double[] y = new double[n];
        for (int i = 0; i < n; i++) y[i] = rnd.nextGaussian();
        int cap = BinCounting.capacity(device(), false);
        try (NDArray xa = Nd.array(x);
                NDArray ya = Nd.array(y)) {
            for (long[] bins : new long[][] {{1, 1}, {16, 16}, {17, 15}, {cap / 64 + 1, 64}}) {
                for (BinCounting.Plan plan : PLANS) {
                    try (Histogram2d h = Histograms.histogram2d(
                            "histogram2d", xa, ya, bins, new double[][] {{-0.9, 0.95}, {-2, 2.5}}, plan)) {
                        double[] ex = h.xEdges().toDoubleArray(),
                                ey = h.yEdges().toDoubleArray();
                        long nx = bins[0], ny = bins[1];
                        double[] want = new double[(int) (nx * ny)];
                        for (int i = 0; i < n; i++) {
                            int bx = bin(ex, x[i]), by = bin(ey, y[i]);
                            if (bx >= 0 && by >= 0) want[(int) (bx * ny + by)]++;
                        }
                        assertArrayEquals(new long[] {nx, ny}, h.counts().shape());
                        assertArrayEquals(
                                want, h.counts().toDoubleArray(), java.util.Arrays.toString(bins) + ", " + plan);
                    }
                }
            }
        }
    }

    @Test
    void localHistogramSizes() {
        int cap = BinCounting.capacity(device(), false);
        assertTrue(cap >= 256, "at least 256 bins of local counts, got " + cap);
        assertEquals(BinCounting.MIN_BINS, BinCounting.localBins(device(), 1, false));
        assertEquals(256, BinCounting.localBins(device(), 256, false));
        assertEquals(512, BinCounting.localBins(device(), 257, false));
        assertEquals(cap, BinCounting.localBins(device(), cap, false));
        assertEquals(0, BinCounting.localBins(device(), cap + 1L, false));
        assertEquals(0, BinCounting.localBins(device(), 1L << 40, false));
    }
}
