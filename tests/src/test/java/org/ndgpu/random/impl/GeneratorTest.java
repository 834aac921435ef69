package org.ndgpu.random.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The Generator's continuous and discrete distributions against their exact CDFs and PMFs
 * (computed in Java by {@link Stats}), with fixed seeds: mean and variance within 5 standard
 * errors, a Kolmogorov-Smirnov test (continuous) or a chi-square test (discrete) at a false alarm
 * rate near 1e-6. Parameters cover each algorithm's branches (gamma shape below and above 1,
 * Poisson by inversion and by PTRS, binomial by inversion and by BTRS, p above 1/2).
 */
public class GeneratorTest extends PerDeviceTest {
    private static final int N = 200_000;

    @Test
    void oraclesAgreeWithClosedForms() {
        assertEquals(0.975002104851780, Stats.normalCdf(1.96), 1e-12);
        assertEquals(1 - Math.exp(-2.5), Stats.gammaP(1, 2.5), 1e-14);
        assertEquals(Math.pow(0.3, 2.5), Stats.betaI(2.5, 1, 0.3), 1e-14);
        assertEquals(Math.log(120), Stats.lgamma(6), 1e-13);
        assertEquals(0.5, Stats.betaI(3.7, 3.7, 0.5), 1e-13);
    }

    private static double[] draw(NDArray a, DType want, long n) {
        try (a) {
            assertEquals(want, a.dtype());
            assertEquals(n, a.size());
            return a.toDoubleArray();
        }
    }

    /** Mean and variance within 5 standard errors, then KS against the CDF. */
    private static void checkContinuous(String what, double[] x, double mean, double var, DoubleUnaryOperator cdf) {
        assertTrue(Arrays.stream(x).allMatch(Double::isFinite), what + ": a value not finite");
        double m = Stats.mean(x), v = Stats.variance(x);
        assertEquals(mean, m, 5 * Math.sqrt(var / x.length), what + ": mean");
        assertEquals(var, v, 5 * Stats.varianceSe(x), what + ": variance");
        double d = Stats.ks(x, cdf);
        assertTrue(
                d < Stats.ksBound(x.length),
                what + ": Kolmogorov-Smirnov D = " + d + " above " + Stats.ksBound(x.length));
    }

    /** Every {@code lanes}-th value from {@code lane} on: the values one Philox block puts in one place. */
    private static double[] lane(double[] x, int lanes, int lane) {
        double[] y = new double[(x.length - lane + lanes - 1) / lanes];
        for (int k = 0; k < y.length; k++) y[k] = x[k * lanes + lane];
        return y;
    }

    /** The sample correlation of x[k] and y[k]: near 0, within 5 / sqrt(n), when they are independent. */
    private static void uncorrelated(String what, double[] x, double[] y) {
        int n = Math.min(x.length, y.length);
        double mx = Stats.mean(Arrays.copyOf(x, n)), my = Stats.mean(Arrays.copyOf(y, n)), sxy = 0, sxx = 0, syy = 0;
        for (int k = 0; k < n; k++) {
            sxy += (x[k] - mx) * (y[k] - my);
            sxx += (x[k] - mx) * (x[k] - mx);
            syy += (y[k] - my) * (y[k] - my);
        }
        double c = sxy / Math.sqrt(sxx * syy);
        assertTrue(Math.abs(c) < 5 / Math.sqrt(n), what + ": correlation " + c);
    }

    private static double[] squares(double[] x) {
        return Arrays.stream(x).map(v -> v * v).toArray();
    }

