package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.values;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * SmallGaussJordan's kernel (inv, and solve with up to eight right-hand sides, orders up to 32)
 * against a plain Java getrf and substitution in double: every tile (8, 16, 32) with full and partly
 * filled last work-groups, each register width of b (1, 2, 4, 8), the inverse's columns put back in
 * order (a scaled permutation, inverted exactly), a singular matrix in the middle of a stack, NaN
 * refused before the kernel, float32 and float64. Orders past 32 and more columns (SmallGesv) stay right beside it.
 */
class SmallGaussJordanTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();
    private static final int[] ORDERS = {1, 2, 7, 8, 9, 16, 17, 31, 32, 33, 64};
    private static final DType[] TYPES = {DType.FLOAT32, DType.FLOAT64};

    /** 13 matrices leave the last group part empty at 8 and 4 a group; 5 a full and a part at 32. */
    private static int batch(int n) {
        return n <= 16 ? 13 : 5;
    }

    /** x = a^-1 b in double for each matrix (a plain getrf, then the two substitutions). */
    private static double[] oracle(double[] av, double[] bv, int batch, int n, int r) {
        double[] lu = av.clone(), x = new double[batch * n * r];
        for (int g = 0; g < batch; g++) {
            int[] piv = SmallGesvTest.getrf(lu, g * n * n, n);
            int o = g * n * n;
            for (int c = 0; c < r; c++) {
                double[] y = new double[n];
                for (int i = 0; i < n; i++) y[i] = bv[(g * n + i) * r + c];
                for (int k = 0; k < n; k++) {
                    double s = y[k];
                    y[k] = y[piv[k]];
                    y[piv[k]] = s;
                }
                for (int i = 0; i < n; i++) for (int k = 0; k < i; k++) y[i] -= lu[o + i * n + k] * y[k];
                for (int i = n - 1; i >= 0; i--) {
                    for (int k = i + 1; k < n; k++) y[i] -= lu[o + i * n + k] * y[k];
                    y[i] /= lu[o + i * n + i];
                }
                for (int i = 0; i < n; i++) x[(g * n + i) * r + c] = y[i];
            }
        }
        return x;
    }

    private static double[] eye(int batch, int n) {
        double[] e = new double[batch * n * n];
        for (int g = 0; g < batch; g++) for (int i = 0; i < n; i++) e[(g * n + i) * n + i] = 1;
        return e;
    }

    /** Entry by entry within a tolerance scaled by the matrix's largest answer (random matrices: modest condition). */
    private static void assertClose(double[] want, double[] got, int batch, int per, DType dt, String what) {
        assertEquals(want.length, got.length, what);
        double tol = dt == DType.FLOAT32 ? 2e-3 : 1e-10;
        for (int g = 0; g < batch; g++) {
            double big = 0;
            for (int e = 0; e < per; e++) big = Math.max(big, Math.abs(want[g * per + e]));
            for (int e = 0; e < per; e++)
                assertEquals(want[g * per + e], got[g * per + e], tol * big, what + " matrix " + g + " entry " + e);
        }
    }

    @Test
    void invMatchesTheOracle() {
        for (DType dt : TYPES)
            for (int n : ORDERS) {
                int b = batch(n);
                double[] av = SmallGesvTest.entries(n * 43L, b * n * n, dt);
                try (NDArray a = Nd.array(av, dt, b, n, n);
                        NDArray x = LA.inv(a)) {
                    assertArrayEquals(new long[] {b, n, n}, x.shape());
                    assertClose(oracle(av, eye(b, n), b, n, n), values(x), b, n * n, dt, dt + " n=" + n + " inv");
                    assertArrayEquals(av, values(a), "the input is left alone");
                }
            }
    }

    @Test
    void solveWithEachRegisterWidth() {
        for (DType dt : TYPES)
            for (int n : ORDERS)
                for (int r : new int[] {1, 2, 3, 5, 8, 9}) {
                    int b = batch(n);
                    double[] av = SmallGesvTest.entries(n * 47L + r, b * n * n, dt),
                            bv = SmallGesvTest.entries(n * 53L + r, b * n * r, dt);
                    try (NDArray a = Nd.array(av, dt, b, n, n);
                            NDArray rhs = Nd.array(bv, dt, b, n, r);
                            NDArray x = LA.solve(a, rhs)) {
                        assertArrayEquals(new long[] {b, n, r}, x.shape());
                        assertClose(oracle(av, bv, b, n, r), values(x), b, n * r, dt, dt + " n=" + n + " r=" + r);
                    }
                }
    }

    @Test
    void aScaledPermutationInvertsExactly() {
        for (DType dt : TYPES)
            for (int n : new int[] {2, 5, 8, 13, 16, 29, 32}) {
                int b = batch(n);
                double[] av = new double[b * n * n], want = new double[b * n * n];
                Random rnd = new Random(n);
                for (int g = 0; g < b; g++) {
                    int[] perm = new int[n];
                    for (int i = 0; i < n; i++) perm[i] = i;
                    for (int i = n - 1; i > 0; i--) {
                        int j = rnd.nextInt(i + 1), y = perm[i];
                        perm[i] = perm[j];
                        perm[j] = y;
                    }
                    // a[i][perm[i]] = 2^(i % 5 - 2): the inverse has 1 / that at [perm[i]][i], exact
                    for (int i = 0; i < n; i++) {
                        double s = Math.scalb(1.0, i % 5 - 2);
                        av[(g * n + i) * n + perm[i]] = s;
                        want[(g * n + perm[i]) * n + i] = 1 / s;
                    }
                }
                try (NDArray a = Nd.array(av, dt, b, n, n);
                        NDArray x = LA.inv(a)) {
                    // -0.0 and 0.0 alike (a cleared entry may be either)
                    double[] got = values(x);
                    for (int e = 0; e < got.length; e++) got[e] += 0.0;
                    assertArrayEquals(want, got, dt + " n=" + n);
                }
            }
    }

    @Test
    void aSingularMatrixInTheMiddleOfAStack() {
        for (DType dt : TYPES)
            for (int n : new int[] {1, 2, 7, 16, 31, 32}) {
                int b = batch(n) + 2, bad = b / 2;
                double[] av = SmallGesvTest.entries(n * 59L, b * n * n, dt);
                for (int i = 0; i < n; i++) av[(bad * n + i) * n + n / 2] = 0;
                String what = dt + " n=" + n;
                try (NDArray a = Nd.array(av, dt, b, n, n);
                        NDArray one = Nd.ones(dt, b, n, 1);
                        NDArray two = Nd.ones(dt, b, n, 2)) {
                    assertEquals(
                            "inv: Singular matrix",
                            assertThrows(LinAlgException.class, () -> LA.inv(a)).getMessage(),
                            what);
                    assertEquals(
                            "solve: Singular matrix",
                            assertThrows(LinAlgException.class, () -> LA.solve(a, one))
                                    .getMessage(),
                            what);
                    assertEquals(
                            "solve: Singular matrix",
                            assertThrows(LinAlgException.class, () -> LA.solve(a, two))
                                    .getMessage(),
                            what);
                }
            }
    }

    @Test
    void nanIsRefusedBeforeTheKernel() {
        for (DType dt : TYPES)
            for (int n : new int[] {3, 32}) {
                double[] av = SmallGesvTest.entries(n * 61L, 3 * n * n, dt);
                av[n * n] = Double.NaN;
                try (NDArray a = Nd.array(av, dt, 3, n, n)) {
                    String m =
                            assertThrows(LinAlgException.class, () -> LA.inv(a)).getMessage();
                    assertTrue(m.startsWith("inv: Singular matrix") && m.contains("NaN"), m);
                }
            }
    }
}
