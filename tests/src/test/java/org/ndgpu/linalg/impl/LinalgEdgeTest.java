package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.values;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
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
 * numpy.linalg's answers (NumPy 2.4 with OpenBLAS, src/test/python/edge_cases.py prints them) for
 * the inputs where solvers disagree: a NaN entry, an inf entry, an exactly singular matrix, 0 x 0, a
 * stack of 0 x 0, and (0, 3) / (3, 0) where NumPy takes them. Where NumPy's NaN answer is an
 * accident of OpenBLAS's elimination, the expectation is {@link NonFinite}'s rule, and the comment
 * says what NumPy gives. Runs on every device kind (PoCL here; CUDA and NVIDIA OpenCL on the GPU host).
 */
class LinalgEdgeTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();
    private static final double NAN = Double.NaN, INF = Double.POSITIVE_INFINITY;

    static NDArray m(double[][] v) {
        return Nd.array(v);
    }

    static NDArray nan() {
        return m(new double[][] {{NAN, 1}, {1, 1}});
    }

    static NDArray inf() {
        return m(new double[][] {{INF, 1}, {1, 1}});
    }

    static NDArray singular() {
        return m(new double[][] {{1, 2}, {2, 4}});
    }

    static NDArray ok() {
        return m(new double[][] {{2, 1}, {1, 3}});
    }

    static NDArray stack(NDArray... ms) {
        return Nd.stack(ms);
    }

    /** Shape, dtype and values (NaN matches NaN, -0 matches 0) within tol of the largest finite expected value. */
    static void expect(NDArray actual, DType dt, long[] shape, double tol, double... expected) {
        assertArrayEquals(shape, actual.shape(), "shape");
        assertEquals(dt, actual.dtype(), "dtype");
        double[] a = values(actual);
        assertEquals(expected.length, a.length, "length");
        double scale = 1;
        for (double v : expected) if (Double.isFinite(v)) scale = Math.max(scale, Math.abs(v));
        for (int i = 0; i < a.length; i++) {
            double e = expected[i];
            boolean same = Double.isNaN(e)
                    ? Double.isNaN(a[i])
                    : Double.isInfinite(e) ? e == a[i] : Math.abs(e - a[i]) <= tol * scale;
            assertTrue(same, "element " + i + ": expected " + e + ", got " + a[i]);
        }
    }

    static void expect(NDArray actual, long[] shape, double... expected) {
        expect(actual, DType.FLOAT64, shape, 1e-12, expected);
    }

    static long[] s(long... shape) {
        return shape;
    }

    static void allNan(NDArray a) {
        for (double v : values(a)) assertTrue(Double.isNaN(v), "expected NaN, got " + v);
    }

    static <T extends Throwable> void fails(Class<T> type, String op, String contains, Executable call) {
        T e = assertThrows(type, call);
        assertTrue(e.getMessage().startsWith(op + ":") && e.getMessage().contains(contains), e.getMessage());
    }

    // ---------------------------------------------------------------- LU family

    @Test
    void inv() {
        // NumPy raises "Singular matrix" for this one (OpenBLAS leaves the NaN pivot's column unscaled)
        // and answers [[nan, nan], [2, -1]] for [[nan, 1], [2, 1]]: the rule here is NaN for both
        // NumPy raises "Singular matrix" for this one (and answers [[nan, nan], [2, -1]] for the next): refused on
        // every device
        fails(LinAlgException.class, "inv", "Singular matrix", () -> LA.inv(nan()));
        fails(LinAlgException.class, "inv", "holds NaN", () -> LA.inv(m(new double[][] {{NAN, 1}, {2, 1}})));
        expect(LA.inv(inf()), s(2, 2), 0, -0.0, 0, 1);
        fails(LinAlgException.class, "inv", "Singular matrix", () -> LA.inv(singular()));
        expect(LA.inv(Nd.zeros(0, 0)), s(0, 0));
        expect(LA.inv(Nd.zeros(2, 0, 0)), s(2, 0, 0));
        expect(LA.inv(Nd.zeros(DType.INT32, 0, 0)), s(0, 0));
        expect(LA.inv(Nd.zeros(DType.FLOAT32, 3, 0, 0)), DType.FLOAT32, s(3, 0, 0), 0);
        fails(ShapeException.class, "inv", "square", () -> LA.inv(Nd.zeros(0, 3)));
        fails(ShapeException.class, "inv", "square", () -> LA.inv(Nd.zeros(3, 0)));
        // a NaN matrix anywhere in a stack is named
        fails(LinAlgException.class, "inv", "matrix 1 of the stack holds NaN", () -> LA.inv(stack(ok(), nan())));
        fails(
                LinAlgException.class,
                "inv",
                "matrix 1 of the stack holds NaN",
                () -> LA.inv(stack(ok(), nan()).astype(DType.FLOAT32)));
        fails(LinAlgException.class, "inv", "Singular matrix", () -> LA.inv(stack(ok(), singular())));
    }

    @Test
    void solve() {
        NDArray ones = Nd.ones(2);
        fails(LinAlgException.class, "solve", "Singular matrix", () -> LA.solve(nan(), ones));
        expect(LA.solve(inf(), ones), s(2), 0, 1);
        expect(LA.solve(inf(), Nd.ones(2, 1)), s(2, 1), 0, 1);
        fails(LinAlgException.class, "solve", "Singular matrix", () -> LA.solve(singular(), ones));
        // a NaN in b only spoils what it reaches: all of x here, as NumPy's [nan nan]
        allNan(LA.solve(ok(), Nd.array(new double[] {1, NAN})));
        expect(LA.solve(Nd.zeros(0, 0), Nd.zeros(0)), s(0));
        expect(LA.solve(Nd.zeros(0, 0), Nd.zeros(0, 1)), s(0, 1));
        expect(LA.solve(Nd.zeros(2, 0, 0), Nd.zeros(2, 0, 1)), s(2, 0, 1));
        expect(LA.solve(Nd.ones(2, 1, 1), Nd.ones(2, 1, 0)), s(2, 1, 0));
        fails(ShapeException.class, "solve", "square", () -> LA.solve(Nd.zeros(0, 3), Nd.zeros(0)));
        fails(
                LinAlgException.class,
                "solve",
                "matrix 1 of the stack holds NaN",
                () -> LA.solve(stack(ok(), nan()), Nd.ones(2, 2, 1)));
        // float32 a with float64 b: float64, as NumPy's promotion
        expect(LA.solve(ok().astype(DType.FLOAT32), Nd.ones(2)), DType.FLOAT64, s(2), 1e-6, 0.4, 0.2);
    }

    @Test
    void detAndSlogdet() {
        // NumPy: det(nan()) 0.0 and slogdet (0, -inf) by OpenBLAS's accident; nan for [[nan, 1], [2, 1]]
        expect(LA.det(nan()), s(), NAN);
        expect(LA.det(m(new double[][] {{NAN, 1}, {2, 1}})), s(), NAN);
        expect(LA.det(inf()), s(), INF);
        expect(LA.det(singular()), s(), 0);
        expect(LA.det(Nd.zeros(0, 0)), s(), 1);
        expect(LA.det(Nd.zeros(2, 0, 0)), s(2), 1, 1);
        expect(LA.det(Nd.zeros(DType.FLOAT32, 0, 0)), DType.FLOAT32, s(), 0, 1);
        fails(ShapeException.class, "det", "square", () -> LA.det(Nd.zeros(3, 0)));
        expect(LA.det(stack(ok(), nan(), singular())), s(3), 5, NAN, 0);
        Slogdet n = LA.slogdet(nan());
        expect(n.logabsdet(), s(), NAN);
        Slogdet i = LA.slogdet(inf());
        expect(i.sign(), s(), 1);
        expect(i.logabsdet(), s(), INF);
        // a real inf pivot keeps its sign (cuSOLVER's path took inf / |inf| = NaN)
        Slogdet mi = LA.slogdet(m(new double[][] {{Double.NEGATIVE_INFINITY, 1}, {1, 1}}));
        expect(mi.sign(), s(), -1);
        expect(mi.logabsdet(), s(), INF);
        expect(LA.det(m(new double[][] {{Double.NEGATIVE_INFINITY, 1}, {1, 1}})), s(), Double.NEGATIVE_INFINITY);
        Slogdet z = LA.slogdet(singular());
        expect(z.sign(), s(), 0);
        expect(z.logabsdet(), s(), Double.NEGATIVE_INFINITY);
        Slogdet e = LA.slogdet(Nd.zeros(2, 0, 0));
        expect(e.sign(), s(2), 1, 1);
        expect(e.logabsdet(), s(2), 0, 0);
        Slogdet e0 = LA.slogdet(Nd.zeros(0, 0));
        expect(e0.sign(), s(), 1);
        expect(e0.logabsdet(), s(), 0);
    }

    @Test
    void matrixPower() {
        expect(LA.matrixPower(nan(), 2), s(2, 2), NAN, NAN, NAN, 2);
        expect(LA.matrixPower(inf(), 2), s(2, 2), INF, INF, INF, 2);
        expect(LA.matrixPower(inf(), -1), s(2, 2), 0, -0.0, 0, 1);
        fails(LinAlgException.class, "matrixPower", "Singular matrix", () -> LA.matrixPower(nan(), -1));
        fails(LinAlgException.class, "matrixPower", "Singular matrix", () -> LA.matrixPower(singular(), -1));
        for (long p : new long[] {-1, 0, 2}) {
            expect(LA.matrixPower(Nd.zeros(0, 0), p), s(0, 0));
            expect(LA.matrixPower(Nd.zeros(2, 0, 0), p), s(2, 0, 0));
        }
        fails(ShapeException.class, "matrixPower", "square", () -> LA.matrixPower(Nd.zeros(0, 3), 2));
    }

    // ---------------------------------------------------------------- factorizations

    @Test
    void cholesky() {
        // the lower triangle is read: NumPy [[nan, 0], [nan, nan]]
        expect(LA.cholesky(nan()), s(2, 2), NAN, 0, NAN, NAN);
        // a NaN above the diagonal is never read, as NumPy
        expect(LA.cholesky(m(new double[][] {{4, NAN}, {2, 5}})), s(2, 2), 2, 0, 1, 2);
        expect(LA.cholesky(inf()), s(2, 2), INF, 0, 0, 1);
        fails(LinAlgException.class, "cholesky", "not positive definite", () -> LA.cholesky(singular()));
        expect(LA.cholesky(Nd.zeros(0, 0)), s(0, 0));
        expect(LA.cholesky(Nd.zeros(2, 0, 0)), s(2, 0, 0));
        expect(LA.cholesky(Nd.zeros(DType.INT64, 0, 0)), s(0, 0));
        fails(ShapeException.class, "cholesky", "square", () -> LA.cholesky(Nd.zeros(0, 3)));
        double r2 = Math.sqrt(2), r5 = Math.sqrt(2.5);
        expect(LA.cholesky(stack(ok(), nan())), DType.FLOAT64, s(2, 2, 2), 1e-12, r2, 0, 1 / r2, r5, NAN, 0, NAN, NAN);
    }

    @Test
    void qr() {
        // NumPy: q all nan, r [[nan, nan], [0, nan]]
        Qr n = LA.qr(nan());
        expect(n.q(), s(2, 2), NAN, NAN, NAN, NAN);
        expect(n.r(), s(2, 2), NAN, NAN, 0, NAN);
        Qr i = LA.qr(inf());
        allNan(i.q());
        expect(i.r(), s(2, 2), NAN, NAN, 0, NAN);
        // singular: NumPy's q [[-0.447, -0.894], [-0.894, 0.447]], r [[-2.236, -4.472], [0, ~0]]; signs are LAPACK's
        Qr z = LA.qr(singular());
        double[] r = values(z.r());
        assertEquals(Math.sqrt(5), Math.abs(r[0]), 1e-12);
        assertEquals(2 * Math.sqrt(5), Math.abs(r[1]), 1e-12);
        assertEquals(0, r[2], 0);
        assertEquals(0, r[3], 1e-12);
        assertArrayEquals(values(singular()), values(z.q().matmul(z.r())), 1e-12);
        Qr e = LA.qr(Nd.zeros(0, 0));
        expect(e.q(), s(0, 0));
        expect(e.r(), s(0, 0));
        Qr es = LA.qr(Nd.zeros(2, 0, 0));
        expect(es.q(), s(2, 0, 0));
        expect(es.r(), s(2, 0, 0));
        Qr w = LA.qr(Nd.zeros(0, 3));
        expect(w.q(), s(0, 0));
        expect(w.r(), s(0, 3));
        Qr t = LA.qr(Nd.zeros(DType.FLOAT32, 3, 0));
        expect(t.q(), DType.FLOAT32, s(3, 0), 0);
        expect(t.r(), DType.FLOAT32, s(0, 0), 0);
    }

    @Test
    void svd() {
        fails(LinAlgException.class, "svd", "did not converge", () -> LA.svd(nan(), false));
        fails(LinAlgException.class, "svd", "did not converge", () -> LA.svd(stack(ok(), nan()), true));
        // NumPy: s [nan, nan] (u and vh of no meaning)
        Svd i = LA.svd(inf(), false);
        expect(i.s(), s(2), NAN, NAN);
        Svd z = LA.svd(singular(), true);
        expect(z.s(), s(2), 5, 0);
        // empty: u (m, m) and vh (n, n) identities in full mode, as NumPy
        Svd f = LA.svd(Nd.zeros(0, 3), true);
        expect(f.u(), s(0, 0));
        expect(f.s(), s(0));
        expect(f.vh(), s(3, 3), 1, 0, 0, 0, 1, 0, 0, 0, 1);
        Svd g = LA.svd(Nd.zeros(3, 0), true);
        expect(g.u(), s(3, 3), 1, 0, 0, 0, 1, 0, 0, 0, 1);
        expect(g.vh(), s(0, 0));
        Svd h = LA.svd(Nd.zeros(3, 0), false);
        expect(h.u(), s(3, 0));
        expect(h.s(), s(0));
        expect(h.vh(), s(0, 0));
        Svd k = LA.svd(Nd.zeros(2, 0, 0), false);
        expect(k.u(), s(2, 0, 0));
        expect(k.s(), s(2, 0));
        expect(k.vh(), s(2, 0, 0));
        Svd c = LA.svd(Nd.zeros(DType.FLOAT32, 2, 0, 3), true);
        expect(c.s(), DType.FLOAT32, s(2, 0), 0);
        expect(c.vh(), DType.FLOAT32, s(2, 3, 3), 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1);
    }

    @Test
    void eigAndEigvals() {
        fails(LinAlgException.class, "eig", "infs or NaNs", () -> LA.eig(nan()));
        fails(LinAlgException.class, "eig", "infs or NaNs", () -> LA.eig(inf()));
        fails(LinAlgException.class, "eigvals", "infs or NaNs", () -> LA.eigvals(nan()));
        fails(LinAlgException.class, "eigvals", "infs or NaNs", () -> LA.eigvals(inf()));
        double[] w = values(LA.eigvals(singular()));
        java.util.Arrays.sort(w);
        assertArrayEquals(new double[] {0, 5}, w, 1e-12);
        expect(LA.eigvals(Nd.zeros(0, 0)), s(0));
        expect(LA.eigvals(Nd.zeros(2, 0, 0)), s(2, 0));
        Eig e = LA.eig(Nd.zeros(2, 0, 0));
        expect(e.eigenvalues(), s(2, 0));
        expect(e.eigenvectors(), s(2, 0, 0));
        expect(LA.eigvals(Nd.zeros(DType.FLOAT32, 0, 0)), DType.FLOAT32, s(0), 0);
        fails(ShapeException.class, "eigvals", "square", () -> LA.eigvals(Nd.zeros(0, 3)));
    }

    @Test
    void eighAndEigvalsh() {
        // NumPy's LAPACK answers [-1.414, 1.414] for nan() and [nan, nan] for inf(): NaN for both here
        Eigh n = LA.eigh(nan());
        allNan(n.eigenvalues());
        allNan(n.eigenvectors());
        allNan(LA.eigvalsh(nan()));
        allNan(LA.eigvalsh(inf()));
        allNan(LA.eigh(inf()).eigenvalues());
        // the upper triangle is never read, NaN or not
        expect(LA.eigvalsh(m(new double[][] {{1, NAN}, {0, 1}})), s(2), 1, 1);
        expect(LA.eigvalsh(singular()), s(2), 0, 5);
        expect(LA.eigh(singular()).eigenvalues(), s(2), 0, 5);
        expect(LA.eigvalsh(Nd.zeros(0, 0)), s(0));
        expect(LA.eigvalsh(Nd.zeros(2, 0, 0)), s(2, 0));
        Eigh e = LA.eigh(Nd.zeros(2, 0, 0));
        expect(e.eigenvalues(), s(2, 0));
        expect(e.eigenvectors(), s(2, 0, 0));
        expect(LA.eigvalsh(Nd.zeros(DType.FLOAT32, 0, 0)), DType.FLOAT32, s(0), 0);
        fails(ShapeException.class, "eigvalsh", "square", () -> LA.eigvalsh(Nd.zeros(3, 0)));
        expect(
                LA.eigvalsh(stack(ok(), nan())),
                DType.FLOAT64,
                s(2, 2),
                1e-12,
                (5 - Math.sqrt(5)) / 2,
                (5 + Math.sqrt(5)) / 2,
                NAN,
                NAN);
    }

    // ---------------------------------------------------------------- built on the SVD

    @Test
    void lstsq() {
        NDArray ones = Nd.ones(2);
        fails(LinAlgException.class, "lstsq", "did not converge", () -> LA.lstsq(nan(), ones));
        fails(LinAlgException.class, "lstsq", "did not converge", () -> LA.lstsq(inf(), ones));
        Lstsq z = LA.lstsq(singular(), ones);
        expect(z.x(), s(2), 0.12, 0.24);
        assertEquals(1, z.rank());
        expect(z.residuals(), s(0));
        Lstsq e = LA.lstsq(Nd.zeros(0, 0), Nd.zeros(0));
        expect(e.x(), s(0));
        expect(e.residuals(), s(0));
        expect(e.s(), s(0));
        assertEquals(0, e.rank());
        Lstsq w = LA.lstsq(Nd.zeros(0, 3), Nd.zeros(0));
        expect(w.x(), s(3), 0, 0, 0);
        expect(w.residuals(), s(0));
        Lstsq t = LA.lstsq(Nd.zeros(3, 0), Nd.ones(3));
        expect(t.x(), s(0));
        expect(t.residuals(), s(1), 3);
        Lstsq t2 = LA.lstsq(Nd.zeros(3, 0), Nd.ones(3, 2));
        expect(t2.x(), s(0, 2));
        expect(t2.residuals(), s(2), 3, 3);
    }

    @Test
    void pinv() {
        fails(LinAlgException.class, "pinv", "did not converge", () -> LA.pinv(nan()));
        // NumPy gives zeros here and partly NaN for a 3 x 3 with an inf: the SVD's vectors are NaN here
        allNan(LA.pinv(inf()));
        expect(LA.pinv(singular()), s(2, 2), 0.04, 0.08, 0.08, 0.16);
        expect(LA.pinv(Nd.zeros(0, 0)), s(0, 0));
        expect(LA.pinv(Nd.zeros(2, 0, 0)), s(2, 0, 0));
        expect(LA.pinv(Nd.zeros(0, 3)), s(3, 0));
        expect(LA.pinv(Nd.zeros(3, 0)), s(0, 3));
    }

    @Test
    void matrixRank() {
        fails(LinAlgException.class, "matrixRank", "did not converge", () -> LA.matrixRank(nan()));
        expect(LA.matrixRank(inf()), DType.INT64, s(), 0, 0);
        expect(LA.matrixRank(singular()), DType.INT64, s(), 0, 1);
        expect(LA.matrixRank(Nd.zeros(0, 0)), DType.INT64, s(), 0, 0);
        expect(LA.matrixRank(Nd.zeros(2, 0, 0)), DType.INT64, s(2), 0, 0, 0);
        expect(LA.matrixRank(Nd.zeros(0, 3)), DType.INT64, s(), 0, 0);
        expect(LA.matrixRank(Nd.zeros(3, 0)), DType.INT64, s(), 0, 0);
    }

    @Test
    void norm() {
        for (Object ord : new Object[] {null, "fro", INF, -INF, 1, -1}) {
            expect(LA.norm(nan(), ord), s(), NAN);
        }
        for (Object ord : new Object[] {"nuc", 2, -2}) {
            fails(LinAlgException.class, "norm", "did not converge", () -> LA.norm(nan(), ord));
            expect(LA.norm(inf(), ord), s(), NAN);
        }
        expect(LA.norm(inf()), s(), INF);
        expect(LA.norm(singular()), s(), 5);
        expect(LA.norm(Nd.zeros(0, 0)), s(), 0);
        expect(LA.norm(Nd.zeros(2, 0, 0)), s(), 0);
        expect(LA.norm(Nd.zeros(0, 3), "fro"), s(), 0);
        expect(LA.norm(Nd.zeros(3, 0)), s(), 0);
    }

    /** cond for every p: a 0-d result for one matrix, (2,) for a stack; NumPy's inf for singular, its errors where it raises. */
    @Test
    void cond() {
        double c2 = (5 + Math.sqrt(5)) / (5 - Math.sqrt(5));
        Object[] ps = {null, "fro", "nuc", INF, -INF, 1, -1, 2, -2};
        // NumPy's cond(ok, p) and cond(inf, p)
        double[] ok = {c2, 3.0, 5.0, 3.2, 1.8, 3.2, 1.8, c2, 1 / c2};
        double[] inf = {INF, INF, INF, INF, 0, INF, 0, INF, INF};
        for (int i = 0; i < ps.length; i++) {
            Object p = ps[i];
            String what = "p=" + p;
            boolean svd = p == null || "nuc".equals(p) || (p instanceof Integer q && Math.abs(q) == 2);
            expect(LA.cond(ok(), p), DType.FLOAT64, s(), 1e-12, ok[i]);
            expect(LA.cond(ok().astype(DType.FLOAT32), p), DType.FLOAT32, s(), 1e-5, ok[i]);
            expect(LA.cond(inf(), p), s(), inf[i]);
            if (svd) {
                fails(LinAlgException.class, "cond", "did not converge", () -> LA.cond(nan(), p));
                fails(LinAlgException.class, "cond", "did not converge", () -> LA.cond(stack(ok(), nan()), p));
            } else {
                expect(LA.cond(nan(), p), s(), NAN);
                expect(LA.cond(stack(ok(), nan()), p), DType.FLOAT64, s(2), 1e-12, ok[i], NAN);
            }
            if ("nuc".equals(p)) {
                // NumPy: the NaN inverse of the singular matrix has no SVD
                fails(LinAlgException.class, "cond", "did not converge", () -> LA.cond(singular(), p));
                fails(LinAlgException.class, "cond", "did not converge", () -> LA.cond(stack(ok(), singular()), p));
            } else if (svd) {
                NDArray single = LA.cond(singular(), p);
                assertArrayEquals(s(), single.shape(), what);
                double v = single.doubleValue();
                assertTrue((p instanceof Integer q && q == -2) ? v < 1e-15 : v > 1e15, what + ": " + v);
                assertArrayEquals(s(2), LA.cond(stack(ok(), singular()), p).shape(), what);
            } else {
                expect(LA.cond(singular(), p), s(), INF);
                expect(LA.cond(stack(ok(), singular()), p), DType.FLOAT64, s(2), 1e-12, ok[i], INF);
            }
            fails(LinAlgException.class, "cond", "empty", () -> LA.cond(Nd.zeros(0, 0), p));
            fails(LinAlgException.class, "cond", "empty", () -> LA.cond(Nd.zeros(2, 0, 0), p));
        }
        assertThrows(NdException.class, () -> LA.cond(ok(), "bad"));
    }
}
