package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.values;

import java.util.Arrays;
import java.util.Random;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * SmallEigh's round-fused Jacobi kernel against EJML's symmetric eigenvalues (computed in float64
 * from the same input) and by reconstruction (||A V - V diag(w)||, ||V^T V - I||): every tile
 * (several matrices a work-group up to order 16, stacks that leave a group part empty), odd
 * orders (the dummy index), rotations gathered in local memory and in the output, matrices that
 * converge at once (diagonal, zero, a multiple of I) beside ones that take sweeps in one group,
 * float32 and float64. Called directly, so a CPU device runs the kernel too.
 */
class SmallEighTest extends PerDeviceTest {
    private static final int[] ORDERS = {1, 2, 3, 7, 8, 16, 31, 32, 33, 64};

    private static double eps(DType dt) {
        return dt == DType.FLOAT32 ? 6e-8 : 1.1e-16;
    }

    private static boolean fp64(DType dt) {
        return dt != DType.FLOAT64 || Device.current().facts().fp64();
    }

    /** Whether the device's local memory holds two tiles of the largest order: the rotations kept there. */
    private static boolean twoTilesFit(DType dt) {
        return Device.current().facts().localMemoryBytes() >= 2L * 64 * 65 * dt.itemsize() + 8192;
    }

    /** Seeded random lower-triangle entries in [-1, 1) (the upper ones are noise the kernel must ignore). */
    private static double[] random(long seed, int b, int n, DType dt) {
        Random r = new Random(seed);
        double[] d = new double[b * n * n];
        for (int i = 0; i < d.length; i++) {
            d[i] = r.nextDouble() * 2 - 1;
            if (dt == DType.FLOAT32) d[i] = (float) d[i];
        }
        return d;
    }

    /** The eigenvalues, ascending, of matrix z's lower triangle, by EJML in float64. */
    private static double[] oracle(double[] a, int z, int n) {
        DMatrixRMaj m = new DMatrixRMaj(n, n);
        for (int i = 0; i < n; i++)
            for (int j = 0; j <= i; j++) {
                double x = a[z * n * n + i * n + j];
                m.set(i, j, x);
                m.set(j, i, x);
            }
        EigenDecomposition_F64<DMatrixRMaj> d = DecompositionFactory_DDRM.eig(n, false, true);
        assertTrue(d.decompose(m), "EJML");
        double[] w = new double[n];
        for (int i = 0; i < n; i++) w[i] = d.getEigenvalue(i).getReal();
        Arrays.sort(w);
        return w;
    }

