package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.linalg.LinearOperator;
import org.ndgpu.sparse.linalg.SolveOptions;
import org.ndgpu.sparse.linalg.SolveResult;
import org.ndgpu.sparse.linalg.SparseLinalg;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Hostile arguments to Nd.sparse().linalg(): each is an NdException of the expected kind whose
 * message names the operation, what was expected and what was given; never a crash, a hang or a
 * silent result.
 */
class SparseLinalgHostileTest extends PerDeviceTest {
    private static final SparseLinalg LIN = Nd.sparse().linalg();
    private static final SolveOptions D = SolveOptions.defaults();

    private static void refused(Class<? extends NdException> type, Executable call, String... words) {
        NdException e = assertThrows(type, call);
        for (String w : words)
            assertTrue(e.getMessage().contains(w), "'" + e.getMessage() + "' does not name '" + w + "'");
    }

    private static CsrMatrix poisson(int n) {
        double[][] d = new double[n][n];
        for (int i = 0; i < n; i++) {
            d[i][i] = 2;
            if (i > 0) d[i][i - 1] = -1;
            if (i + 1 < n) d[i][i + 1] = -1;
        }
        try (NDArray dense = Nd.array(d)) {
            return Nd.sparse().csrMatrix(dense);
        }
    }

    private static NDArray vec(double... v) {
        return Nd.array(v, DType.FLOAT64, v.length);
    }

    @Test
    void nonSquareMatrix() {
        try (NDArray dense = Nd.ones(3, 4);
                CsrMatrix a = Nd.sparse().csrMatrix(dense);
                NDArray b = vec(1, 2, 3)) {
            refused(ShapeException.class, () -> LIN.cg(a, b), "cg", "square", "(3, 4)");
            refused(ShapeException.class, () -> LIN.bicgstab(a, b), "bicgstab", "square", "(3, 4)");
            refused(ShapeException.class, () -> LIN.gmres(a, b), "gmres", "square", "(3, 4)");
            refused(ShapeException.class, () -> LIN.eigsh(a, 1), "eigsh", "square", "(3, 4)");
            refused(ShapeException.class, () -> LIN.jacobi(a), "jacobi", "square", "(3, 4)");
        }
    }

    @Test
    void rightHandSideOfTheWrongShapeOrDtype() {
        try (CsrMatrix a = poisson(4);
                NDArray b3 = vec(1, 2, 3);
                NDArray b42 = Nd.ones(4, 2);
                NDArray bi = Nd.array(new int[] {1, 2, 3, 4}, DType.INT32, 4)) {
            refused(ShapeException.class, () -> LIN.cg(a, b3), "cg", "b must have shape (4,) or (4, 1)", "got (3,)");
            refused(ShapeException.class, () -> LIN.gmres(a, b42), "gmres", "b must have shape", "got (4, 2)");
            refused(DTypeException.class, () -> LIN.bicgstab(a, bi), "bicgstab", "float32 or float64", "int32");
        }
    }

    @Test
    void nanOrInfinityInB() {
        try (CsrMatrix a = poisson(4);
                NDArray nan = vec(1, Double.NaN, 3, 4);
                NDArray inf = vec(1, 2, Double.POSITIVE_INFINITY, 4)) {
            refused(NdException.class, () -> LIN.cg(a, nan), "cg", "b must be finite", "NaN");
            refused(NdException.class, () -> LIN.bicgstab(a, inf), "bicgstab", "b must be finite", "Infinity");
            refused(NdException.class, () -> LIN.gmres(a, nan), "gmres", "b must be finite");
        }
    }

    @Test
    void badIterationsAndTolerances() {
        try (CsrMatrix a = poisson(4);
                NDArray b = vec(1, 2, 3, 4)) {
            refused(NdException.class, () -> LIN.cg(a, b, D.withMaxiter(0)), "cg", "maxiter must be positive", "0");
            refused(NdException.class, () -> LIN.bicgstab(a, b, D.withMaxiter(-3)), "bicgstab", "maxiter", "-3");
            refused(NdException.class, () -> LIN.gmres(a, b, D.withMaxiter(0)), "gmres", "maxiter");
            refused(NdException.class, () -> LIN.gmres(a, b, D.withRestart(0)), "gmres", "restart must be positive");
            refused(NdException.class, () -> LIN.cg(a, b, D.withRtol(-1)), "cg", "rtol", "-1");
            refused(NdException.class, () -> LIN.cg(a, b, D.withAtol(Double.NaN)), "cg", "atol", "NaN");
        }
    }

    @Test
    void closedArrays() {
        CsrMatrix closed = poisson(4);
        closed.close();
        try (CsrMatrix a = poisson(4);
                NDArray b = vec(1, 2, 3, 4)) {
            NDArray gone = vec(1, 2, 3, 4);
            gone.close();
            refused(ArrayClosedException.class, () -> LIN.cg(closed, b), "cg", "closed");
            refused(ArrayClosedException.class, () -> LIN.eigsh(closed, 1), "eigsh", "closed");
            refused(ArrayClosedException.class, () -> LIN.norm(closed), "norm", "closed");
            refused(ArrayClosedException.class, () -> LIN.cg(a, gone), "cg", "closed");
            refused(ArrayClosedException.class, () -> LIN.gmres(a, b, D.withX0(gone)), "gmres", "closed");
        }
    }

