package org.ndgpu.sparse.linalg;

import java.util.function.Consumer;
import org.ndgpu.ndarray.NDArray;

/**
 * The keyword arguments of scipy.sparse.linalg's {@code cg}, {@code bicgstab} and {@code gmres}:
 * {@code x0}, {@code rtol}, {@code atol}, {@code maxiter}, {@code M}, {@code callback} and (gmres)
 * {@code restart}, SciPy's defaults in {@link #defaults()}.
 *
 * <pre>{@code
 * SolveOptions o = SolveOptions.defaults().withRtol(1e-8).withMaxiter(500).withJacobi();
 * }</pre>
 *
 * @param x0 the starting guess (SciPy's zeros when null); never changed
 * @param rtol the relative tolerance: converged when {@code norm(b - A @ x) <= max(rtol * norm(b), atol)}
 * @param atol the absolute tolerance
 * @param maxiter the most iterations (gmres: restart cycles, as SciPy's with {@code callback_type='x'});
 *     null for SciPy's {@code 10 * n}
 * @param m the preconditioner, an approximation of {@code inv(A)}; null for none
 * @param jacobi true for a Jacobi preconditioner made from A's diagonal (A a sparse matrix)
 * @param callback called with the current x after each iteration (gmres: each restart cycle); it
 *     must not close x
 * @param restart gmres' Krylov dimension between restarts; null for SciPy's 20
 */
public record SolveOptions(
        NDArray x0,
        double rtol,
        double atol,
        Integer maxiter,
        LinearOperator m,
        boolean jacobi,
        Consumer<NDArray> callback,
        Integer restart) {

    /** SciPy's defaults: {@code rtol=1e-5, atol=0.}, no x0, maxiter, M or callback. {@code SolveOptions.defaults()} */
    public static SolveOptions defaults() {
        return new SolveOptions(null, 1e-5, 0.0, null, null, false, null, null);
    }

    /** These options with {@code x0}. */
    public SolveOptions withX0(NDArray x0) {
        return new SolveOptions(x0, rtol, atol, maxiter, m, jacobi, callback, restart);
    }

    /** These options with {@code rtol}. */
    public SolveOptions withRtol(double rtol) {
        return new SolveOptions(x0, rtol, atol, maxiter, m, jacobi, callback, restart);
    }

    /** These options with {@code atol}. */
    public SolveOptions withAtol(double atol) {
        return new SolveOptions(x0, rtol, atol, maxiter, m, jacobi, callback, restart);
    }

    /** These options with {@code maxiter}. */
    public SolveOptions withMaxiter(int maxiter) {
        return new SolveOptions(x0, rtol, atol, maxiter, m, jacobi, callback, restart);
    }

    /** These options with the preconditioner {@code M}. */
    public SolveOptions withM(LinearOperator m) {
        return new SolveOptions(x0, rtol, atol, maxiter, m, jacobi, callback, restart);
    }

    /** These options with a Jacobi preconditioner from A's diagonal (made and released by the solver). */
    public SolveOptions withJacobi() {
        return new SolveOptions(x0, rtol, atol, maxiter, m, true, callback, restart);
    }

    /** These options with {@code callback}. */
    public SolveOptions withCallback(Consumer<NDArray> callback) {
        return new SolveOptions(x0, rtol, atol, maxiter, m, jacobi, callback, restart);
    }

    /** These options with gmres' {@code restart}. */
    public SolveOptions withRestart(int restart) {
        return new SolveOptions(x0, rtol, atol, maxiter, m, jacobi, callback, restart);
    }
}
