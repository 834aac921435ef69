package org.ndgpu.sparse.linalg;

import static org.ndgpu.sparse.linalg.Vectors.axpy;
import static org.ndgpu.sparse.linalg.Vectors.dot;
import static org.ndgpu.sparse.linalg.Vectors.norm;
import static org.ndgpu.sparse.linalg.Vectors.replace;

import org.ndgpu.ndarray.NDArray;

/**
 * scipy.sparse.linalg.gmres with restarts, step for step as SciPy 1.17's with {@code callback_type='x'}
 * (maxiter counts restart cycles, the callback sees x after each): the Krylov basis lives on the
 * device, orthogonalized by modified Gram-Schmidt as SciPy's; the small Hessenberg matrix, its
 * Givens rotations and the triangular solve are host scalars, as in SciPy. The inner tolerance
 * follows SciPy's gh-8400 control.
 */
final class Gmres {
    private Gmres() {}

    static SolveResult solve(KrylovSystem s) {
        if (s.bnrm2 == 0) return new SolveResult(s.b.copy(), 0, 0);
        double eps = Vectors.eps(s.dtype);
        int restart = (int) Math.min(s.options.restart() == null ? 20 : s.options.restart(), s.n);
        NDArray[] v = new NDArray[restart + 1];
        double[][] h = new double[restart][restart + 1];
        double[][] givens = new double[restart][2];
        NDArray x = s.startX();
        NDArray r = null;
        boolean done = false;
        try {
            double mbNorm;
            NDArray mb = s.psolve(s.b);
            try {
                mbNorm = norm(mb);
            } finally {
                if (mb != s.b) mb.close();
            }
            double ptolMaxFactor = 1.0;
            double ptol = mbNorm * Math.min(ptolMaxFactor, s.atol / s.bnrm2);
            double presid = 0;
            double rnorm = 0;
            int cycles = 0;
            for (int it = 0; it < s.maxiter; it++) {
                if (it == 0) {
                    r = s.residual(x);
                    if (norm(r) < s.atol) {
                        done = true;
                        return new SolveResult(x, 0, 0);
                    }
                }
                NDArray z = s.psolve(r);
                double tmp0 = norm(z);
                v[0] = z.mul(1 / tmp0);
                if (z != r) z.close();
                double[] sv = new double[restart + 1];
                sv[0] = tmp0;
                for (double[] row : h) java.util.Arrays.fill(row, 0);
                boolean breakdown = false;
                int col = 0;
                for (col = 0; col < restart; col++) {
                    NDArray w;
                    try (NDArray av = s.matvec(v[col])) {
                        NDArray pw = s.psolve(av);
                        w = pw == av ? av.copy() : pw;
                    }
                    double h0 = norm(w);
                    for (int k = 0; k <= col; k++) {
                        double t = dot(v[k], w);
                        h[col][k] = t;
                        w = replace(w, axpy(w, -t, v[k]));
                    }
                    double h1 = norm(w);
                    h[col][col + 1] = h1;
                    if (h1 <= eps * h0) {
                        h[col][col + 1] = 0;
                        breakdown = true;
                        v[col + 1] = w;
                    } else {
                        v[col + 1] = w.mul(1 / h1);
                        w.close();
                    }
                    for (int k = 0; k < col; k++) {
                        double c = givens[k][0], sn = givens[k][1];
                        double n0 = h[col][k], n1 = h[col][k + 1];
                        h[col][k] = c * n0 + sn * n1;
                        h[col][k + 1] = -sn * n0 + c * n1;
                    }
                    double[] csr = lartg(h[col][col], h[col][col + 1]);
                    givens[col][0] = csr[0];
                    givens[col][1] = csr[1];
                    h[col][col] = csr[2];
                    h[col][col + 1] = 0;
                    double t = -csr[1] * sv[col];
                    sv[col] = csr[0] * sv[col];
                    sv[col + 1] = t;
                    presid = Math.abs(t);
                    if (presid <= ptol || breakdown) break;
                }
                if (col == restart) col--;
                if (h[col][col] == 0) sv[col] = 0;
                double[] y = new double[col + 1];
                System.arraycopy(sv, 0, y, 0, col + 1);
                for (int k = col; k > 0; k--) {
                    if (y[k] != 0) {
                        y[k] /= h[k][k];
                        double t = y[k];
                        for (int j = 0; j < k; j++) y[j] -= t * h[k][j];
                    }
                }
                if (y[0] != 0) y[0] /= h[0][0];
                for (int k = 0; k <= col; k++) x = replace(x, axpy(x, y[k], v[k]));
                for (int k = 0; k < v.length; k++) v[k] = replace(v[k], null);
                r = replace(r, s.residualOf(x));
                rnorm = norm(r);
                cycles = it + 1;
                s.callback(x);
                if (rnorm <= s.atol) break;
                else if (breakdown) break;
                else if (presid <= ptol) ptolMaxFactor = Math.max(eps, 0.25 * ptolMaxFactor);
                else ptolMaxFactor = Math.min(1.0, 1.5 * ptolMaxFactor);
                ptol = presid * Math.min(ptolMaxFactor, s.atol / rnorm);
            }
            done = true;
            return new SolveResult(x, rnorm <= s.atol ? 0 : s.maxiter, cycles);
        } finally {
            if (r != null) r.close();
            for (NDArray a : v) if (a != null) a.close();
            if (!done) x.close();
        }
    }

    /** LAPACK's dlartg (3.10 and later): c, s and r with {@code [c s; -s c] [f; g] = [r; 0]}. */
    static double[] lartg(double f, double g) {
        if (g == 0) return new double[] {1, 0, f};
        if (f == 0) return new double[] {0, Math.signum(g), Math.abs(g)};
        double d = Math.hypot(f, g);
        double r = Math.copySign(d, f);
        return new double[] {Math.abs(f) / d, g / r, r};
    }
}
