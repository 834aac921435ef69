package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.values;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The fused input checks of the factor-and-solve family (solve-checks.tmpl, and the checks inside
 * the stacked triangular kernel): the failure bits against plain Java scans, the copies they make,
 * and the routines' answers when a NaN, an inf or a zero sits where only these checks can see it
 * (the triangle a solve does not read, one matrix deep in a stack, the caller's b that the solve
 * now reads straight), which must not be changed.
 */
class SolveCheckKernelsTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();
    private static final String FINITE = "array must not contain infs or NaNs";

    private static int or(NDArray flags) {
        int bits = 0;
        for (int v : flags.toIntArray()) bits |= v;
        return bits;
    }

    /** The bits of one check of a (count n x n matrices) and s, and x after it; against the scans done here. */
    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void checkBitsAndCopy(String name) {
        DType dt = DType.of(name);
        int count = 3, n = 37;
        double[] a = Fixtures.random(7, count * n * n), s = Fixtures.random(8, 5000);
        for (int q = 0; q < count; q++) for (int i = 0; i < n; i++) a[q * n * n + i * (n + 1)] += 2;
        int[][] cases = {{-1, -1, -1}, {2 * n * n + 5, -1, -1}, {-1, 4999, -1}, {-1, -1, n * n + 4 * (n + 1)}};
        for (int[] c : cases) {
            double[] av = a.clone(), sv = s.clone();
            if (c[0] >= 0) av[c[0]] = Double.NEGATIVE_INFINITY;
            if (c[1] >= 0) sv[c[1]] = Double.NaN;
            if (c[2] >= 0) av[c[2]] = 0;
            // an off-diagonal zero is no failure
            av[1] = 0;
            int want = (c[0] >= 0 ? 1 : 0) | (c[1] >= 0 ? 2 : 0) | (c[2] >= 0 ? 4 : 0);
            try (NDArray ad = Nd.array(av, dt, count, n, n);
                    NDArray sd = Nd.array(sv, dt, sv.length);
                    NDArray x = Nd.zeros(dt, sv.length);
                    NDArray f = SolveCheckKernels.flags(device(), SolveCheckKernels.groups(device(), sv.length))) {
                SolveCheckKernels.check(ad, n, sd, x, f);
                assertEquals(want, or(f), "case " + java.util.Arrays.toString(c));
                assertArrayEquals(values(sd), values(x), 0, "the copy");
                SolveCheckKernels.check(ad, 0, null, null, f);
                assertEquals(want & 1, or(f), "a alone, no diagonal");
            }
        }
    }

    /** cho_factor's prepared copy: the triangle read, zeros in the other (NaN there too), and bit 1 for any NaN of a. */
    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void choPrepare(String name) {
        DType dt = DType.of(name);
        int count = 2, n = 70;
        double[] a = Fixtures.random(9, count * n * n);
        a[n * n + 3] = Double.NaN; // matrix 1, row 0, column 3: the upper triangle
        for (boolean lower : new boolean[] {true, false}) {
            try (NDArray ad = Nd.array(a, dt, count, n, n);
                    NDArray c = Nd.zeros(dt, count, n, n);
                    NDArray f = SolveCheckKernels.flags(device(), SolveCheckKernels.groups(device(), ad.size()))) {
                SolveCheckKernels.choPrepare(ad, c, lower, f);
                double[] want = values(ad), got = values(c);
                for (int e = 0; e < want.length; e++) {
                    int i = e / n % n, j = e % n;
                    if (lower ? j > i : j < i) want[e] = 0;
                }
                assertArrayEquals(want, got, 0, "lower " + lower);
                assertEquals(1, or(f), "lower " + lower);
            }
        }
    }

    /** solve_triangular refuses a NaN anywhere in a (SciPy checks all of it), in b, or a zero diagonal, in that order. */
    @ParameterizedTest
    @ValueSource(ints = {8, 100})
    void solveTriangularRefusals(int n) {
        int count = 4;
        double[] a = Fixtures.random(11, count * n * n);
        for (int q = 0; q < count; q++) for (int i = 0; i < n; i++) a[q * n * n + i * (n + 1)] = 3;
        double[] nanUnread = a.clone(), zero = a.clone(), both = a.clone();
        nanUnread[2 * n * n + 1] = Double.NaN; // matrix 2's upper triangle, not read by a lower solve
        zero[3 * n * n + 5 * (n + 1)] = 0;
        both[3 * n * n + 5 * (n + 1)] = 0;
        both[n * n + n] = Double.POSITIVE_INFINITY;
        try (NDArray t = Nd.array(a, DType.FLOAT64, count, n, n);
                NDArray tNan = Nd.array(nanUnread, DType.FLOAT64, count, n, n);
                NDArray tZero = Nd.array(zero, DType.FLOAT64, count, n, n);
                NDArray tBoth = Nd.array(both, DType.FLOAT64, count, n, n);
                NDArray b = Nd.ones(DType.FLOAT64, count, n, 2)) {
            NDArray bNan = Nd.array(withNan(values(b), 3 * 2 * n + 7), DType.FLOAT64, count, n, 2);
            try (bNan) {
                assertTrue(thrown(() -> LA.solveTriangular(tNan, b, true, false))
                        .startsWith("solve_triangular: " + FINITE));
                assertTrue(thrown(() -> LA.solveTriangular(t, bNan, true, false))
                        .startsWith("solve_triangular: " + FINITE));
                assertTrue(thrown(() -> LA.solveTriangular(tBoth, b, true, false))
                        .startsWith("solve_triangular: " + FINITE));
                assertEquals(
                        "solve_triangular: singular matrix: resolution failed at diagonal 5 (matrix 3 of the stack)",
                        assertThrows(LinAlgException.class, () -> LA.solveTriangular(tZero, b, true, false))
                                .getMessage());
                // a unit diagonal is not read: no failure, and the answer of the unit triangle
                try (NDArray x = LA.solveTriangular(tZero, b, true, true)) {
                    double[] want = values(b);
                    unitLowerSolve(zero, want, count, n, 2);
                    // relative to the answer's size (it grows to about 1e5 at order 100): blocked solves
                    // by the diagonal blocks' inverses round differently from substitution
                    double big = 1;
                    for (double v : want) big = Math.max(big, Math.abs(v));
                    assertArrayEquals(want, values(x), 1e-12 * big);
                }
                assertTrue(thrown(() -> LA.choSolve(t, true, bNan)).startsWith("cho_solve: " + FINITE));
                org.ndgpu.linalg.LuFactor f = LA.luFactor(t);
                assertTrue(thrown(() -> LA.luSolve(f, bNan)).startsWith("lu_solve: " + FINITE));
                f.lu().close();
                f.piv().close();
            }
        }
    }

    /** The solves read the caller's contiguous b straight (no copy first): b is left as it was, the answer new. */
    @ParameterizedTest
    @ValueSource(ints = {8, 100})
    void bIsNotWritten(int n) {
        int count = 3;
        double[] a = Fixtures.random(12, count * n * n);
        for (int q = 0; q < count; q++) for (int i = 0; i < n; i++) a[q * n * n + i * (n + 1)] = 3 + n;
        try (NDArray t = Nd.array(a, DType.FLOAT64, count, n, n);
                NDArray b = Fixtures.random(13, DType.FLOAT64, count, n, 1)) {
            double[] before = values(b);
            try (NDArray x = LA.solveTriangular(t, b, true, true);
                    NDArray c = LA.choFactor(t, true);
                    NDArray y = LA.choSolve(c, true, b)) {
                double[] want = before.clone();
                unitLowerSolve(a, want, count, n, 1);
                assertArrayEquals(want, values(x), 1e-9);
                assertArrayEquals(before, values(b), 0, "b after the solves");
                assertEquals((long) count * n, y.size());
            }
        }
    }

    /** cho_factor: a NaN in the triangle not read still raises (SciPy checks all of a), before positive definiteness. */
    @Test
    void choFactorRefusals() {
        for (int n : new int[] {8, 100}) {
            double[] a = new double[n * n];
            for (int i = 0; i < n; i++) a[i * (n + 1)] = -1; // not positive definite at the first minor
            a[n - 1] = Double.NaN; // row 0, last column: the upper triangle
            try (NDArray ad = Nd.array(a, DType.FLOAT64, n, n)) {
                assertTrue(thrown(() -> LA.choFactor(ad, true)).startsWith("cho_factor: " + FINITE));
                a[n - 1] = 0;
                try (NDArray pd = Nd.array(a, DType.FLOAT64, n, n)) {
                    assertEquals(
                            "cho_factor: 1-th leading minor of the array is not positive definite",
                            assertThrows(LinAlgException.class, () -> LA.choFactor(pd, true))
                                    .getMessage());
                }
            }
        }
    }

    private static String thrown(org.junit.jupiter.api.function.Executable call) {
        return assertThrows(NdException.class, call).getMessage();
    }

    private static double[] withNan(double[] v, int at) {
        v[at] = Double.NaN;
        return v;
    }

    /** x = t^-1 x for the unit lower triangles of a (count, n, n); x (count, n, k). */
    private static void unitLowerSolve(double[] a, double[] x, int count, int n, int k) {
        for (int q = 0; q < count; q++)
            for (int c = 0; c < k; c++)
                for (int i = 0; i < n; i++) {
                    double v = x[q * n * k + i * k + c];
                    for (int m = 0; m < i; m++) v -= a[q * n * n + i * n + m] * x[q * n * k + m * k + c];
                    x[q * n * k + i * k + c] = v;
                }
    }
}
