package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseFixtures.Case;
import org.ndgpu.sparse.linalg.SparseLinalg;
import org.ndgpu.testing.PerDeviceTest;

/**
 * spsolve, spsolveTriangular and factorized against SciPy 1.17 (make_sparse_solve_fixtures.py), on
 * each tested device: CSR with unsorted rows and COO with duplicates and explicit zeros, matrices
 * LU must pivot on, one dense row, b a vector, one column or several, integer b; x's values,
 * dtype and shape as SciPy's. Then the refusals.
 */
class SparseSolveTest extends PerDeviceTest {
    private static final SparseLinalg LIN = Nd.sparse().linalg();

    static List<Case> cases(String test) {
        return SparseFixtures.load("solve.txt").stream()
                .filter(c -> c.fields().get("test").equals(test))
                .toList();
    }

    private static NDArray b(Case c) {
        DType t = DType.of(c.fields().get("bdtype"));
        if (t.isComplex()) return SparseComplexTest.complexArray(c.doubles("b"), t, c.longs("bshape"));
        return Nd.array(c.doubles("b"), t, c.longs("bshape"));
    }

    /** The case's matrix; a complex one's data are re im pairs. */
    private static SparseMatrix matrix(Case c) {
        if (!c.dtype().isComplex()) return c.build();
        int nnz = c.ints("indices").length;
        return Nd.sparse()
                .csrMatrix(
                        SparseComplexTest.complexArray(c.doubles("data"), c.dtype(), nnz),
                        c.index("indices"),
                        c.index("indptr"),
                        c.shape());
    }

    private static void matches(Case c, NDArray x) {
        DType t = DType.of(c.fields().get("xdtype"));
        assertEquals(t, x.dtype(), "dtype");
        assertArrayEquals(c.longs("xshape"), x.shape(), "shape");
        double err = SparseFixtures.relativeError(
                t.isComplex() ? SparseComplexTest.pairs(x) : x.toDoubleArray(), c.doubles("x"));
        // SciPy solves float32 in float32 (SuperLU's sgstrf), ndgpu in float64 then rounds
        double tol = t == DType.FLOAT32 || t == DType.COMPLEX64 ? 2e-4 : 1e-10;
        assertTrue(err <= tol, "x differs from SciPy's by " + err);
    }

