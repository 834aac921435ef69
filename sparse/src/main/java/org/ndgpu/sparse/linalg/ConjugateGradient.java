package org.ndgpu.sparse.linalg;

import org.ndgpu.ndarray.NDArray;

/**
 * scipy.sparse.linalg.cg, step for step as SciPy 1.17's (so the iteration counts agree): the
 * vectors stay on the device and x, r and p are updated in place (as SciPy's {@code x += alpha * p}),
 * their scalars {@code rho / rhoPrev} and {@code rho / (p . q)} taken by the update kernels from the
 * dot products' 0-d results ({@link KrylovKernels}). One scalar comes to the host an iteration,
 * {@code r . r} for the convergence test, as CuPy's cg reads its residual norm; each iteration
 * makes only what A and M return, {@code q = A p} and {@code z = M r}.
 */
final class ConjugateGradient {
    private ConjugateGradient() {}

    /** {@code a} itself where the update kernels can take it (C-contiguous from its start), else a copy. */
    private static NDArray ready(NDArray a) {
        if (a.offset() == 0 && a.isCContiguous()) return a;
        try (a) {
            return a.copy();
        }
    }

    static SolveResult solve(KrylovSystem s) {
        if (s.bnrm2 == 0) return new SolveResult(s.b.copy(), 0, 0);
        NDArray x = s.startX();
        NDArray r = null, p = null, rr = null, rhoPrev = null;
        boolean done = false;
        try {
            r = ready(s.residual(x));
            rr = r.dot(r);
            for (int it = 0; it < s.maxiter; it++) {
                // SciPy's norm(r) < atol; rr is r . r, and rho where there is no preconditioner
                if (Math.sqrt(rr.doubleValue()) < s.atol) {
                    done = true;
                    return new SolveResult(x, 0, it);
                }
                NDArray z = s.psolve(r);
                if (z != r) z = ready(z);
                NDArray rho = z == r ? rr : r.dot(z);
                try {
                    if (p == null) {
                        p = z == r ? r.copy() : z;
                    } else {
                        KrylovKernels.direction(p, z, rho, rhoPrev);
                        if (z != r) z.close();
                    }
                    try (NDArray q = ready(s.matvec(p));
                            NDArray pq = p.dot(q)) {
                        KrylovKernels.step(x, r, p, q, rho, pq);
                    }
                } catch (RuntimeException e) {
                    if (z != r && z != p) z.close();
                    if (rho != rr) rho.close();
                    throw e;
                }
                if (rhoPrev != null && rhoPrev != rr) rhoPrev.close();
                rhoPrev = rho;
                s.callback(x);
                NDArray next = r.dot(r);
                if (rr != rhoPrev) rr.close();
                rr = next;
            }
            done = true;
            return new SolveResult(x, s.maxiter, s.maxiter);
        } finally {
            if (rhoPrev != null && rhoPrev != rr) rhoPrev.close();
            if (rr != null) rr.close();
            if (r != null) r.close();
            if (p != null) p.close();
            if (!done) x.close();
        }
    }
}