    private static void check(String what, DType dt, double[] a, int b, int n, NDArray w, NDArray v) {
        double[] wv = values(w), vv = v == null ? null : values(v);
        double tol = 50 * Math.max(n, 4) * eps(dt);
        for (int z = 0; z < b; z++) {
            double norm = 0;
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) {
                    double x = i >= j ? a[z * n * n + i * n + j] : a[z * n * n + j * n + i];
                    norm += x * x;
                }
            norm = Math.sqrt(norm);
            double[] want = oracle(a, z, n);
            for (int i = 0; i < n; i++)
                assertEquals(want[i], wv[z * n + i], tol * Math.max(norm, 1e-300), what + " matrix " + z + " w" + i);
            if (vv == null) continue;
            int o = z * n * n;
            double res = 0, orth = 0;
            for (int i = 0; i < n; i++)
                for (int c = 0; c < n; c++) {
                    double t = 0, u = 0;
                    for (int l = 0; l < n; l++) {
                        t += (i >= l ? a[o + i * n + l] : a[o + l * n + i]) * vv[o + l * n + c];
                        u += vv[o + l * n + i] * vv[o + l * n + c];
                    }
                    t -= wv[z * n + c] * vv[o + i * n + c];
                    res += t * t;
                    orth = Math.max(orth, Math.abs(u - (i == c ? 1 : 0)));
                }
            assertTrue(Math.sqrt(res) <= tol * Math.max(norm, 1e-300), what + " matrix " + z + " ||AV - VW|| " + res);
            assertTrue(orth <= tol, what + " matrix " + z + " ||V^T V - I|| " + orth);
        }
    }

    @Test
    void everyTileBothDtypesBothMemories() {
        for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            if (!fp64(dt)) continue;
            for (int n : ORDERS) {
                int b = n <= 16 ? 13 : 3;
                double[] av = random(n * 101L, b, n, dt);
                // the rotations in the output or in local memory; a row to one thread, or to two or four
                // (the GPUs' choices where one matrix fills a group), which need them local or not at all
                for (int mode = 0; mode < 4; mode++) {
                    boolean local = mode > 0;
                    int rows = mode < 2 ? 1 : mode == 2 ? 2 : 4;
                    if (local && !twoTilesFit(dt)) continue;
                    String what = dt + " n=" + n + (local ? " local" : " global") + " rows " + rows;
                    try (NDArray a = Nd.array(av, dt, b, n, n)) {
                        Eigh e = SmallEigh.eigh(a, true, "eigh", local, rows);
                        try (NDArray w = e.eigenvalues();
                                NDArray v = e.eigenvectors()) {
                            assertArrayEquals(new long[] {b, n, n}, v.shape(), what);
                            check(what, dt, av, b, n, w, v);
                        }
                        try (NDArray w = SmallEigh.eigh(a, false, "eigvalsh", false, rows)
                                .eigenvalues()) {
                            check(what + " values only", dt, av, b, n, w, null);
                        }
                    }
                }
            }
        }
    }

    @Test
    void matricesThatConvergeAtOnceBesideOnesThatTurn() {
        for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            if (!fp64(dt)) continue;
            for (int n : new int[] {5, 16, 33}) {
                int b = 7;
                double[] av = random(n * 7L, b, n, dt);
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < n; j++) {
                        av[n * n + i * n + j] = i == j ? i - 2 : 0; // diagonal, unsorted, a zero on it
                        av[2 * n * n + i * n + j] = 0; // zero
                        av[4 * n * n + i * n + j] = i == j ? 3 : 0; // 3 I: one eigenvalue n times
                    }
                for (int rows = 1; rows <= 2; rows++) {
                    if (rows == 2 && !twoTilesFit(dt)) continue;
                    String what = dt + " n=" + n + " rows " + rows;
                    try (NDArray a = Nd.array(av, dt, b, n, n)) {
                        // two threads a row only with the rotations in local memory
                        Eigh e = SmallEigh.eigh(a, true, "eigh", rows == 2, rows);
                        try (NDArray w = e.eigenvalues();
                                NDArray v = e.eigenvectors()) {
                            check(what, dt, av, b, n, w, v);
                            double[] vv = values(v);
                            // the zero matrix and 3 I keep the identity's vectors: no rotation ever turns them
                            for (int i = 0; i < n * n; i++) {
                                double id = i % (n + 1) == 0 ? 1 : 0;
                                assertEquals(id, vv[2 * n * n + i], 0, what + " zero matrix's V");
                                assertEquals(id, vv[4 * n * n + i], 0, what + " 3 I's V");
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * NaN or inf in a matrix's lower triangle is NumPy's LinAlgError from order 3 ("Eigenvalues did
     * not converge"), which the kernel finds as it loads the matrix (the front end reads the stack
     * no more): directly for every row split, and through the public eigh and eigvalsh; NaN in the
     * upper triangle, which eigh does not read, changes nothing; the input stays as it was.
     */
    @Test
    void nanOrInfInTheLowerTriangleIsRefusedAndTheUpperIgnored() {
        for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            if (!fp64(dt)) continue;
            for (int n : new int[] {3, 16, 33}) {
                int b = 5;
                double[] av = random(n * 13L, b, n, dt);
                double[] upper = av.clone();
                upper[2 * n * n + 1] = Double.NaN; // (0, 1) of matrix 2: the upper triangle
                for (double bad : new double[] {Double.NaN, Double.NEGATIVE_INFINITY}) {
                    double[] lower = av.clone();
                    lower[3 * n * n + (n - 1) * n] = bad; // (n - 1, 0) of matrix 3
                    String what = dt + " n=" + n + " " + bad;
                    try (NDArray a = Nd.array(lower, dt, b, n, n)) {
                        for (int rows = 1; rows <= 4; rows *= 2) {
                            int r = rows;
                            for (boolean vectors : new boolean[] {true, false}) {
                                var e = org.junit.jupiter.api.Assertions.assertThrows(
                                        org.ndgpu.exceptions.LinAlgException.class,
                                        () -> SmallEigh.eigh(a, vectors, "eigh", false, vectors ? 1 : r),
                                        what);
                                assertEquals(
                                        "eigh: Eigenvalues did not converge: the array holds NaN or inf",
                                        e.getMessage(),
                                        what);
                            }
                        }
                        var e = org.junit.jupiter.api.Assertions.assertThrows(
                                org.ndgpu.exceptions.LinAlgException.class,
                                () -> Nd.linalg().eigvalsh(a),
                                what);
                        assertTrue(e.getMessage().startsWith("eigvalsh: Eigenvalues did not converge"), e.getMessage());
                        org.junit.jupiter.api.Assertions.assertThrows(
                                org.ndgpu.exceptions.LinAlgException.class,
                                () -> Nd.linalg().eigh(a),
                                what);
                        double[] after = values(a);
                        for (int k = 0; k < after.length; k++)
                            assertEquals(lower[k], after[k], 0, what + ": the input changed at " + k);
                    }
                }
                try (NDArray a = Nd.array(upper, dt, b, n, n);
                        NDArray w = Nd.linalg().eigvalsh(a)) {
                    Eigh e = Nd.linalg().eigh(a);
                    try (NDArray ew = e.eigenvalues();
                            NDArray ev = e.eigenvectors()) {
                        check(dt + " n=" + n + " NaN above the diagonal", dt, av, b, n, ew, ev);
                    }
                    check(dt + " n=" + n + " NaN above the diagonal, values only", dt, av, b, n, w, null);
                }
            }
        }
    }

    @Test
    void emptyStack() {
        try (NDArray a = Nd.zeros(DType.FLOAT32, 0, 4, 4)) {
            Eigh e = SmallEigh.eigh(a, true, "eigh", false, 1);
            try (NDArray w = e.eigenvalues();
                    NDArray v = e.eigenvectors()) {
                assertArrayEquals(new long[] {0, 4}, w.shape());
                assertArrayEquals(new long[] {0, 4, 4}, v.shape());
            }
        }
    }
}
