package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Hostile and edge arguments to the operations on a matrix: each refusal an NdException (or, for
 * null, a NullPointerException naming the parameter, as the constructors') whose message names the
 * operation, what was expected and what was given; empty matrices and int64 indices give results.
 */
class SparseOpsHostileTest extends PerDeviceTest {
    private static void refused(Class<? extends RuntimeException> type, Executable call, String... words) {
        RuntimeException e = assertThrows(type, call);
        for (String w : words)
            assertTrue(e.getMessage().contains(w), "'" + e.getMessage() + "' does not name '" + w + "'");
    }

    private static CsrMatrix a34() {
        try (NDArray d = Nd.array(new double[][] {{1, 0, 2, 0}, {0, 0, 0, 0}, {3, -4, 0, 5}})) {
            return Nd.sparse().csrMatrix(d);
        }
    }

    private static CsrMatrix empty(long m, long n) {
        try (NDArray d = Nd.array(new double[(int) (m * n)], DType.FLOAT64, m, n)) {
            return Nd.sparse().csrMatrix(d);
        }
    }

    @Test
    void arithmeticOfOtherShapes() {
        try (CsrMatrix a = a34();
                CscMatrix t = a.T()) {
            refused(ShapeException.class, () -> a.add(t), "add", "inconsistent shapes", "(3, 4)", "(4, 3)");
            refused(ShapeException.class, () -> a.sub(t), "sub", "(3, 4)", "(4, 3)");
            refused(ShapeException.class, () -> a.multiply(t), "multiply", "(3, 4)", "(4, 3)", "broadcast");
            refused(NullPointerException.class, () -> a.add((SparseMatrix) null), "add: other is null");
        }
    }

    @Test
    void denseOperandsThatDoNotBroadcast() {
        try (CsrMatrix a = a34();
                NDArray d22 = Nd.zeros(2, 2);
                NDArray d3 = Nd.zeros(2, 3, 4);
                NDArray z = Nd.array(new int[] {1, 2, 3, 4}, DType.INT32, 4)) {
            refused(ShapeException.class, () -> a.multiply(d22), "multiply", "inconsistent shapes", "(3, 4)", "(2, 2)");
            refused(ShapeException.class, () -> a.multiply(d3), "multiply", "at most 2 dimensions", "(2, 3, 4)");
            refused(NullPointerException.class, () -> a.multiply((NDArray) null), "multiply: other is null");
            // an integer row promotes as NumPy's: float64
            try (CooMatrix p = a.multiply(z);
                    NDArray dense = p.toarray()) {
                assertEquals(DType.FLOAT64, p.dtype());
                assertArrayEquals(new double[] {1, 0, 6, 0, 0, 0, 0, 0, 3, -8, 0, 20}, dense.toDoubleArray());
            }
        }
    }

    @Test
    void complexOrZeroDimensionalOperands() {
        try (CsrMatrix a = a34();
                NDArray c = Nd.zeros(DType.COMPLEX128, 3, 4);
                NDArray cv = Nd.zeros(DType.COMPLEX64, 3);
                NDArray two = Nd.full(2.0, DType.FLOAT32);
                CooMatrix p = a.multiply(two);
                NDArray dense = p.toarray()) {
            refused(DTypeException.class, () -> a.multiply(c), "multiply", "real", "complex128");
            refused(DTypeException.class, () -> a.setdiag(cv, 0), "setdiag", "real", "complex64");
            // a 0-d float32 operand keeps float64 values float64 and scales every stored entry
            assertEquals(DType.FLOAT64, p.dtype());
            assertEquals(a.nnz(), p.nnz());
            assertArrayEquals(new double[] {2, 0, 4, 0, 0, 0, 0, 0, 6, -8, 0, 10}, dense.toDoubleArray());
        }
    }

    @Test
    void zeroPowerAndClosedMatrices() {
        CsrMatrix a = a34();
        refused(NdException.class, () -> a.power(0), "power", "zero power", "n = 0");
        refused(NullPointerException.class, () -> a.power(null), "power: n is null");
        a.close();
        refused(ArrayClosedException.class, a::sumDuplicates, "sumDuplicates");
        refused(ArrayClosedException.class, a::hasCanonicalFormat, "hasCanonicalFormat");
        refused(ArrayClosedException.class, a::sqrt, "sqrt");
        refused(ArrayClosedException.class, a::max, "max");
        refused(ArrayClosedException.class, () -> a.rows(0, 1), "rows");
        refused(ArrayClosedException.class, () -> a.diagonal(0), "diagonal");
    }

    @Test
    void reductionsOverNothingOrABadAxis() {
        try (CsrMatrix a = a34();
                CsrMatrix e = empty(0, 3)) {
            refused(ShapeException.class, e::max, "max", "zero-size", "(0, 3)");
            refused(ShapeException.class, () -> e.min(0), "min", "zero-size", "axis 0");
            refused(AxisException.class, () -> a.max(2), "max", "axis 2", "2 dimensions");
            refused(AxisException.class, () -> a.mean(-3), "mean", "axis -3");
            try (NDArray mx = e.max(1)) {
                assertArrayEquals(new long[] {0, 1}, mx.shape());
            }
        }
    }

    @Test
    void diagonalsOutsideTheMatrix() {
        try (CsrMatrix a = a34();
                NDArray v2 = Nd.zeros(2, 2)) {
            refused(IndexException.class, () -> a.setdiag(1.0, 4), "setdiag", "k = 4", "(3, 4)");
            refused(IndexException.class, () -> a.setdiag(1.0, -3), "setdiag", "k = -3");
            refused(ShapeException.class, () -> a.setdiag(v2, 0), "setdiag", "values must be 1-d", "(2, 2)");
            refused(NullPointerException.class, () -> a.setdiag((NDArray) null), "setdiag: values is null");
            try (NDArray d = a.diagonal(7)) {
                assertEquals(0, d.size());
            }
        }
    }

    @Test
    void rowIndicesOutOfRangeOrNotIntegers() {
        try (CsrMatrix a = a34();
                NDArray far = Nd.array(new long[] {0, 7}, DType.INT64, 2);
                NDArray neg = Nd.array(new int[] {-4}, DType.INT32, 1);
                NDArray real = Nd.array(new double[] {0, 1}, DType.FLOAT64, 2);
                NDArray twoD = Nd.array(new long[] {0, 1}, DType.INT64, 1, 2)) {
            refused(IndexException.class, () -> a.rows(far), "rows", "index[1] = 7", "3 rows");
            refused(IndexException.class, () -> a.rows(neg), "rows", "index[0] = -4");
            refused(DTypeException.class, () -> a.rows(real), "rows", "integer", "float64");
            refused(ShapeException.class, () -> a.rows(twoD), "rows", "1-d", "(1, 2)");
            refused(NullPointerException.class, () -> a.rows((NDArray) null), "rows: index is null");
            refused(NdException.class, () -> a.rows(0, 3, 0), "rows", "step must not be zero");
        }
    }

    @Test
    void emptyMatricesGiveEmptyResults() {
        try (CsrMatrix e = empty(0, 0);
                CsrMatrix e2 = empty(3, 0);
                CsrMatrix sum = e.add(e);
                CsrMatrix sd = e2.sumDuplicates();
                CsrMatrix ez = e2.eliminateZeros();
                CsrMatrix r = e2.rows(0, 2);
                NDArray d = e.diagonal()) {
            assertEquals(0, sum.nnz());
            assertEquals(0, sd.nnz());
            assertEquals(0, ez.nnz());
            assertTrue(e2.hasCanonicalFormat());
            assertArrayEquals(new long[] {2, 0}, r.shape());
            assertEquals(0, d.size());
        }
    }

    @Test
    void int64IndicesMeetInt32() {
        try (CsrMatrix a = a34();
                CsrMatrix wide = Nd.sparse()
                        .csrMatrix(
                                a.data().copy(),
                                a.indices().astype(DType.INT64),
                                a.indptr().astype(DType.INT64),
                                a.shape());
                CsrMatrix f32 = a.astype(DType.FLOAT32);
                CsrMatrix sum = wide.add(f32);
                NDArray dense = sum.toarray()) {
            assertEquals(DType.INT64, sum.indexDtype());
            assertEquals(DType.FLOAT64, sum.dtype());
            assertArrayEquals(new double[] {2, 0, 4, 0, 0, 0, 0, 0, 6, -8, 0, 10}, dense.toDoubleArray());
            try (CsrMatrix rows = wide.rows(1, 3);
                    NDArray d = wide.diagonal(1)) {
                assertEquals(3, rows.nnz());
                assertArrayEquals(new double[] {0, 0, 5}, d.toDoubleArray());
            }
        }
    }
}
