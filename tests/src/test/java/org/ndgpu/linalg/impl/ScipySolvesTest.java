package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.assertClose;
import static org.ndgpu.linalg.impl.Fixtures.values;

import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.linalg.LuFactor;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * scipy.linalg's lu_factor, lu_solve, cho_factor, cho_solve and solve_triangular
 * ({@code Nd.linalg().luFactor} ...): SciPy's factors of a fixed matrix, reconstruction (EJML's
 * host products as the oracle) for orders on both sides of the one-group kernels' 64, stacks,
 * vectors, and the refusals (NaN, complex, bad pivots, a zero diagonal, not positive definite).
 */
class ScipySolvesTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();

    private static DMatrixRMaj host(NDArray a, int q, int r, int c) {
        double[] v = values(a);
        return new DMatrixRMaj(r, c, true, Arrays.copyOfRange(v, q * r * c, (q + 1) * r * c));
    }

    private static NDArray wellConditioned(long seed, DType dt, int batch, int n) {
        double[] v = Fixtures.random(seed, batch * n * n);
        for (int q = 0; q < batch; q++) for (int i = 0; i < n; i++) v[q * n * n + i * n + i] += Math.sqrt(n) + 1;
        return Nd.array(v, dt, batch, n, n);
    }

    @Test
    void luFactorMatchesScipy() {
        double[] a = {1, 2, 3, 4, 5, 6, 7, 8.5, 2, -1, 0, 3, 4, 4, -2, 1};
        // scipy.linalg.lu_factor(a) of SciPy 1.17
        double[] lu = {
            5.0,
            6.0,
            7.0,
            8.5,
            0.4,
            -3.4000000000000004,
            -2.8000000000000003,
            -0.40000000000000036,
            0.8,
            0.235294117647059,
            -6.9411764705882355,
            -5.705882352941177,
            0.2,
            -0.23529411764705874,
            -0.13559322033898308,
            1.4322033898305082
        };
        try (NDArray m = Nd.array(a, DType.FLOAT64, 4, 4)) {
            LuFactor f = LA.luFactor(m);
            try (NDArray l = f.lu();
                    NDArray p = f.piv()) {
                assertArrayEquals(new long[] {4, 4}, l.shape());
                assertEquals(DType.INT32, p.dtype());
                assertArrayEquals(new int[] {1, 2, 3, 3}, p.toIntArray());
                assertClose(lu, values(l), 1e-14);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void luSolveReconstructs(String name) {
        DType dt = DType.of(name);
        double tol = dt == DType.FLOAT32 ? 5e-4 : 1e-10;
        for (int n : new int[] {3, 64, 100}) {
            try (NDArray a = wellConditioned(n, dt, 2, n);
                    NDArray b = Fixtures.random(50 + n, dt, 2, n, 3)) {
                LuFactor f = LA.luFactor(a);
                try (NDArray lu = f.lu();
                        NDArray piv = f.piv();
                        NDArray x = LA.luSolve(f, b)) {
                    assertArrayEquals(new long[] {2, n}, piv.shape());
                    assertArrayEquals(new long[] {2, n, n}, lu.shape());
                    for (int q = 0; q < 2; q++) {
                        DMatrixRMaj ax = new DMatrixRMaj(n, 3);
                        CommonOps_DDRM.mult(host(a, q, n, n), host(x, q, n, 3), ax);
                        assertClose(host(b, q, n, 3).data, ax.data, tol);
                    }
                }
            }
        }
        // a vector right-hand side of a single matrix
        try (NDArray a = wellConditioned(1, dt, 1, 5);
                NDArray a2 = a.reshape(5, 5);
                NDArray b = Fixtures.random(2, dt, 5)) {
            LuFactor f = LA.luFactor(a2);
            try (NDArray x = LA.luSolve(f, b)) {
                assertArrayEquals(new long[] {5}, x.shape());
                DMatrixRMaj ax = new DMatrixRMaj(5, 1);
                CommonOps_DDRM.mult(host(a2, 0, 5, 5), host(x, 0, 5, 1), ax);
                assertClose(values(b), ax.data, dt == DType.FLOAT32 ? 1e-5 : 1e-12);
            }
            f.lu().close();
            f.piv().close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void choFactorAndSolveBothTriangles(String name) {
        DType dt = DType.of(name);
        double tol = dt == DType.FLOAT32 ? 5e-4 : 1e-10;
        for (int n : new int[] {4, 90}) {
            double[] g = Fixtures.random(n, n * n), v = new double[n * n];
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) {
                    double s = i == j ? n : 0;
                    for (int k = 0; k < n; k++) s += g[i * n + k] * g[j * n + k];
                    v[i * n + j] = s;
                }
            try (NDArray a = Nd.array(v, dt, n, n);
                    NDArray b = Fixtures.random(7, dt, n, 2)) {
                for (boolean lower : new boolean[] {true, false}) {
                    try (NDArray c = LA.choFactor(a, lower);
                            NDArray x = LA.choSolve(c, lower, b)) {
                        DMatrixRMaj cm = host(c, 0, n, n), rec = new DMatrixRMaj(n, n);
                        if (lower) CommonOps_DDRM.multTransB(cm, cm, rec);
                        else CommonOps_DDRM.multTransA(cm, cm, rec);
                        assertClose(v, rec.data, tol);
                        DMatrixRMaj ax = new DMatrixRMaj(n, 2);
                        CommonOps_DDRM.mult(new DMatrixRMaj(n, n, true, v), host(x, 0, n, 2), ax);
                        assertClose(values(b), ax.data, tol);
                    }
                }
            }
        }
        try (NDArray a = Nd.array(new double[] {1, 2, 2, 1}, dt, 2, 2)) {
            assertEquals(
                    "cho_factor: 2-th leading minor of the array is not positive definite",
                    assertThrows(LinAlgException.class, () -> LA.choFactor(a, false))
                            .getMessage());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void solveTriangularEveryForm(String name) {
        DType dt = DType.of(name);
        double tol = dt == DType.FLOAT32 ? 5e-4 : 1e-10;
        for (int n : new int[] {5, 130}) {
            try (NDArray a = wellConditioned(3L * n, dt, 2, n);
                    NDArray b = Fixtures.random(4L * n, dt, 2, n, 2)) {
                for (boolean lower : new boolean[] {true, false}) {
                    for (boolean unit : new boolean[] {false, true}) {
                        try (NDArray x = LA.solveTriangular(a, b, lower, unit)) {
                            for (int q = 0; q < 2; q++) {
                                DMatrixRMaj t = host(a, q, n, n);
                                for (int i = 0; i < n; i++)
                                    for (int j = 0; j < n; j++) {
                                        if (lower ? j > i : j < i) t.set(i, j, 0);
                                        if (unit && i == j) t.set(i, j, 1);
                                    }
                                // a unit triangle of random entries is ill-conditioned (cond grows like 2^n):
                                // held to a small backward error, |b - T x| <= tol (1 + max|x|)
                                DMatrixRMaj ax = new DMatrixRMaj(n, 2), xm = host(x, q, n, 2);
                                CommonOps_DDRM.mult(t, xm, ax);
                                double xmax = CommonOps_DDRM.elementMaxAbs(xm);
                                double[] bq = host(b, q, n, 2).data;
                                for (int i = 0; i < bq.length; i++) {
                                    assertTrue(
                                            Math.abs(bq[i] - ax.data[i]) <= tol * (1 + xmax),
                                            "lower " + lower + " unit " + unit + " n " + n + " element " + i);
                                }
                            }
                        }
                    }
                }
            }
        }
        try (NDArray a = Nd.array(new double[] {1, 0, 2, 0}, dt, 2, 2);
                NDArray b = Nd.ones(dt, 2)) {
            assertEquals(
                    "solve_triangular: singular matrix: resolution failed at diagonal 1",
                    assertThrows(LinAlgException.class, () -> LA.solveTriangular(a, b, true, false))
                            .getMessage());
            try (NDArray x = LA.solveTriangular(a, b, true, true)) {
                assertClose(new double[] {1, -1}, values(x), 0);
            }
        }
    }

    @Test
    void refusals() {
        try (NDArray nan = Nd.array(new double[] {Double.NaN, 1, 1, 1}, DType.FLOAT64, 2, 2);
                NDArray c = Nd.zeros(DType.COMPLEX128, 2, 2);
                NDArray rect = Nd.zeros(DType.FLOAT64, 2, 3);
                NDArray eye = Nd.eye(2, 2, 0, DType.FLOAT64);
                NDArray b3 = Nd.ones(DType.FLOAT64, 3);
                NDArray badPiv = Nd.array(new long[] {5, 1}, DType.INT32, 2)) {
            assertTrue(assertThrows(NdException.class, () -> LA.luFactor(nan))
                    .getMessage()
                    .startsWith("lu_factor: array must not contain infs or NaNs"));
            assertTrue(assertThrows(DTypeException.class, () -> LA.luFactor(c))
                    .getMessage()
                    .startsWith("lu_factor: expected float32 or float64"));
            assertThrows(ShapeException.class, () -> LA.choFactor(rect, true));
            assertThrows(ShapeException.class, () -> LA.solveTriangular(eye, b3, true, false));
            LuFactor f = LA.luFactor(eye);
            assertThrows(ShapeException.class, () -> LA.luSolve(f, b3));
            assertTrue(assertThrows(NdException.class, () -> LA.luSolve(new LuFactor(eye, badPiv), Nd.ones(2)))
                    .getMessage()
                    .startsWith("lu_solve: piv[0] = 5 is not a row in [0, 2)"));
            assertThrows(NullPointerException.class, () -> LA.luSolve(null, b3));
            f.lu().close();
            f.piv().close();
        }
        try (NDArray empty = Nd.zeros(DType.FLOAT64, 0, 3, 3)) {
            LuFactor f = LA.luFactor(empty);
            assertArrayEquals(new long[] {0, 3, 3}, f.lu().shape());
            assertArrayEquals(new long[] {0, 3}, f.piv().shape());
        }
    }
}
