package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.values;

import java.util.Arrays;
import java.util.Comparator;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eig;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * eig and eigvals of matrices whose entries are near 1e-150, 1e-200, 1e155 or 1e200, real and
 * complex: NumPy's eigenvalues (np.linalg.eigvals on the same input; compared sorted, as the order
 * may differ), and eigenvectors of unit norm with A v = lambda v, where the unscaled decomposition
 * gave NaN vectors or "did not converge".
 */
class EigScalingTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();
    private static final double[] A = {1, -2, 3, 1};
    private static final double[] B = {1, 2, 0, 3, -1, 4, 0.5, 2, 1};
    private static final double S6 = Math.sqrt(6); // np.linalg.eigvals([[1, -2], [3, 1]]) = 1 +- 2.44948974j

    private static double[] scaled(double[] v, double s) {
        return Arrays.stream(v).map(x -> x * s).toArray();
    }

    // (re, im) pairs of a result, real dtypes with zero imaginary parts
    private static double[][] pairs(NDArray x) {
        double[] v = values(x);
        int n = (int) x.size();
        double[][] p = new double[n][2];
        for (int k = 0; k < n; k++)
            p[k] = x.dtype().isComplex() ? new double[] {v[2 * k], v[2 * k + 1]} : new double[] {v[k], 0};
        return p;
    }

    private static void check(double[] a, int n, boolean complex, double[][] want, String what) {
        try (NDArray real = Nd.array(a, DType.FLOAT64, n, n);
                NDArray m = complex ? real.astype(DType.COMPLEX128) : real.copy();
                NDArray wv = LA.eigvals(m)) {
            Eig r = LA.eig(m);
            try (NDArray w = r.eigenvalues();
                    NDArray v = r.eigenvectors()) {
                double[][] got = pairs(w), only = pairs(wv), expect = want.clone();
                Comparator<double[]> order =
                        Comparator.<double[]>comparingDouble(p -> p[0]).thenComparingDouble(p -> p[1]);
                double scale = 0;
                for (double[] p : want) scale = Math.max(scale, Math.hypot(p[0], p[1]));
                for (double[][] g : new double[][][] {got.clone(), only.clone()}) {
                    Arrays.sort(g, order);
                    Arrays.sort(expect, order);
                    for (int k = 0; k < n; k++) {
                        assertEquals(expect[k][0], g[k][0], 1e-12 * scale, what + " eigenvalue " + k + " (real)");
                        assertEquals(expect[k][1], g[k][1], 1e-12 * scale, what + " eigenvalue " + k + " (imag)");
                    }
                }
                double[][] vec = pairs(v);
                double big = Arrays.stream(a).map(Math::abs).max().orElse(1);
                for (int j = 0; j < n; j++) {
                    double norm = 0;
                    for (int i = 0; i < n; i++)
                        norm += vec[i * n + j][0] * vec[i * n + j][0] + vec[i * n + j][1] * vec[i * n + j][1];
                    assertEquals(1, Math.sqrt(norm), 1e-12, what + " |v" + j + "|");
                    for (int i = 0; i < n; i++) {
                        double rr = -(got[j][0] * vec[i * n + j][0] - got[j][1] * vec[i * n + j][1]);
                        double ri = -(got[j][0] * vec[i * n + j][1] + got[j][1] * vec[i * n + j][0]);
                        for (int k = 0; k < n; k++) {
                            rr += a[i * n + k] * vec[k * n + j][0];
                            ri += a[i * n + k] * vec[k * n + j][1];
                        }
                        assertTrue(
                                Math.hypot(rr, ri) <= 1e-12 * n * big,
                                what + " residual of v" + j + " row " + i + ": " + Math.hypot(rr, ri));
                    }
                }
            }
        }
    }

    private static double[][] conjugatePair(double s) {
        return new double[][] {{s, S6 * s}, {s, -S6 * s}};
    }

    @Test
    void tinyAndHugeMatrices() {
        check(scaled(A, 1e-150), 2, false, conjugatePair(1e-150), "A * 1e-150");
        check(scaled(A, 1e-200), 2, false, conjugatePair(1e-200), "A * 1e-200");
        check(scaled(A, 1e200), 2, false, conjugatePair(1e200), "A * 1e200");
        // np.linalg.eigvals(B): 4.039317391631671, 0.7236858949820768, -3.7630032866137504 (times 1e200)
        double[][] wb = {{4.039317391631671e200, 0}, {7.236858949820768e199, 0}, {-3.76300328661375e200, 0}};
        check(scaled(B, 1e200), 3, false, wb, "B * 1e200");
        check(scaled(A, 1e155), 2, true, conjugatePair(1e155), "complex A * 1e155");
        check(scaled(A, 1e-200), 2, true, conjugatePair(1e-200), "complex A * 1e-200");
    }
}
