package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseFixtures.Case;
import org.ndgpu.testing.PerDeviceTest;

/**
 * SciPy's indexing beyond rows (make_sparse_index_fixtures.py), on each tested device: {@code A[i, j]},
 * column slices and picks, boolean row and column masks and {@code A[np.ix_(rows, cols)]}, on CSR and
 * CSC forms of random patterns with empty rows, one dense row, duplicates, unsorted columns,
 * explicit zeros, and matrices without rows or columns. Then the refusals.
 */
class SparseIndexTest extends PerDeviceTest {

    private static CompressedMatrix build(Case c) {
        CsrMatrix csr = (CsrMatrix) c.build();
        if (c.fields().get("fmt").equals("csr")) return csr;
        try (csr) {
            return csr.tocsc();
        }
    }

    private static NDArray longs(Case c, String key) {
        long[] v = c.longs(key);
        return Nd.array(v, DType.INT64, v.length);
    }

    private static NDArray mask(Case c) {
        long[] v = c.longs("mask");
        boolean[] b = new boolean[v.length];
        for (int i = 0; i < v.length; i++) b[i] = v[i] != 0;
        return Nd.array(b);
    }

    private static SparseMatrix run(Case c, CompressedMatrix a) {
        boolean csr = a instanceof CsrMatrix;
        return switch (c.fields().get("test")) {
            case "colslice" -> {
                long[] s = c.longs("slice");
                yield csr ? ((CsrMatrix) a).columns(s[0], s[1], s[2]) : ((CscMatrix) a).columns(s[0], s[1], s[2]);
            }
            case "colpick" -> {
                try (NDArray idx = longs(c, "idx")) {
                    yield csr ? ((CsrMatrix) a).columns(idx) : ((CscMatrix) a).columns(idx);
                }
            }
            case "colmask" -> {
                try (NDArray m = mask(c)) {
                    yield csr ? ((CsrMatrix) a).columns(m) : ((CscMatrix) a).columns(m);
                }
            }
            case "rowmask" -> {
                try (NDArray m = mask(c)) {
                    yield csr ? ((CsrMatrix) a).rows(m) : ((CscMatrix) a).rows(m);
                }
            }
            case "ix" -> {
                try (NDArray r = longs(c, "rows");
                        NDArray k = longs(c, "cols")) {
                    yield csr ? ((CsrMatrix) a).ix(r, k) : ((CscMatrix) a).ix(r, k);
                }
            }
            default -> throw new IllegalArgumentException(c.fields().get("test"));
        };
    }

    @TestFactory
    Stream<DynamicTest> indexingGivesScipysResult() {
        return SparseFixtures.load("index.txt").stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    try (CompressedMatrix a = build(c)) {
                        if (c.fields().get("test").equals("get")) {
                            long[] p = c.longs("pairs");
                            double[] expected = c.doubles("values"), got = new double[p.length / 2];
                            for (int k = 0; k < got.length; k++) {
                                try (NDArray v = a.get(p[2 * k], p[2 * k + 1])) {
                                    assertEquals(0, v.ndim());
                                    assertEquals(c.dtype(), v.dtype());
                                    got[k] = v.doubleValue();
                                }
                            }
                            assertTrue(
                                    SparseFixtures.relativeError(got, expected) <= SparseFixtures.tolerance(c.dtype()),
                                    Arrays.toString(got) + " vs " + Arrays.toString(expected));
                            return;
                        }
                        try (SparseMatrix r = run(c, a);
                                NDArray d = r.toarray()) {
                            assertEquals(
                                    c.fields().get("out_format"), r instanceof CsrMatrix ? "csr" : "csc", "format");
                            assertEquals(c.dtype(), r.dtype());
                            assertArrayEquals(c.longs("out_shape"), r.shape(), "shape");
                            double err = SparseFixtures.relativeError(d.toDoubleArray(), c.doubles("out"));
                            assertTrue(err <= SparseFixtures.tolerance(c.dtype()), "differs from SciPy's by " + err);
                            assertTrue(!a.isClosed(), "A stays open");
                        }
                    }
                }));
    }

    @Test
    void omittedBoundsReverseTheColumns() {
        try (NDArray d = Nd.array(new double[][] {{1, 0, 2}, {0, 3, 0}});
                CsrMatrix a = Nd.sparse().csrMatrix(d);
                CsrMatrix r = a.columns(Long.MAX_VALUE, Long.MIN_VALUE, -1);
                NDArray out = r.toarray()) {
            assertArrayEquals(new double[] {2, 0, 1, 0, 3, 0}, out.toDoubleArray());
        }
    }

    private static void refused(Class<? extends NdException> type, Executable call, String... words) {
        NdException e = assertThrows(type, call);
        for (String w : words)
            assertTrue(e.getMessage().contains(w), "'" + e.getMessage() + "' does not name '" + w + "'");
    }

    @Test
    void refusals() {
        try (NDArray d = Nd.array(new double[][] {{1, 0, 2}, {0, 3, 0}});
                CsrMatrix a = Nd.sparse().csrMatrix(d);
                CscMatrix c = a.tocsc();
                NDArray far = Nd.array(new long[] {0, 3}, DType.INT64, 2);
                NDArray floats = Nd.array(new double[] {0, 1});
                NDArray shortMask = Nd.array(new boolean[] {true, false});
                NDArray twoD = Nd.zeros(DType.INT64, 1, 2)) {
            refused(IndexException.class, () -> a.get(2, 0), "get", "row index 2", "2 rows");
            refused(IndexException.class, () -> a.get(0, -4), "get", "column index -4", "3 columns");
            refused(IndexException.class, () -> c.get(0, 3), "get", "column index 3");
            refused(IndexException.class, () -> a.columns(far), "columns", "index[1] = 3", "3 columns");
            refused(IndexException.class, () -> c.columns(far), "columns", "index[1] = 3", "3 columns");
            refused(DTypeException.class, () -> a.columns(floats), "columns", "integer or boolean", "float64");
            refused(IndexException.class, () -> a.columns(shortMask), "columns", "(3,)", "(2,)");
            refused(IndexException.class, () -> a.rows(Nd.array(new boolean[] {true})), "rows", "(2,)", "(1,)");
            refused(ShapeException.class, () -> a.columns(twoD), "columns", "1-d");
            refused(NdException.class, () -> a.columns(0, 3, 0), "columns", "step");
            assertThrows(NullPointerException.class, () -> a.columns(null));
        }
        NDArray d = Nd.eye(2);
        CsrMatrix closed = Nd.sparse().csrMatrix(d);
        closed.close();
        refused(ArrayClosedException.class, () -> closed.get(0, 0), "get");
        refused(ArrayClosedException.class, () -> closed.columns(0, 1), "columns");
    }
}
