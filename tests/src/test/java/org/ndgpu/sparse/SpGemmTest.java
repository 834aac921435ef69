package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The sparse product {@code A.matmul(B)} (SpGEMM) against SciPy's {@code A @ B} (spgemm.txt): the
 * format, dtype and canonical arrays of every case; then int64 indices, transposed views, a larger
 * random product against plain Java loops, and hostile arguments.
 */
class SpGemmTest extends PerDeviceTest {
    @TestFactory
    Stream<DynamicTest> matchesScipy() {
        return BuildFixtures.cases("spgemm.txt").stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    try (SparseMatrix a = BuildFixtures.matrix(c, "a");
                            SparseMatrix b = BuildFixtures.matrix(c, "b");
                            SparseMatrix p = a.matmul(b)) {
                        String format = c.fields().get("out_format");
                        Class<?> type = format.equals("csc") ? CscMatrix.class : CsrMatrix.class;
                        assertEquals(type, p.getClass(), c.name());
                        assertEquals(DType.INT32, ((CompressedMatrix) p).indexDtype());
                        BuildFixtures.assertCompressed(c, "out", (CompressedMatrix) p);
                        assertTrue(!a.isClosed() && !b.isClosed(), "the operands stay open");
                    }
                }));
    }

    private static double[] randomDense(SplittableRandom r, int m, int n, double density) {
        double[] a = new double[m * n];
        for (int i = 0; i < a.length; i++) if (r.nextDouble() < density) a[i] = r.nextDouble(-1, 1);
        return a;
    }

    private static double[] product(double[] a, double[] b, int m, int k, int n) {
        double[] c = new double[m * n];
        for (int i = 0; i < m; i++)
            for (int l = 0; l < k; l++) for (int j = 0; j < n; j++) c[i * n + j] += a[i * k + l] * b[l * n + j];
        return c;
    }

    @Test
    void largerRandomProductMatchesLoops() {
        SplittableRandom r = new SplittableRandom(38);
        int m = 600, k = 250, n = 300;
        double[] a = randomDense(r, m, k, 0.02), b = randomDense(r, k, n, 0.03);
        for (int j = 0; j < k; j++) a[11 * k + j] = r.nextDouble(-1, 1); // one dense row
        try (NDArray da = Nd.array(a, DType.FLOAT64, m, k);
                NDArray db = Nd.array(b, DType.FLOAT64, k, n);
                CsrMatrix sa = Nd.sparse().csrMatrix(da);
                CsrMatrix sb = Nd.sparse().csrMatrix(db);
                SparseMatrix p = sa.matmul(sb);
                NDArray d = p.toarray()) {
            double err = SparseFixtures.relativeError(d.toDoubleArray(), product(a, b, m, k, n));
            assertTrue(err < 1e-12, "relative error " + err);
            CsrMatrix c = (CsrMatrix) p;
            long[] indptr = c.indptr().toLongArray(), indices = c.indices().toLongArray();
            for (int i = 0; i < m; i++)
                for (long q = indptr[i] + 1; q < indptr[i + 1]; q++)
                    assertTrue(indices[(int) q - 1] < indices[(int) q], "row " + i + " sorted, no duplicates");
        }
    }

    @Test
    void int64IndicesAndTransposedViews() {
        try (NDArray da = Nd.array(new double[][] {{1, 0, 2}, {0, 3, 0}});
                NDArray db = Nd.array(new double[][] {{0, 1}, {4, 0}, {5, 6}});
                CsrMatrix a = Nd.sparse().csrMatrix(da);
                CsrMatrix b = Nd.sparse().csrMatrix(db);
                CsrMatrix b64 = Nd.sparse()
                        .csrMatrix(
                                b.data().copy(),
                                b.indices().astype(DType.INT64),
                                b.indptr().astype(DType.INT64),
                                b.shape())) {
            double[] ab = {10, 13, 12, 0};
            try (SparseMatrix p = a.matmul(b64);
                    NDArray d = p.toarray()) {
                assertEquals(DType.INT64, ((CsrMatrix) p).indexDtype());
                assertArrayEquals(ab, d.toDoubleArray());
            }
            // (A B)^T = B^T A^T, with both transposes CSC views: the product is CSC
            try (SparseMatrix p = b.T().matmul(a.T());
                    NDArray d = p.toarray()) {
                assertEquals(CscMatrix.class, p.getClass());
                assertArrayEquals(new double[] {10, 12, 13, 0}, d.toDoubleArray());
            }
        }
    }

    @Test
    void hostileArguments() {
        try (NDArray da = Nd.array(new double[][] {{1, 0, 2}, {0, 3, 0}});
                CsrMatrix a = Nd.sparse().csrMatrix(da)) {
            NullPointerException npe = assertThrows(NullPointerException.class, () -> a.matmul((SparseMatrix) null));
            assertTrue(npe.getMessage().contains("matmul"));
            ShapeException e = assertThrows(ShapeException.class, () -> a.matmul(a));
            for (String w : new String[] {"matmul", "dimension mismatch", "(2, 3)", "3 rows"})
                assertTrue(e.getMessage().contains(w), e.getMessage());
            CsrMatrix closed = a.copy();
            closed.close();
            assertThrows(ArrayClosedException.class, () -> a.matmul(closed.T()));
            assertThrows(ArrayClosedException.class, () -> closed.matmul(a.T()));
        }
    }
}
