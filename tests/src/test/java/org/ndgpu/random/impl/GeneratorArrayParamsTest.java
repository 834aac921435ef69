package org.ndgpu.random.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.random.Random;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The Generator methods with NDArray parameters, broadcast as NumPy's: the result's shape, each broadcast
 * element following its own parameters' law (moments within 5 standard errors, Kolmogorov-Smirnov against the
 * exact CDF), one seed the same numbers, and NumPy's ValueErrors (a bad element, shapes that do not broadcast)
 * as NdExceptions.
 */
public class GeneratorArrayParamsTest extends PerDeviceTest {
    private static final int N = 40_000;

    private static NDArray arr(double... v) {
        return Nd.array(v);
    }

    /** Column {@code j} of an (n, k) row-major sample. */
    private static double[] column(double[] x, int k, int j) {
        double[] y = new double[x.length / k];
        for (int r = 0; r < y.length; r++) y[r] = x[r * k + j];
        return y;
    }

    private static void law(String what, double[] x, double mean, double var, DoubleUnaryOperator cdf) {
        assertEquals(mean, Stats.mean(x), 5 * Math.sqrt(var / x.length), what + ": mean");
        assertEquals(var, Stats.variance(x), 5 * Stats.varianceSe(x), what + ": variance");
        if (cdf != null) {
            double d = Stats.ks(x, cdf);
            assertTrue(d < Stats.ksBound(x.length), what + ": Kolmogorov-Smirnov D = " + d);
        }
    }

    @Test
    void parametersBroadcastAndEachElementFollowsItsOwn() {
        Random r = Nd.random().seed(31);
        try (NDArray loc = arr(0, 10, -5);
                NDArray scale = Nd.array(new double[] {1, 2}, DType.FLOAT64, 2, 1);
                NDArray z = r.normal(loc, scale);
                NDArray big = r.normal(loc, scale, N, 2, 3)) {
            assertEquals(DType.FLOAT64, z.dtype());
            assertArrayEquals(new long[] {2, 3}, z.shape());
            assertArrayEquals(new long[] {N, 2, 3}, big.shape());
            double[] x = big.toDoubleArray();
            double[] l = {0, 10, -5}, s = {1, 2};
            for (int j = 0; j < 6; j++) {
                double m = l[j % 3], sd = s[j / 3];
                law("normal " + j, column(x, 6, j), m, sd * sd, v -> Stats.normalCdf((v - m) / sd));
            }
        }
        try (NDArray lo = arr(-1, 5);
                NDArray hi = arr(1, 5.5);
                NDArray u = r.uniform(lo, hi, N, 2)) {
            double[] x = u.toDoubleArray();
            for (int j = 0; j < 2; j++) {
                double a = new double[] {-1, 5}[j], b = new double[] {1, 5.5}[j];
                law(
                        "uniform " + j,
                        column(x, 2, j),
                        (a + b) / 2,
                        (b - a) * (b - a) / 12,
                        v -> Math.min(1, Math.max(0, (v - a) / (b - a))));
            }
        }
        try (NDArray k = arr(0.4, 3.5);
                NDArray sc = arr(2.0).reshape();
                NDArray g = r.gamma(k, sc, N, 2)) {
            double[] x = g.toDoubleArray();
            for (int j = 0; j < 2; j++) {
                double kk = new double[] {0.4, 3.5}[j];
                law("gamma " + j, column(x, 2, j), 2 * kk, 4 * kk, v -> Stats.gammaP(kk, v / 2));
            }
        }
        try (NDArray sc = arr(0.5, 3);
                NDArray e = r.exponential(sc, N, 2)) {
            double[] x = e.toDoubleArray();
            law("exponential 0", column(x, 2, 0), 0.5, 0.25, v -> v <= 0 ? 0 : 1 - Math.exp(-v / 0.5));
            law("exponential 1", column(x, 2, 1), 3, 9, v -> v <= 0 ? 0 : 1 - Math.exp(-v / 3));
        }
        try (NDArray a = arr(0.5, 2);
                NDArray b = arr(0.7, 5);
                NDArray be = r.beta(a, b, N, 2)) {
            double[] x = be.toDoubleArray();
            law("beta 0", column(x, 2, 0), 0.5 / 1.2, 0.35 / (1.44 * 2.2), v -> Stats.betaI(0.5, 0.7, v));
            law("beta 1", column(x, 2, 1), 2 / 7.0, 10 / (49.0 * 8), v -> Stats.betaI(2, 5, v));
        }
        try (NDArray df = arr(3, 12);
                NDArray c = r.chisquare(df, N, 2);
                NDArray t = r.standardT(df, N, 2)) {
            double[] x = c.toDoubleArray();
            law("chisquare 0", column(x, 2, 0), 3, 6, v -> Stats.gammaP(1.5, v / 2));
            law("chisquare 1", column(x, 2, 1), 12, 24, v -> Stats.gammaP(6, v / 2));
            law("standardT 1", column(t.toDoubleArray(), 2, 1), 0, 12 / 10.0, null);
        }
        try (NDArray lam = arr(2.5, 40);
                NDArray p = r.poisson(lam, N, 2)) {
            assertEquals(DType.INT64, p.dtype());
            double[] x = p.toDoubleArray();
            law("poisson 0", column(x, 2, 0), 2.5, 2.5, null);
            law("poisson 1", column(x, 2, 1), 40, 40, null);
        }
        try (NDArray n = Nd.array(new long[] {10, 1000});
                NDArray pp = arr(0.3, 0.8);
                NDArray b = r.binomial(n, pp, N, 2)) {
            assertEquals(DType.INT64, b.dtype());
            double[] x = b.toDoubleArray();
            law("binomial 0", column(x, 2, 0), 3, 2.1, null);
            law("binomial 1", column(x, 2, 1), 800, 160, null);
        }
    }

