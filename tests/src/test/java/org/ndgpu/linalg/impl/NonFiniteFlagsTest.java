package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The per-matrix NaN / inf flags every linalg routine decides its NaN answers by ({@link NonFinite#flags}:
 * one pass over the stack), against a plain Java loop over the same values, for each dtype and
 * each of the four questions (NaN only or any non-finite; the whole matrix or its lower triangle);
 * and the singular check of solve and inv past the small kernels' orders, which cuSOLVER makes once,
 * after getrs.
 */
class NonFiniteFlagsTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();
    private static final double NAN = Double.NaN, INF = Double.POSITIVE_INFINITY;

    /** {matrix, row, column, part (1: imaginary), value}: one bad entry per matrix of a (7, 5, 5) stack; matrix 0 is clean. */
    private static final double[][] BAD = {
        {1, 0, 3, 0, NAN}, // strict upper
        {2, 2, 2, 0, INF}, // diagonal
        {3, 4, 1, 0, -INF}, // strict lower
        {4, 3, 0, 0, NAN}, // lower
        {5, 1, 4, 0, INF}, // upper
        {6, 1, 0, 1, NAN}, // lower, imaginary part (real part for real dtypes)
    };

    @Test
    void flagsMatchAJavaLoop() {
        Random r = new Random(41);
        for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64, DType.COMPLEX64, DType.COMPLEX128}) {
            int b = 7, n = 5, parts = dt.isComplex() ? 2 : 1;
            double[] h = new double[b * n * n * parts];
            for (int i = 0; i < h.length; i++) h[i] = r.nextDouble() * 2 - 1;
            for (double[] e : BAD) {
                int q = (int) e[0], i = (int) e[1], j = (int) e[2], part = parts == 2 ? ((int) e[3]) : 0;
                h[((q * n + i) * n + j) * parts + part] = e[4];
            }
            try (NDArray a = ValuesOnlyTest.upload(dt, h, new long[] {b, n, n})) {
                for (boolean nanOnly : new boolean[] {false, true})
                    for (boolean lower : new boolean[] {false, true}) {
                        boolean[] exp = new boolean[b];
                        for (int q = 0; q < b; q++)
                            for (int i = 0; i < n; i++)
                                for (int j = 0; j <= (lower ? i : n - 1); j++)
                                    for (int p = 0; p < parts; p++) {
                                        double v = h[((q * n + i) * n + j) * parts + p];
                                        if (nanOnly ? Double.isNaN(v) : !Double.isFinite(v)) exp[q] = true;
                                    }
                        String what = dt + (nanOnly ? " NaN" : " NaN or inf") + (lower ? " in the lower triangle" : "");
                        try (NDArray f = NonFinite.flags(a, nanOnly, lower)) {
                            assertEquals(DType.BOOL, f.dtype(), what);
                            assertArrayEquals(new long[] {b}, f.shape(), what);
                            assertArrayEquals(exp, f.toBooleanArray(), what);
                            assertTrue(NonFinite.any(f), what);
                        }
                    }
            }
        }
    }

    @Test
    void flagsOfAWideStackAndOfCleanOrIntegerInput() {
        // (3, 4, 6): the triangle's rows and columns differ; inf at (2, 3, 5) is above the diagonal
        double[] h = new double[3 * 4 * 6];
        h[(2 * 4 + 3) * 6 + 5] = INF;
        h[(1 * 4 + 3) * 6 + 1] = NAN;
        try (NDArray a = Nd.array(h, DType.FLOAT64, 3, 4, 6)) {
            try (NDArray f = NonFinite.flags(a, false, false)) {
                assertArrayEquals(new boolean[] {false, true, true}, f.toBooleanArray());
            }
            try (NDArray f = NonFinite.flags(a, false, true)) {
                assertArrayEquals(new boolean[] {false, true, false}, f.toBooleanArray());
            }
            try (NDArray f = NonFinite.flags(a, true, false)) {
                assertArrayEquals(new boolean[] {false, true, false}, f.toBooleanArray());
            }
        }
        try (NDArray clean = Nd.zeros(DType.FLOAT32, 4, 3, 3);
                NDArray f = NonFinite.flags(clean, false, false)) {
            assertArrayEquals(new boolean[4], f.toBooleanArray());
            assertEquals(false, NonFinite.any(f));
        }
        try (NDArray ints = Nd.zeros(DType.INT32, 2, 3, 3)) {
            assertNull(NonFinite.flags(ints, false, false));
        }
    }

    /** Flags read back as they are for small stacks, through a reduction past 2^16 matrices: the same answers. */
    @Test
    void anyAndRefuseOnSmallAndLargeStacks() {
        for (int b : new int[] {5, 70_000}) {
            float[] h = new float[b];
            try (NDArray clean = Nd.array(h).reshape(b, 1, 1);
                    NDArray f = NonFinite.flags(clean, true, false)) {
                assertEquals(false, NonFinite.any(f), b + " clean");
                NonFinite.refuse("inv", f);
            }
            h[b - 2] = Float.NaN;
            h[b - 1] = Float.NaN;
            try (NDArray bad = Nd.array(h).reshape(b, 1, 1);
                    NDArray f = NonFinite.flags(bad, true, false)) {
                assertTrue(NonFinite.any(f), b + " with NaN");
                var e = assertThrows(LinAlgException.class, () -> NonFinite.refuse("inv", f));
                assertTrue(
                        e.getMessage().startsWith("inv: Singular matrix: matrix " + (b - 2) + " of the stack"),
                        e.getMessage());
            }
        }
    }

    /** solve takes a C-contiguous a and b as they are (no copy first): no solver may write into them. */
    @Test
    void solveLeavesContiguousInputsAlone() {
        Random r = new Random(44);
        for (int n : new int[] {5, 70}) {
            double[] h = new double[2 * n * n], v = new double[2 * n * 3];
            for (int i = 0; i < h.length; i++) h[i] = r.nextDouble() * 2 - 1;
            for (int q = 0; q < 2; q++) for (int i = 0; i < n; i++) h[(q * n + i) * n + i] += n;
            for (int i = 0; i < v.length; i++) v[i] = r.nextDouble();
            try (NDArray a = Nd.array(h, DType.FLOAT64, 2, n, n);
                    NDArray b = Nd.array(v, DType.FLOAT64, 2, n, 3);
                    NDArray x = LA.solve(a, b);
                    NDArray ax = a.matmul(x)) {
                assertArrayEquals(h, a.toDoubleArray(), "a after solve, n " + n);
                assertArrayEquals(v, b.toDoubleArray(), "b after solve, n " + n);
                double[] got = ax.toDoubleArray();
                for (int i = 0; i < v.length; i++) assertEquals(v[i], got[i], 1e-12, "a x = b, n " + n);
            }
        }
    }

    /** Past order 64 (cuSOLVER's getrf and getrs on CUDA): a singular matrix anywhere in the stack raises. */
    @Test
    void singularMatrixOfALargeStackRaises() {
        int n = 70;
        Random r = new Random(43);
        for (int bad = 0; bad < 3; bad++) {
            double[] h = new double[3 * n * n];
            for (int i = 0; i < h.length; i++) h[i] = r.nextDouble() * 2 - 1;
            for (int q = 0; q < 3; q++) for (int i = 0; i < n; i++) h[(q * n + i) * n + i] += n;
            // column 60 of matrix `bad` zero: elimination keeps it exactly zero, so getrf meets a zero pivot
            for (int i = 0; i < n; i++) h[(bad * n + i) * n + 60] = 0;
            try (NDArray a = Nd.array(h, DType.FLOAT64, 3, n, n);
                    NDArray rhs = Nd.ones(DType.FLOAT64, 3, n, 2)) {
                var e1 = assertThrows(LinAlgException.class, () -> LA.inv(a).close(), "inv, matrix " + bad);
                assertTrue(e1.getMessage().startsWith("inv: Singular matrix"), e1.getMessage());
                var e2 = assertThrows(
                        LinAlgException.class, () -> LA.solve(a, rhs).close(), "solve, matrix " + bad);
                assertTrue(e2.getMessage().startsWith("solve: Singular matrix"), e2.getMessage());
            }
        }
    }
}
