package org.ndgpu.sparse.linalg;

import static org.ndgpu.sparse.linalg.Vectors.axpy;
import static org.ndgpu.sparse.linalg.Vectors.dot;
import static org.ndgpu.sparse.linalg.Vectors.norm;
import static org.ndgpu.sparse.linalg.Vectors.replace;

import org.ndgpu.ndarray.NDArray;

/**
 * scipy.sparse.linalg.cg, step for step as SciPy 1.17's (so the iteration counts agree): the
 * vectors stay on the device, and each iteration brings three scalars to the host (two where there
 * is no preconditioner, as {@code r . z} is then {@code norm(r)^2}).
 */
final class ConjugateGradient {
    private ConjugateGradient() {}

    static SolveResult solve(KrylovSystem s) {
        if (s.bnrm2 == 0) return new SolveResult(s.b.copy(), 0, 0);
        NDArray x = s.startX();
        NDArray r = null;
        NDArray p = null;
        boolean done = false;
        try {
            r = s.residual(x);
            double rhoPrev = 0;
            for (int it = 0; it < s.maxiter; it++) {
                double rnorm = norm(r);
                if (rnorm < s.atol) {
                    done = true;
                    return new SolveResult(x, 0, it);
                }
                NDArray z = s.psolve(r);
                double rho = z == r ? rnorm * rnorm : dot(r, z);
                if (it > 0) {
                    p = replace(p, axpy(z, rho / rhoPrev, p));
                    if (z != r) z.close();
                } else {
                    p = z == r ? r.copy() : z;
                }
                try (NDArray q = s.matvec(p)) {
                    double alpha = rho / dot(p, q);
                    x = replace(x, axpy(x, alpha, p));
                    r = replace(r, axpy(r, -alpha, q));
                }
                rhoPrev = rho;
                s.callback(x);
            }
            done = true;
            return new SolveResult(x, s.maxiter, s.maxiter);
        } finally {
            if (r != null) r.close();
            if (p != null) p.close();
            if (!done) x.close();
        }
    }
}