    @TestFactory
    Stream<DynamicTest> spsolveGivesScipysX() {
        return cases("spsolve").stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    try (SparseMatrix a = matrix(c);
                            NDArray b = b(c);
                            NDArray x = LIN.spsolve(a, b)) {
                        matches(c, x);
                        assertTrue(!a.isClosed() && !b.isClosed(), "A and b stay open");
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> factorizedSolvesAsSpsolve() {
        return cases("spsolve").stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    UnaryOperator<NDArray> solve;
                    try (SparseMatrix a = matrix(c)) {
                        solve = LIN.factorized(a);
                    }
                    try (NDArray b = b(c);
                            NDArray x = solve.apply(b);
                            NDArray again = solve.apply(b)) {
                        matches(c, x);
                        matches(c, again);
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> spsolveTriangularGivesScipysX() {
        return cases("triangular").stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    boolean lower = c.ints("lower")[0] == 1, unit = c.ints("unit")[0] == 1;
                    try (SparseMatrix a = matrix(c);
                            NDArray b = b(c);
                            NDArray x = LIN.spsolveTriangular(a, b, lower, unit)) {
                        matches(c, x);
                    }
                }));
    }

    @Test
    void triangularDefaultIsLowerAndCscWorks() {
        try (NDArray d = Nd.array(new double[][] {{2, 0, 0}, {1, 4, 0}, {0.5, -1, 8}});
                CscMatrix a = Nd.sparse().cscMatrix(d);
                NDArray b = Nd.array(new double[] {2, 9, 6.5});
                NDArray x = LIN.spsolveTriangular(a, b)) {
            assertArrayEquals(new double[] {1, 2, 1}, x.toDoubleArray(), 1e-14);
        }
    }

    @Test
    void emptyMatrixGivesEmptyX() {
        try (NDArray d = Nd.zeros(0, 0);
                CsrMatrix a = Nd.sparse().csrMatrix(d);
                NDArray b = Nd.zeros(0);
                NDArray x = LIN.spsolve(a, b)) {
            assertArrayEquals(new long[] {0}, x.shape());
        }
    }

    private static void refused(Class<? extends NdException> type, Executable call, String... words) {
        NdException e = assertThrows(type, call);
        for (String w : words)
            assertTrue(e.getMessage().contains(w), "'" + e.getMessage() + "' does not name '" + w + "'");
    }

    @Test
    void refusals() {
        try (NDArray sing = Nd.array(new double[][] {{1, 2}, {2, 4}});
                CsrMatrix s = Nd.sparse().csrMatrix(sing);
                NDArray zeroCol = Nd.array(new double[][] {{0, 1}, {0, 1}});
                CsrMatrix z = Nd.sparse().csrMatrix(zeroCol);
                NDArray rect = Nd.ones(2, 3);
                CsrMatrix r = Nd.sparse().csrMatrix(rect);
                NDArray eye = Nd.eye(2);
                CsrMatrix e = Nd.sparse().csrMatrix(eye);
                NDArray b2 = Nd.ones(2);
                NDArray b3 = Nd.ones(3);
                NDArray b3d = Nd.ones(2, 1, 1);
                NDArray nan = Nd.array(new double[] {1, Double.NaN});
                NDArray cplx = Nd.ones(2).astype(DType.COMPLEX128)) {
            refused(LinAlgException.class, () -> LIN.spsolve(s, b2), "spsolve", "Singular");
            refused(LinAlgException.class, () -> LIN.spsolve(z, b2), "spsolve", "Singular");
            refused(LinAlgException.class, () -> LIN.factorized(s), "factorized", "Singular");
            refused(LinAlgException.class, () -> LIN.spsolveTriangular(z, b2), "spsolveTriangular", "diagonal");
            refused(ShapeException.class, () -> LIN.spsolve(r, b2), "spsolve", "square", "(2, 3)");
            refused(ShapeException.class, () -> LIN.spsolveTriangular(r, b2), "spsolveTriangular", "square");
            refused(ShapeException.class, () -> LIN.spsolve(e, b3), "spsolve", "2 rows", "(3,)");
            refused(ShapeException.class, () -> LIN.spsolve(e, b3d), "spsolve", "1-d or 2-d", "3-d");
            refused(NdException.class, () -> LIN.spsolve(e, nan), "spsolve", "finite", "NaN");
            try (NDArray zc = LIN.spsolve(e, cplx)) {
                assertEquals(DType.COMPLEX128, zc.dtype());
                assertArrayEquals(new double[] {1, 0, 1, 0}, SparseComplexTest.pairs(zc), 0);
            }

            refused(ShapeException.class, () -> LIN.factorized(e).apply(b3), "factorized", "rows");
            assertThrows(NullPointerException.class, () -> LIN.spsolve(null, b2));
            assertThrows(NullPointerException.class, () -> LIN.spsolve(e, null));
        }
        try (NDArray d = Nd.array(new double[][] {{1, 0}, {0, Double.NaN}});
                CsrMatrix a = Nd.sparse().csrMatrix(d);
                NDArray b = Nd.ones(2)) {
            refused(NdException.class, () -> LIN.spsolve(a, b), "spsolve", "finite", "NaN");
        }
        NDArray eye = Nd.eye(2);
        CsrMatrix closed = Nd.sparse().csrMatrix(eye);
        closed.close();
        try (NDArray b = Nd.ones(2);
                NDArray d = Nd.eye(2);
                CsrMatrix a = Nd.sparse().csrMatrix(d)) {
            refused(ArrayClosedException.class, () -> LIN.spsolve(closed, b), "spsolve", "closed");
            refused(ArrayClosedException.class, () -> LIN.spsolveTriangular(closed, b), "spsolveTriangular");
            NDArray gone = Nd.ones(2);
            gone.close();
            refused(ArrayClosedException.class, () -> LIN.spsolve(a, gone), "spsolve");
        }
    }
}
