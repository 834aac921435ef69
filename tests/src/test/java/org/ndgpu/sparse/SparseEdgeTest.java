package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * What the fixtures leave out, against plain Java loops: int64 indices, matrices with no rows or
 * no columns, strided and offset views as inputs, mixed float32 and float64 operands, and the
 * arrays a matrix holds.
 */
class SparseEdgeTest extends PerDeviceTest {
    /** y = A x by a plain loop over a dense row-major A. */
    private static double[] spmv(double[] a, int m, int n, double[] x) {
        double[] y = new double[m];
        for (int i = 0; i < m; i++) for (int j = 0; j < n; j++) y[i] += a[i * n + j] * x[j];
        return y;
    }

    private static double[] randomSparse(int m, int n, double density, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] a = new double[m * n];
        for (int i = 0; i < a.length; i++) if (r.nextDouble() < density) a[i] = r.nextDouble(-1, 1);
        return a;
    }

    @Test
    void theGuidesExample() {
        // docs/sparse.md's first example, as written there
        try (NDArray dense = Nd.array(new double[][] {{1, 0, 2, 0}, {0, 0, 0, 0}, {3, 4, 0, 5}});
                CsrMatrix a = Nd.sparse().csrMatrix(dense)) {
            assertEquals(
                    "<Compressed Sparse Row sparse matrix of dtype 'float64'\n\twith 5 stored elements and shape (3, 4)>",
                    a.toString());
            assertArrayEquals(new double[] {3, 0, 12}, a.matmul(Nd.ones(4)).toDoubleArray());
            assertArrayEquals(
                    new double[] {4, 4, 2, 5}, a.T().matmul(Nd.ones(3)).toDoubleArray());
            NDArray rows = a.sum(1);
            assertArrayEquals(new long[] {3, 1}, rows.shape());
            assertArrayEquals(new double[] {3, 0, 12}, rows.toDoubleArray());
        }
    }

    /**
     * A matrix made from a dense one is known to be canonical; once its indices are handed out (by the
     * matrix or by a T() view over its arrays) a write through them is seen by what relies on that
     * knowledge: power sums the repeated entries first, as SciPy's {@code _deduped_data}.
     */
    @Test
    void writingHandedOutIndicesIsSeen() {
        for (boolean throughView : new boolean[] {false, true}) {
            try (NDArray dense = Nd.array(new double[][] {{1, 0, 2}, {0, 3, 0}});
                    CsrMatrix a = Nd.sparse().csrMatrix(dense)) {
                try (SparseMatrix p = a.power(2);
                        NDArray d = p.toarray()) {
                    assertArrayEquals(new double[] {1, 0, 4, 0, 9, 0}, d.toDoubleArray());
                }
                NDArray idx = throughView ? a.T().indices() : a.indices();
                idx.set("1", 0); // row 0 stores column 0 twice: 1 and 2
                try (SparseMatrix p = a.power(2);
                        NDArray d = p.toarray()) {
                    assertArrayEquals(new double[] {9, 0, 0, 0, 9, 0}, d.toDoubleArray(), "view " + throughView);
                }
            }
        }
    }

    @Test
    void eyeAndIdentityAsScipysCsr() {
        // scipy.sparse.eye(3, 4, k=-1, format='csr').indptr is [0 0 1 2]
        try (CsrMatrix a = Nd.sparse().eye(3, 4, -1, DType.FLOAT64)) {
            assertArrayEquals(new long[] {0, 0, 1, 2}, a.indptr().toLongArray());
            assertArrayEquals(new long[] {0, 1}, a.indices().toLongArray());
        }
        long[][] shapes = {{3, 4}, {5, 2}, {4, 4}, {0, 3}, {3, 0}, {1, 1}};
        for (long[] s : shapes) {
            int m = (int) s[0], n = (int) s[1];
            for (long k = -6; k <= 6; k++) {
                try (CsrMatrix a = Nd.sparse().eye(m, n, k, DType.FLOAT32);
                        NDArray d = a.toarray()) {
                    double[] want = new double[m * n];
                    int nnz = 0;
                    for (int i = 0; i < m; i++) {
                        long j = i + k;
                        if (j >= 0 && j < n) {
                            want[i * n + (int) j] = 1;
                            nnz++;
                        }
                    }
                    assertEquals(DType.FLOAT32, a.dtype());
                    assertEquals(nnz, a.nnz(), "eye(" + m + ", " + n + ", " + k + ")");
                    assertArrayEquals(want, d.toDoubleArray(), "eye(" + m + ", " + n + ", " + k + ")");
                }
            }
        }
        for (long k : new long[] {Long.MIN_VALUE, Long.MAX_VALUE, -3, 3}) {
            try (CsrMatrix a = Nd.sparse().eye(3, 3, k, DType.FLOAT64)) {
                assertEquals(0, a.nnz());
            }
        }
        try (CsrMatrix i = Nd.sparse().identity(5, DType.FLOAT64);
                NDArray x = Nd.arange(0.0, 5.0, 1.0)) {
            assertEquals(
                    "<Compressed Sparse Row sparse matrix of dtype 'float64'\n\twith 5 stored elements and shape (5, 5)>",
                    i.toString());
            assertArrayEquals(new double[] {0, 1, 2, 3, 4}, i.matmul(x).toDoubleArray());
        }
    }

    @Test
    void int64IndicesRunTheLongKernels() {
        // CSR of [[0, 2, 0], [1, 0, 3]] with int64 indices, and its products and conversions
        try (CsrMatrix a = Nd.sparse()
                        .csrMatrix(
                                Nd.array(new double[] {2, 1, 3}, DType.FLOAT64, 3),
                                Nd.array(new long[] {1, 0, 2}, DType.INT64, 3),
                                Nd.array(new long[] {0, 1, 3}, DType.INT64, 3),
                                new long[] {2, 3});
                NDArray x = Nd.array(new double[] {1, 10, 100}, DType.FLOAT64, 3);
                CscMatrix c = a.tocsc()) {
            assertEquals(DType.INT64, a.indexDtype());
            assertArrayEquals(new double[] {20, 301}, a.matmul(x).toDoubleArray());
            assertArrayEquals(new double[] {0, 2, 0, 1, 0, 3}, a.toarray().toDoubleArray());
            assertEquals(DType.INT64, c.indexDtype());
            assertArrayEquals(new long[] {0, 1, 2, 3}, c.indptr().toLongArray());
            assertArrayEquals(new long[] {1, 0, 1}, c.indices().toLongArray());
            assertArrayEquals(new double[] {0, 2, 0, 1, 0, 3}, c.toarray().toDoubleArray());
            assertArrayEquals(new double[] {1, 2, 3}, a.sum(0).toDoubleArray());
        }
    }

    @Test
    void noRowsOrNoColumns() {
        for (long[] shape : new long[][] {{0, 3}, {3, 0}, {0, 0}}) {
            try (NDArray d = Nd.zeros(DType.FLOAT32, shape);
                    CsrMatrix a = Nd.sparse().csrMatrix(d);
                    NDArray x = Nd.ones(DType.FLOAT32, shape[1])) {
                assertEquals(0, a.nnz());
                assertArrayEquals(shape, a.toarray().shape());
                NDArray y = a.matmul(x);
                assertArrayEquals(new long[] {shape[0]}, y.shape());
                for (double v : y.toDoubleArray()) assertEquals(0, v);
                assertArrayEquals(
                        new long[] {shape[1], shape[0]}, a.T().toarray().shape());
                assertEquals(
                        "<Compressed Sparse Row sparse matrix of dtype 'float32'\n\twith 0 stored elements and shape ("
                                + shape[0] + ", " + shape[1] + ")>",
                        a.toString());
            }
        }
    }

    @Test
    void viewsAsInputs() {
        int m = 37, n = 23;
        double[] dense = randomSparse(m, n, 0.2, 7);
        double[] xs = randomSparse(1, 2 * n, 1, 8);
        try (NDArray base = Nd.array(dense, DType.FLOAT64, n, m);
                NDArray at = base.T(); // F-ordered (m, n) view: csrMatrix copies it
                NDArray xbase = Nd.array(xs, DType.FLOAT64, 2L * n);
                NDArray x = xbase.get("::2");
                CsrMatrix a = Nd.sparse().csrMatrix(at)) {
            double[] atDense = new double[m * n];
            for (int i = 0; i < m; i++) for (int j = 0; j < n; j++) atDense[i * n + j] = dense[j * m + i];
            double[] xv = new double[n];
            for (int j = 0; j < n; j++) xv[j] = xs[2 * j];
            assertArrayEquals(spmv(atDense, m, n, xv), a.matmul(x).toDoubleArray(), 1e-12);
            assertArrayEquals(atDense, a.toarray().toDoubleArray());
        }
    }

    @Test
    void float32MatrixTimesFloat64VectorIsFloat64() {
        int m = 50, n = 40;
        double[] dense = randomSparse(m, n, 0.1, 3);
        double[] x = randomSparse(1, n, 1, 4);
        try (NDArray d = Nd.array(dense, DType.FLOAT32, m, n);
                CsrMatrix a = Nd.sparse().csrMatrix(d);
                NDArray xv = Nd.array(x, DType.FLOAT64, n)) {
            NDArray y = a.matmul(xv);
            assertEquals(DType.FLOAT64, y.dtype());
            double[] a32 = new double[dense.length];
            for (int i = 0; i < a32.length; i++) a32[i] = (float) dense[i];
            assertArrayEquals(spmv(a32, m, n, x), y.toDoubleArray(), 1e-12);
            assertEquals(DType.FLOAT32, a.dtype());
        }
    }

    @Test
    void aMatrixHoldsItsArraysAndAViewCopies() {
        NDArray data = Nd.array(new double[] {1, 2}, DType.FLOAT64, 2);
        NDArray indices = Nd.array(new int[] {0, 1}, DType.INT32, 2);
        NDArray indptr = Nd.array(new int[] {0, 1, 2}, DType.INT32, 3);
        CsrMatrix a = Nd.sparse().csrMatrix(data, indices, indptr, new long[] {2, 2});
        assertTrue(a.data() == data, "held as given, as SciPy shares it");
        a.close();
        assertTrue(data.isClosed() && indices.isClosed() && indptr.isClosed());

        try (NDArray wide = Nd.array(new double[] {1, 9, 2, 9}, DType.FLOAT64, 4);
                NDArray strided = wide.get("::2")) {
            CsrMatrix b = Nd.sparse()
                    .csrMatrix(
                            strided,
                            Nd.array(new int[] {0, 1}, DType.INT32, 2),
                            Nd.array(new int[] {0, 1, 2}, DType.INT32, 3),
                            new long[] {2, 2});
            try (NDArray d = b.toarray()) {
                assertArrayEquals(new double[] {1, 0, 0, 2}, d.toDoubleArray());
            }
            b.close();
            assertFalse(strided.isClosed(), "the matrix held a copy of the strided view, not the view");
        }
    }

    @Test
    void largerRandomAgainstLoops() {
        int m = 1000, n = 300;
        double[] dense = randomSparse(m, n, 0.02, 11);
        for (int j = 0; j < n; j++) dense[500 * n + j] = j; // one dense row
        double[] x = randomSparse(1, n, 1, 12);
        try (NDArray d = Nd.array(dense, DType.FLOAT64, m, n);
                CsrMatrix a = Nd.sparse().csrMatrix(d);
                NDArray xv = Nd.array(x, DType.FLOAT64, n)) {
            assertArrayEquals(spmv(dense, m, n, x), a.matmul(xv).toDoubleArray(), 1e-9);
            double[] t = new double[n * m];
            for (int i = 0; i < m; i++) for (int j = 0; j < n; j++) t[j * m + i] = dense[i * n + j];
            double[] ones = new double[m];
            java.util.Arrays.fill(ones, 1);
            try (NDArray o = Nd.ones(DType.FLOAT64, m)) {
                assertArrayEquals(spmv(t, n, m, ones), a.T().matmul(o).toDoubleArray(), 1e-9);
            }
        }
    }
}
