package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.values;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.linalg.LuFactor;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Slogdet;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The blocked LU and Cholesky (BlockedFactor: block columns of 64, the LU panel halved down to
 * leaves of 16, triangular solves by the diagonal blocks' inverses and GEMM) at orders around
 * those boundaries, through the public API on every device (on CUDA these orders go to cuSOLVER
 * unless {@code -Dndgpu.linalg.solver=own}; the answers are held to the same oracles). lu_factor's
 * pivots against SciPy's (blocked_lu.tsv, make_blocked_lu_fixtures.py), solve with several
 * right-hand sides and inv by their residuals, cholesky by L L^T, all in float64 Java loops; an
 * exact zero pivot in the middle, NaN, and a matrix that stops being positive definite past the
 * first block column give NumPy's errors.
 */
class BlockedFactorOracleTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();
    private static final int[] ORDERS = {65, 127, 128, 129, 257, 300};

    /** The fixture's matrix: MINSTD's integers from seed 12345 + n, each over 2^31 - 1, less 0.5. */
    private static double[] formula(int n) {
        double[] v = new double[n * n];
        long x = 12345 + n;
        for (int e = 0; e < n * n; e++) {
            x = x * 48271 % 2147483647;
            v[e] = x / 2147483647.0 - 0.5;
        }
        return v;
    }

    private static double eps(DType dt) {
        return dt == DType.FLOAT32 ? 6e-8 : 1.1e-16;
    }

    private static double[] mult(double[] a, double[] b, int n, int r) {
        double[] c = new double[n * r];
        for (int i = 0; i < n; i++)
            for (int k = 0; k < n; k++) {
                double x = a[i * n + k];
                for (int j = 0; j < r; j++) c[i * r + j] += x * b[k * r + j];
            }
        return c;
    }

    /** max |A X - B| <= c n eps (|A| |X| + |B|) entrywise in the max norm: a small backward error. */
    private static void assertResidual(double[] a, double[] x, double[] b, int n, int r, DType dt, String where) {
        double[] ax = mult(a, x, n, r);
        double res = 0, scale = 0, an = 0, xn = 0;
        for (double v : a) an = Math.max(an, Math.abs(v));
        for (double v : x) xn = Math.max(xn, Math.abs(v));
        for (int e = 0; e < ax.length; e++) {
            res = Math.max(res, Math.abs(ax[e] - b[e]));
            scale = Math.max(scale, Math.abs(b[e]));
        }
        double bound = 4 * n * eps(dt) * (n * an * xn + scale);
        assertTrue(res <= bound, where + ": residual " + res + " > " + bound);
    }

    /** The same with the leaf of 1024 work-items that GPUs run, wherever the device allows it. */
    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void luFactorPivotsMatchScipyWithTheWideLeaf(String name) {
        LuPanel.wideLeafEverywhere = true;
        try {
            luFactorPivotsMatchScipy(name);
        } finally {
            LuPanel.wideLeafEverywhere = false;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void luFactorPivotsMatchScipy(String name) {
        DType dt = DType.of(name);
        if (!Device.current().facts().fp64() && dt == DType.FLOAT64) return;
        int rows = 0;
        for (String[] row : Fixtures.tsv("/fixtures/linalg3/", "blocked_lu.tsv")) {
            if (!row[1].equals(name)) continue;
            int n = Integer.parseInt(row[0]);
            String[] p = row[2].split(" ");
            int[] want = new int[n];
            for (int i = 0; i < n; i++) want[i] = Integer.parseInt(p[i]);
            double logdet = Double.parseDouble(row[3]);
            try (NDArray a = Nd.array(formula(n), dt, n, n)) {
                LuFactor f = LA.luFactor(a);
                Slogdet s = LA.slogdet(a);
                try (NDArray lu = f.lu();
                        NDArray piv = f.piv();
                        NDArray sign = s.sign();
                        NDArray log = s.logabsdet()) {
                    assertArrayEquals(want, piv.toIntArray(), name + " n=" + n + " pivots");
                    assertEquals(1, Math.abs(values(sign)[0]), "sign n=" + n);
                    assertEquals(logdet, values(log)[0], 1e3 * n * eps(dt) * Math.abs(logdet), "log|det| n=" + n);
                    // P A = L U, with the pivots applied to A's rows in turn
                    double[] pa = values(a), l = values(lu);
                    for (int k = 0; k < n; k++)
                        for (int j = 0; j < n; j++) {
                            double t = pa[k * n + j];
                            pa[k * n + j] = pa[want[k] * n + j];
                            pa[want[k] * n + j] = t;
                        }
                    double err = 0;
                    for (int i = 0; i < n; i++)
                        for (int j = 0; j < n; j++) {
                            double sum = i <= j ? l[i * n + j] : 0;
                            for (int k = 0; k < Math.min(i, j + 1); k++) sum += l[i * n + k] * l[k * n + j];
                            err = Math.max(err, Math.abs(sum - pa[i * n + j]));
                        }
                    assertTrue(err <= 8 * n * eps(dt), name + " n=" + n + " |PA - LU| " + err);
                }
            }
            rows++;
        }
        assertTrue(rows >= 5, "fixture rows " + rows);
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void solveAndInvAroundTheBlocks(String name) {
        DType dt = DType.of(name);
        if (!Device.current().facts().fp64() && dt == DType.FLOAT64) return;
        for (int n : ORDERS) {
            int r = 5;
            try (NDArray a = Nd.array(formula(n), dt, n, n);
                    NDArray b = Fixtures.random(n, dt, n, r);
                    NDArray x = LA.solve(a, b);
                    NDArray ai = LA.inv(a)) {
                double[] av = values(a);
                assertResidual(av, values(x), values(b), n, r, dt, name + " solve n=" + n);
                double[] eye = new double[n * n];
                for (int i = 0; i < n; i++) eye[i * n + i] = 1;
                assertResidual(av, values(ai), eye, n, n, dt, name + " inv n=" + n);
            }
        }
        // rows longer than four trips of a 256-wide group: the leaf's row swaps loop
        int n = 1100;
        try (NDArray a = Nd.array(formula(n), dt, n, n);
                NDArray b = Fixtures.random(n, dt, n, 2);
                NDArray x = LA.solve(a, b)) {
            assertResidual(values(a), values(x), values(b), n, 2, dt, name + " solve n=" + n);
        }
    }

    /** A symmetric positive definite matrix G G^T + n I of order n, from a fixed seed. */
    private static double[] spd(int n) {
        double[] g = Fixtures.random(7 + n, n * n), v = new double[n * n];
        for (int i = 0; i < n; i++)
            for (int j = 0; j <= i; j++) {
                double t = i == j ? n : 0;
                for (int k = 0; k < n; k++) t += g[i * n + k] * g[j * n + k];
                v[i * n + j] = t;
                v[j * n + i] = t;
            }
        return v;
    }

    /** The same with the Cholesky block kernel of 1024 work-items that GPUs run, where the device allows it. */
    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void choleskyAroundTheBlocksWithTheWideKernel(String name) {
        BlockedFactor.wideCholeskyEverywhere = true;
        try {
            choleskyAroundTheBlocks(name);
            zeroPivotNanAndIndefiniteGiveNumpysErrors(name);
        } finally {
            BlockedFactor.wideCholeskyEverywhere = false;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void choleskyAroundTheBlocks(String name) {
        DType dt = DType.of(name);
        if (!Device.current().facts().fp64() && dt == DType.FLOAT64) return;
        for (int n : ORDERS) {
            double[] v = spd(n);
            try (NDArray a = Nd.array(v, dt, n, n);
                    NDArray l = LA.cholesky(a);
                    NDArray b = Fixtures.random(n, dt, n, 3);
                    NDArray x = LA.solve(a, b)) {
                double[] lv = values(l), av = values(a);
                double err = 0, big = 0;
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < n; j++) {
                        if (j > i) assertEquals(0, lv[i * n + j], "upper n=" + n);
                        double s = 0;
                        for (int k = 0; k <= Math.min(i, j); k++) s += lv[i * n + k] * lv[j * n + k];
                        err = Math.max(err, Math.abs(s - av[i * n + j]));
                        big = Math.max(big, Math.abs(av[i * n + j]));
                    }
                assertTrue(err <= 4 * n * eps(dt) * big, name + " |LL^T - A| " + err + " n=" + n);
                assertResidual(av, values(x), values(b), n, 3, dt, name + " spd solve n=" + n);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void zeroPivotNanAndIndefiniteGiveNumpysErrors(String name) {
        DType dt = DType.of(name);
        if (!Device.current().facts().fp64() && dt == DType.FLOAT64) return;
        int n = 300;
        for (int c : new int[] {100, 150, 299}) {
            // a zero column stays exactly zero through every update: an exact zero pivot at c
            double[] v = formula(n);
            for (int i = 0; i < n; i++) v[i * n + c] = 0;
            try (NDArray a = Nd.array(v, dt, n, n);
                    NDArray b = Nd.ones(dt, n, 2);
                    NDArray det = LA.det(a)) {
                assertEquals(0, values(det)[0], "det, zero column " + c);
                assertEquals(
                        "solve: Singular matrix",
                        assertThrows(LinAlgException.class, () -> LA.solve(a, b))
                                .getMessage());
                assertEquals(
                        "inv: Singular matrix",
                        assertThrows(LinAlgException.class, () -> LA.inv(a)).getMessage());
            }
        }
        double[] v = formula(n);
        v[200 * n + 150] = Double.NaN;
        try (NDArray a = Nd.array(v, dt, n, n);
                NDArray b = Nd.ones(dt, n, 1);
                NDArray det = LA.det(a)) {
            assertTrue(Double.isNaN(values(det)[0]), "det with a NaN");
            // NonFinite: NumPy's "Singular matrix", saying why
            String m = assertThrows(LinAlgException.class, () -> LA.solve(a, b)).getMessage();
            assertTrue(m.startsWith("solve: Singular matrix"), m);
        }
        for (int k : new int[] {64, 150, 299}) {
            double[] s = spd(n);
            s[k * n + k] = -1e6;
            try (NDArray a = Nd.array(s, dt, n, n)) {
                assertEquals(
                        "cholesky: Matrix is not positive definite",
                        assertThrows(LinAlgException.class, () -> LA.cholesky(a))
                                .getMessage(),
                        "column " + k);
            }
        }
        double[] s = spd(n);
        s[200 * n + 150] = Double.NaN;
        try (NDArray a = Nd.array(s, dt, n, n);
                NDArray l = LA.cholesky(a)) {
            double[] lv = values(l);
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++)
                    if (j > i) assertEquals(0, lv[i * n + j]);
                    else assertTrue(Double.isNaN(lv[i * n + j]), "NaN lower triangle at " + i + "," + j);
        }
    }
}