    @Test
    void standardNormalAndLognormal() {
        var r = Nd.random().seed(101);
        for (DType d : new DType[] {DType.FLOAT64, DType.FLOAT32}) {
            // N + 3: the last Philox block only partly used
            double[] z = draw(r.standardNormal(d, N + 3), d, N + 3);
            checkContinuous("standardNormal " + d, z, 0, 1, Stats::normalCdf);
            // Box-Muller's pairs: each place of a block normal on its own, the two of a pair (sharing a
            // radius) and neighbouring pairs independent, and the pair's squared length chi-square(2)
            int lanes = BlockDraws.perBlock(d);
            double[][] at = new double[lanes][];
            for (int l = 0; l < lanes; l++) {
                at[l] = lane(z, lanes, l);
                assertEquals(0, Stats.mean(at[l]), 5 / Math.sqrt(at[l].length), d + " place " + l + ": mean");
                double ks = Stats.ks(at[l], Stats::normalCdf);
                assertTrue(ks < Stats.ksBound(at[l].length), d + " place " + l + ": Kolmogorov-Smirnov D = " + ks);
            }
            for (int l = 0; l + 1 < lanes; l++) {
                uncorrelated(d + " places " + l + ", " + (l + 1), at[l], at[l + 1]);
                uncorrelated(d + " squares of places " + l + ", " + (l + 1), squares(at[l]), squares(at[l + 1]));
            }
            double[] next = Arrays.copyOfRange(at[0], 1, at[0].length);
            uncorrelated(d + " squares of one block's and the next's first", squares(at[0]), squares(next));
            double[] len2 = new double[at[1].length];
            for (int k = 0; k < len2.length; k++) len2[k] = at[0][k] * at[0][k] + at[1][k] * at[1][k];
            double ks = Stats.ks(len2, v -> v <= 0 ? 0 : 1 - Math.exp(-v / 2));
            assertTrue(ks < Stats.ksBound(len2.length), d + ": a pair's squared length, Kolmogorov-Smirnov D = " + ks);
        }
        double[] x = draw(r.standardNormal(400, 500), DType.FLOAT64, N);
        checkContinuous("standardNormal (400, 500)", x, 0, 1, Stats::normalCdf);
        double mu = 0.3, s = 0.6;
        for (DType d : new DType[] {DType.FLOAT64, DType.FLOAT32}) {
            checkContinuous(
                    "lognormal " + d,
                    draw(r.lognormal(mu, s, d, N + 1), d, N + 1),
                    Math.exp(mu + s * s / 2),
                    (Math.exp(s * s) - 1) * Math.exp(2 * mu + s * s),
                    v -> v <= 0 ? 0 : Stats.normalCdf((Math.log(v) - mu) / s));
        }
    }

    @Test
    void exponentialAndLaplace() {
        var r = Nd.random().seed(102);
        for (DType d : new DType[] {DType.FLOAT64, DType.FLOAT32}) {
            double sc = 2.5;
            double[] e = draw(r.exponential(sc, d, N + 2), d, N + 2);
            assertTrue(
                    Arrays.stream(e).allMatch(v -> v >= 0 && Double.doubleToRawLongBits(v) != Long.MIN_VALUE),
                    d + ": exponential below +0");
            checkContinuous("exponential " + d, e, sc, sc * sc, v -> v <= 0 ? 0 : 1 - Math.exp(-v / sc));
            // the block's last place on its own: a lane mix-up would show here
            double[] last = lane(e, BlockDraws.perBlock(d), BlockDraws.perBlock(d) - 1);
            double ks = Stats.ks(last, v -> v <= 0 ? 0 : 1 - Math.exp(-v / sc));
            assertTrue(
                    ks < Stats.ksBound(last.length),
                    d + ": exponential's last place in a block, Kolmogorov-Smirnov D = " + ks);
            double loc = -1, b = 0.7;
            checkContinuous(
                    "laplace " + d,
                    draw(r.laplace(loc, b, d, N + 1), d, N + 1),
                    loc,
                    2 * b * b,
                    v -> v < loc ? 0.5 * Math.exp((v - loc) / b) : 1 - 0.5 * Math.exp(-(v - loc) / b));
        }
    }

    @Test
    void gammaChisquareBeta() {
        var r = Nd.random().seed(103);
        for (double k : new double[] {0.3, 1.0, 2.5, 40}) {
            double sc = 1.7;
            checkContinuous(
                    "gamma(" + k + ")",
                    draw(r.gamma(k, sc, N), DType.FLOAT64, N),
                    k * sc,
                    k * sc * sc,
                    v -> Stats.gammaP(k, v / sc));
        }
        checkContinuous(
                "gamma float32",
                draw(r.gamma(3.0, 1.0, DType.FLOAT32, N), DType.FLOAT32, N),
                3,
                3,
                v -> Stats.gammaP(3, v));
        double df = 5;
        checkContinuous(
                "chisquare", draw(r.chisquare(df, N), DType.FLOAT64, N), df, 2 * df, v -> Stats.gammaP(df / 2, v / 2));
        for (double[] ab : new double[][] {{0.5, 0.7}, {2, 5}, {0.8, 3}}) {
            double a = ab[0], b = ab[1];
            checkContinuous(
                    "beta(" + a + ", " + b + ")",
                    draw(r.beta(a, b, N), DType.FLOAT64, N),
                    a / (a + b),
                    a * b / ((a + b) * (a + b) * (a + b + 1)),
                    v -> Stats.betaI(a, b, v));
        }
        try (NDArray z = r.gamma(0.0, 1.0, 10)) {
            assertArrayEquals(new double[10], z.toDoubleArray(), "gamma of shape 0 is 0, as NumPy");
        }
    }

