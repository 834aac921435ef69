package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.Histogram;
import org.ndgpu.routines.Histogram2d;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Nd.histogram, Nd.bincount and Nd.histogram2d as a user calls them (the data's own range, found by
 * reductions), against plain Java loops over fresh random data: a million samples (many work-groups
 * on a GPU), float16 samples in many bins, every sample equal, given uneven edges with NaN and
 * infinities, bincount of one value, strided and reversed views with weights. The counting paths
 * themselves (local and global, forced work-group counts) are routines' HistogramCountingTest.
 */
class HistogramOracleTest extends PerDeviceTest {
    /** The oracle: each sample's bin is the last edge at or below it, the top edge in the last bin; outside and NaN nowhere. */
    private static long[] expected(double[] e, double[] v) {
        long[] c = new long[e.length - 1];
        for (double x : v) {
            int j = bin(e, x);
            if (j >= 0) c[j]++;
        }
        return c;
    }

    /** The bin of x among sorted edges e (bisection for the last e[j] <= x), -1 outside or NaN. */
    private static int bin(double[] e, double x) {
        int nb = e.length - 1;
        if (!(x >= e[0] && x <= e[nb])) return -1;
        int lo = 0, hi = nb;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (e[mid] <= x) lo = mid;
            else hi = mid - 1;
        }
        return Math.min(lo, nb - 1);
    }

    private static double[] asDoubles(NDArray a) {
        try (NDArray d = a.astype(DType.FLOAT64)) {
            return d.toDoubleArray();
        }
    }

    @Test
    void aMillionFloat32SamplesInTheirOwnRange() {
        SplittableRandom rnd = new SplittableRandom(3301);
        int n = 1 << 20;
        float[] v = new float[n];
        for (int i = 0; i < n; i++) v[i] = (float) (rnd.nextGaussian() * 2 + 1);
        try (NDArray a = Nd.array(v);
                Histogram h = Nd.histogram(a, 256)) {
            double[] e = h.binEdges().toDoubleArray();
            double min = Double.MAX_VALUE, max = -Double.MAX_VALUE;
            for (float x : v) {
                min = Math.min(min, x);
                max = Math.max(max, x);
            }
            assertEquals(min, e[0]);
            assertEquals(max, e[256]);
            long[] got = h.counts().toLongArray();
            assertArrayEquals(expected(e, asDoubles(a)), got);
            assertEquals(n, Arrays.stream(got).sum());
        }
    }

    @Test
    void float16SamplesInManyBins() {
        SplittableRandom rnd = new SplittableRandom(3302);
        float[] v = new float[50_000];
        for (int i = 0; i < v.length; i++) v[i] = (float) (rnd.nextDouble() * 60000 - 100);
        try (NDArray f = Nd.array(v);
                NDArray a = f.astype(DType.FLOAT16)) {
            for (long bins : new long[] {7, 60, 1000}) {
                try (Histogram h = Nd.histogram(a, bins)) {
                    assertArrayEquals(
                            expected(asDoubles(h.binEdges()), asDoubles(a)),
                            h.counts().toLongArray(),
                            bins + " bins");
                }
            }
            // float16 edges 24 apart near 60000, where float16 steps by 32: equal edges, which NumPy 2.4 refuses
            // ("Too many bins for data range. Cannot create 2500 finite-sized bins.")
            for (long bins : new long[] {2500, 9000}) {
                var e = assertThrows(
                        org.ndgpu.exceptions.NdException.class, () -> Nd.histogram(a, bins), bins + " bins");
                assertTrue(e.getMessage().contains("Too many bins"), e.getMessage());
            }
        }
    }

    @Test
    void everySampleEqual() {
        double x = new SplittableRandom(3303).nextDouble() * 100;
        double[] v = new double[100_000];
        Arrays.fill(v, x);
        try (NDArray a = Nd.array(v)) {
            for (long bins : new long[] {1, 2, 256, 20_000}) {
                try (Histogram h = Nd.histogram(a, bins)) {
                    long[] got = h.counts().toLongArray();
                    assertArrayEquals(expected(h.binEdges().toDoubleArray(), v), got, bins + " bins");
                    assertEquals(v.length, Arrays.stream(got).max().orElseThrow());
                }
            }
        }
    }

    @Test
    void givenUnevenEdgesWithNaNAndInfinities() {
        SplittableRandom rnd = new SplittableRandom(3304);
        double[] v = new double[40_000];
        for (int i = 0; i < v.length; i++) {
            v[i] = switch (rnd.nextInt(30)) {
                case 0 -> Double.NaN;
                case 1 -> Double.POSITIVE_INFINITY;
                case 2 -> Double.NEGATIVE_INFINITY;
                default -> rnd.nextGaussian();
            };
        }
        for (int nb : new int[] {1, 255, 257, 10_000}) {
            double[] e = new double[nb + 1];
            e[0] = -2.5;
            for (int i = 1; i <= nb; i++) e[i] = e[i - 1] + (rnd.nextInt(6) == 0 ? 0 : rnd.nextDouble() * 5.0 / nb);
            try (NDArray a = Nd.array(v);
                    NDArray eb = Nd.array(e);
                    NDArray a32 = a.astype(DType.FLOAT32);
                    Histogram h = Nd.histogram(a, eb);
                    Histogram h32 = Nd.histogram(a32, eb)) {
                assertArrayEquals(expected(e, v), h.counts().toLongArray(), nb + " edges");
                // float32 samples against float64 edges: compared as float64, as NumPy
                assertArrayEquals(
                        expected(e, asDoubles(a32)), h32.counts().toLongArray(), nb + " edges, float32 samples");
            }
        }
    }

    @Test
    void bincountOfOneValueAndOfViewsWithWeights() {
        SplittableRandom rnd = new SplittableRandom(3305);
        long[] same = new long[100_000];
        Arrays.fill(same, 41);
        try (NDArray s = Nd.array(same);
                NDArray c = Nd.bincount(s)) {
            long[] want = new long[42];
            want[41] = same.length;
            assertArrayEquals(want, c.toLongArray());
        }
        int n = 60_001;
        long[] x = new long[n];
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = rnd.nextInt(rnd.nextBoolean() ? 5 : 9000);
            w[i] = rnd.nextGaussian();
        }
        try (NDArray xa = Nd.array(x);
                NDArray wa = Nd.array(w)) {
            for (String index : new String[] {":", "::4", "::-3"}) {
                try (NDArray xv = xa.get(index);
                        NDArray wv = wa.get(index);
                        NDArray c = Nd.bincount(xv, null, 9500);
                        NDArray cw = Nd.bincount(xv, wv)) {
                    long[] xs = xv.toLongArray();
                    double[] ws = wv.toDoubleArray();
                    int len = (int) Arrays.stream(xs).max().orElseThrow() + 1;
                    long[] want = new long[9500];
                    double[] wantW = new double[len];
                    for (int i = 0; i < xs.length; i++) {
                        want[(int) xs[i]]++;
                        wantW[(int) xs[i]] += ws[i];
                    }
                    assertArrayEquals(want, c.toLongArray(), index);
                    double[] got = cw.toDoubleArray();
                    assertEquals(len, got.length);
                    for (int b = 0; b < len; b++) assertEquals(wantW[b], got[b], 1e-12 * n, index + " bin " + b);
                }
            }
        }
    }

    @Test
    void histogram2dInTheSamplesOwnRanges() {
        SplittableRandom rnd = new SplittableRandom(3306);
        int n = 100_000;
        double[] x = new double[n];
        float[] y = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = rnd.nextGaussian();
            y[i] = (float) rnd.nextDouble(-3, 7);
        }
        try (NDArray xa = Nd.array(x);
                NDArray ya = Nd.array(y)) {
            for (long[] bins : new long[][] {{40, 50}, {120, 100}}) {
                try (Histogram2d h = Nd.histogram2d(xa, ya, bins, null)) {
                    double[] ex = h.xEdges().toDoubleArray(), ey = h.yEdges().toDoubleArray();
                    double[] want = new double[(int) (bins[0] * bins[1])];
                    for (int i = 0; i < n; i++) {
                        want[(int) (bin(ex, x[i]) * bins[1] + bin(ey, y[i]))]++;
                    }
                    assertArrayEquals(want, h.counts().toDoubleArray(), Arrays.toString(bins));
                }
            }
        }
    }
}
