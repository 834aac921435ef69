package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Hostile arguments to the constructors and the products: each is an NdException of the expected
 * kind whose message names the operation, what was expected and what was given; never a crash or
 * a silent result.
 */
class SparseHostileTest extends PerDeviceTest {
    private static final long[] SHAPE = {3, 4};

    private static NDArray f64(double... v) {
        return Nd.array(v, DType.FLOAT64, v.length);
    }

    private static NDArray i32(int... v) {
        return Nd.array(v, DType.INT32, v.length);
    }

    private static void refused(Class<? extends NdException> type, Executable call, String... words) {
        NdException e = assertThrows(type, call);
        for (String w : words)
            assertTrue(e.getMessage().contains(w), "'" + e.getMessage() + "' does not name '" + w + "'");
    }

    private static CsrMatrix csr(NDArray data, NDArray indices, NDArray indptr) {
        return Nd.sparse().csrMatrix(data, indices, indptr, SHAPE);
    }

    @Test
    void indptrNotMonotone() {
        refused(
                NdException.class,
                () -> csr(f64(1, 2, 3), i32(0, 1, 2), i32(0, 2, 1, 3)),
                "csrMatrix",
                "indptr must not decrease",
                "indptr[2] = 1",
                "indptr[1] = 2");
    }

    @Test
    void indptrNotFromZeroOrNotToNnz() {
        refused(
                NdException.class,
                () -> csr(f64(1, 2, 3), i32(0, 1, 2), i32(1, 2, 3, 3)),
                "csrMatrix",
                "indptr[0] must be 0, got 1");
        refused(
                NdException.class,
                () -> csr(f64(1, 2, 3), i32(0, 1, 2), i32(0, 1, 2, 2)),
                "csrMatrix",
                "indptr[3] must equal the number of stored entries (3), got 2");
    }

    @Test
    void indptrOfTheWrongLength() {
        refused(
                ShapeException.class,
                () -> csr(f64(1, 2, 3), i32(0, 1, 2), i32(0, 3)),
                "csrMatrix",
                "indptr must have shape[0] + 1 = 4 entries, got 2");
    }

    @Test
    void indexOutOfRange() {
        refused(
                IndexException.class,
                () -> csr(f64(1, 2, 3), i32(0, 4, 2), i32(0, 1, 2, 3)),
                "csrMatrix",
                "indices[1] = 4 is out of range for 4 columns");
        refused(IndexException.class, () -> csr(f64(1, 2, 3), i32(0, -1, 2), i32(0, 1, 2, 3)), "indices[1] = -1");
        refused(
                IndexException.class,
                () -> Nd.sparse().cooMatrix(f64(1, 2), i32(0, 3), i32(0, 1), SHAPE),
                "cooMatrix",
                "row[1] = 3 is out of range for 3 rows");
    }

    @Test
    void mismatchedSizesAndShapes() {
        refused(
                ShapeException.class,
                () -> csr(f64(1, 2), i32(0, 1, 2), i32(0, 1, 2, 3)),
                "csrMatrix",
                "indices must have as many entries as data (2), got 3");
        refused(
                ShapeException.class,
                () -> Nd.sparse().csrMatrix(f64(1), i32(0), i32(0, 1), new long[] {1}),
                "csrMatrix",
                "shape must have 2 dimensions, got 1");
        refused(ShapeException.class, () -> Nd.sparse().csrMatrix(f64(1, 2, 3)), "csrMatrix", "must be 2-d, got 1-d");
        try (CsrMatrix a = csr(f64(1, 2, 3), i32(0, 1, 2), i32(0, 1, 2, 3))) {
            refused(
                    ShapeException.class,
                    () -> a.matmul(f64(1, 2, 3)),
                    "matmul",
                    "(3, 4)",
                    "(3,)",
                    "x must have shape (4,) or (4, p)");
            refused(ShapeException.class, () -> a.matmul(Nd.zeros(5, 2)), "matmul", "(5, 2)");
            refused(ShapeException.class, () -> a.sum(2), "sum", "axis 2");
        }
    }

    @Test
    void wrongDtypes() {
        refused(
                DTypeException.class,
                () -> csr(i32(1, 2, 3), i32(0, 1, 2), i32(0, 1, 2, 3)),
                "csrMatrix",
                "data must be float32 or float64, got int32");
        refused(
                DTypeException.class,
                () -> csr(f64(1, 2, 3), f64(0, 1, 2), i32(0, 1, 2, 3)),
                "csrMatrix",
                "indices must be int32 or int64, got float64");
        refused(
                DTypeException.class,
                () -> csr(f64(1, 2, 3), i32(0, 1, 2), Nd.array(new long[] {0, 1, 2, 3}, DType.INT64, 4)),
                "csrMatrix",
                "indptr and indices must have one index dtype, got int64 and int32");
        try (CsrMatrix a = csr(f64(1, 2, 3), i32(0, 1, 2), i32(0, 1, 2, 3))) {
            refused(
                    DTypeException.class,
                    () -> a.matmul(i32(1, 2, 3, 4)),
                    "matmul",
                    "x must be float32 or float64, got int32");
        }
    }

    @Test
    void closedArraysAndMatrices() {
        NDArray data = f64(1, 2, 3);
        data.close();
        refused(ArrayClosedException.class, () -> csr(data, i32(0, 1, 2), i32(0, 1, 2, 3)), "csrMatrix");
        CsrMatrix a = csr(f64(1, 2, 3), i32(0, 1, 2), i32(0, 1, 2, 3));
        CscMatrix t = a.T();
        a.close();
        assertTrue(a.isClosed());
        assertTrue(t.isClosed());
        refused(ArrayClosedException.class, () -> a.matmul(f64(1, 2, 3, 4)), "matmul");
        refused(ArrayClosedException.class, a::toarray, "toarray");
        refused(ArrayClosedException.class, t::tocsr, "tocsr");
        refused(ArrayClosedException.class, () -> a.sum(0), "sum");
        a.close(); // idempotent
    }

    @Test
    void aViewReleasesNothing() {
        try (CsrMatrix a = csr(f64(1, 2, 3), i32(0, 1, 2), i32(0, 1, 2, 3))) {
            a.T().close();
            assertEquals(3, a.data().size());
            try (NDArray d = a.toarray()) {
                assertEquals(3.0, d.toDoubleArray()[2 * 4 + 2]);
            }
        }
    }

    @Test
    void eyeRefusesWhatScipyRefuses() {
        refused(
                ShapeException.class,
                () -> Nd.sparse().eye(-1, 3, 0, DType.FLOAT64),
                "eye",
                "shape must not be negative");
        refused(
                DTypeException.class,
                () -> Nd.sparse().eye(3, 3, 0, DType.INT32),
                "eye",
                "dtype must be float32 or float64");
        assertThrows(NullPointerException.class, () -> Nd.sparse().identity(3, null));
    }

    @Test
    void nullsNameTheParameter() {
        NullPointerException e =
                assertThrows(NullPointerException.class, () -> Nd.sparse().csrMatrix(null, i32(0), i32(0, 1), SHAPE));
        assertEquals("csrMatrix: data is null", e.getMessage());
    }
}
