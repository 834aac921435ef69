package org.ndgpu.sparse.linalg;

import java.util.function.UnaryOperator;
import org.ejml.data.DMatrixRMaj;
import org.ejml.data.DMatrixSparseCSC;
import org.ejml.interfaces.linsol.LinearSolverSparse;
import org.ejml.sparse.FillReducing;
import org.ejml.sparse.csc.CommonOps_DSCC;
import org.ejml.sparse.csc.factory.LinearSolverFactory_DSCC;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseMatrix;

/**
 * scipy.sparse.linalg's direct solvers, on the host: {@code spsolve} and {@code factorized} factor A
 * with EJML's sparse LU (left-looking with partial pivoting, CSparse's algorithm) where SciPy runs
 * SuperLU; {@code spsolve_triangular} substitutes row by row on A's CSR arrays. A and b are read to
 * the host once, and x is copied to b's device once. An exactly singular A (a zero pivot) is a
 * LinAlgException "Singular matrix", as ndgpu's dense solve; SciPy warns and returns NaN.
 */
final class DirectSolve {
    private DirectSolve() {}

    static NDArray spsolve(SparseMatrix a, NDArray b) {
        String op = "spsolve";
        HostCsr h = HostCsr.of(op, a);
        HostCsr.Rhs r = h.rhs(op, b);
        return r.toDevice(h.device(), lu(op, h).apply(r));
    }

    static UnaryOperator<NDArray> factorized(SparseMatrix a) {
        String op = "factorized";
        HostCsr h = HostCsr.of(op, a);
        Lu lu = lu(op, h);
        return b -> {
            HostCsr.Rhs r = h.rhs(op, b);
            return r.toDevice(h.device(), lu.apply(r));
        };
    }

    /** A factored once; {@link #apply} solves for every column of b (EJML's solver is not thread safe). */
    private record Lu(int n, LinearSolverSparse<DMatrixSparseCSC, DMatrixRMaj> solver) {
        synchronized double[] apply(HostCsr.Rhs r) {
            double[] x = new double[n * r.k()];
            if (n == 0) return x;
            DMatrixRMaj bm = DMatrixRMaj.wrap(n, r.k(), r.values().clone());
            DMatrixRMaj xm = DMatrixRMaj.wrap(n, r.k(), x);
            solver.solve(bm, xm);
            return xm.data;
        }
    }

    private static Lu lu(String op, HostCsr h) {
        int n = h.n();
        // A's CSR arrays are the CSC arrays of its transpose; EJML factors CSC, so transpose back
        DMatrixSparseCSC at = new DMatrixSparseCSC(n, n, 0);
        at.col_idx = h.indptr();
        at.nz_rows = h.indices();
        at.nz_values = h.data();
        at.nz_length = h.data().length;
        at.indicesSorted = true;
        LinearSolverSparse<DMatrixSparseCSC, DMatrixRMaj> solver = LinearSolverFactory_DSCC.lu(FillReducing.NONE);
        if (n > 0) {
            DMatrixSparseCSC m = CommonOps_DSCC.transpose(at, null, null);
            boolean ok;
            try {
                ok = solver.setA(m);
            } catch (RuntimeException e) {
                // EJML's up-looking LU runs past its arrays where a column has no pivot at all
                ok = false;
            }
            if (!ok) throw new LinAlgException(op + ": Singular matrix");
        }
        return new Lu(n, solver);
    }

    static NDArray triangular(SparseMatrix a, NDArray b, boolean lower, boolean unitDiagonal) {
        String op = "spsolveTriangular";
        HostCsr h = HostCsr.of(op, a);
        HostCsr.Rhs r = h.rhs(op, b);
        int n = h.n(), k = r.k();
        int[] p = h.indptr(), idx = h.indices();
        double[] v = h.data();
        double[] x = r.values().clone();
        if (!unitDiagonal) {
            // SciPy checks every diagonal entry first: "A is singular: zero entry on diagonal."
            for (int i = 0; i < n; i++) {
                if (diagonal(p, idx, v, i) == 0)
                    throw new LinAlgException(op + ": A is singular: zero entry on diagonal " + i);
            }
        }
        for (int step = 0; step < n; step++) {
            int i = lower ? step : n - 1 - step;
            double d = 1;
            for (int e = p[i]; e < p[i + 1]; e++) {
                int j = idx[e];
                if (j == i) {
                    if (!unitDiagonal) d = v[e];
                } else if (lower ? j < i : j > i) {
                    for (int c = 0; c < k; c++) x[i * k + c] -= v[e] * x[j * k + c];
                }
            }
            if (d != 1) for (int c = 0; c < k; c++) x[i * k + c] /= d;
        }
        return r.toDevice(h.device(), x);
    }

    private static double diagonal(int[] p, int[] idx, double[] v, int i) {
        for (int e = p[i]; e < p[i + 1]; e++) {
            if (idx[e] == i) return v[e];
        }
        return 0;
    }
}
