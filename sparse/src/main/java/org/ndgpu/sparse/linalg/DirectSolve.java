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
 * scipy.sparse.linalg's direct solvers. {@code spsolve} runs on the device's sparse solver where
 * there is one ({@link VendorSolve}: cuSOLVER on CUDA); elsewhere, and always for the others, on
 * the host: {@code spsolve} and {@code factorized} factor A
 * with EJML's sparse LU (left-looking with partial pivoting, CSparse's algorithm) where SciPy runs
 * SuperLU; {@code spsolve_triangular} substitutes row by row on A's CSR arrays. A and b are read to
 * the host once, and x is copied to b's device once. An exactly singular A (a zero pivot) is a
 * LinAlgException "Singular matrix", as ndgpu's dense solve; SciPy warns and returns NaN.
 */
final class DirectSolve {
    private DirectSolve() {}

    static NDArray spsolve(SparseMatrix a, NDArray b) {
        String op = "spsolve";
        NDArray onDevice = VendorSolve.spsolve(op, a, b);
        if (onDevice != null) return onDevice;
        HostCsr h = HostCsr.of(op, a);
        HostCsr.Rhs r = h.rhs(op, b);
        double[][] x = lu(op, h).apply(r);
        return r.toDevice(h.device(), x[0], x[1]);
    }

    static UnaryOperator<NDArray> factorized(SparseMatrix a) {
        String op = "factorized";
        HostCsr h = HostCsr.of(op, a);
        Lu lu = lu(op, h);
        return b -> {
            HostCsr.Rhs r = h.rhs(op, b);
            double[][] x = lu.apply(r);
            return r.toDevice(h.device(), x[0], x[1]);
        };
    }

    /**
     * A factored once; {@link #apply} solves for every column of b (EJML's solver is not thread safe).
     * A complex A is factored as the real system {@code [[Ar, -Ai], [Ai, Ar]] [xr; xi] = [br; bi]} of
     * twice its order; a complex b with a real A is solved as 2k real columns.
     */
    private record Lu(int n, boolean complex, LinearSolverSparse<DMatrixSparseCSC, DMatrixRMaj> solver) {
        synchronized double[][] apply(HostCsr.Rhs r) {
            int k = r.k();
            double[] br = r.values(), bi = r.imag();
            if (n == 0) return new double[][] {new double[0], bi == null && !complex ? null : new double[0]};
            if (complex) {
                double[] b = new double[2 * n * k];
                System.arraycopy(br, 0, b, 0, n * k);
                if (bi != null) System.arraycopy(bi, 0, b, n * k, n * k);
                double[] x = solve(2 * n, k, b);
                return new double[][] {
                    java.util.Arrays.copyOf(x, n * k), java.util.Arrays.copyOfRange(x, n * k, 2 * n * k)
                };
            }
            if (bi == null) return new double[][] {solve(n, k, br.clone()), null};
            double[] b = new double[2 * n * k];
            for (int i = 0; i < n; i++) {
                System.arraycopy(br, i * k, b, 2 * i * k, k);
                System.arraycopy(bi, i * k, b, 2 * i * k + k, k);
            }
            double[] x = solve(n, 2 * k, b);
            double[] xr = new double[n * k], xi = new double[n * k];
            for (int i = 0; i < n; i++) {
                System.arraycopy(x, 2 * i * k, xr, i * k, k);
                System.arraycopy(x, 2 * i * k + k, xi, i * k, k);
            }
            return new double[][] {xr, xi};
        }

        private double[] solve(int rows, int cols, double[] b) {
            DMatrixRMaj bm = DMatrixRMaj.wrap(rows, cols, b);
            DMatrixRMaj xm = new DMatrixRMaj(rows, cols);
            solver.solve(bm, xm);
            return xm.data;
        }
    }

    private static Lu lu(String op, HostCsr h) {
        int n = h.n();
        boolean complex = h.imag() != null;
        int order = complex ? 2 * n : n;
        int[] p = h.indptr(), idx = h.indices();
        double[] v = h.data();
        if (complex) {
            // the real block form, row by row: row i holds (j, Ar) and (n + j, -Ai), row n + i (j, Ai) and (n + j, Ar)
            int nnz = v.length;
            int[] bp = new int[2 * n + 1], bidx = new int[4 * nnz];
            double[] bv = new double[4 * nnz];
            int w = 0;
            for (int half = 0; half < 2; half++) {
                for (int i = 0; i < n; i++) {
                    for (int e = p[i]; e < p[i + 1]; e++) {
                        bidx[w] = idx[e];
                        bv[w++] = half == 0 ? v[e] : h.imag()[e];
                    }
                    for (int e = p[i]; e < p[i + 1]; e++) {
                        bidx[w] = n + idx[e];
                        bv[w++] = half == 0 ? -h.imag()[e] : v[e];
                    }
                    bp[half * n + i + 1] = w;
                }
            }
            p = bp;
            idx = bidx;
            v = bv;
        }
        // A's CSR arrays are the CSC arrays of its transpose; EJML factors CSC, so transpose back
        DMatrixSparseCSC at = new DMatrixSparseCSC(order, order, 0);
        at.col_idx = p;
        at.nz_rows = idx;
        at.nz_values = v;
        at.nz_length = v.length;
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
        return new Lu(n, complex, solver);
    }

    static NDArray triangular(SparseMatrix a, NDArray b, boolean lower, boolean unitDiagonal) {
        String op = "spsolveTriangular";
        HostCsr h = HostCsr.of(op, a);
        HostCsr.Rhs r = h.rhs(op, b);
        int n = h.n(), k = r.k();
        int[] p = h.indptr(), idx = h.indices();
        double[] v = h.data(), vi = h.imag();
        boolean complex = vi != null || r.imag() != null;
        double[] x = r.values().clone();
        double[] xi =
                complex ? (r.imag() == null ? new double[x.length] : r.imag().clone()) : null;
        if (!unitDiagonal) {
            // SciPy checks every diagonal entry first: "A is singular: zero entry on diagonal."
            for (int i = 0; i < n; i++) {
                if (diagonal(p, idx, v, i) == 0 && (vi == null || diagonal(p, idx, vi, i) == 0))
                    throw new LinAlgException(op + ": A is singular: zero entry on diagonal " + i);
            }
        }
        for (int step = 0; step < n; step++) {
            int i = lower ? step : n - 1 - step;
            double d = 1, di = 0;
            for (int e = p[i]; e < p[i + 1]; e++) {
                int j = idx[e];
                double lr = v[e], li = vi == null ? 0 : vi[e];
                if (j == i) {
                    if (!unitDiagonal) {
                        d = lr;
                        di = li;
                    }
                } else if (lower ? j < i : j > i) {
                    for (int c = 0; c < k; c++) {
                        x[i * k + c] -= lr * x[j * k + c] - (complex ? li * xi[j * k + c] : 0);
                        if (complex) xi[i * k + c] -= lr * xi[j * k + c] + li * x[j * k + c];
                    }
                }
            }
            if (!complex) {
                if (d != 1) for (int c = 0; c < k; c++) x[i * k + c] /= d;
                continue;
            }
            double den = d * d + di * di;
            for (int c = 0; c < k; c++) {
                double re = x[i * k + c], im = xi[i * k + c];
                x[i * k + c] = (re * d + im * di) / den;
                xi[i * k + c] = (im * d - re * di) / den;
            }
        }
        return r.toDevice(h.device(), x, xi);
    }

    private static double diagonal(int[] p, int[] idx, double[] v, int i) {
        for (int e = p[i]; e < p[i + 1]; e++) {
            if (idx[e] == i) return v[e];
        }
        return 0;
    }
}