    @Test
    void badX0AndPreconditioners() {
        try (CsrMatrix a = poisson(4);
                NDArray b = vec(1, 2, 3, 4);
                NDArray x0 = vec(1, 2);
                NDArray zeroDiag = Nd.array(new double[][] {{0, 1}, {1, 0}});
                CsrMatrix z = Nd.sparse().csrMatrix(zeroDiag);
                NDArray b2 = vec(1, 1)) {
            refused(ShapeException.class, () -> LIN.cg(a, b, D.withX0(x0)), "cg", "x0 must have shape (4,)", "(2,)");
            LinearOperator m3 = new LinearOperator(new long[] {3, 3}, DType.FLOAT64, x -> x);
            refused(ShapeException.class, () -> LIN.cg(a, b, D.withM(m3)), "cg", "M must have shape (4, 4)", "(3, 3)");
            LinearOperator op = LIN.aslinearoperator(a);
            refused(NdException.class, () -> LIN.cg(op, b, D.withJacobi()), "cg", "Jacobi", "LinearOperator");
            refused(NdException.class, () -> LIN.cg(z, b2, D.withJacobi()), "cg", "diagonal without zeros");
        }
    }

    @Test
    void eigshArguments() {
        try (CsrMatrix a = poisson(6)) {
            refused(NdException.class, () -> LIN.eigsh(a, 5), "eigsh", "k must be in [1, n - 1) = [1, 5)", "got 5");
            refused(NdException.class, () -> LIN.eigsh(a, 9), "eigsh", "k must be", "got 9");
            refused(NdException.class, () -> LIN.eigsh(a, 0), "eigsh", "k must be", "got 0");
            refused(NdException.class, () -> LIN.eigsh(a, 2, "XX"), "eigsh", "'LM', 'LA' or 'SA'", "'XX'");
            refused(NdException.class, () -> LIN.eigsh(a, 2, "LM", 2, null, 0), "eigsh", "ncv", "got 2");
            refused(NdException.class, () -> LIN.eigsh(a, 2, "LM", null, 0, 0), "eigsh", "maxiter", "0");
            refused(NdException.class, () -> LIN.eigsh(a, 2, "LM", null, null, -1), "eigsh", "tol", "-1");
        }
    }

    @Test
    void svdsArguments() {
        CsrMatrix closed;
        try (NDArray dense = Nd.ones(6, 4);
                CsrMatrix a = Nd.sparse().csrMatrix(dense)) {
            refused(
                    NdException.class,
                    () -> LIN.svds(a, 3),
                    "svds",
                    "k must be in [1, min(A.shape) - 1) = [1, 3)",
                    "got 3");
            refused(NdException.class, () -> LIN.svds(a, 1, "LA", null, null, 0), "svds", "'LM' or 'SM'", "'LA'");
            closed = a;
        }
        refused(ArrayClosedException.class, () -> LIN.svds(closed, 1), "svds", "closed");
    }

    @Test
    void normArguments() {
        try (CsrMatrix a = poisson(4)) {
            refused(NdException.class, () -> LIN.norm(a, 2.0), "norm", "ord must be 1, -1, inf, -inf", "2.0");
            refused(AxisException.class, () -> LIN.norm(a, 2, 2), "norm", "axis", "got 2");
            refused(NdException.class, () -> LIN.norm(a, 0, 1), "norm", "nonzero", "0.0");
        }
    }

    @Test
    void linearOperatorArguments() {
        refused(DTypeException.class, () -> new LinearOperator(new long[] {2, 2}, DType.INT32, x -> x), "float32");
        refused(ShapeException.class, () -> new LinearOperator(new long[] {2}, DType.FLOAT64, x -> x), "shape");
        LinearOperator wrong = new LinearOperator(new long[] {3, 3}, DType.FLOAT64, x -> Nd.ones(5));
        LinearOperator noR = new LinearOperator(new long[] {3, 3}, DType.FLOAT64, x -> x.mul(2.0));
        try (NDArray x3 = vec(1, 2, 3);
                NDArray x2 = vec(1, 2)) {
            refused(ShapeException.class, () -> noR.matvec(x2), "matvec", "x must have shape (3,)", "(2,)");
            refused(ShapeException.class, () -> wrong.matvec(x3), "matvec", "return 3 elements", "(5,)");
            refused(NdException.class, () -> noR.rmatvec(x3), "rmatvec", "without an rmatvec");
            refused(ShapeException.class, () -> LIN.cg(wrong, x3, D), "matvec", "return 3 elements");
        }
    }

    @Test
    void notConvergedGivesMaxiter() {
        try (CsrMatrix a = poisson(30);
                NDArray b = Nd.ones(30);
                SolveResult r = LIN.cg(a, b, D.withMaxiter(2))) {
            assertTrue(r.info() == 2 && r.iterations() == 2, "info " + r.info());
        }
    }
}
