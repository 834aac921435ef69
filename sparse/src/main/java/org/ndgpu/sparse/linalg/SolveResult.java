package org.ndgpu.sparse.linalg;

import org.ndgpu.ndarray.NDArray;

/**
 * The result of an iterative solver, SciPy's {@code (x, info)}: {@code try (SolveResult r = lin.cg(a, b)) { r.x(); }}.
 *
 * @param x the solution, shape {@code (n,)}, owned by this result
 * @param info 0 converged; {@code maxiter} where the tolerance was not reached; negative on a
 *     breakdown (bicgstab: -10 rho, -11 omega), as SciPy's
 * @param iterations the iterations run (gmres: restart cycles), the number of callback calls
 */
public record SolveResult(NDArray x, int info, int iterations) implements AutoCloseable {
    /** Closes x. */
    @Override
    public void close() {
        x.close();
    }
}
