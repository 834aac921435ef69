package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.values;
import static org.ndgpu.linalg.impl.LinalgEdgeTest.allNan;
import static org.ndgpu.linalg.impl.LinalgEdgeTest.expect;
import static org.ndgpu.linalg.impl.LinalgEdgeTest.s;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Comparator;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eig;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.Lstsq;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Qr;
import org.ndgpu.ndarray.Slogdet;
import org.ndgpu.ndarray.Svd;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Complex input to every linalg routine, on every device kind: on OpenCL it runs on the host
 * ({@link HostComplex}), on CUDA in cuSOLVER. Values are NumPy 2.4's (the matrices and answers
 * printed by src/test/python/complex_cases.py); decompositions whose factors are unique only up to
 * phases are checked by their definitions. Also NaN, an exactly singular matrix and empty stacks.
 */
class LinalgComplexTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();
    private static final double NAN = Double.NaN;

    /** A complex128 array from (re, im) pairs. */
    static NDArray cx(double[] pairs, long... shape) {
        MemorySegment seg = Arena.ofAuto().allocate(Math.max(16, pairs.length * 8L), 16);
        for (int i = 0; i < pairs.length; i++) seg.setAtIndex(ValueLayout.JAVA_DOUBLE, i, pairs[i]);
        return Nd.array(seg.asSlice(0, pairs.length * 8L), DType.COMPLEX128, shape);
    }

    // NumPy: A = [[1+2j, 2-1j, 0.5j], [3, 1+1j, -2+0.5j], [0.5-1j, 2j, 4-1j]]; H = A A^H + I; W (2 x 3)
    static final double[] A = {
        1.0, 2.0, 2.0, -1.0, 0.0, 0.5, 3.0, 0.0, 1.0, 1.0, -2.0, 0.5, 0.5, -1.0, 0.0, 2.0, 4.0, -1.0
    };
    static final double[] H = {
        11.25, 0.0, 4.25, 2.0, -4.0, 0.0, 4.25, -2.0, 16.25, 0.0, -5.0, 1.0, -4.0, 0.0, -5.0, -1.0, 23.25, 0.0
    };
    static final double[] W = {1.0, 1.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 3.0, -1.0};
    /** [[1+1j, 2+2j], [1, 2]]: exactly singular (the pivot 2 - (1-1j)/2 (2+2j) is exactly 0). */
    static final double[] S = {1, 1, 2, 2, 1, 0, 2, 0};

    static NDArray a() {
        return cx(A, 3, 3);
    }

    static NDArray c(DType dt, double[] v, long... shape) {
        return dt == DType.COMPLEX128 ? cx(v, shape) : cx(v, shape).astype(dt);
    }

    static double tol(DType dt) {
        return dt == DType.COMPLEX64 ? 2e-5 : 1e-12;
    }

    @Test
    void luFamily() {
        for (DType dt : new DType[] {DType.COMPLEX128, DType.COMPLEX64}) {
            NDArray a = c(dt, A, 3, 3);
            expect(LA.det(a), dt, s(), tol(dt), -31.0, 41.24999999999999);
            Slogdet sl = LA.slogdet(a);
            expect(sl.sign(), dt, s(), tol(dt), -0.6007749117509227, 0.7994182293459857);
            expect(sl.logabsdet(), dt.real(), s(), tol(dt), 3.943522141960285);
            double[] inv = {
                0.03859064341212647,
                -0.17445599868547687,
                0.18609891786577784,
                0.05408323748268821,
                0.0736602427173071,
                0.01737048426093285,
                0.22687260862421074,
                0.13253210018544168,
                0.040538954484636514,
                -0.1637989718551208,
                0.04253421281190582,
                -0.10469237811318982,
                0.11816624022910262,
                -0.052440083566113474,
                -0.11628835003873148,
                -0.009577239970892699,
                0.17445599868547684,
                0.038590643412126466
            };
            expect(LA.inv(a), dt, s(3, 3), tol(dt), inv);
            expect(LA.matrixPower(a, -1), dt, s(3, 3), tol(dt), inv);
            expect(
                    LA.solve(a, c(dt, new double[] {1, 0, 0, 1, 2, 0}, 3)),
                    dt,
                    s(3),
                    tol(dt),
                    0.13182789136405246,
                    0.046383887702166594,
                    0.4757400061031431,
                    -0.03631370155630143,
                    0.476655477570949,
                    -0.09154714678059203);
        }
        NDArray sing = cx(S, 2, 2);
        assertThrows(LinAlgException.class, () -> LA.inv(sing));
        assertThrows(LinAlgException.class, () -> LA.solve(sing, cx(new double[] {1, 0, 1, 0}, 2)));
        expect(LA.det(sing), DType.COMPLEX128, s(), 0, 0, 0);
        expect(LA.slogdet(sing).sign(), DType.COMPLEX128, s(), 0, 0, 0);
        expect(LA.slogdet(sing).logabsdet(), s(), Double.NEGATIVE_INFINITY);
        // NaN: NumPy [[nan+nanj, nan+nanj], [2, -1]] and det nan+nanj; inv and solve refuse it (NonFinite), det is NaN
        NDArray nan = cx(new double[] {NAN, 0, 1, 0, 2, 0, 1, 0}, 2, 2);
        assertThrows(LinAlgException.class, () -> LA.inv(nan));
        allNan(LA.det(nan));
        assertThrows(LinAlgException.class, () -> LA.solve(nan, cx(new double[] {1, 0, 1, 0}, 2)));
        // an inf pivot: NumPy's sign is inf / |inf| = nan+nanj, logabsdet inf, det = sign * exp(logabsdet) nan+nanj
        NDArray inf = cx(new double[] {Double.POSITIVE_INFINITY, 0, 1, 0, 1, 0, 1, 0}, 2, 2);
        allNan(LA.slogdet(inf).sign());
        expect(LA.slogdet(inf).logabsdet(), s(), Double.POSITIVE_INFINITY);
        allNan(LA.det(inf));
        for (DType dt : new DType[] {DType.COMPLEX64, DType.COMPLEX128}) {
            expect(LA.inv(Nd.zeros(dt, 2, 0, 0)), dt, s(2, 0, 0), 0);
            expect(LA.det(Nd.zeros(dt, 2, 0, 0)), dt, s(2), 0, 1, 0, 1, 0);
            expect(LA.slogdet(Nd.zeros(dt, 0, 0)).sign(), dt, s(), 0, 1, 0);
            expect(LA.slogdet(Nd.zeros(dt, 0, 0)).logabsdet(), dt.real(), s(), 0, 0);
        }
    }

    @Test
    void choleskyAndEigh() {
        for (DType dt : new DType[] {DType.COMPLEX128, DType.COMPLEX64}) {
            NDArray h = c(dt, H, 3, 3);
            expect(
                    LA.cholesky(h),
                    dt,
                    s(3, 3),
                    tol(dt),
                    3.3541019662496847,
                    0.0,
                    0.0,
                    0.0,
                    0.0,
                    0.0,
                    1.2671051872498809,
                    -0.5962847939999439,
                    3.7800646672892895,
                    0.0,
                    0.0,
                    0.0,
                    -1.1925695879998879,
                    0.0,
                    -0.9229706885916307,
                    -0.07642432453306496,
                    4.5793080490831946,
                    0.0);
            double[] w = {8.323662268525313, 14.503769496682326, 27.922568234792365};
            expect(LA.eigvalsh(h), dt.real(), s(3), tol(dt), w);
            Eigh e = LA.eigh(h);
            expect(e.eigenvalues(), dt.real(), s(3), tol(dt), w);
            // H V = V diag(w), V^H V = I
            double[] v = values(e.eigenvectors().astype(DType.COMPLEX128));
            double[] hv = values(cx(H, 3, 3).matmul(e.eigenvectors().astype(DType.COMPLEX128)));
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++) {
                    for (int p = 0; p < 2; p++)
                        assertEquals(w[j] * v[2 * (i * 3 + j) + p], hv[2 * (i * 3 + j) + p], 30 * tol(dt) * 28, "H v");
                }
            assertUnitary(v, 3, 3, 10 * tol(dt));
        }
        // not positive definite: [[1, 2j], [-2j, 1]] has eigenvalues -1 and 3
        NDArray ssh = cx(new double[] {1, 0, 0, 2, 0, -2, 1, 0}, 2, 2);
        assertThrows(LinAlgException.class, () -> LA.cholesky(ssh));
        // NumPy: [[2, 0], [1-0.5j, 1.936]] (the lower triangle read)
        expect(
                LA.cholesky(cx(new double[] {4, 0, 99, 99, 2, -1, 5, 0}, 2, 2)),
                DType.COMPLEX128,
                s(2, 2),
                1e-12,
                2,
                0,
                0,
                0,
                1,
                -0.5,
                Math.sqrt(3.75),
                0);
        NDArray nan = cx(new double[] {4, 0, 0, 0, NAN, 0, 5, 0}, 2, 2);
        allNan(LA.eigvalsh(nan));
        double[] l = values(LA.cholesky(nan));
        assertTrue(Double.isNaN(l[0]) && l[2] == 0 && l[3] == 0 && Double.isNaN(l[6]), Arrays.toString(l));
        expect(LA.eigvalsh(Nd.zeros(DType.COMPLEX64, 2, 0, 0)), DType.FLOAT32, s(2, 0), 0);
        expect(LA.eigh(Nd.zeros(DType.COMPLEX128, 0, 0)).eigenvectors(), DType.COMPLEX128, s(0, 0), 0);
        expect(LA.cholesky(Nd.zeros(DType.COMPLEX64, 2, 0, 0)), DType.COMPLEX64, s(2, 0, 0), 0);
    }

    /** The columns of an (r x c) complex matrix (re, im pairs) orthonormal. */
    static void assertUnitary(double[] v, int r, int c, double tol) {
        for (int a = 0; a < c; a++)
            for (int b = 0; b < c; b++) {
                double re = 0, im = 0;
                for (int i = 0; i < r; i++) {
                    double xr = v[2 * (i * c + a)],
                            xi = v[2 * (i * c + a) + 1],
                            yr = v[2 * (i * c + b)],
                            yi = v[2 * (i * c + b) + 1];
                    re += xr * yr + xi * yi;
                    im += xr * yi - xi * yr;
                }
                assertEquals(a == b ? 1 : 0, re, tol, "column " + a + " . " + b);
                assertEquals(0, im, tol, "column " + a + " . " + b);
            }
    }

    @Test
    void svdAndFriends() {
        for (DType dt : new DType[] {DType.COMPLEX128, DType.COMPLEX64}) {
            NDArray a = c(dt, A, 3, 3);
            double[] sa = {5.188696197966533, 3.6747475418975837, 2.7062265737600955};
            for (boolean full : new boolean[] {true, false}) {
                Svd r = LA.svd(a, full);
                expect(r.s(), dt.real(), s(3), tol(dt), sa);
                assertEquals(dt, r.u().dtype());
                // u diag(s) vh = a
                try (NDArray us = r.u().mul(r.s().astype(dt));
                        NDArray back = us.matmul(r.vh())) {
                    expect(back, dt, s(3, 3), 10 * tol(dt), A);
                }
                assertUnitary(values(r.u()), 3, 3, 10 * tol(dt));
            }
            // W (2 x 3), full: vh (3, 3) unitary, u diag(s) vh[:2] = W
            Svd w = LA.svd(c(dt, W, 2, 3), true);
            expect(w.s(), dt.real(), s(2), tol(dt), 3.4207546124673165, 2.301833591136331);
            assertArrayEquals(s(3, 3), w.vh().shape());
            double[] vh = values(w.vh().conj().T().copy());
            assertUnitary(vh, 3, 3, 10 * tol(dt));
            try (NDArray top = w.vh().get(":2");
                    NDArray us = w.u().mul(w.s().astype(dt));
                    NDArray back = us.matmul(top)) {
                expect(back, dt, s(2, 3), 10 * tol(dt), W);
            }
            expect(
                    LA.pinv(c(dt, W, 2, 3)),
                    dt,
                    s(3, 2),
                    tol(dt),
                    0.1774193548387098,
                    -0.17741935483870974,
                    0.03225806451612905,
                    0.032258064516129066,
                    0.3225806451612904,
                    0,
                    0,
                    -0.032258064516129024,
                    0.032258064516129045,
                    -0.0967741935483871,
                    0.29032258064516137,
                    0.09677419354838714);
            expect(LA.cond(a), dt.real(), s(), tol(dt), 1.9173177324754578);
            expect(LA.cond(a, "fro"), dt.real(), s(), tol(dt), 3.43942097970936);
            expect(LA.cond(a, 1), dt.real(), s(), tol(dt), 3.814933214086484);
            expect(LA.matrixRank(a), DType.INT64, s(), 0, 3);
            expect(LA.norm(a, 2), dt.real(), s(), tol(dt), 5.188696197966533);
            expect(LA.norm(a, "nuc"), dt.real(), s(), tol(dt), 11.569670313624211);
        }
        NDArray sing = cx(S, 2, 2);
        expect(LA.matrixRank(sing), DType.INT64, s(), 0, 1);
        expect(
                LA.pinv(sing),
                DType.COMPLEX128,
                s(2, 2),
                1e-12,
                0.06666666666666667,
                -0.06666666666666668,
                0.06666666666666667,
                0,
                0.13333333333333336,
                -0.13333333333333333,
                0.13333333333333333,
                0);
        expect(LA.cond(sing, "fro"), s(), Double.POSITIVE_INFINITY);
        NDArray nan = cx(new double[] {NAN, 0, 1, 0, 2, 0, 1, 0}, 2, 2);
        assertThrows(LinAlgException.class, () -> LA.svd(nan, false));
        assertThrows(LinAlgException.class, () -> LA.pinv(nan));
        Svd e = LA.svd(Nd.zeros(DType.COMPLEX64, 0, 3), true);
        expect(e.s(), DType.FLOAT32, s(0), 0);
        expect(e.vh(), DType.COMPLEX64, s(3, 3), 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0);
        expect(LA.pinv(Nd.zeros(DType.COMPLEX64, 2, 0, 3)), DType.COMPLEX64, s(2, 3, 0), 0);
    }

    /** Repeated and zero singular values and eigenvalues: the embedding's copies must still give a unitary basis. */
    @Test
    void clustersOfEqualValues() {
        int n = 6;
        double[] iEye = new double[2 * n * n], zero = new double[2 * n * n], lowRank = new double[2 * 4 * 3];
        for (int i = 0; i < n; i++) iEye[2 * (i * n + i) + 1] = 1;
        // rank 1, 4 x 3: (1, i, 1+i, 2)^T (1, 2, -i)
        double[][] col = {{1, 0}, {0, 1}, {1, 1}, {2, 0}}, row = {{1, 0}, {2, 0}, {0, -1}};
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 3; j++) {
                lowRank[2 * (i * 3 + j)] = col[i][0] * row[j][0] - col[i][1] * row[j][1];
                lowRank[2 * (i * 3 + j) + 1] = col[i][0] * row[j][1] + col[i][1] * row[j][0];
            }
        Object[][] cases = {{iEye, n, n}, {zero, n, n}, {lowRank, 4, 3}};
        for (Object[] c : cases) {
            double[] v = (double[]) c[0];
            int m = (Integer) c[1], k = (Integer) c[2];
            NDArray a = cx(v, m, k);
            for (boolean full : new boolean[] {true, false}) {
                Svd r = LA.svd(a, full);
                int uc = full ? m : Math.min(m, k);
                assertUnitary(values(r.u()), m, uc, 1e-12);
                assertUnitary(values(r.vh().conj().T().copy()), k, full ? k : Math.min(m, k), 1e-12);
                try (NDArray u = full ? r.u().get(":, :" + Math.min(m, k)) : r.u();
                        NDArray vh = full ? r.vh().get(":" + Math.min(m, k)) : r.vh();
                        NDArray us = u.mul(r.s().astype(DType.COMPLEX128));
                        NDArray back = us.matmul(vh)) {
                    expect(back, DType.COMPLEX128, s(m, k), 1e-12, v);
                }
            }
        }
        Eigh e = LA.eigh(cx(iEye, n, n).mul(0).add(Nd.eye(n).astype(DType.COMPLEX128)));
        assertUnitary(values(e.eigenvectors()), n, n, 1e-12);
        expect(e.eigenvalues(), s(n), 1, 1, 1, 1, 1, 1);
    }

    @Test
    void lstsqAndQr() {
        // NumPy: lstsq(W.T, [1, 1j, 2]): x, residuals, rank 2
        NDArray wt = cx(W, 2, 3).T();
        Lstsq r = LA.lstsq(wt, cx(new double[] {1, 0, 0, 1, 2, 0}, 3));
        expect(
                r.x(),
                DType.COMPLEX128,
                s(2),
                1e-12,
                0.24193548387096775,
                -0.04838709677419344,
                0.6451612903225802,
                0.22580645161290303);
        expect(r.residuals(), s(1), 0.8387096774193535);
        assertEquals(2, r.rank());
        expect(r.s(), s(2), 3.4207546124673174, 2.3018335911363303);
        for (DType dt : new DType[] {DType.COMPLEX128, DType.COMPLEX64}) {
            Qr q = LA.qr(c(dt, A, 3, 3));
            // NumPy's r diagonal: real, [-3.905, -3.297, -4.008] (LAPACK's sign)
            double[] rv = values(q.r());
            double[] diag = {-3.905124837953327, -3.2967942700472523, -4.007957770510572};
            for (int i = 0; i < 3; i++) {
                assertEquals(diag[i], rv[2 * (i * 3 + i)], 10 * tol(dt), "r diagonal " + i);
                assertEquals(0, rv[2 * (i * 3 + i) + 1], 10 * tol(dt), "r diagonal " + i + " imaginary");
            }
            try (NDArray back = q.q().matmul(q.r())) {
                expect(back, dt, s(3, 3), 10 * tol(dt), A);
            }
            assertUnitary(values(q.q()), 3, 3, 10 * tol(dt));
        }
        Qr w = LA.qr(cx(W, 2, 3));
        assertArrayEquals(s(2, 2), w.q().shape());
        assertArrayEquals(s(2, 3), w.r().shape());
        try (NDArray back = w.q().matmul(w.r())) {
            expect(back, DType.COMPLEX128, s(2, 3), 1e-12, W);
        }
        Qr e = LA.qr(Nd.zeros(DType.COMPLEX64, 3, 0));
        expect(e.q(), DType.COMPLEX64, s(3, 0), 0);
        expect(e.r(), DType.COMPLEX64, s(0, 0), 0);
    }

    @Test
    void eigvalsAndEig() {
        // NumPy's eigvals(A), sorted as np.sort_complex
        double[] w = {
            -1.768109628156465,
            2.418165673262451,
            3.301399342529613,
            1.3786818756714048,
            4.466710285626855,
            -1.796847548933857
        };
        for (DType dt : new DType[] {DType.COMPLEX128, DType.COMPLEX64}) {
            NDArray a = c(dt, A, 3, 3);
            NDArray ev = LA.eigvals(a);
            assertEquals(dt, ev.dtype());
            assertArrayEquals(w, sorted(values(ev)), 10 * tol(dt) * 5);
            Eig e = LA.eig(a);
            assertArrayEquals(w, sorted(values(e.eigenvalues())), 10 * tol(dt) * 5);
            // A v = lambda v, |v| = 1
            double[] lam = values(e.eigenvalues()),
                    v = values(e.eigenvectors()),
                    av = values(cx(A, 3, 3).matmul(e.eigenvectors().astype(DType.COMPLEX128)));
            for (int j = 0; j < 3; j++) {
                double len = 0;
                for (int i = 0; i < 3; i++) {
                    double vr = v[2 * (i * 3 + j)], vi = v[2 * (i * 3 + j) + 1];
                    len += vr * vr + vi * vi;
                    assertEquals(lam[2 * j] * vr - lam[2 * j + 1] * vi, av[2 * (i * 3 + j)], 100 * tol(dt), "A v re");
                    assertEquals(
                            lam[2 * j] * vi + lam[2 * j + 1] * vr, av[2 * (i * 3 + j) + 1], 100 * tol(dt), "A v im");
                }
                assertEquals(1, len, 10 * tol(dt));
            }
        }
        // a stack with a defective block and a diagonal one
        NDArray st = cx(new double[] {2, 1, 1, 0, 0, 0, 2, 1, /**/ 1, 0, 0, 0, 0, 0, -1, 0}, 2, 2, 2);
        assertArrayEquals(new double[] {2, 1, 2, 1, -1, 0, 1, 0}, sortedEach(values(LA.eigvals(st)), 2), 1e-7);
        assertThrows(LinAlgException.class, () -> LA.eigvals(cx(new double[] {NAN, 0, 1, 0, 2, 0, 1, 0}, 2, 2)));
        expect(LA.eigvals(Nd.zeros(DType.COMPLEX64, 2, 0, 0)), DType.COMPLEX64, s(2, 0), 0);
    }

    /** Complex pairs sorted as np.sort_complex (real part, then imaginary). */
    static double[] sorted(double[] pairs) {
        return sortedEach(pairs, pairs.length / 2);
    }

    static double[] sortedEach(double[] pairs, int n) {
        double[] out = new double[pairs.length];
        for (int g = 0; g < pairs.length / (2 * n); g++) {
            double[][] z = new double[n][];
            for (int i = 0; i < n; i++) z[i] = new double[] {pairs[2 * (g * n + i)], pairs[2 * (g * n + i) + 1]};
            Arrays.sort(z, Comparator.<double[]>comparingDouble(x -> x[0]).thenComparingDouble(x -> x[1]));
            for (int i = 0; i < n; i++) {
                out[2 * (g * n + i)] = z[i][0];
                out[2 * (g * n + i) + 1] = z[i][1];
            }
        }
        return out;
    }
}
