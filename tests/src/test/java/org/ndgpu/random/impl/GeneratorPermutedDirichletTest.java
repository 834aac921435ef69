package org.ndgpu.random.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.random.Random;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Generator.permuted (each slice along an axis a permutation of its own, every place equally likely, axis None
 * over the whole array), Generator.dirichlet (rows summing to 1, each component's Beta marginal), Generator.multivariate_normal
 * (means and covariances, a singular cov) and Generator.multivariate_hypergeometric (rows summing to nsample,
 * each color's hypergeometric moments): fixed seeds,
 * bounds at 5 standard errors or the Kolmogorov-Smirnov bound of a false alarm rate near 1e-6.
 */
public class GeneratorPermutedDirichletTest extends PerDeviceTest {

    private static double[] sorted(double[] x, int from, int to) {
        double[] y = Arrays.copyOfRange(x, from, to);
        Arrays.sort(y);
        return y;
    }

    @Test
    void permutedShufflesEachSliceOnItsOwn() {
        Random r = Nd.random().seed(17);
        int rows = 6, cols = 50;
        try (NDArray x = r.standardNormal(DType.FLOAT32, rows, cols);
                NDArray p = r.permuted(x, 1);
                NDArray q = r.permuted(x, -2);
                NDArray f = r.permuted(x)) {
            double[] a = x.toDoubleArray(), b = p.toDoubleArray(), t = q.toDoubleArray(), all = f.toDoubleArray();
            assertEquals(DType.FLOAT32, p.dtype());
            assertArrayEquals(x.shape(), p.shape());
            assertArrayEquals(x.shape(), f.shape());
            for (int i = 0; i < rows; i++) {
                assertArrayEquals(sorted(a, i * cols, (i + 1) * cols), sorted(b, i * cols, (i + 1) * cols), "row " + i);
                assertFalse(Arrays.equals(
                        Arrays.copyOfRange(a, i * cols, (i + 1) * cols),
                        Arrays.copyOfRange(b, i * cols, (i + 1) * cols)));
            }
            for (int j = 0; j < cols; j++) {
                double[] col = new double[rows], got = new double[rows];
                for (int i = 0; i < rows; i++) {
                    col[i] = a[i * cols + j];
                    got[i] = t[i * cols + j];
                }
                Arrays.sort(col);
                Arrays.sort(got);
                assertArrayEquals(col, got, "column " + j);
            }
            assertArrayEquals(sorted(a, 0, a.length), sorted(all, 0, all.length));
        }
        // every place equally likely: where 0 lands in 20000 permuted rows of 0..4
        int n = 20_000, k = 5;
        long[] base = new long[n * k];
        for (int i = 0; i < base.length; i++) base[i] = i % k;
        try (NDArray x = Nd.array(base, DType.INT64, n, k);
                NDArray p = r.permuted(x, 1)) {
            long[] v = p.toLongArray();
            int[] at = new int[k];
            for (int i = 0; i < n; i++) for (int j = 0; j < k; j++) if (v[i * k + j] == 0) at[j]++;
            for (int j = 0; j < k; j++)
                assertEquals(n / (double) k, at[j], 5 * Math.sqrt(n * 0.2 * 0.8), "place " + j + ": " + at[j]);
        }
        try (NDArray x = Nd.array(new double[] {1, 2, 3, 4, 5, 6, 7});
                NDArray a = Nd.random().seed(4).permuted(x, 0);
                NDArray b = Nd.random().seed(4).permuted(x, 0);
                NDArray e = r.permuted(Nd.array(new double[0]), 0)) {
            assertArrayEquals(a.toDoubleArray(), b.toDoubleArray(), "one seed, one permutation");
            assertEquals(0, e.size());
        }
        try (NDArray x = Nd.array(new double[] {1, 2, 3})) {
            assertThrows(NdException.class, () -> r.permuted(x, 1));
            NDArray closed = Nd.array(new double[] {1, 2});
            closed.close();
            assertThrows(NdException.class, () -> r.permuted(closed, 0));
            assertThrows(NullPointerException.class, () -> r.permuted(null, 0));
        }
    }

    @Test
    void dirichletRowsAndMarginals() {
        Random r = Nd.random().seed(23);
        double[] alpha = {0.5, 2, 3.5};
        double a0 = 6;
        int n = 100_000;
        try (NDArray d = r.dirichlet(alpha, n)) {
            assertArrayEquals(new long[] {n, 3}, d.shape());
            assertEquals(DType.FLOAT64, d.dtype());
            double[] x = d.toDoubleArray();
            for (int i = 0; i < n; i++) assertEquals(1.0, x[3 * i] + x[3 * i + 1] + x[3 * i + 2], 1e-12, "row " + i);
            for (int j = 0; j < 3; j++) {
                double aj = alpha[j];
                double[] c = new double[n];
                for (int i = 0; i < n; i++) c[i] = x[3 * i + j];
                double var = aj * (a0 - aj) / (a0 * a0 * (a0 + 1));
                assertEquals(aj / a0, Stats.mean(c), 5 * Math.sqrt(var / n), "mean " + j);
                assertEquals(var, Stats.variance(c), 5 * Stats.varianceSe(c), "variance " + j);
                double ks = Stats.ks(c, v -> Stats.betaI(aj, a0 - aj, v));
                assertTrue(ks < Stats.ksBound(n), "component " + j + ": Kolmogorov-Smirnov D = " + ks);
            }
        }
        try (NDArray d = r.dirichlet(new double[] {1, 1}, 2, 3)) {
            assertArrayEquals(new long[] {2, 3, 2}, d.shape());
        }
        assertThrows(NdException.class, () -> r.dirichlet(new double[] {1, 0}, 3));
        assertThrows(NdException.class, () -> r.dirichlet(new double[] {1, Double.NaN}, 3));
        assertThrows(NdException.class, () -> r.dirichlet(new double[] {-1}, 3));
        assertThrows(NdException.class, () -> r.dirichlet(new double[0], 3));
        assertThrows(NdException.class, () -> r.dirichlet(new double[] {1}, -3));
        assertThrows(NullPointerException.class, () -> r.dirichlet(null, 3));
    }

    @Test
    void dirichletIsTheGammaStreamOverItsRowSums() {
        // the one-kernel dirichlet draws element (r, j) from stream r k + j, as the gamma kernel with array
        // parameters does for an (m, k) result: the same call offset gives the same gammas, then each row's share
        double[] alpha = {0.3, 1, 2.5, 7};
        int m = 1001, k = alpha.length;
        Random r = Nd.random();
        double[] g, d;
        try (NDArray a = Nd.array(alpha);
                NDArray one = Nd.array(new double[] {1});
                NDArray gam = r.seed(5).gamma(a, one, m, k)) {
            g = gam.toDoubleArray();
        }
        try (NDArray x = r.seed(5).dirichlet(alpha, m)) {
            d = x.toDoubleArray();
        }
        for (int i = 0; i < m; i++) {
            double s = 0;
            for (int j = 0; j < k; j++) s += g[i * k + j];
            for (int j = 0; j < k; j++) {
                double want = g[i * k + j] / s;
                assertEquals(want, d[i * k + j], 1e-14 * (1 + want), "row " + i + ", component " + j);
            }
        }
    }

    @Test
    void multivariateNormalMomentsAndSingularCov() {
        Random r = Nd.random().seed(29);
        double[] mu = {1, -2, 0.5};
        double[][] cov = {{2, 0.6, -0.3}, {0.6, 1, 0.2}, {-0.3, 0.2, 0.5}};
        int n = 100_000, k = 3;
        try (NDArray d = r.multivariateNormal(mu, cov, n)) {
            assertArrayEquals(new long[] {n, k}, d.shape());
            double[] x = d.toDoubleArray();
            double[] m = new double[k];
            for (int i = 0; i < n; i++) for (int j = 0; j < k; j++) m[j] += x[i * k + j] / n;
            for (int a = 0; a < k; a++) {
                assertEquals(mu[a], m[a], 5 * Math.sqrt(cov[a][a] / n), "mean " + a);
                for (int b = 0; b < k; b++) {
                    double s = 0;
                    for (int i = 0; i < n; i++) s += (x[i * k + a] - m[a]) * (x[i * k + b] - m[b]);
                    s /= n - 1;
                    double se = Math.sqrt((cov[a][a] * cov[b][b] + cov[a][b] * cov[a][b]) / n);
                    assertEquals(cov[a][b], s, 5 * se, "cov " + a + ", " + b);
                }
            }
        }
        // a singular (positive-semidefinite) cov, as NumPy's SVD method takes it: both coordinates the same
        try (NDArray d = r.multivariateNormal(new double[] {0, 0}, new double[][] {{1, 1}, {1, 1}}, 1000)) {
            double[] x = d.toDoubleArray();
            for (int i = 0; i < 1000; i++) assertEquals(x[2 * i], x[2 * i + 1], 1e-12 * (1 + Math.abs(x[2 * i])));
        }
        try (NDArray d = r.multivariateNormal(new double[] {5}, new double[][] {{4}}, 2, 3)) {
            assertArrayEquals(new long[] {2, 3, 1}, d.shape());
        }
        assertThrows(NdException.class, () -> r.multivariateNormal(new double[] {0, 0}, new double[][] {{1}}, 3));
        assertThrows(NdException.class, () -> r.multivariateNormal(new double[] {0}, new double[][] {{1, 0}}, 3));
        assertThrows(NdException.class, () -> r.multivariateNormal(new double[] {0}, new double[][] {{Double.NaN}}, 3));
        assertThrows(NdException.class, () -> r.multivariateNormal(new double[0], new double[0][], 3));
        assertThrows(NdException.class, () -> r.multivariateNormal(new double[] {0}, new double[][] {{1}}, -3));
        assertThrows(NullPointerException.class, () -> r.multivariateNormal(null, new double[][] {{1}}, 3));
    }

    @Test
    void multivariateHypergeometricRowsAndMarginals() {
        Random r = Nd.random().seed(37);
        int n = 40_000;
        for (long[] colors : new long[][] {{10, 5, 3}, {300, 500, 200}}) {
            long total = Arrays.stream(colors).sum(), ns = colors[0] == 10 ? 6 : 150;
            int k = colors.length;
            try (NDArray d = r.multivariateHypergeometric(colors, ns, n)) {
                assertArrayEquals(new long[] {n, k}, d.shape());
                assertEquals(DType.INT64, d.dtype());
                long[] x = d.toLongArray();
                for (int i = 0; i < n; i++) assertEquals(ns, x[i * k] + x[i * k + 1] + x[i * k + 2], "row " + i);
                for (int j = 0; j < k; j++) {
                    double p = (double) colors[j] / total;
                    double mean = ns * p, var = ns * p * (1 - p) * (total - ns) / (total - 1.0);
                    double[] c = new double[n];
                    for (int i = 0; i < n; i++) c[i] = x[i * k + j];
                    assertEquals(mean, Stats.mean(c), 5 * Math.sqrt(var / n), "color " + j + " mean");
                    assertEquals(var, Stats.variance(c), 5 * Stats.varianceSe(c), "color " + j + " variance");
                }
            }
        }
        try (NDArray all = r.multivariateHypergeometric(new long[] {4, 0, 2}, 6, 3)) {
            assertArrayEquals(new long[] {4, 0, 2, 4, 0, 2, 4, 0, 2}, all.toLongArray(), "every ball drawn");
        }
        assertThrows(NdException.class, () -> r.multivariateHypergeometric(new long[] {3, -1}, 1, 3));
        assertThrows(NdException.class, () -> r.multivariateHypergeometric(new long[] {3, 1}, 5, 3));
        assertThrows(NdException.class, () -> r.multivariateHypergeometric(new long[] {3, 1}, -1, 3));
        assertThrows(NdException.class, () -> r.multivariateHypergeometric(new long[] {Long.MAX_VALUE, 1}, 1, 3));
        assertThrows(NullPointerException.class, () -> r.multivariateHypergeometric(null, 1, 3));
    }
}
