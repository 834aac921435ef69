package org.ndgpu.sparse.linalg;

import static org.ndgpu.sparse.linalg.Vectors.axpy;
import static org.ndgpu.sparse.linalg.Vectors.dot;
import static org.ndgpu.sparse.linalg.Vectors.norm;
import static org.ndgpu.sparse.linalg.Vectors.replace;

import org.ndgpu.ndarray.NDArray;

/**
 * scipy.sparse.linalg.bicgstab, step for step as SciPy 1.17's, breakdowns included (info -10 where
 * rho, -11 where omega or {@code rtilde . v} vanishes; SciPy's tolerance for both is eps squared).
 * The vectors stay on the device; only the dot products' scalars come to the host.
 */
final class BiCgStab {
    private BiCgStab() {}

    static SolveResult solve(KrylovSystem s) {
        if (s.bnrm2 == 0) return new SolveResult(s.b.copy(), 0, 0);
        double eps = Vectors.eps(s.dtype);
        double rhotol = eps * eps;
        NDArray x = s.startX();
        NDArray r = null;
        NDArray rtilde = null;
        NDArray p = null;
        NDArray v = null;
        boolean done = false;
        try {
            r = s.residual(x);
            rtilde = r.copy();
            double rhoPrev = 0;
            double omega = 0;
            double alpha = 0;
            for (int it = 0; it < s.maxiter; it++) {
                if (norm(r) < s.atol) {
                    done = true;
                    return new SolveResult(x, 0, it);
                }
                double rho = dot(rtilde, r);
                if (Math.abs(rho) < rhotol) {
                    done = true;
                    return new SolveResult(x, -10, it);
                }
                if (it > 0) {
                    if (Math.abs(omega) < rhotol) {
                        done = true;
                        return new SolveResult(x, -11, it);
                    }
                    double beta = (rho / rhoPrev) * (alpha / omega);
                    try (NDArray pv = axpy(p, -omega, v)) {
                        p = replace(p, axpy(r, beta, pv));
                    }
                } else {
                    p = r.copy();
                }
                NDArray phat = s.psolve(p);
                try {
                    v = replace(v, s.matvec(phat));
                    double rv = dot(rtilde, v);
                    if (rv == 0) {
                        done = true;
                        return new SolveResult(x, -11, it);
                    }
                    alpha = rho / rv;
                    r = replace(r, axpy(r, -alpha, v));
                    if (norm(r) < s.atol) {
                        x = replace(x, axpy(x, alpha, phat));
                        done = true;
                        return new SolveResult(x, 0, it);
                    }
                    NDArray shat = s.psolve(r);
                    try (NDArray t = s.matvec(shat)) {
                        omega = dot(t, r) / dot(t, t);
                        x = replace(x, axpy(x, alpha, phat));
                        x = replace(x, axpy(x, omega, shat));
                        r = replace(r, axpy(r, -omega, t));
                    } finally {
                        if (shat != r) shat.close();
                    }
                } finally {
                    if (phat != p) phat.close();
                }
                rhoPrev = rho;
                s.callback(x);
            }
            done = true;
            return new SolveResult(x, s.maxiter, s.maxiter);
        } finally {
            for (NDArray a : new NDArray[] {r, rtilde, p, v}) if (a != null) a.close();
            if (!done) x.close();
        }
    }
}
