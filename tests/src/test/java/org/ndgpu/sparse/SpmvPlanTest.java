package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.config.Config;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Every SpMV plan ({@link Spmv.Plan}: the scalar kernel, the vector kernel with 2 to 32 lanes, the
 * stream kernel, and what {@link Spmv#auto} picks) forced on the SciPy fixtures of spmv.txt and on
 * random patterns against a plain Java loop: empty rows, one dense row, rows longer than a
 * stream step and than the vector kernel's long-row bound, long rows at the edges of a work-group's
 * 256 rows, int32 and int64 indices, float32 and float64; y starts as NaN, so a row left unwritten
 * shows; the setting {@code ndgpu.sparse.spmv} forcing each plan through {@code matmul}. Then
 * {@link Canonical#anyZero}, the pass after cuSPARSE's SpGEMM, on every length around
 * its vector width.
 */
class SpmvPlanTest extends PerDeviceTest {
    static List<Spmv.Plan> plans(long rows, long nnz) {
        List<Spmv.Plan> plans = new ArrayList<>(List.of(Spmv.SCALAR, Spmv.STREAM));
        for (int lanes = 2; lanes <= 32; lanes *= 2) plans.add(Spmv.Plan.vector(lanes));
        plans.add(Spmv.auto(rows, nnz));
        return plans;
    }

    /** y = A x by {@code plan}, y first filled with NaN. */
    static NDArray run(Spmv.Plan plan, CsrMatrix a, NDArray x) {
        NDArray y = Nd.empty(a.dtype(), a.shape()[0]).fill(Double.NaN);
        var s = a.structure("spmv");
        Spmv.run(plan, a.shape()[0], s.indptr(), s.indices(), s.data(), x, y, a.dtype());
        return y;
    }

    @TestFactory
    Stream<DynamicTest> everyPlanIsScipysOnTheFixtures() {
        return SpmvTest.cases().stream()
                .flatMap(c -> Stream.of(DType.FLOAT32, DType.FLOAT64)
                        .flatMap(t -> plans(c.shape()[0], Long.parseLong(c.f().get("nnz"))).stream()
                                .map(p -> DynamicTest.dynamicTest(c + " " + t + " " + p, () -> {
                                    try (CsrMatrix a = SpmvTest.build(c, t);
                                            NDArray x = Nd.array(SpmvTest.xs(c.shape()[1]), t, c.shape()[1]);
                                            NDArray y = run(p, a, x)) {
                                        double err = SparseFixtures.relativeError(y.toDoubleArray(), c.doubles("spmv"));
                                        assertTrue(
                                                err <= SpmvTest.tolerance(c, t),
                                                c + " " + t + " " + p + ": error " + err);
                                    }
                                }))));
    }

    /** Row lengths of a pattern: mostly 0 to 12, with the long rows below at their rows. */
    static int[] rowLengths(SplittableRandom r, int m, int n) {
        int[] len = new int[m];
        for (int i = 0; i < m; i++) len[i] = r.nextInt(4) == 0 ? 0 : r.nextInt(13);
        // one dense row; a row longer than a stream step (2048); rows just past the long-row bounds (256, 1024);
        // long rows first and last in a group of 256, and two in a row
        int[][] at = {
            {5, n},
            {300, 2500},
            {511, 257},
            {512, 1025},
            {513, 3000},
            {767, 256},
            {1023, 2048},
            {1024, 2049},
            {m - 1, 700}
        };
        for (int[] p : at) len[p[0]] = Math.min(n, p[1]);
        return len;
    }

    /** A random m x n CSR matrix of dtype t and index dtype {@code index}, and its dense values (as t holds them). */
    static CsrMatrix random(SplittableRandom r, int m, int n, DType t, DType index, double[][] dense) {
        int[] len = rowLengths(r, m, n);
        int[] indptr = new int[m + 1];
        for (int i = 0; i < m; i++) indptr[i + 1] = indptr[i] + len[i];
        int nnz = indptr[m];
        int[] indices = new int[nnz];
        double[] data = new double[nnz];
        for (int i = 0; i < m; i++) {
            int start = r.nextInt(n);
            for (int k = indptr[i]; k < indptr[i + 1]; k++) {
                indices[k] = (start + (k - indptr[i]) * 7) % n; // distinct in a row: 7 and n coprime
                double v = r.nextDouble(-1, 1);
                data[k] = t == DType.FLOAT32 ? (float) v : v;
                dense[i][indices[k]] += data[k];
            }
        }
        try (NDArray p = Nd.array(indptr, DType.INT32, m + 1);
                NDArray j = Nd.array(indices, DType.INT32, nnz)) {
            return Nd.sparse().csrMatrix(Nd.array(data, t, nnz), j.astype(index), p.astype(index), new long[] {m, n});
        }
    }

    @TestFactory
    Stream<DynamicTest> everyPlanMatchesLoopsOnRandomPatterns() {
        return Stream.of(DType.INT32, DType.INT64)
                .flatMap(index -> Stream.of(DType.FLOAT32, DType.FLOAT64)
                        .map(t -> DynamicTest.dynamicTest(t + " " + index, () -> {
                            SplittableRandom r = new SplittableRandom(38);
                            int m = 1300, n = 3001;
                            double[][] dense = new double[m][n];
                            double[] xv = new double[n];
                            for (int j = 0; j < n; j++)
                                xv[j] = t == DType.FLOAT32 ? (float) r.nextDouble(-1, 1) : r.nextDouble(-1, 1);
                            double[] want = new double[m];
                            try (CsrMatrix a = random(r, m, n, t, index, dense);
                                    NDArray x = Nd.array(xv, t, n)) {
                                for (int i = 0; i < m; i++) for (int j = 0; j < n; j++) want[i] += dense[i][j] * xv[j];
                                for (Spmv.Plan p : plans(m, a.nnz())) {
                                    try (NDArray y = run(p, a, x)) {
                                        double err = SparseFixtures.relativeError(y.toDoubleArray(), want);
                                        double tol = t == DType.FLOAT32 ? 4 * 1.2e-7 * Math.sqrt(n) : 1e-12;
                                        assertTrue(err <= tol, t + " " + index + " " + p + ": relative error " + err);
                                    }
                                }
                                // the public route takes the plan auto picks
                                try (NDArray y = a.matmul(x)) {
                                    double err = SparseFixtures.relativeError(y.toDoubleArray(), want);
                                    assertTrue(
                                            err <= (t == DType.FLOAT32 ? 1e-5 : 1e-12),
                                            "matmul: relative error " + err);
                                }
                            }
                        })));
    }

    /** ndgpu.sparse.spmv forces each plan on the public route; a name it does not know is refused, naming it. */
    @Test
    void theSettingForcesAPlanThroughMatmul() {
        SplittableRandom r = new SplittableRandom(7);
        int m = 1100, n = 800;
        double[][] dense = new double[m][n];
        double[] xv = new double[n];
        for (int j = 0; j < n; j++) xv[j] = r.nextDouble(-1, 1);
        double[] want = new double[m];
        String property = Config.SPARSE_SPMV.property();
        try (CsrMatrix a = random(r, m, n, DType.FLOAT64, DType.INT32, dense);
                NDArray x = Nd.array(xv, DType.FLOAT64, n)) {
            for (int i = 0; i < m; i++) for (int j = 0; j < n; j++) want[i] += dense[i][j] * xv[j];
            // the own kernels on CUDA too, where cuSPARSE would take the product
            System.setProperty(Config.SPARSE_LIBRARY.property(), "own");
            try {
                for (String plan : new String[] {"scalar", "vector2", "vector32", "stream", "auto"}) {
                    System.setProperty(property, plan);
                    try (NDArray y = a.matmul(x)) {
                        double err = SparseFixtures.relativeError(y.toDoubleArray(), want);
                        assertTrue(err <= 1e-12, plan + ": relative error " + err);
                    }
                }
                System.setProperty(property, "vector3");
                var e = assertThrows(NdException.class, () -> a.matmul(x));
                assertTrue(e.getMessage().startsWith(property + ": expected "), e.getMessage());
            } finally {
                System.clearProperty(property);
                System.clearProperty(Config.SPARSE_LIBRARY.property());
            }
        }
    }

    @Test
    void noRowsAndOnlyEmptyRows() {
        for (long m : new long[] {0, 1, 255, 256, 257}) {
            try (CsrMatrix a = Nd.sparse()
                            .csrMatrix(
                                    Nd.empty(DType.FLOAT32, 0),
                                    Nd.empty(DType.INT32, 0),
                                    Nd.zeros(DType.INT32, m + 1),
                                    new long[] {m, 5});
                    NDArray x = Nd.ones(DType.FLOAT32, 5)) {
                for (Spmv.Plan p : plans(m, 0)) {
                    try (NDArray y = run(p, a, x)) {
                        for (double v : y.toDoubleArray()) assertEquals(0.0, v, p + " m=" + m);
                    }
                }
            }
        }
    }

    @Test
    void autoTakesTheStreamKernelForShortRowsAndAWarpForLongOnes() {
        assertEquals(Spmv.STREAM, Spmv.auto(0, 0));
        assertEquals(Spmv.STREAM, Spmv.auto(16_777_216, 83_869_696)); // the 4096^2 Poisson matrix
        assertEquals(Spmv.STREAM, Spmv.auto(10_000_000, 160_000_000)); // power-law, 16 a row
        assertEquals(Spmv.Plan.vector(32), Spmv.auto(100, 3200));
        assertEquals(Spmv.Plan.vector(32), Spmv.auto(1, 100_000));
        assertEquals("vector8", Spmv.Plan.vector(8).toString());
        assertEquals("stream", Spmv.STREAM.toString());
        assertThrows(IllegalArgumentException.class, () -> Spmv.Plan.vector(3));
        assertThrows(IllegalArgumentException.class, () -> new Spmv.Plan(Spmv.Kernel.SCALAR, 4));
    }

    @Test
    void anyZeroFindsEveryZeroAndNoNaN() {
        for (DType t : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            for (int n : new int[] {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, 1000, 4099, 100_003}) {
                SplittableRandom r = new SplittableRandom(n);
                double[] v = new double[n];
                for (int i = 0; i < n; i++) v[i] = r.nextDouble(0.5, 2) * (r.nextBoolean() ? 1 : -1);
                if (n > 2) v[n / 2] = Double.NaN;
                try (NDArray a = Nd.array(v, t, n)) {
                    assertFalse(Canonical.anyZero(a), t + " n=" + n + ": no zero");
                }
                // a zero (or -0.0) at the front, in the middle, in the last vector and in the tail
                for (int at : new int[] {0, n / 3, n - 5, n - 2, n - 1}) {
                    if (at < 0 || at >= n) continue;
                    double keep = v[at];
                    v[at] = at % 2 == 0 ? 0.0 : -0.0;
                    try (NDArray a = Nd.array(v, t, n)) {
                        assertTrue(Canonical.anyZero(a), t + " n=" + n + ": zero at " + at);
                    }
                    v[at] = keep;
                }
            }
        }
    }
}
