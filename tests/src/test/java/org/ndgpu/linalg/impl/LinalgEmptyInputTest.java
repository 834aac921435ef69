package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.ndgpu.linalg.impl.Fixtures.assertClose;
import static org.ndgpu.linalg.impl.Fixtures.values;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Lstsq;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Zero-size input as NumPy 2.4 answers it: cond of an empty stack is an empty array; the norms
 * whose maximum NumPy takes with initial=0 are 0 on empty input (the minima still raise); lstsq
 * with a b of no columns reports a's rank and singular values.
 */
class LinalgEmptyInputTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();
    private static final double INF = Double.POSITIVE_INFINITY;

    private static void check(long[] shape, DType dtype, double[] want, NDArray got, String what) {
        try (got) {
            assertArrayEquals(shape, got.shape(), what + " shape");
            assertEquals(dtype, got.dtype(), what + " dtype");
            assertArrayEquals(want, values(got), what);
        }
    }

    @Test
    void condOfAnEmptyStack() {
        if (!device().facts().fp64()) return;
        try (NDArray a = Nd.zeros(0, 2, 2);
                NDArray b = Nd.zeros(0, 3, 3);
                NDArray c = Nd.zeros(0, 2, 3);
                NDArray f = Nd.zeros(DType.FLOAT32, 0, 2, 2)) {
            // np.linalg.cond(np.zeros((0, 2, 2))) -> array([], dtype=float64), likewise p=2, -2 and (0, 2, 3)
            check(new long[] {0}, DType.FLOAT64, new double[0], LA.cond(a), "cond (0, 2, 2)");
            check(new long[] {0}, DType.FLOAT64, new double[0], LA.cond(b, 2.0), "cond (0, 3, 3) p=2");
            check(new long[] {0}, DType.FLOAT64, new double[0], LA.cond(b, -2.0), "cond (0, 3, 3) p=-2");
            check(new long[] {0}, DType.FLOAT64, new double[0], LA.cond(c), "cond (0, 2, 3)");
            // np.linalg.cond(np.zeros((0, 2, 2), np.float32)).dtype -> float32
            check(new long[] {0}, DType.FLOAT32, new double[0], LA.cond(f), "cond float32 (0, 2, 2)");
        }
    }

    @Test
    void normsOfEmptyInput() {
        if (!device().facts().fp64()) return;
        long[] scalar = {};
        try (NDArray v = Nd.zeros(0);
                NDArray m = Nd.zeros(0, 3);
                NDArray t = Nd.zeros(3, 0);
                NDArray s = Nd.zeros(2, 0, 0)) {
            // np.linalg.vector_norm(np.zeros(0), ord=inf) -> 0.0
            check(scalar, DType.FLOAT64, new double[] {0}, LA.vectorNorm(v, INF, null, false), "vector_norm inf");
            // np.linalg.norm(np.zeros(0), inf) -> 0.0
            check(scalar, DType.FLOAT64, new double[] {0}, LA.norm(v, INF), "norm vector inf");
            // np.linalg.norm(np.zeros((0, 3)), 2), inf, 1 -> 0.0; np.linalg.norm(np.zeros((3, 0)), 1) -> 0.0
            check(scalar, DType.FLOAT64, new double[] {0}, LA.norm(m, 2.0), "norm (0, 3) 2");
            check(scalar, DType.FLOAT64, new double[] {0}, LA.norm(m, INF), "norm (0, 3) inf");
            check(scalar, DType.FLOAT64, new double[] {0}, LA.norm(t, 1.0), "norm (3, 0) 1");
            check(scalar, DType.FLOAT64, new double[] {0}, LA.norm(t, 2.0), "norm (3, 0) 2");
            // np.linalg.matrix_norm(np.zeros((2, 0, 0)), ord=2), 1, inf -> [0., 0.]
            check(new long[] {2}, DType.FLOAT64, new double[] {0, 0}, LA.matrixNorm(s, 2.0, false), "matrix_norm 2");
            check(new long[] {2}, DType.FLOAT64, new double[] {0, 0}, LA.matrixNorm(s, 1.0, false), "matrix_norm 1");
            check(new long[] {2}, DType.FLOAT64, new double[] {0, 0}, LA.matrixNorm(s, INF, false), "matrix_norm inf");
            // keepdims: np.linalg.matrix_norm(np.zeros((2, 0, 0)), ord=2, keepdims=True).shape -> (2, 1, 1)
            check(new long[] {2, 1, 1}, DType.FLOAT64, new double[] {0, 0}, LA.matrixNorm(s, 2.0, true), "keepdims");
            // NumPy raises for the minima: np.linalg.norm(np.zeros((0, 3)), -2), vector_norm(zeros(0), ord=-inf)
            assertThrows(NdException.class, () -> LA.norm(m, -2.0).close());
            assertThrows(
                    NdException.class, () -> LA.vectorNorm(v, -INF, null, false).close());
        }
    }

    @Test
    void lstsqWithNoColumnsReportsRankAndS() {
        if (!device().facts().fp64()) return;
        double[] a53 = new double[15];
        for (int k = 0; k < 15; k++) a53[k] = k;
        a53[0] = 7;
        try (NDArray e = Nd.eye(3);
                NDArray z = Nd.zeros(3, 0);
                NDArray a = Nd.array(a53, DType.FLOAT64, 5, 3);
                NDArray z5 = Nd.zeros(5, 0)) {
            // np.linalg.lstsq(np.eye(3), np.zeros((3, 0))) -> x (3, 0), residuals [], rank 3, s [1, 1, 1]
            Lstsq r = LA.lstsq(e, z);
            try (NDArray x = r.x();
                    NDArray res = r.residuals();
                    NDArray s = r.s()) {
                assertArrayEquals(new long[] {3, 0}, x.shape());
                assertArrayEquals(new long[] {0}, res.shape());
                assertEquals(3, r.rank());
                assertClose(new double[] {1, 1, 1}, values(s), 1e-15);
            }
            // a = arange(15.).reshape(5, 3) with a[0, 0] = 7: rank 3, s from np.linalg.svd(a, compute_uv=False)
            Lstsq q = LA.lstsq(a, z5);
            try (NDArray x = q.x();
                    NDArray res = q.residuals();
                    NDArray s = q.s()) {
                assertArrayEquals(new long[] {3, 0}, x.shape());
                assertArrayEquals(new long[] {0}, res.shape());
                assertEquals(3, q.rank());
                assertClose(new double[] {32.24060917754275, 4.918575131343963, 0.5922318281471916}, values(s), 1e-12);
            }
        }
    }
}
