package org.ndgpu.vendor;

import java.util.Comparator;
import java.util.ServiceLoader;
import java.util.stream.StreamSupport;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eig;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.Lstsq;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Qr;
import org.ndgpu.ndarray.Slogdet;
import org.ndgpu.ndarray.Svd;

/**
 * A device's dense solvers (cuSOLVER on CUDA; EJML on the host for OpenCL), found through
 * {@link SolverProvider}s by priority, so a backend's library plugs in without touching callers.
 *
 * <p>The front end ({@code DeviceLinalg}) has already checked shapes, cast integers to float64 and
 * laid the input out as a C-contiguous stack {@code (batch, m, n)} of a dtype {@link #supports}
 * accepts. Results are new arrays on the same device, stacked the same way (batch first); the
 * front end gives them the caller's batch shape. Singular input (an exactly zero pivot, as LAPACK's
 * getrf info) throws LinAlgException. The front end answers empty stacks and NaN itself, the same
 * on every device (linalg's NonFinite): a solver is never given an empty stack, a matrix holding
 * NaN, or (svd, qr, eigh, eigvalsh, lstsq) one holding inf, except where the solver says it refuses
 * them itself ({@link #eighRefusesNonFinite}).
 *
 * <pre>{@code
 * Solver s = Solver.forDevice(a.device());
 * Svd r = s.svd(stack, false);   // u (b, m, k), s (b, k), vh (b, k, n)
 * }</pre>
 */
public interface Solver {
    /** True if this solver takes {@code dtype} (at least float32 and float64). */
    boolean supports(DType dtype);

    /** Where the work runs, for messages and docs: "EJML on the host", "cuSOLVER". */
    String where();

    /** u (b, m, m|k), s (b, k) descending, vh (b, n|k, n) with k = min(m, n). */
    Svd svd(NDArray a, boolean fullMatrices);

    /** The singular values (b, k) descending, as {@link #svd}'s, for a solver that can skip the vectors. */
    default NDArray svdvals(NDArray a) {
        Svd r = svd(a, false);
        r.u().close();
        r.vh().close();
        return r.s();
    }

    /** Reduced QR: q (b, m, k), r (b, k, n). */
    Qr qr(NDArray a);

    /** x (b, n, nrhs) with a x = rhs; a (b, n, n), rhs (b, n, nrhs). */
    NDArray solve(NDArray a, NDArray rhs);

    /** The inverses (b, n, n). */
    NDArray inv(NDArray a);

    /** Determinants (b). */
    NDArray det(NDArray a);

    /** Sign and log|det| (b) each; singular gives sign 0 and -inf, as NumPy. */
    Slogdet slogdet(NDArray a);

    /** Lower Cholesky factors (b, n, n) of the lower triangles; not positive definite throws LinAlgException. */
    NDArray cholesky(NDArray a);

    /** Eigenvalues ascending (b, n) and eigenvectors as columns (b, n, n) of the lower triangles. */
    Eigh eigh(NDArray a);

    /** Eigenvalues ascending (b, n), real, of the lower triangles: {@link #eigh}'s without the vectors. */
    default NDArray eigvalsh(NDArray a) {
        Eigh r = eigh(a);
        r.eigenvectors().close();
        return r.eigenvalues();
    }

    /**
     * True when eigh of a stack of {@code dtype} matrices of order {@code n} runs as one batched call
     * of the library (cuSOLVER's syevjBatched), which beats ndgpu's own one-group kernels.
     */
    default boolean batchedEigh(DType dtype, long n) {
        return false;
    }

    /**
     * True when {@link #eigh} ({@code vectors}) or {@link #eigvalsh} of {@code dtype} matrices of
     * order {@code n} (3 or more) refuse a lower triangle holding NaN or inf themselves, with NumPy's
     * LinAlgError ("Eigenvalues did not converge"), so the front end gives them such matrices
     * instead of reading the stack once more to find them first.
     */
    default boolean eighRefusesNonFinite(DType dtype, long n, boolean vectors) {
        return false;
    }

