package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.values;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.CaptureException;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.linalg.LuFactor;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;
import org.ndgpu.vendor.Solver;
import org.ndgpu.vendor.SolverKernels;

/**
 * lu_factor, lu_solve, cho_factor, cho_solve and solve_triangular at orders past SmallFactor's 64
 * (65, 300, 1024 and a stack of order 65): on CUDA cuSOLVER's getrf, getrs, potrf, potrs and
 * cuBLAS's trsm, elsewhere ndgpu's blocked kernels. Fresh random input each run (the seed is in
 * every message), against float64 Java loops by relative (Frobenius) error; the pivots exactly
 * (the matrices are row permutations of column diagonally dominant ones, so every pivot wins by a
 * factor of two and rounding cannot change it); the refusals give the messages of small orders.
 */
class ScipySolvesLargeTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();
    private static final long SEED = System.nanoTime();

    private static double tol(DType dt) {
        return dt == DType.FLOAT32 ? 1e-4 : 1e-11;
    }

    private static double relErr(double[] want, double[] got) {
        assertEquals(want.length, got.length, "length");
        double num = 0, den = 0;
        for (int i = 0; i < want.length; i++) {
            num += (want[i] - got[i]) * (want[i] - got[i]);
            den += want[i] * want[i];
        }
        return Math.sqrt(num / Math.max(den, Double.MIN_NORMAL));
    }

    private static void assertRel(double[] want, double[] got, DType dt, String where) {
        double e = relErr(want, got);
        assertTrue(e <= tol(dt), where + ": relative error " + e + " > " + tol(dt) + " (seed " + SEED + ")");
    }

    /** count matrices of order n: off-diagonal entries in [-1/n, 1/n), diagonal 3 +- 1 (each column dominated twice over). */
    private static double[] dominant(Random r, int count, int n) {
        double[] v = new double[count * n * n];
        for (int e = 0; e < v.length; e++) {
            int i = e / n % n, j = e % n;
            double u = r.nextDouble() * 2 - 1;
            v[e] = i == j ? 3 + u : u / n;
        }
        return v;
    }

    /** Each matrix's rows shuffled, so partial pivoting has rows to find. */
    private static double[] shuffledRows(Random r, double[] v, int count, int n) {
        double[] out = new double[v.length];
        for (int q = 0; q < count; q++) {
            int[] p = new int[n];
            for (int i = 0; i < n; i++) p[i] = i;
            for (int i = n - 1; i > 0; i--) {
                int j = r.nextInt(i + 1), t = p[i];
                p[i] = p[j];
                p[j] = t;
            }
            for (int i = 0; i < n; i++) System.arraycopy(v, q * n * n + p[i] * n, out, q * n * n + i * n, n);
        }
        return out;
    }

    /** getrf of each matrix in place (float64, partial pivoting); returns the 0-based pivots. */
    private static int[] lu(double[] a, int count, int n) {
        int[] piv = new int[count * n];
        for (int q = 0; q < count; q++) {
            int o = q * n * n;
            for (int k = 0; k < n; k++) {
                int p = k;
                for (int i = k + 1; i < n; i++) if (Math.abs(a[o + i * n + k]) > Math.abs(a[o + p * n + k])) p = i;
                piv[q * n + k] = p;
                for (int j = 0; j < n; j++) {
                    double t = a[o + k * n + j];
                    a[o + k * n + j] = a[o + p * n + j];
                    a[o + p * n + j] = t;
                }
                double d = a[o + k * n + k];
                for (int i = k + 1; i < n; i++) {
                    double l = a[o + i * n + k] /= d;
                    for (int j = k + 1; j < n; j++) a[o + i * n + j] -= l * a[o + k * n + j];
                }
            }
        }
        return piv;
    }

    private static double[] randoms(Random r, int size) {
        double[] v = new double[size];
        for (int i = 0; i < size; i++) v[i] = r.nextDouble() * 2 - 1;
        return v;
    }

    /** (count, order) pairs: single matrices of orders 65, 300 and 1024, and a stack of three of order 65. */
    private static final int[][] SIZES = {{1, 65}, {1, 300}, {1, 1024}, {3, 65}};

    private static long[] shape(int count, long... tail) {
        long[] s = new long[tail.length + (count > 1 ? 1 : 0)];
        if (count > 1) s[0] = count;
        System.arraycopy(tail, 0, s, count > 1 ? 1 : 0, tail.length);
        return s;
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void luFactorAndSolve(String name) {
        DType dt = DType.of(name);
        Random r = new Random(SEED);
        for (int[] size : SIZES) {
            int count = size[0], n = size[1];
            String where = "lu " + name + " count " + count + " n " + n;
            try (NDArray a = Nd.array(shuffledRows(r, dominant(r, count, n), count, n), dt, shape(count, n, n))) {
                double[] ref = values(a);
                int[] piv = lu(ref, count, n);
                LuFactor f = LA.luFactor(a);
                try (NDArray l = f.lu();
                        NDArray p = f.piv()) {
                    assertArrayEquals(shape(count, n, n), l.shape(), where);
                    assertEquals(DType.INT32, p.dtype(), where);
                    assertArrayEquals(piv, p.toIntArray(), where + " pivots (seed " + SEED + ")");
                    assertRel(ref, values(l), dt, where + " factors");
                    for (int k : new int[] {0, 1, 5}) {
                        // k 0: a vector b of shape (n,) (or (count, n, 1) for the stack)
                        int kk = Math.max(k, 1);
                        long[] bs = k == 0 ? (count > 1 ? shape(count, n, 1) : new long[] {n}) : shape(count, n, k);
                        double[] bv = randoms(r, count * n * kk);
                        try (NDArray b = Nd.array(bv, dt, bs);
                                NDArray x = LA.luSolve(f, b)) {
                            double[] want = values(b);
                            for (int q = 0; q < count; q++) {
                                int o = q * n * kk;
                                for (int i = 0; i < n; i++) {
                                    int pi = piv[q * n + i];
                                    for (int c = 0; c < kk; c++) {
                                        double t = want[o + i * kk + c];
                                        want[o + i * kk + c] = want[o + pi * kk + c];
                                        want[o + pi * kk + c] = t;
                                    }
                                }
                            }
                            TriangularOracle.substitute(ref, want, count, n, kk, true, true, false);
                            TriangularOracle.substitute(ref, want, count, n, kk, false, false, false);
                            assertArrayEquals(bs, x.shape(), where + " k " + k);
                            assertRel(want, values(x), dt, where + " lu_solve k " + k);
                        }
                    }
                }
            }
        }
    }

    /** count symmetric matrices (the triangle not read filled with large noise), diagonally dominant: positive definite. */
    private static double[] spd(Random r, int count, int n, boolean lower) {
        double[] v = new double[count * n * n];
        for (int q = 0; q < count; q++) {
            int o = q * n * n;
            for (int i = 0; i < n; i++) {
                v[o + i * n + i] = 2 + r.nextDouble();
                for (int j = 0; j < i; j++) {
                    double u = (r.nextDouble() * 2 - 1) / n, noise = 100 * (r.nextDouble() + 1);
                    v[o + i * n + j] = lower ? u : noise;
                    v[o + j * n + i] = lower ? noise : u;
                }
            }
        }
        return v;
    }

    /** The reference factor: L (L L^T = A) from A's lower triangle, or U (U^T U = A) from its upper, zeros elsewhere. */
    private static double[] cholesky(double[] a, int count, int n, boolean lower) {
        double[] c = new double[a.length];
        for (int q = 0; q < count; q++) {
            int o = q * n * n;
            for (int j = 0; j < n; j++) {
                for (int i = j; i < n; i++) {
                    // A(i, j) of the triangle read, and L(i, j) of the lower factor; U is L^T
                    double s = lower ? a[o + i * n + j] : a[o + j * n + i];
                    for (int k = 0; k < j; k++) {
                        s -= lower ? c[o + i * n + k] * c[o + j * n + k] : c[o + k * n + i] * c[o + k * n + j];
                    }
                    double v = i == j ? Math.sqrt(s) : s / c[o + j * n + j];
                    if (lower) c[o + i * n + j] = v;
                    else c[o + j * n + i] = v;
                }
            }
        }
        return c;
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void choFactorAndSolve(String name) {
        DType dt = DType.of(name);
        Random r = new Random(SEED + 1);
        for (int[] size : SIZES) {
            int count = size[0], n = size[1];
            for (boolean lower : new boolean[] {true, false}) {
                String where = "cho " + name + " count " + count + " n " + n + " lower " + lower;
                try (NDArray a = Nd.array(spd(r, count, n, lower), dt, shape(count, n, n));
                        NDArray c = LA.choFactor(a, lower)) {
                    double[] ref = cholesky(values(a), count, n, lower), got = values(c);
                    assertArrayEquals(shape(count, n, n), c.shape(), where);
                    for (int e = 0; e < got.length; e++) {
                        int i = e / n % n, j = e % n;
                        if (lower ? j > i : j < i) assertEquals(0.0, got[e], where + " element " + e);
                    }
                    assertRel(ref, got, dt, where + " factor");
                    for (int k : new int[] {1, 5}) {
                        long[] bs = count == 1 && k == 1 ? new long[] {n} : shape(count, n, k);
                        try (NDArray b = Nd.array(randoms(r, count * n * k), dt, bs);
                                NDArray x = LA.choSolve(c, lower, b)) {
                            double[] want = values(b);
                            TriangularOracle.substitute(ref, want, count, n, k, lower, false, !lower);
                            TriangularOracle.substitute(ref, want, count, n, k, lower, false, lower);
                            assertArrayEquals(bs, x.shape(), where + " k " + k);
                            assertRel(want, values(x), dt, where + " cho_solve k " + k);
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void solveTriangularEveryForm(String name) {
        DType dt = DType.of(name);
        Random r = new Random(SEED + 2);
        for (int[] size : SIZES) {
            int count = size[0], n = size[1];
            try (NDArray a = Nd.array(dominant(r, count, n), dt, shape(count, n, n))) {
                double[] av = values(a);
                for (int k : new int[] {1, 5}) {
                    long[] bs = count == 1 && k == 1 ? new long[] {n} : shape(count, n, k);
                    try (NDArray b = Nd.array(randoms(r, count * n * k), dt, bs)) {
                        double[] bv = values(b);
                        for (boolean lower : new boolean[] {true, false}) {
                            for (boolean unit : new boolean[] {false, true}) {
                                for (int trans = 0; trans < 3; trans++) {
                                    if (n == 1024 && (unit || k > 1)) continue;
                                    String where = "solve_triangular " + name + " count " + count + " n " + n + " k "
                                            + k + " lower " + lower + " unit " + unit + " trans " + trans;
                                    double[] want = bv.clone();
                                    TriangularOracle.substitute(av, want, count, n, k, lower, unit, trans != 0);
                                    try (NDArray x = LA.solveTriangular(a, b, trans, lower, unit)) {
                                        assertArrayEquals(bs, x.shape(), where);
                                        assertRel(want, values(x), dt, where);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * The route to a device's library: ndgpu's DeviceSolver, in front of every library, hands the
     * family to a fallback that offers it (cuSOLVER), unless the blocked kernels are asked for
     * everywhere ({@code ndgpu.linalg.solver=own}) or the fallback is the host.
     */
    @Test
    void deviceSolverHandsTheFamilyToALibrary() {
        java.util.List<String> calls = new java.util.ArrayList<>();
        Solver library = (Solver) java.lang.reflect.Proxy.newProxyInstance(
                Solver.class.getClassLoader(), new Class<?>[] {Solver.class}, (proxy, m, args) -> {
                    calls.add(m.getName());
                    return switch (m.getName()) {
                        case "hasFactorSolves" -> args[0] == DType.FLOAT32;
                        case "luFactor" -> new NDArray[0];
                        default -> null;
                    };
                });
        DeviceSolver front = new DeviceSolver(device(), library, false);
        assertTrue(front.hasFactorSolves(DType.FLOAT32));
        assertTrue(!front.hasFactorSolves(DType.FLOAT64));
        front.luFactor(null);
        front.luSolve(null, null, null, 1);
        front.choFactor(null, true, null);
        front.choSolve(null, false, null);
        assertEquals(
                java.util.List.of("hasFactorSolves", "hasFactorSolves", "luFactor", "luSolve", "choFactor", "choSolve"),
                calls);
        assertTrue(!new DeviceSolver(device(), library, true).hasFactorSolves(DType.FLOAT32));
        // this device's own: cuSOLVER's on CUDA unless the setting asks for the kernels, never on OpenCL
        boolean cuda = device().backend().dialect() != org.ndgpu.backend.Dialect.OPENCL;
        assertEquals(
                cuda && !org.ndgpu.config.Config.linalgOwnKernels(),
                Solver.forDevice(device()).hasFactorSolves(DType.FLOAT32));
    }

    /** The pivot shift the cuSOLVER binding runs (LAPACK's 1-based pivots and SciPy's 0-based), on every device. */
    @Test
    void pivotShiftKernel() {
        try (NDArray p = Nd.array(new int[] {1, 5, 3, 3}, DType.INT32, 2, 2);
                NDArray down = Nd.zeros(DType.INT32, 2, 2);
                NDArray up = Nd.zeros(DType.INT32, 2, 2)) {
            SolverKernels.get().shiftPivots(p, -1, down);
            SolverKernels.get().shiftPivots(down, 1, up);
            assertArrayEquals(new int[] {0, 4, 2, 2}, down.toIntArray());
            assertArrayEquals(new int[] {1, 5, 3, 3}, up.toIntArray());
        }
    }

    /**
     * Inside a capture the family's check read is refused by name (SolveChecks records no event there
     * for another stream to wait on, which would join that stream to the capture), and the next solve
     * on the device, outside, is right.
     */
    @Test
    void aCaptureRefusesTheChecksReadAndTheNextSolveIsRight() {
        int n = 100;
        Random r = new Random(SEED + 5);
        double[] tri = dominant(r, 1, n), spd = spd(r, 1, n, true);
        try (NDArray t = Nd.array(tri, DType.FLOAT64, n, n);
                NDArray a = Nd.array(spd, DType.FLOAT64, n, n);
                NDArray b = Nd.ones(DType.FLOAT64, n);
                NDArray c = LA.choFactor(a, true)) {
            LuFactor f = LA.luFactor(t);
            try {
                Runnable[] bodies = {
                    () -> LA.solveTriangular(t, b, true, false).close(),
                    () -> LA.choSolve(c, true, b).close(),
                    () -> LA.luSolve(f, b).close(),
                    () -> {
                        LuFactor g = LA.luFactor(t);
                        g.lu().close();
                        g.piv().close();
                    }
                };
                for (Runnable body : bodies) assertThrows(CaptureException.class, () -> Nd.capture(body));
            } finally {
                f.lu().close();
                f.piv().close();
            }
            double[] want = new double[n];
            for (int i = 0; i < n; i++) {
                double v = 1;
                for (int j = 0; j < i; j++) v -= tri[i * n + j] * want[j];
                want[i] = v / tri[i * n + i];
            }
            try (NDArray x = LA.solveTriangular(t, b, true, false)) {
                assertRel(want, values(x), DType.FLOAT64, "solve_triangular after the refused captures");
            }
        }
    }

    @Test
    void refusalsPastTheSmallKernels() {
        int n = 100;
        Random r = new Random(SEED + 3);
        double[] spd = spd(r, 1, n, true), tri = dominant(r, 1, n);
        for (int i = 0; i < n; i++) for (int j = i + 1; j < n; j++) spd[i * n + j] = spd[j * n + i];
        double[] notPd = spd.clone(), nan = spd.clone(), zeroDiag = tri.clone(), zeroCol = tri.clone();
        notPd[70 * n + 70] = -1;
        nan[3 * n + 90] = Double.NaN;
        zeroDiag[80 * n + 80] = 0;
        for (int i = 0; i < n; i++) zeroCol[i * n + 40] = 0;
        try (NDArray a = Nd.array(spd, DType.FLOAT64, n, n);
                NDArray bad = Nd.array(notPd, DType.FLOAT64, n, n);
                NDArray withNan = Nd.array(nan, DType.FLOAT64, n, n);
                NDArray t = Nd.array(zeroDiag, DType.FLOAT64, n, n);
                NDArray singular = Nd.array(zeroCol, DType.FLOAT64, n, n);
                NDArray b = Nd.ones(DType.FLOAT64, n);
                NDArray bNan = Nd.full(Double.NaN, DType.FLOAT64, n)) {
            for (boolean lower : new boolean[] {true, false}) {
                assertEquals(
                        "cho_factor: 71-th leading minor of the array is not positive definite",
                        assertThrows(LinAlgException.class, () -> LA.choFactor(bad, lower))
                                .getMessage());
            }
            String finite = "array must not contain infs or NaNs";
            assertTrue(assertThrows(NdException.class, () -> LA.luFactor(withNan))
                    .getMessage()
                    .startsWith("lu_factor: " + finite));
            assertTrue(assertThrows(NdException.class, () -> LA.choFactor(withNan, true))
                    .getMessage()
                    .startsWith("cho_factor: " + finite));
            assertTrue(assertThrows(NdException.class, () -> LA.solveTriangular(withNan, b, false, false))
                    .getMessage()
                    .startsWith("solve_triangular: " + finite));
            assertTrue(assertThrows(NdException.class, () -> LA.solveTriangular(a, bNan, true, false))
                    .getMessage()
                    .startsWith("solve_triangular: " + finite));
            try (NDArray c = LA.choFactor(a, true)) {
                assertTrue(assertThrows(NdException.class, () -> LA.choSolve(c, true, bNan))
                        .getMessage()
                        .startsWith("cho_solve: " + finite));
            }
            LuFactor f = LA.luFactor(a);
            assertTrue(assertThrows(NdException.class, () -> LA.luSolve(f, bNan))
                    .getMessage()
                    .startsWith("lu_solve: " + finite));
            f.lu().close();
            f.piv().close();
            assertEquals(
                    "solve_triangular: singular matrix: resolution failed at diagonal 80",
                    assertThrows(LinAlgException.class, () -> LA.solveTriangular(t, b, true, false))
                            .getMessage());
            // a singular matrix still factors, as SciPy's (which warns): U's zero pivot, finite factors
            LuFactor s = LA.luFactor(singular);
            try (NDArray l = s.lu();
                    NDArray p = s.piv()) {
                double[] lv = values(l);
                assertEquals(0.0, lv[40 * n + 40], "U[40, 40] (seed " + SEED + ")");
                for (int e = 0; e < lv.length; e++) assertTrue(Double.isFinite(lv[e]), "element " + e);
                assertEquals(40, p.toIntArray()[40]);
            }
        }
    }
}
