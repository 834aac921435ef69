package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.assertClose;
import static org.ndgpu.linalg.impl.Fixtures.load;
import static org.ndgpu.linalg.impl.Fixtures.random;
import static org.ndgpu.linalg.impl.Fixtures.values;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.Lstsq;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Qr;
import org.ndgpu.ndarray.Slogdet;
import org.ndgpu.ndarray.Svd;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Decompositions checked by what defines them (reconstruction, orthogonality, residuals, with EJML's
 * host products as the oracle) and against NumPy fixtures where the answer is unique.
 */
class DecompositionTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();

    private static DMatrixRMaj host(NDArray a, int batchIndex) {
        long[] s = a.shape();
        int r = (int) s[s.length - 2], c = (int) s[s.length - 1];
        double[] v = values(a);
        return new DMatrixRMaj(
                r, c, true, java.util.Arrays.copyOfRange(v, batchIndex * r * c, (batchIndex + 1) * r * c));
    }

    private static void assertOrthonormalColumns(DMatrixRMaj q, double tol) {
        DMatrixRMaj qtq = new DMatrixRMaj(q.numCols, q.numCols);
        CommonOps_DDRM.multTransA(q, q, qtq);
        assertClose(CommonOps_DDRM.identity(q.numCols).data, qtq.data, tol);
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void svdReconstructsInBothModes(String name) {
        DType dt = DType.of(name);
        double tol = dt == DType.FLOAT32 ? 1e-5 : 1e-12;
        for (long[] shape : new long[][] {{2, 6, 4}, {2, 4, 6}}) {
            NDArray a = random(7, dt, shape);
            for (boolean full : new boolean[] {false, true}) {
                Svd r = LA.svd(a, full);
                long m = shape[1], n = shape[2], k = Math.min(m, n);
                assertArrayEquals(new long[] {2, m, full ? m : k}, r.u().shape());
                assertArrayEquals(new long[] {2, k}, r.s().shape());
                assertArrayEquals(new long[] {2, full ? n : k, n}, r.vh().shape());
                assertEquals(dt, r.u().dtype());
                for (int b = 0; b < 2; b++) {
                    DMatrixRMaj u = host(r.u(), b), vh = host(r.vh(), b), am = host(a, b);
                    double[] s = java.util.Arrays.copyOfRange(values(r.s()), b * (int) k, (b + 1) * (int) k);
                    for (int i = 1; i < s.length; i++) assertTrue(s[i - 1] >= s[i], "descending");
                    DMatrixRMaj us = new DMatrixRMaj((int) m, (int) k);
                    for (int i = 0; i < m; i++) for (int j = 0; j < k; j++) us.set(i, j, u.get(i, j) * s[j]);
                    DMatrixRMaj rec = new DMatrixRMaj((int) m, (int) n);
                    CommonOps_DDRM.mult(us, CommonOps_DDRM.extract(vh, 0, (int) k, 0, (int) n), rec);
                    assertClose(am.data, rec.data, tol * 10);
                    assertOrthonormalColumns(u, tol * 10);
                    assertOrthonormalColumns(CommonOps_DDRM.transpose(vh, null), tol * 10);
                }
            }
        }
        assertClose(values(load("svd_s")), values(LA.svd(load("svd_a"), false).s()), 1e-12);
    }

    @Test
    void qrAndCholeskyReconstruct() {
        NDArray a = random(3, DType.FLOAT64, 3, 6, 4);
        Qr qr = LA.qr(a);
        assertArrayEquals(new long[] {3, 6, 4}, qr.q().shape());
        assertArrayEquals(new long[] {3, 4, 4}, qr.r().shape());
        assertClose(a, qr.q().matmul(qr.r()), 1e-12);
        for (int b = 0; b < 3; b++) {
            assertOrthonormalColumns(host(qr.q(), b), 1e-12);
            DMatrixRMaj r = host(qr.r(), b);
            for (int i = 0; i < 4; i++) for (int j = 0; j < i; j++) assertEquals(0, r.get(i, j), 1e-14);
        }
        // a symmetric positive definite stack: x x^T + n I; NaN in the upper triangle is never read
        NDArray x = random(4, DType.FLOAT64, 2, 5, 5);
        NDArray spd = Nd.array(values(x.matmul(x.transpose(0, 2, 1))), DType.FLOAT64, 2, 5, 5);
        double[] sv = values(spd);
        for (int b = 0; b < 2; b++) for (int i = 0; i < 5; i++) sv[b * 25 + i * 5 + i] += 5;
        NDArray lowerOnly = Nd.array(sv.clone(), DType.FLOAT64, 2, 5, 5);
        double[] poisoned = sv.clone();
        for (int b = 0; b < 2; b++)
            for (int i = 0; i < 5; i++) for (int j = i + 1; j < 5; j++) poisoned[b * 25 + i * 5 + j] = Double.NaN;
        NDArray l = LA.cholesky(Nd.array(poisoned, DType.FLOAT64, 2, 5, 5));
        assertClose(lowerOnly, l.matmul(l.transpose(0, 2, 1)), 1e-12);
        var e = assertThrows(
                LinAlgException.class, () -> LA.cholesky(Nd.array(new double[] {1, 2, 2, 1}, DType.FLOAT64, 2, 2)));
        assertTrue(e.getMessage().contains("not positive definite"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void solveInvDetSlogdet(String name) {
        DType dt = DType.of(name);
        double tol = dt == DType.FLOAT32 ? 1e-4 : 1e-10;
        NDArray a = random(5, dt, 3, 4, 4), b = random(6, dt, 3, 4, 2), v = random(7, dt, 4);
        NDArray x = LA.solve(a, b);
        assertClose(b, a.matmul(x), tol); // residual
        NDArray xv = LA.solve(a, v); // b broadcast against the stack
        assertArrayEquals(new long[] {3, 4}, xv.shape());
        NDArray ai = LA.inv(a);
        NDArray eye = Nd.array(values(Nd.eye(4)), dt, 4, 4);
        for (int q = 0; q < 3; q++) assertClose(eye, a.get(q).matmul(ai.get(q)), tol);
        NDArray fa = load("det_a");
        assertClose(load("det_d"), LA.det(fa), 1e-12);
        Slogdet sl = LA.slogdet(fa);
        assertClose(load("det_sign"), sl.sign(), 0);
        assertClose(load("det_log"), sl.logabsdet(), 1e-12);
        assertClose(load("inv_c"), LA.inv(load("inv_a")), 1e-12);
    }

    @Test
    void eighMatchesNumpyUpToSign() {
        Eigh r = LA.eigh(load("eigh_a"));
        assertClose(load("eigh_w"), r.eigenvalues(), 1e-12);
        double[] e = values(load("eigh_v")), g = values(r.eigenvectors());
        for (int b = 0; b < 3; b++)
            for (int j = 0; j < 5; j++) {
                double dot = 0;
                for (int i = 0; i < 5; i++) dot += e[b * 25 + i * 5 + j] * g[b * 25 + i * 5 + j];
                double sign = Math.signum(dot);
                for (int i = 0; i < 5; i++) assertEquals(e[b * 25 + i * 5 + j], sign * g[b * 25 + i * 5 + j], 1e-10);
            }
    }

    @Test
    void lstsqNormAndIntegerInput() {
        Lstsq r = LA.lstsq(load("lstsq_a"), load("lstsq_b"));
        assertClose(load("lstsq_x"), r.x(), 1e-12);
        assertClose(load("lstsq_res"), r.residuals(), 1e-12);
        assertClose(load("lstsq_s"), r.s(), 1e-12);
        assertEquals(3, r.rank());
        NDArray n = LA.norm(load("norm_a"));
        assertEquals(DType.FLOAT32, n.dtype());
        assertEquals(values(load("norm_c"))[0], n.doubleValue(), 1e-5);
        NDArray d = LA.det(load("intdet_a")); // int64 is cast to float64 as NumPy
        assertEquals(DType.FLOAT64, d.dtype());
        assertClose(load("intdet_d"), d, 1e-12);
    }

    @Test
    void badInput() {
        var e = assertThrows(ShapeException.class, () -> LA.svd(Nd.zeros(3), false));
        assertEquals("svd: expected an array of at least 2 dimensions, got 1", e.getMessage());
        var e2 = assertThrows(ShapeException.class, () -> LA.inv(Nd.zeros(3, 4)));
        assertTrue(e2.getMessage().contains("square") && e2.getMessage().contains("(3, 4)"), e2.getMessage());
        assertThrows(ShapeException.class, () -> LA.det(Nd.zeros(2, 3)));
        var e3 = assertThrows(LinAlgException.class, () -> LA.inv(Nd.array(new double[][] {{1, 2}, {2, 4}})));
        assertTrue(e3.getMessage().endsWith("Singular matrix"), e3.getMessage());
        assertThrows(LinAlgException.class, () -> LA.solve(Nd.zeros(2, 2), Nd.zeros(2)));
        assertThrows(DTypeException.class, () -> LA.svd(Nd.zeros(DType.FLOAT16, 2, 2), false));
        if (org.ndgpu.vendor.Solver.forDevice(device()).supports(DType.COMPLEX128)) {
            assertArrayEquals(
                    new long[] {2},
                    LA.svd(Nd.zeros(DType.COMPLEX128, 2, 2), false).s().shape()); // cuSOLVER: complex too
        } else {
            assertThrows(DTypeException.class, () -> LA.svd(Nd.zeros(DType.COMPLEX128, 2, 2), false));
        }
        Slogdet s = LA.slogdet(Nd.zeros(2, 2));
        assertEquals(0.0, s.sign().doubleValue());
        assertEquals(Double.NEGATIVE_INFINITY, s.logabsdet().doubleValue());
    }
}
