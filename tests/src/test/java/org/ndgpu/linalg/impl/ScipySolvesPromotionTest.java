package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.ndgpu.linalg.impl.Fixtures.assertClose;
import static org.ndgpu.linalg.impl.Fixtures.values;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.linalg.LuFactor;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * solve_triangular, lu_solve and cho_solve promote a and b as SciPy does: a real a (or factor)
 * with a complex b gives the complex answer, a float32 factor with a float64 or int32 b gives
 * float64 (SciPy 1.17's dtypes and values in the comments).
 */
class ScipySolvesPromotionTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();
    // b = [1+2j, -1+0.5j, 3-1j] as (re, im) pairs
    private static final double[] B = {1, 2, -1, 0.5, 3, -1};

    @Test
    void solveTriangularRealAComplexB() {
        if (!device().facts().fp64()) return;
        try (NDArray l = Nd.array(new double[] {2, 0, 0, 1, 3, 0, -1, 2, 4}, DType.FLOAT64, 3, 3);
                NDArray b = LinalgComplexTest.cx(B, 3);
                NDArray x0 = LA.solveTriangular(l, b, 0, true, false);
                NDArray x1 = LA.solveTriangular(l, b, 1, true, false);
                NDArray x2 = LA.solveTriangular(l, b, 2, true, false);
                NDArray l32 = l.astype(DType.FLOAT32);
                NDArray b2 = LinalgComplexTest.cx(concat(B, twice(B)), 2, 3);
                NDArray b2t = b2.T();
                NDArray b64 = b2t.astype(DType.COMPLEX64);
                NDArray x3 = LA.solveTriangular(l32, b64, true, false)) {
            // scipy.linalg.solve_triangular(L, b, trans=0, lower=True): complex128
            assertEquals(DType.COMPLEX128, x0.dtype());
            assertClose(
                    new double[] {0.5, 1.0, -0.5, -0.16666666666666666, 1.125, 0.08333333333333331}, values(x0), 1e-14);
            // trans=1 and trans=2 (a^H is a^T for a real a)
            double[] t = {1.2916666666666665, 0.7083333333333334, -0.8333333333333333, 0.3333333333333333, 0.75, -0.25};
            assertClose(t, values(x1), 1e-14);
            assertClose(t, values(x2), 1e-14);
            // float32 L with a complex64 (3, 2) b: complex64 (3, 2), columns x0 and 2 x0
            assertEquals(DType.COMPLEX64, x3.dtype());
            assertArrayEquals(new long[] {3, 2}, x3.shape());
            double[] v = values(x3);
            double[] want = {
                0.5,
                1.0,
                1,
                2,
                -0.5,
                -0.16666666666666666,
                -1,
                -0.3333333333333333,
                1.125,
                0.08333333333333331,
                2.25,
                0.16666666666666663
            };
            assertClose(want, v, 1e-6);
        }
    }

    private static double[] twice(double[] v) {
        double[] r = v.clone();
        for (int k = 0; k < r.length; k++) r[k] *= 2;
        return r;
    }

    private static double[] concat(double[] a, double[] b) {
        double[] r = new double[a.length + b.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    @Test
    void float32FactorsUpcast() {
        if (!device().facts().fp64()) return;
        // A = [[4, 1, 0], [1, 3, 1], [0, 1, 2]] in float32; np.linalg.solve(A, [1, 2, 3]) and np.linalg.solve(A, b)
        double[] real = {0.22222222222222224, 0.11111111111111104, 1.4444444444444446};
        double[] cplx = {
            0.5555555555555556,
            0.4444444444444444,
            -1.2222222222222223,
            0.22222222222222224,
            2.111111111111111,
            -0.6111111111111112
        };
        try (NDArray a = Nd.array(new double[] {4, 1, 0, 1, 3, 1, 0, 1, 2}, DType.FLOAT32, 3, 3);
                NDArray d = Nd.array(new double[] {1, 2, 3});
                NDArray i = Nd.array(new int[] {1, 2, 3});
                NDArray z = LinalgComplexTest.cx(B, 3);
                NDArray z64 = z.astype(DType.COMPLEX64);
                NDArray c = LA.choFactor(a, true)) {
            LuFactor f = LA.luFactor(a);
            try (NDArray lu = f.lu();
                    NDArray piv = f.piv();
                    NDArray xd = LA.luSolve(f, d);
                    NDArray xi = LA.luSolve(f, i);
                    NDArray xz = LA.luSolve(f, z);
                    NDArray cd = LA.choSolve(c, true, d);
                    NDArray cz = LA.choSolve(c, true, z64)) {
                assertEquals(DType.FLOAT32, lu.dtype());
                assertEquals(DType.INT32, piv.dtype());
                // scipy.linalg.lu_solve(lu_factor(A32), float64 b): float64; int32 b: float64; complex128 b: complex128
                assertEquals(DType.FLOAT64, xd.dtype());
                assertClose(real, values(xd), 1e-6);
                assertEquals(DType.FLOAT64, xi.dtype());
                assertClose(real, values(xi), 1e-6);
                assertEquals(DType.COMPLEX128, xz.dtype());
                assertClose(cplx, values(xz), 1e-6);
                // scipy.linalg.cho_solve(cho_factor(A32), float64 b): float64; complex64 b: complex64
                assertEquals(DType.FLOAT64, cd.dtype());
                assertClose(real, values(cd), 1e-6);
                assertEquals(DType.COMPLEX64, cz.dtype());
                assertClose(cplx, values(cz), 1e-6);
            }
        }
    }
}
