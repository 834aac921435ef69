package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.values;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eig;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;
import org.ndgpu.vendor.Solver;

/**
 * eig and eigvals of fresh random stacks, checked against the definition in complex arithmetic on the
 * host (A v = w v, |v| = 1, the eigenvalues summing to the trace), with NumPy's dtype rule. On CUDA this
 * is cuSOLVER's geev (complex input too); elsewhere the host path (complex input refused).
 */
class EigTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();
    // fresh inputs each run (the clock is only the seed, nothing is timed); printed so that a failure can be replayed
    private static final long SEED = System.nanoTime();

    static {
        System.out.println("EigTest: random seed " + SEED);
    }

    private final SplittableRandom random = new SplittableRandom(SEED);

    private boolean onDevice() {
        return Solver.forDevice(device()).hasEig();
    }

    /** A (batch, n, n) stack of uniform [-1, 1) values, interleaved (re, im) when complex. */
    private double[] randomValues(int count, boolean complex) {
        double[] v = new double[count * (complex ? 2 : 1)];
        for (int i = 0; i < v.length; i++) v[i] = random.nextDouble(-1, 1);
        return v;
    }

    private NDArray stack(double[] v, DType dt, int b, int n) {
        if (!dt.isComplex()) return Nd.array(v).astype(dt).reshape(b, n, n);
        double[] re = new double[v.length / 2], im = new double[v.length / 2];
        for (int i = 0; i < re.length; i++) {
            re[i] = v[2 * i];
            im[i] = v[2 * i + 1];
        }
        try (NDArray r = Nd.array(re).astype(dt);
                NDArray j = Nd.array(im).astype(dt);
                NDArray i1 = j.mul(imaginaryUnit(dt))) {
            return r.add(i1).reshape(b, n, n);
        }
    }

    private static NDArray imaginaryUnit(DType dt) {
        // 1j as a 0-d array: sqrt(-1) in the complex dtype
        try (NDArray m1 = Nd.full(-1, dt)) {
            return m1.sqrt();
        }
    }

    private void check(DType dt, int b, int n, boolean symmetric) {
        boolean complex = dt.isComplex();
        double[] a = randomValues(b * n * n, complex);
        if (symmetric) {
            for (int q = 0; q < b; q++) {
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < i; j++) a[q * n * n + j * n + i] = a[q * n * n + i * n + j];
            }
        }
        NDArray x = stack(a, dt, b, n);
        double[] ax = complexOf(values(x), complex); // the matrix as the device holds it (rounded to dt)
        Eig e = LA.eig(x);
        NDArray w = LA.eigvals(x);
        DType cplx = dt == DType.FLOAT32 || dt == DType.COMPLEX64 ? DType.COMPLEX64 : DType.COMPLEX128;
        DType want = complex || !symmetric ? cplx : dt; // a random real nonsymmetric matrix has complex pairs
        assertEquals(want, e.eigenvalues().dtype(), "eigenvalue dtype of " + dt + (symmetric ? " symmetric" : ""));
        assertEquals(want, e.eigenvectors().dtype());
        assertEquals(want, w.dtype());
        assertArrayEquals(new long[] {b, n}, e.eigenvalues().shape());
        assertArrayEquals(new long[] {b, n, n}, e.eigenvectors().shape());
        double[] gw = complexOf(values(e.eigenvalues()), want.isComplex()),
                gv = complexOf(values(e.eigenvectors()), want.isComplex());
        double[] gw2 = complexOf(values(w), want.isComplex());
        double tol = cplx == DType.COMPLEX64 ? 2e-4 : 1e-10;
        for (int q = 0; q < b; q++) {
            double tr = 0, ti = 0, sr = 0, si = 0, norm = 0;
            for (int i = 0; i < n; i++) {
                tr += ax[2 * (q * n * n + i * n + i)];
                ti += ax[2 * (q * n * n + i * n + i) + 1];
                sr += gw[2 * (q * n + i)];
                si += gw[2 * (q * n + i) + 1];
            }
            for (int i = 0; i < n * n; i++)
                norm = Math.max(norm, Math.hypot(ax[2 * (q * n * n + i)], ax[2 * (q * n * n + i) + 1]));
            assertTrue(
                    Math.hypot(tr - sr, ti - si) <= tol * n * Math.max(1, norm),
                    "sum of eigenvalues vs trace, matrix " + q);
            for (int j = 0; j < n; j++) {
                assertTrue(
                        Math.hypot(
                                        gw[2 * (q * n + j)] - gw2[2 * (q * n + j)],
                                        gw[2 * (q * n + j) + 1] - gw2[2 * (q * n + j) + 1])
                                <= tol * n * Math.max(1, norm),
                        "eigvals equals eig's eigenvalues");
                double len = 0;
                for (int i = 0; i < n; i++) {
                    double rr = 0, ri = 0;
                    for (int k = 0; k < n; k++) {
                        double ar = ax[2 * (q * n * n + i * n + k)], ai = ax[2 * (q * n * n + i * n + k) + 1];
                        double vr = gv[2 * (q * n * n + k * n + j)], vi = gv[2 * (q * n * n + k * n + j) + 1];
                        rr += ar * vr - ai * vi;
                        ri += ar * vi + ai * vr;
                    }
                    double vr = gv[2 * (q * n * n + i * n + j)], vi = gv[2 * (q * n * n + i * n + j) + 1];
                    double wr = gw[2 * (q * n + j)], wi = gw[2 * (q * n + j) + 1];
                    rr -= wr * vr - wi * vi;
                    ri -= wr * vi + wi * vr;
                    len += vr * vr + vi * vi;
                    assertTrue(
                            Math.hypot(rr, ri) <= tol * n * Math.max(1, norm),
                            dt + " matrix " + q + " pair " + j + ": |A v - w v| = " + Math.hypot(rr, ri));
                }
                assertEquals(1, Math.sqrt(len), tol * n, dt + " matrix " + q + ": |v_" + j + "|");
            }
        }
    }

    private static double[] complexOf(double[] v, boolean complex) {
        if (complex) return v;
        double[] c = new double[2 * v.length];
        for (int i = 0; i < v.length; i++) c[2 * i] = v[i];
        return c;
    }

    @Test
    void realStacksOfEverySizeClass() {
        for (DType dt : new DType[] {DType.FLOAT64, DType.FLOAT32}) {
            check(dt, 3, 7, false);
            check(dt, 2, 33, false);
            check(dt, 2, 12, true);
        }
    }

    @Test
    void complexInputRunsOnEveryDevice() {
        // cuSOLVER's geev on CUDA; HostComplex's Hessenberg QR behind OpenCL (complex input was refused there)
        check(DType.COMPLEX128, 3, 9, false);
        check(DType.COMPLEX64, 2, 16, false);
        // empty complex stacks: empty complex results of NumPy's shapes
        Eig e = LA.eig(Nd.zeros(DType.COMPLEX64, 2, 0, 0));
        assertEquals(DType.COMPLEX64, e.eigenvalues().dtype());
        assertArrayEquals(new long[] {2, 0}, e.eigenvalues().shape());
        assertArrayEquals(new long[] {2, 0, 0}, e.eigenvectors().shape());
        assertArrayEquals(
                new long[] {0}, LA.eigvals(Nd.zeros(DType.COMPLEX128, 0, 0)).shape());
    }

    /** CUDA 12.6 and later have cusolverDnXgeev: on the GPU host this suite must be checking the device path. */
    @Test
    void cudaDecomposesOnTheDevice() {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                device().backend().dialect() == org.ndgpu.backend.Dialect.CUDA, "a CUDA device");
        assertTrue(
                onDevice(),
                "no cusolverDnXgeev in " + Solver.forDevice(device()).where() + " (CUDA 12.6 and later have it)");
    }

    @Test
    void eigvalsAloneAndIntegerInput() {
        long[][] m = {{2, 0, 0}, {1, 3, 0}, {4, 5, 6}}; // triangular: eigenvalues on the diagonal, all real
        try (NDArray a = Nd.array(m)) {
            NDArray w = LA.eigvals(a);
            assertEquals(DType.FLOAT64, w.dtype(), "integer input: float64 when every eigenvalue is real");
            double[] got = w.toDoubleArray();
            java.util.Arrays.sort(got);
            assertArrayEquals(new double[] {2, 3, 6}, got, 1e-12);
        }
    }
}