    private static long[] drawLong(NDArray a, long n) {
        try (a) {
            assertEquals(DType.INT64, a.dtype());
            assertEquals(n, a.size());
            return a.toLongArray();
        }
    }

    private static void checkDiscrete(
            String what,
            long[] x,
            double mean,
            double var,
            java.util.function.LongToDoubleFunction pmf,
            long lo,
            long hi) {
        double[] d = Stats.toDouble(x);
        assertEquals(mean, Stats.mean(d), 5 * Math.sqrt(var / x.length), what + ": mean");
        assertEquals(var, Stats.variance(d), 5 * Stats.varianceSe(d), what + ": variance");
        double z = Stats.chiSquareZ(x, pmf, lo, hi);
        assertTrue(z < 4.75, what + ": chi-square z = " + z);
    }

    @Test
    void poisson() {
        var r = Nd.random().seed(104);
        for (double lam : new double[] {0.5, 4, 9.99, 10, 37.5, 1e4, 1e-3}) {
            long hi = (long) (lam + 12 * Math.sqrt(lam) + 20), lo = Math.max(0, (long) (lam - 12 * Math.sqrt(lam)));
            checkDiscrete(
                    "poisson(" + lam + ")",
                    drawLong(r.poisson(lam, N), N),
                    lam,
                    lam,
                    k -> Math.exp((double) k * Math.log(lam) - lam - Stats.lgamma(k + 1.0)),
                    lo,
                    hi);
        }
        assertArrayEquals(new long[5], drawLong(r.poisson(0, 5), 5));
    }

    @Test
    void binomial() {
        var r = Nd.random().seed(105);
        // n p = 30 is the last inversion, 31 BTRS
        long[][] cases = {{10, 30}, {1000, 2}, {100, 300}, {1000, 31}, {1000, 300}, {50, 900}, {1_000_000_000L, 500}};
        for (long[] c : cases) {
            long n = c[0];
            double p = c[1] / 1000.0;
            double sd = Math.sqrt(n * p * (1 - p));
            long lo = Math.max(0, (long) (n * p - 12 * sd) - 2), hi = Math.min(n, (long) (n * p + 12 * sd) + 2);
            checkDiscrete(
                    "binomial(" + n + ", " + p + ")",
                    drawLong(r.binomial(n, p, N), N),
                    n * p,
                    n * p * (1 - p),
                    k -> Math.exp(Stats.lgamma(n + 1.0)
                            - Stats.lgamma(k + 1.0)
                            - Stats.lgamma(n - k + 1.0)
                            + k * Math.log(p)
                            + (n - k) * Math.log1p(-p)),
                    lo,
                    hi);
        }
        assertArrayEquals(new long[] {7, 7, 7}, drawLong(r.binomial(7, 1.0, 3), 3));
        assertArrayEquals(new long[3], drawLong(r.binomial(7, 0.0, 3), 3));
        assertArrayEquals(new long[3], drawLong(r.binomial(0, 0.4, 3), 3));
    }

    @Test
    void multinomialRowsSumToNAndEachCategoryIsBinomial() {
        var r = Nd.random().seed(106);
        double[] p = {0.2, 0.5, 0.05, 0.25};
        long n = 40;
        int rows = 50_000;
        try (NDArray m = r.multinomial(n, p, rows)) {
            assertArrayEquals(new long[] {rows, 4}, m.shape());
            long[] x = m.toLongArray();
            for (int i = 0; i < rows; i++) {
                long s = 0;
                for (int j = 0; j < 4; j++) {
                    assertTrue(x[i * 4 + j] >= 0, "negative count");
                    s += x[i * 4 + j];
                }
                assertEquals(n, s, "row " + i + " sums to n");
            }
            for (int j = 0; j < 4; j++) {
                double pj = p[j];
                long[] col = new long[rows];
                for (int i = 0; i < rows; i++) col[i] = x[i * 4 + j];
                checkDiscrete(
                        "multinomial category " + j,
                        col,
                        n * pj,
                        n * pj * (1 - pj),
                        k -> Math.exp(Stats.lgamma(n + 1.0)
                                - Stats.lgamma(k + 1.0)
                                - Stats.lgamma(n - k + 1.0)
                                + k * Math.log(pj)
                                + (n - k) * Math.log1p(-pj)),
                        0,
                        n);
            }
        }
        try (NDArray m = r.multinomial(5, new double[] {0.3, 0.3, 0.4})) {
            assertArrayEquals(new long[] {3}, m.shape());
            assertEquals(5, Arrays.stream(m.toLongArray()).sum());
        }
    }
}
