package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.values;

import java.util.Arrays;
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
 * solve_triangular and cho_solve of stacks (the one-launch kernel of SmallFactor, and the blocked
 * path past order 64): several batch shapes, right-hand sides broadcast over the batch or a single
 * vector, every trans / lower / unit combination, orders 1 to 70, against a plain Java substitution loop.
 */
class ScipySolvesStackTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();

    /** count matrices of order n, well conditioned: off-diagonal entries in [-1/n, 1/n), diagonal 2 +- 1. */
    private static double[] matrices(long seed, int count, int n) {
        double[] v = Fixtures.random(seed, count * n * n);
        for (int e = 0; e < v.length; e++) {
            int i = e / n % n, j = e % n;
            v[e] = i == j ? 2 + v[e] : v[e] / n;
        }
        return v;
    }

    private static int size(long[] shape) {
        int s = 1;
        for (long d : shape) s *= (int) d;
        return s;
    }

    private static long[] concat(long[] batch, long... tail) {
        long[] r = Arrays.copyOf(batch, batch.length + tail.length);
        System.arraycopy(tail, 0, r, batch.length, tail.length);
        return r;
    }

    /** a's batch shape, then b's (null: a vector b of shape (n,)). */
    private static final long[][][] BATCHES = {
        {{3}, {3}}, {{2, 3}, {3}}, {{2, 3}, {2, 1}}, {{4}, {}}, {{}, {}}, {{5}, null}, {{1}, {1}}
    };

    private static double tol(DType dt) {
        return dt == DType.FLOAT32 ? 2e-4 : 1e-11;
    }

    /** b's values spelled out over a's batch (count, n, k), and the answer's shape. */
    private static double[] expandB(NDArray b, long[] aBatch, int n, int k) {
        long[] full = concat(aBatch, n, k);
        try (NDArray bv = b.ndim() == 1 ? b.reshape(n, 1) : b.reshape(b.shape());
                NDArray bb = bv.broadcastTo(full);
                NDArray bc = bb.copy()) {
            return values(bc);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void solveTriangularStacks(String name) {
        DType dt = DType.of(name);
        for (int n : new int[] {1, 7, 8, 33, 64, 70}) {
            for (int k : new int[] {1, 5}) {
                for (long[][] bs : BATCHES) {
                    if (bs[1] == null && k != 1) continue;
                    if (n == 70 && size(bs[0]) > 3) continue;
                    long[] aShape = concat(bs[0], n, n);
                    long[] bShape = bs[1] == null ? new long[] {n} : concat(bs[1], n, k);
                    int count = size(bs[0]);
                    try (NDArray a = Nd.array(matrices(31L * n + k, count, n), dt, aShape);
                            NDArray b = Fixtures.random(17L * n + k, dt, bShape)) {
                        double[] av = values(a), bv = expandB(b, bs[0], n, k);
                        for (boolean lower : new boolean[] {true, false}) {
                            for (boolean unit : new boolean[] {false, true}) {
                                for (int trans = 0; trans < 3; trans++) {
                                    double[] want = bv.clone();
                                    TriangularOracle.substitute(av, want, count, n, k, lower, unit, trans != 0);
                                    try (NDArray x = trans == 0
                                            ? LA.solveTriangular(a, b, lower, unit)
                                            : LA.solveTriangular(a, b, trans, lower, unit)) {
                                        long[] outShape = bs[1] == null ? concat(bs[0], n) : concat(bs[0], n, k);
                                        String where = "n " + n + " k " + k + " a " + Arrays.toString(aShape)
                                                + " b " + Arrays.toString(bShape) + " lower " + lower + " unit "
                                                + unit + " trans " + trans;
                                        assertArrayEquals(outShape, x.shape(), where);
                                        assertEquals(dt, x.dtype(), where);
                                        assertNear(want, values(x), tol(dt), where);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void choSolveStacks(String name) {
        DType dt = DType.of(name);
        for (int n : new int[] {1, 7, 8, 33, 70}) {
            for (int k : new int[] {1, 5}) {
                for (long[][] bs : BATCHES) {
                    if (bs[1] == null && k != 1) continue;
                    if (n == 70 && size(bs[0]) > 3) continue;
                    int count = size(bs[0]);
                    // the factor given straight: cho_solve reads only its triangle, as potrs
                    double[] c = matrices(7L * n + k, count, n);
                    long[] bShape = bs[1] == null ? new long[] {n} : concat(bs[1], n, k);
                    try (NDArray cf = Nd.array(c, dt, concat(bs[0], n, n));
                            NDArray b = Fixtures.random(5L * n + k, dt, bShape)) {
                        double[] cv = values(cf), bv = expandB(b, bs[0], n, k);
                        for (boolean lower : new boolean[] {true, false}) {
                            double[] want = bv.clone();
                            TriangularOracle.substitute(cv, want, count, n, k, lower, false, !lower);
                            TriangularOracle.substitute(cv, want, count, n, k, lower, false, lower);
                            try (NDArray x = LA.choSolve(cf, lower, b)) {
                                String where = "n " + n + " k " + k + " c " + Arrays.toString(bs[0]) + " b "
                                        + Arrays.toString(bShape) + " lower " + lower;
                                assertArrayEquals(
                                        bs[1] == null ? concat(bs[0], n) : concat(bs[0], n, k), x.shape(), where);
                                assertNear(want, values(x), tol(dt), where);
                            }
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void singularMatrixOfAStack(String name) {
        DType dt = DType.of(name);
        double[] v = matrices(3, 4, 8);
        v[2 * 64 + 5 * 8 + 5] = 0;
        try (NDArray a = Nd.array(v, dt, 4, 8, 8);
                NDArray b = Nd.ones(dt, 8, 2)) {
            assertEquals(
                    "solve_triangular: singular matrix: resolution failed at diagonal 5 (matrix 2 of the stack)",
                    assertThrows(LinAlgException.class, () -> LA.solveTriangular(a, b, false, false))
                            .getMessage());
            try (NDArray x = LA.solveTriangular(a, b, false, true);
                    NDArray bb = b.broadcastTo(new long[] {4, 8, 2});
                    NDArray bc = bb.copy()) {
                double[] want = values(bc);
                TriangularOracle.substitute(values(a), want, 4, 8, 2, false, true, false);
                assertNear(want, values(x), tol(dt), "unit diagonal");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void transOutsideItsRangeIsRefused(String name) {
        try (NDArray a = Nd.eye(3, 3, 0, DType.of(name));
                NDArray b = Nd.ones(DType.of(name), 3)) {
            assertEquals(
                    "solve_triangular: trans must be 0 ('N'), 1 ('T') or 2 ('C'), got 3",
                    assertThrows(NdException.class, () -> LA.solveTriangular(a, b, 3, true, false))
                            .getMessage());
        }
    }

    private static void assertNear(double[] want, double[] got, double tol, String where) {
        assertEquals(want.length, got.length, where);
        for (int i = 0; i < want.length; i++) {
            assertTrue(
                    Math.abs(want[i] - got[i]) <= tol * (1 + Math.abs(want[i])),
                    where + " element " + i + ": want " + want[i] + " got " + got[i]);
        }
    }
}
