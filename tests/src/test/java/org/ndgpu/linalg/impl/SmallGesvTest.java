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
import org.ndgpu.linalg.LuFactor;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Slogdet;
import org.ndgpu.testing.PerDeviceTest;

/**
 * SmallGesv's kernel (getrf, getrs and the one-launch gesv behind solve and inv) against a plain
 * Java getrf with LAPACK's pivot choice (idamax: the first largest |entry|, NaN never chosen past
 * the diagonal): factors and pivots of every order class (several matrices a work-group up to 16,
 * stacks that leave a group part empty), solve and inv by their backward error with one and many
 * right-hand sides (more than the kernel holds at once), a singular matrix in the middle of a stack,
 * NaN input, float32 and float64.
 */
class SmallGesvTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();
    private static final int[] ORDERS = {1, 2, 3, 7, 16, 31, 32, 33, 64};
    private static final DType[] TYPES = {DType.FLOAT32, DType.FLOAT64};

    /** getrf of the row-major n x n matrix at {@code off} of v, in place, as LAPACK: the pivots returned. */
    static int[] getrf(double[] v, int off, int n) {
        int[] piv = new int[n];
        for (int k = 0; k < n; k++) {
            int p = k;
            double best = Math.abs(v[off + k * n + k]);
            for (int i = k + 1; i < n; i++) {
                if (Math.abs(v[off + i * n + k]) > best) {
                    best = Math.abs(v[off + i * n + k]);
                    p = i;
                }
            }
            piv[k] = p;
            for (int j = 0; j < n; j++) {
                double y = v[off + k * n + j];
                v[off + k * n + j] = v[off + p * n + j];
                v[off + p * n + j] = y;
            }
            double d = v[off + k * n + k];
            for (int i = k + 1; i < n; i++) {
                if (d != 0) v[off + i * n + k] /= d;
                double l = v[off + i * n + k];
                for (int j = k + 1; j < n; j++) v[off + i * n + j] -= l * v[off + k * n + j];
            }
        }
        return piv;
    }

    private static double eps(DType dt) {
        return dt == DType.FLOAT32 ? 6e-8 : 1.1e-16;
    }

    /** Seeded entries in [-1, 1), rounded to dt. */
    static double[] entries(long seed, int count, DType dt) {
        Random r = new Random(seed);
        double[] d = new double[count];
        for (int i = 0; i < count; i++) {
            d[i] = r.nextDouble() * 2 - 1;
            if (dt == DType.FLOAT32) d[i] = (float) d[i];
        }
        return d;
    }

    /** Stack sizes that leave the last work-group part empty for every matrices-per-group (8, 4, 1). */
    private static int batch(int n) {
        return n <= 16 ? 13 : 3;
    }

    @Test
    void luFactorsAndPivotsAreGetrfs() {
        for (DType dt : TYPES)
            for (int n : ORDERS) {
                int b = batch(n);
                double[] v = entries(n * 31L + b, b * n * n, dt);
                double[] want = v.clone();
                int[] piv = new int[b * n];
                for (int g = 0; g < b; g++) System.arraycopy(getrf(want, g * n * n, n), 0, piv, g * n, n);
                try (NDArray a = Nd.array(v, dt, b, n, n);
                        SmallFactor.Lu f = SmallFactor.lu(a)) {
                    String what = dt + " n=" + n;
                    assertArrayEquals(piv, f.piv().toIntArray(), "pivots " + what);
                    assertArrayEquals(new int[b], f.info().toIntArray(), "info " + what);
                    double[] got = values(f.lu());
                    double tol = 64 * n * eps(dt);
                    for (int i = 0; i < got.length; i++)
                        assertEquals(want[i], got[i], tol * (1 + Math.abs(want[i])), what + " entry " + i);
                    assertArrayEquals(v, values(a), what + ": the input is left alone");
                }
            }
    }

    @Test
    void tiesPickTheFirstLargestRowAsIdamax() {
        for (DType dt : TYPES)
            for (int n : new int[] {3, 8, 16, 32, 64}) {
                int b = batch(n);
                Random rnd = new Random(n);
                double[] v = new double[b * n * n];
                for (int i = 0; i < v.length; i++) v[i] = rnd.nextInt(5) - 2;
                double[] want = v.clone();
                int[] piv = new int[b * n], info = new int[b];
                for (int g = 0; g < b; g++) {
                    System.arraycopy(getrf(want, g * n * n, n), 0, piv, g * n, n);
                    for (int k = n - 1; k >= 0; k--) if (want[g * n * n + k * n + k] == 0) info[g] = k + 1;
                }
                try (NDArray a = Nd.array(v, dt, b, n, n);
                        SmallFactor.Lu f = SmallFactor.lu(a)) {
                    String what = dt + " n=" + n;
                    // the first steps see exact ties (entries -2..2); later ones mostly not
                    int[] got = f.piv().toIntArray();
                    for (int g = 0; g < b; g++)
                        for (int k = 0; k < Math.min(n, 2); k++)
                            assertEquals(piv[g * n + k], got[g * n + k], what + " matrix " + g + " pivot " + k);
                    if (n <= 8) assertArrayEquals(info, f.info().toIntArray(), "info " + what);
                }
            }
    }

    /** |a x - b| within a small multiple of n eps (|a| |x| + |b|), row by row: the backward error of a stable solve. */
    private static void assertSolves(
            double[] a, double[] x, double[] b, int batch, int n, int r, DType dt, String what) {
        for (int g = 0; g < batch; g++)
            for (int i = 0; i < n; i++)
                for (int c = 0; c < r; c++) {
                    double s = 0, scale = Math.abs(b[(g * n + i) * r + c]);
                    for (int k = 0; k < n; k++) {
                        double p = a[(g * n + i) * n + k] * x[(g * n + k) * r + c];
                        s += p;
                        scale += Math.abs(p);
                    }
                    double res = Math.abs(s - b[(g * n + i) * r + c]);
                    assertTrue(
                            res <= 16 * n * eps(dt) * scale,
                            what + ": matrix " + g + " row " + i + " column " + c + " residual " + res + " scale "
                                    + scale);
                }
    }

    @Test
    void solveWithOneAndManyRightHandSides() {
        for (DType dt : TYPES)
            for (int n : ORDERS) {
                int b = batch(n);
                for (int r : new int[] {0, 1, 3, 40, 70}) {
                    double[] av = entries(n * 7L + r, b * n * n, dt), bv = entries(n * 11L + r, b * n * r, dt);
                    String what = dt + " n=" + n + " r=" + r;
                    try (NDArray a = Nd.array(av, dt, b, n, n);
                            NDArray rhs = Nd.array(bv, dt, b, n, r);
                            NDArray x = LA.solve(a, rhs)) {
                        assertArrayEquals(new long[] {b, n, r}, x.shape(), what);
                        assertSolves(av, values(x), bv, b, n, r, dt, what);
                    }
                }
                // a vector b, and getrs from lu_factor's factors
                double[] av = entries(n * 13L, n * n, dt), bv = entries(n * 17L, n, dt);
                try (NDArray a = Nd.array(av, dt, n, n);
                        NDArray rhs = Nd.array(bv, dt, n);
                        NDArray x = LA.solve(a, rhs)) {
                    assertSolves(av, values(x), bv, 1, n, 1, dt, dt + " n=" + n + " vector");
                    LuFactor f = LA.luFactor(a);
                    try (NDArray y = LA.luSolve(f, rhs)) {
                        assertSolves(av, values(y), bv, 1, n, 1, dt, dt + " n=" + n + " lu_solve");
                    } finally {
                        f.lu().close();
                        f.piv().close();
                    }
                }
            }
    }

    @Test
    void luSolveOfAStackWithManyColumns() {
        for (DType dt : TYPES)
            for (int n : new int[] {3, 16, 33, 64}) {
                int b = batch(n), r = 37;
                double[] av = entries(n * 19L, b * n * n, dt), bv = entries(n * 23L, b * n * r, dt);
                try (NDArray a = Nd.array(av, dt, b, n, n);
                        NDArray rhs = Nd.array(bv, dt, b, n, r);
                        SmallFactor.Lu f = SmallFactor.lu(a);
                        NDArray x = rhs.copy()) {
                    SmallFactor.solve(f, x, false);
                    assertSolves(av, values(x), bv, b, n, r, dt, dt + " n=" + n + " getrs");
                }
            }
    }

    @Test
    void invIsTheInverse() {
        for (DType dt : TYPES)
            for (int n : ORDERS) {
                int b = batch(n);
                double[] av = entries(n * 29L, b * n * n, dt);
                try (NDArray a = Nd.array(av, dt, b, n, n);
                        NDArray x = LA.inv(a)) {
                    double[] xv = values(x), eye = new double[b * n * n];
                    for (int g = 0; g < b; g++) for (int i = 0; i < n; i++) eye[(g * n + i) * n + i] = 1;
                    // x a = I, the backward error of getri's answer as inv computes it (a x = I)
                    assertSolves(av, xv, eye, b, n, n, dt, dt + " n=" + n + " inv");
                }
            }
    }

    @Test
    void aSingularMatrixInTheMiddleOfAStack() {
        for (DType dt : TYPES)
            for (int n : new int[] {2, 7, 16, 32, 33, 64}) {
                int b = batch(n) + 2, bad = b / 2;
                double[] av = entries(n * 37L, b * n * n, dt);
                // a zero column stays exactly zero through the updates: pivot n - 1 is exactly zero
                for (int i = 0; i < n; i++) av[(bad * n + i) * n + n - 1] = 0;
                double[] want = av.clone();
                double[] det = new double[b];
                for (int g = 0; g < b; g++) {
                    int[] p = getrf(want, g * n * n, n);
                    double d = 1;
                    for (int k = 0; k < n; k++) d *= (p[k] != k ? -1 : 1) * want[g * n * n + k * n + k];
                    det[g] = d;
                }
                String what = dt + " n=" + n;
                try (NDArray a = Nd.array(av, dt, b, n, n);
                        NDArray one = Nd.ones(dt, b, n, 1);
                        NDArray d = LA.det(a);
                        SmallFactor.Lu f = SmallFactor.lu(a)) {
                    int[] info = f.info().toIntArray();
                    for (int g = 0; g < b; g++) assertEquals(g == bad ? n : 0, info[g], what + " info " + g);
                    double[] dv = values(d);
                    for (int g = 0; g < b; g++) {
                        if (g == bad) assertEquals(0, dv[g], what + " det of the singular one");
                        else assertEquals(det[g], dv[g], 1e-3 * Math.abs(det[g]) + 1e-30, what + " det " + g);
                    }
                    assertEquals(
                            "solve: Singular matrix",
                            assertThrows(LinAlgException.class, () -> LA.solve(a, one))
                                    .getMessage(),
                            what);
                    assertEquals(
                            "inv: Singular matrix",
                            assertThrows(LinAlgException.class, () -> LA.inv(a)).getMessage(),
                            what);
                }
            }
    }

    @Test
    void nanPivotsAreIdamaxs() {
        for (DType dt : TYPES)
            for (int n : new int[] {3, 7, 16, 33}) {
                int b = batch(n);
                double[] av = entries(n * 41L, b * n * n, dt);
                // matrix 1: NaN below the diagonal of column 0 (never the pivot); matrix 2: NaN on it (the pivot)
                av[(n + 1) * n] = Double.NaN;
                av[2 * n * n] = Double.NaN;
                double[] want = av.clone();
                int[] piv = new int[b * n];
                for (int g = 0; g < b; g++) System.arraycopy(getrf(want, g * n * n, n), 0, piv, g * n, n);
                try (NDArray a = Nd.array(av, dt, b, n, n);
                        SmallFactor.Lu f = SmallFactor.lu(a)) {
                    Slogdet s = LA.slogdet(a);
                    String what = dt + " n=" + n;
                    assertArrayEquals(piv, f.piv().toIntArray(), "pivots " + what);
                    double[] got = values(f.lu());
                    for (int i = 0; i < got.length; i++)
                        assertEquals(Double.isNaN(want[i]), Double.isNaN(got[i]), what + " NaN at entry " + i);
                    double[] lg = values(s.logabsdet());
                    assertTrue(Double.isNaN(lg[1]) && Double.isNaN(lg[2]), what + " log|det| " + lg[1] + " " + lg[2]);
                    assertTrue(Double.isFinite(lg[0]), what + " log|det| of a finite matrix");
                    s.sign().close();
                    s.logabsdet().close();
                }
            }
    }

    @Test
    void emptyStacksAndOrderZero() {
        try (NDArray a = Nd.zeros(DType.FLOAT32, 0, 5, 5);
                NDArray rhs = Nd.zeros(DType.FLOAT32, 0, 5, 2);
                NDArray x = LA.solve(a, rhs);
                NDArray y = LA.inv(a)) {
            assertArrayEquals(new long[] {0, 5, 2}, x.shape());
            assertArrayEquals(new long[] {0, 5, 5}, y.shape());
        }
    }
}