    /** Whether {@link #eig} runs here (cuSOLVER's geev); for the others the front end runs eig on the host. */
    default boolean hasEig() {
        return false;
    }

    /**
     * The general (nonsymmetric) eigen decomposition, as LAPACK's geev: eigenvalues (b, n) and, when
     * {@code vectors}, right eigenvectors as columns (b, n, n) of unit norm, both complex (complex64
     * for float32 and complex64 input); null vectors otherwise. Not converged throws LinAlgException.
     */
    default Eig eig(NDArray a, boolean vectors) {
        throw new UnsupportedOperationException(where() + " has no general eigensolver");
    }

    /**
     * Whether {@link #luFactor}, {@link #luSolve}, {@link #choFactor} and {@link #choSolve} (SciPy's
     * factor-and-solve family) run here for {@code dtype}; where they do not, the front end runs
     * ndgpu's own kernels. The front end checks the input as SciPy's check_finite does, but reads
     * the check after the call is queued: these routines may meet NaN or inf (their answer is then
     * dropped) and must only not fail on it.
     */
    default boolean hasFactorSolves(DType dtype) {
        return false;
    }

    /**
     * getrf of each matrix of a (b, n, n): {lu (b, n, n), the unit diagonal of L implied; piv (b, n)
     * int32, 0-based as SciPy's (row i was swapped with row piv[i]); info (b) int32 as getrf's (k &gt; 0:
     * U[k-1, k-1] is exactly zero, the factors are still complete)}. New arrays; nothing is read back.
     */
    default NDArray[] luFactor(NDArray a) {
        throw new UnsupportedOperationException(where() + " has no lu_factor");
    }

    /**
     * getrs, in place: x (b, n, k), C-contiguous, holds the right-hand sides on entry and on return
     * the solutions of op(A) x = rhs, from {@link #luFactor}'s lu and piv (valid pivots), op by
     * SciPy's trans: 0 A, 1 A^T, 2 A^H.
     */
    default void luSolve(NDArray lu, NDArray piv, NDArray x, int trans) {
        throw new UnsupportedOperationException(where() + " has no lu_solve");
    }

    /**
     * potrf of each matrix of c (b, n, n), C-contiguous, in place: with {@code lower} A's lower
     * triangle is read and overwritten with L (L L^H = A), else its upper with U (U^H U = A); the
     * other triangle is neither read nor written (the front end zeroed it). info (b) int32 is
     * written as potrf's (k &gt; 0: the leading minor of order k is not positive definite); nothing
     * is read back.
     */
    default void choFactor(NDArray c, boolean lower, NDArray info) {
        throw new UnsupportedOperationException(where() + " has no cho_factor");
    }

    /**
     * potrs, in place as {@link #luSolve}: A x = rhs with A = c c^H ({@code lower}: c's lower
     * triangle) or c^H c (its upper).
     */
    default void choSolve(NDArray c, boolean lower, NDArray x) {
        throw new UnsupportedOperationException(where() + " has no cho_solve");
    }

    /** Least squares of one system: a (1, m, n), rhs (1, m, nrhs); rcond as NumPy's default (eps * max(m, n)). */
    Lstsq lstsq(NDArray a, NDArray rhs);

    /** The highest-priority solver that serves {@code device}; cached per device. */
    static Solver forDevice(Device device) {
        return device.state(
                Cache.SOLVER,
                () -> StreamSupport.stream(
                                ServiceLoader.load(SolverProvider.class, Solver.class.getClassLoader())
                                        .spliterator(),
                                false)
                        .filter(p -> p.supports(device))
                        .max(Comparator.comparingInt(SolverProvider::priority))
                        .orElseThrow(() ->
                                new org.ndgpu.exceptions.DeviceException("linalg: no solver serves " + device.id()))
                        .create(device));
    }

    /** The key of the per-device solver behind {@link #forDevice}; {@link Device#reset()} drops it. */
    final class Cache {
        private Cache() {}

        static final Device.Key<Solver> SOLVER = new Device.Key<>("linalg solver");
    }
}
