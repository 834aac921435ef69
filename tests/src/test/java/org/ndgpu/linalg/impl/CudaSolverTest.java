package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.values;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ndgpu.Nd;
import org.ndgpu.backend.cuda.linalg.CudaLinalg;
import org.ndgpu.backend.cuda.linalg.CudaLinalg.SvdAlgorithm;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.Lstsq;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Qr;
import org.ndgpu.ndarray.Slogdet;
import org.ndgpu.ndarray.Svd;
import org.ndgpu.testing.Backends;
import org.ndgpu.testing.DeviceTestBase;
import org.ndgpu.vendor.Blas;
import org.ndgpu.vendor.Solver;

/**
 * cuBLAS and cuSOLVER specifics: every SVD routine in both modes and all four dtypes, complex
 * decompositions checked by their definitions (host complex arithmetic as the oracle), TF32 off by
 * default, singular input.
 */
@Tag("gpu")
class CudaSolverTest extends DeviceTestBase {
    private static final Linalg LA = Nd.linalg();

    @Override
    protected Device device() {
        return Backends.cuda();
    }

    // ---- host complex matrices: interleaved (re, im), row-major ----

    /** A random array of any float or complex dtype on the current device. */
    static NDArray random(long seed, DType dt, long... shape) {
        long n = 1;
        for (long s : shape) n *= s;
        Random r = new Random(seed);
        int isz = dt.itemsize();
        MemorySegment seg = Arena.ofAuto().allocate(n * isz, 16);
        int parts = dt.isComplex() ? 2 : 1;
        for (long i = 0; i < n * parts; i++) {
            double v = r.nextDouble() * 2 - 1;
            if (dt == DType.FLOAT32 || dt == DType.COMPLEX64) seg.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) v);
            else seg.setAtIndex(ValueLayout.JAVA_DOUBLE, i, v);
        }
        return NDArray.fromHost(Device.current(), dt, shape, seg);
    }

    /** Matrix q of a stack as complex pairs (imaginary 0 for real dtypes). */
    static double[][] mat(NDArray a, int q) {
        long[] s = a.shape();
        int r = (int) s[s.length - 2], c = (int) s[s.length - 1];
        double[] v = values(a);
        boolean cx = a.dtype().isComplex();
        double[][] m = new double[r][2 * c];
        for (int i = 0; i < r; i++)
            for (int j = 0; j < c; j++) {
                long e = (long) q * r * c + (long) i * c + j;
                m[i][2 * j] = cx ? v[(int) (2 * e)] : v[(int) e];
                m[i][2 * j + 1] = cx ? v[(int) (2 * e + 1)] : 0;
            }
        return m;
    }

    /** A (b, r, c) array of dtype from host complex matrices. */
    static NDArray fromMats(DType dt, double[][][] ms) {
        int b = ms.length, r = ms[0].length, c = ms[0][0].length / 2;
        MemorySegment seg = Arena.ofAuto().allocate((long) b * r * c * dt.itemsize(), 16);
        long i = 0;
        for (double[][] m : ms)
            for (double[] row : m)
                for (int j = 0; j < c; j++) {
                    if (dt.isComplex()) {
                        if (dt == DType.COMPLEX64) {
                            seg.setAtIndex(ValueLayout.JAVA_FLOAT, 2 * i, (float) row[2 * j]);
                            seg.setAtIndex(ValueLayout.JAVA_FLOAT, 2 * i + 1, (float) row[2 * j + 1]);
                        } else {
                            seg.setAtIndex(ValueLayout.JAVA_DOUBLE, 2 * i, row[2 * j]);
                            seg.setAtIndex(ValueLayout.JAVA_DOUBLE, 2 * i + 1, row[2 * j + 1]);
                        }
                    } else if (dt == DType.FLOAT32) {
                        seg.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) row[2 * j]);
                    } else {
                        seg.setAtIndex(ValueLayout.JAVA_DOUBLE, i, row[2 * j]);
                    }
                    i++;
                }
        return NDArray.fromHost(Device.current(), dt, new long[] {b, r, c}, seg);
    }

    /** The conjugate transpose. */
    static double[][] adj(double[][] x) {
        int r = x.length, c = x[0].length / 2;
        double[][] t = new double[c][2 * r];
        for (int i = 0; i < r; i++)
            for (int j = 0; j < c; j++) {
                t[j][2 * i] = x[i][2 * j];
                t[j][2 * i + 1] = -x[i][2 * j + 1];
            }
        return t;
    }

    static double[][] mul(double[][] a, double[][] b) {
        int m = a.length, k = b.length, n = b[0].length / 2;
        double[][] c = new double[m][2 * n];
        for (int i = 0; i < m; i++)
            for (int p = 0; p < k; p++) {
                double ar = a[i][2 * p], ai = a[i][2 * p + 1];
                for (int j = 0; j < n; j++) {
                    double br = b[p][2 * j], bi = b[p][2 * j + 1];
                    c[i][2 * j] += ar * br - ai * bi;
                    c[i][2 * j + 1] += ar * bi + ai * br;
                }
            }
        return c;
    }

    static double[][] eye(int n) {
        double[][] e = new double[n][2 * n];
        for (int i = 0; i < n; i++) e[i][2 * i] = 1;
        return e;
    }

    static void close(double[][] e, double[][] a, double tol, String what) {
        assertEquals(e.length, a.length, what + " rows");
        double scale = 1;
        for (double[] row : e) for (double v : row) scale = Math.max(scale, Math.abs(v));
        for (int i = 0; i < e.length; i++)
            for (int j = 0; j < e[i].length; j++) {
                double err = Math.abs(e[i][j] - a[i][j]);
                assertTrue(
                        err <= tol * scale,
                        what + ": element (" + i + ", " + j / 2 + (j % 2 == 0 ? " re" : " im") + ") expected " + e[i][j]
                                + ", got " + a[i][j]);
            }
    }

    static double tol(DType dt) {
        return dt == DType.FLOAT32 || dt == DType.COMPLEX64 ? 2e-4 : 1e-10;
    }

    // ---- tests ----

    @Test
    void cudaLibrariesServeTheDevice() {
        assertTrue(
                Solver.forDevice(device()).where().startsWith("cuSOLVER"),
                Solver.forDevice(device()).where());
        assertEquals("CuBlas", Blas.forDevice(device()).getClass().getSimpleName());
    }

    @ParameterizedTest
    @ValueSource(strings = {"AUTO", "GESVD", "GESVDJ", "GESVDP"})
    void svdEveryRoutineBothModesEveryDtype(String algorithm) {
        SvdAlgorithm before = CudaLinalg.svdAlgorithm();
        CudaLinalg.setSvdAlgorithm(SvdAlgorithm.valueOf(algorithm));
        try {
            for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64, DType.COMPLEX64, DType.COMPLEX128}) {
                if (algorithm.equals("GESVDP") && dt.isComplex()) continue; // checked below as real only
                for (long[] shape : new long[][] {{2, 9, 5}, {2, 5, 9}, {1, 7, 7}, {40, 6, 4}}) {
                    for (boolean full : new boolean[] {false, true})
                        checkSvd(random(shape[1] * 31 + shape[2], dt, shape), full);
                }
            }
        } finally {
            CudaLinalg.setSvdAlgorithm(before);
        }
    }

    @Test
    void svdOfComplexWithGesvdp() {
        SvdAlgorithm before = CudaLinalg.svdAlgorithm();
        CudaLinalg.setSvdAlgorithm(SvdAlgorithm.GESVDP);
        try {
            checkSvd(random(5, DType.COMPLEX128, 1, 8, 6), false);
        } finally {
            CudaLinalg.setSvdAlgorithm(before);
        }
    }

    private static void checkSvd(NDArray a, boolean full) {
        DType dt = a.dtype();
        long[] sh = a.shape();
        int b = (int) sh[0], m = (int) sh[1], n = (int) sh[2], k = Math.min(m, n);
        Svd r = LA.svd(a, full);
        String what = "svd " + dt + " " + m + "x" + n + (full ? " full" : "");
        assertArrayEquals(new long[] {b, m, full ? m : k}, r.u().shape(), what);
        assertArrayEquals(new long[] {b, k}, r.s().shape(), what);
        assertArrayEquals(new long[] {b, full ? n : k, n}, r.vh().shape(), what);
        assertEquals(dt, r.u().dtype());
        assertEquals(dt.real(), r.s().dtype());
        double[] s = values(r.s());
        for (int q = 0; q < b; q++) {
            double[][] u = mat(r.u(), q), vh = mat(r.vh(), q), am = mat(a, q);
            double[][] us = new double[m][2 * k];
            for (int i = 0; i < m; i++)
                for (int j = 0; j < k; j++) {
                    double sj = s[q * k + j];
                    if (j > 0) assertTrue(s[q * k + j - 1] >= sj, what + ": descending");
                    us[i][2 * j] = u[i][2 * j] * sj;
                    us[i][2 * j + 1] = u[i][2 * j + 1] * sj;
                }
            double[][] vk = java.util.Arrays.copyOf(vh, k);
            close(am, mul(us, vk), tol(dt), what + " reconstruction");
            close(eye(u[0].length / 2), mul(adj(u), u), tol(dt), what + " U^H U");
            close(eye(vh.length), mul(vh, adj(vh)), tol(dt), what + " Vh Vh^H");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64", "complex64", "complex128"})
    void decompositionsByDefinition(String name) {
        DType dt = DType.of(name);
        double tol = tol(dt);
        // qr of a tall and a wide stack
        for (long[] shape : new long[][] {{2, 7, 4}, {2, 4, 7}}) {
            NDArray a = random(11, dt, shape);
            Qr qr = LA.qr(a);
            for (int q = 0; q < 2; q++) {
                double[][] qm = mat(qr.q(), q), rm = mat(qr.r(), q);
                close(mat(a, q), mul(qm, rm), tol, "qr reconstruction " + dt);
                close(eye(qm[0].length / 2), mul(adj(qm), qm), tol, "qr Q^H Q " + dt);
                for (int i = 0; i < rm.length; i++)
                    for (int j = 0; j < i; j++) assertEquals(0, Math.hypot(rm[i][2 * j], rm[i][2 * j + 1]), 0);
            }
        }
        // a Hermitian positive definite stack x x^H + 6 I, upper triangle poisoned with NaN
        NDArray x = random(12, dt, 2, 6, 6);
        double[][][] full = new double[2][][];
        for (int q = 0; q < 2; q++) {
            full[q] = mul(mat(x, q), adj(mat(x, q)));
            for (int i = 0; i < 6; i++) full[q][i][2 * i] += 6;
            for (int i = 0; i < 6; i++) full[q][i][2 * i + 1] = 0; // exactly Hermitian
        }
        NDArray spd = fromMats(dt, full);
        NDArray poisoned = spd.copy();
        poisoned.set(":, 0, 1:", Double.NaN);
        poisoned.set(":, 2, 3:", Double.NaN);
        NDArray l = LA.cholesky(poisoned);
        Eigh e = LA.eigh(spd);
        NDArray rhs = random(13, dt, 2, 6, 3);
        NDArray sol = LA.solve(spd, rhs), inv = LA.inv(spd), det = LA.det(spd);
        Slogdet sl = LA.slogdet(spd);
        double[] w = values(e.eigenvalues()), d = values(det), sign = values(sl.sign()), logd = values(sl.logabsdet());
        assertEquals(dt.real(), e.eigenvalues().dtype());
        assertEquals(dt.real(), sl.logabsdet().dtype());
        for (int q = 0; q < 2; q++) {
            double[][] lm = mat(l, q);
            close(full[q], mul(lm, adj(lm)), tol, "cholesky L L^H " + dt);
            for (int i = 0; i < 6; i++)
                for (int j = i + 1; j < 6; j++) assertEquals(0, lm[i][2 * j], 0, "cholesky: upper triangle zero");
            double[][] v = mat(e.eigenvectors(), q);
            double[][] lam = new double[6][12];
            double prod = 1;
            for (int j = 0; j < 6; j++) {
                lam[j][2 * j] = w[q * 6 + j];
                prod *= w[q * 6 + j];
                if (j > 0) assertTrue(w[q * 6 + j - 1] <= w[q * 6 + j], "eigh ascending");
            }
            close(mul(full[q], v), mul(v, lam), tol, "eigh A V = V diag(w) " + dt);
            close(eye(6), mul(adj(v), v), tol, "eigh V^H V " + dt);
            close(mat(rhs, q), mul(full[q], mat(sol, q)), tol, "solve residual " + dt);
            close(eye(6), mul(full[q], mat(inv, q)), tol, "inv " + dt);
            // det of a Hermitian positive definite matrix: the product of its eigenvalues, real and positive
            double detRe = dt.isComplex() ? d[2 * q] : d[q];
            assertEquals(prod, detRe, Math.abs(prod) * tol * 10, "det " + dt);
            if (dt.isComplex()) assertEquals(0, d[2 * q + 1], Math.abs(prod) * tol * 10, "det imaginary part");
            assertEquals(1.0, dt.isComplex() ? sign[2 * q] : sign[q], tol, "slogdet sign");
            assertEquals(Math.log(prod), logd[q], tol * 10, "slogdet log");
        }
    }

    @Test
    void singularInput() {
        NDArray s = Nd.array(new float[][] {{1, 2}, {2, 4}});
        var e1 = assertThrows(LinAlgException.class, () -> LA.inv(s));
        assertEquals("inv: Singular matrix", e1.getMessage());
        var e2 = assertThrows(LinAlgException.class, () -> LA.solve(s, Nd.array(new float[] {1, 1})));
        assertEquals("solve: Singular matrix", e2.getMessage());
        assertEquals(0.0, LA.det(s).doubleValue(), 0);
        var e3 = assertThrows(LinAlgException.class, () -> LA.cholesky(Nd.array(new double[][] {{1, 2}, {2, 1}})));
        assertTrue(e3.getMessage().contains("not positive definite"), e3.getMessage());
    }

    /**
     * SciPy's factor-and-solve family past order 64 runs on cuSOLVER (getrf, getrs, potrf, potrs)
     * and cuBLAS (trsm) for float32 and float64: the routes ScipySolvesLargeTest's CUDA run checks
     * against its float64 oracle; complex stays refused on every device.
     */
    @Test
    void scipyFactorSolvesRunOnTheLibraries() {
        Solver s = Solver.forDevice(device());
        Blas b = Blas.forDevice(device());
        for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            // ndgpu.linalg.solver=own keeps the family on ndgpu's kernels, for checking them against these
            assertEquals(!org.ndgpu.config.Config.linalgOwnKernels(), s.hasFactorSolves(dt), s.where() + " " + dt);
            assertTrue(b.hasTrsm(dt), dt.toString());
        }
        assertTrue(!s.hasFactorSolves(DType.COMPLEX64) && !s.hasFactorSolves(DType.COMPLEX128));
        try (NDArray c = Nd.zeros(DType.COMPLEX64, 80, 80)) {
            assertTrue(assertThrows(org.ndgpu.exceptions.DTypeException.class, () -> LA.luFactor(c))
                    .getMessage()
                    .startsWith("lu_factor: expected float32 or float64"));
        }
    }

    @Test
    void float32MatmulIsNotTf32ByDefault() {
        assertEquals(false, CudaLinalg.tf32());
        int n = 512;
        NDArray a = random(21, DType.FLOAT32, n, n), b = random(22, DType.FLOAT32, n, n);
        double err = relativeError(a, b);
        assertTrue(err < 1e-5, "float32 matmul relative error " + err + " (TF32 would be near 1e-3)");
        CudaLinalg.setTf32(true);
        try {
            double tf = relativeError(a, b);
            System.out.println("float32 matmul 512: relative error " + err + " without TF32, " + tf + " with");
            assertTrue(tf > 1e-5, "with TF32 allowed the error should show it, got " + tf);
        } finally {
            CudaLinalg.setTf32(false);
        }
    }

    private static double relativeError(NDArray a, NDArray b) {
        double[] c = values(a.matmul(b));
        double[] ref = values(a.astype(DType.FLOAT64).matmul(b.astype(DType.FLOAT64)));
        double num = 0, den = 0;
        for (int i = 0; i < c.length; i++) {
            num += (c[i] - ref[i]) * (c[i] - ref[i]);
            den += ref[i] * ref[i];
        }
        return Math.sqrt(num / den);
    }

    @Test
    void complexBatchedMatmulAndLstsq() {
        for (DType dt : new DType[] {DType.COMPLEX64, DType.COMPLEX128}) {
            NDArray a = random(31, dt, 5, 4, 3), b = random(32, dt, 3, 6); // b broadcast over the batch
            NDArray c = a.matmul(b);
            for (int q = 0; q < 5; q++) close(mul(mat(a, q), mat(b, 0)), mat(c, q), tol(dt), "complex matmul " + dt);
            NDArray at = a.get(0).T(); // an F-ordered operand: op T, no copy
            double[][] t = adj(mat(a, 0));
            for (double[] row : t)
                for (int j = 1; j < row.length; j += 2) row[j] = -row[j]; // transpose without conjugation
            close(mul(t, mat(a, 0)), mat(at.matmul(a.get(0)).reshape(1, 3, 3), 0), tol(dt), "A^T A " + dt);
        }
        NDArray a = random(41, DType.FLOAT64, 8, 3), y = random(42, DType.FLOAT64, 8, 2);
        Lstsq r = LA.lstsq(a, y);
        assertEquals(3, r.rank());
        // normal equations: A^T (A x - y) = 0
        double[][] am = mat(a.reshape(1, 8, 3), 0),
                res = mul(am, mat(r.x().reshape(1, 3, 2), 0)),
                ym = mat(y.reshape(1, 8, 2), 0);
        for (int i = 0; i < 8; i++) for (int j = 0; j < 4; j++) res[i][j] -= ym[i][j];
        close(new double[3][4], mul(adj(am), res), 1e-10, "lstsq normal equations");
    }
}