    @Test
    void oneSeedTheSameNumbers() {
        try (NDArray loc = arr(0, 1, 2);
                NDArray scale = arr(1, 2, 3);
                NDArray a = Nd.random().seed(5).normal(loc, scale, 100, 3);
                NDArray b = Nd.random().seed(5).normal(loc, scale, 100, 3);
                NDArray e = Nd.random().seed(5).normal(loc, scale, 0, 3)) {
            assertArrayEquals(a.toDoubleArray(), b.toDoubleArray());
            assertEquals(0, e.size());
        }
    }

    private static void fails(Class<? extends Throwable> type, Executable call, String... words) {
        Throwable e = assertThrows(type, call);
        for (String w : words)
            assertTrue(e.getMessage().contains(w), "'" + e.getMessage() + "' does not say '" + w + "'");
    }

    @Test
    void badParametersAreRefusedAsNumpyRefusesThem() {
        Random r = Nd.random().seed(1);
        try (NDArray three = arr(0, 1, 2);
                NDArray two = arr(1, 2);
                NDArray neg = arr(1, -2, 3);
                NDArray nan = arr(1, Double.NaN, 3);
                NDArray bigP = arr(0.5, 1.5, 0.2);
                NDArray tenths = three.mul(0.1);
                NDArray cplx = two.astype(DType.COMPLEX128);
                // binomial's n is an integer array, as NumPy casts it to int64 by the 'safe' rule
                NDArray threeN = three.astype(DType.INT64);
                NDArray negN = neg.astype(DType.INT64)) {
            fails(ShapeException.class, () -> r.normal(three, two), "random.normal");
            fails(ShapeException.class, () -> r.normal(three, three, 4, 2), "random.normal", "(4, 2)");
            fails(NdException.class, () -> r.normal(three, neg), "random.normal", "scale >= 0", "-2.0");
            fails(NdException.class, () -> r.exponential(nan), "random.exponential", "scale >= 0", "NaN");
            fails(NdException.class, () -> r.gamma(neg, three), "random.gamma", "shape >= 0", "-2.0");
            fails(NdException.class, () -> r.beta(three, three), "random.beta", "a > 0", "0.0");
            fails(NdException.class, () -> r.uniform(three, neg), "random.uniform", "high - low", "-3.0");
            fails(NdException.class, () -> r.poisson(neg), "random.poisson", "lam >= 0");
            fails(NdException.class, () -> r.binomial(threeN, bigP), "random.binomial", "0 <= p <= 1", "1.5");
            fails(NdException.class, () -> r.binomial(negN, tenths), "random.binomial", "n >= 0");
            fails(NdException.class, () -> r.standardT(three, 3), "random.standardT", "df > 0");
            fails(DTypeException.class, () -> r.exponential(cplx), "random.exponential", "real", "complex128");
            fails(NdException.class, () -> r.chisquare(two, -1), "random.chisquare", "non-negative size");
            assertThrows(NullPointerException.class, () -> r.normal(null, two));
        }
        NDArray closed = arr(1, 2);
        closed.close();
        fails(NdException.class, () -> r.exponential(closed), "random.exponential");
    }
}
