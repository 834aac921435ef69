package org.ndgpu.sparse.linalg;

import java.util.Objects;
import java.util.function.UnaryOperator;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseMatrix;

/**
 * The scipy.sparse.linalg namespace, as {@code Nd.sparse().linalg()} (CuPy's
 * {@code cupyx.scipy.sparse.linalg}): iterative solvers, eigsh and norms on the device.
 *
 * <pre>{@code
 * SparseLinalg lin = Nd.sparse().linalg();
 * try (SolveResult r = lin.cg(a, b, SolveOptions.defaults().withRtol(1e-8).withJacobi())) {
 *     NDArray x = r.x();       // r.info() == 0 where it converged
 * }
 * try (EigshResult e = lin.eigsh(a, 3, "LA")) { e.w(); e.v(); }
 * }</pre>
 *
 * <p>The solvers follow SciPy 1.17's algorithms step for step, so they take as many iterations as
 * SciPy's for the same inputs; the vectors stay on the device and only the scalars each step needs
 * (dot products, norms) come to the host. They refuse, where SciPy would run, a {@code maxiter} of
 * 0 (SciPy returns x0 with info 0, as if converged) and a b holding NaN or infinity (SciPy runs to
 * maxiter on NaN).
 */
public final class SparseLinalg {
    private static final SparseLinalg INSTANCE = new SparseLinalg();

    private SparseLinalg() {}

    /** The namespace (one instance: it holds no state). */
    public static SparseLinalg instance() {
        return INSTANCE;
    }

    // ---------------------------------------------------------------- operators

    /** scipy.sparse.linalg.aslinearoperator(A): {@code lin.aslinearoperator(a).matvec(x)}. */
    public LinearOperator aslinearoperator(SparseMatrix a) {
        return LinearOperator.aslinearoperator(a);
    }

    /** scipy.sparse.linalg.aslinearoperator(A) for a dense 2-d array: {@code lin.aslinearoperator(dense)}. */
    public LinearOperator aslinearoperator(NDArray a) {
        return LinearOperator.aslinearoperator(a);
    }

    /**
     * A Jacobi preconditioner {@code M = inv(diag(A))} for the solvers' {@code M} (SciPy users write
     * {@code LinearOperator(A.shape, lambda x: x / A.diagonal())}); close it after use.
     * {@code try (LinearOperator m = lin.jacobi(a)) { lin.cg(a, b, SolveOptions.defaults().withM(m)); }}
     */
    public LinearOperator jacobi(SparseMatrix a) {
        return Jacobi.of("jacobi", real("jacobi", a));
    }

    // ---------------------------------------------------------------- solvers

    /** scipy.sparse.linalg.cg(A, b) for a symmetric positive definite A: {@code lin.cg(a, b).x()}. */
    public SolveResult cg(SparseMatrix a, NDArray b) {
        return cg(a, b, SolveOptions.defaults());
    }

    /** scipy.sparse.linalg.cg(A, b, x0, rtol, atol, maxiter, M, callback): {@code lin.cg(a, b, SolveOptions.defaults().withRtol(1e-8))}. */
    public SolveResult cg(SparseMatrix a, NDArray b, SolveOptions options) {
        try (KrylovSystem s = KrylovSystem.of("cg", operator("cg", a), a, b, options)) {
            return ConjugateGradient.solve(s);
        }
    }

    /** scipy.sparse.linalg.cg with A a LinearOperator: {@code lin.cg(op, b, SolveOptions.defaults())}. */
    public SolveResult cg(LinearOperator a, NDArray b, SolveOptions options) {
        try (KrylovSystem s = KrylovSystem.of("cg", a, null, b, options)) {
            return ConjugateGradient.solve(s);
        }
    }

    /** scipy.sparse.linalg.bicgstab(A, b): {@code lin.bicgstab(a, b).x()}. */
    public SolveResult bicgstab(SparseMatrix a, NDArray b) {
        return bicgstab(a, b, SolveOptions.defaults());
    }

    /** scipy.sparse.linalg.bicgstab(A, b, x0, rtol, atol, maxiter, M, callback): {@code lin.bicgstab(a, b, options)}. */
    public SolveResult bicgstab(SparseMatrix a, NDArray b, SolveOptions options) {
        try (KrylovSystem s = KrylovSystem.of("bicgstab", operator("bicgstab", a), a, b, options)) {
            return BiCgStab.solve(s);
        }
    }

    /** scipy.sparse.linalg.bicgstab with A a LinearOperator: {@code lin.bicgstab(op, b, options)}. */
    public SolveResult bicgstab(LinearOperator a, NDArray b, SolveOptions options) {
        try (KrylovSystem s = KrylovSystem.of("bicgstab", a, null, b, options)) {
            return BiCgStab.solve(s);
        }
    }

    /** scipy.sparse.linalg.gmres(A, b) (restart 20): {@code lin.gmres(a, b).x()}. */
    public SolveResult gmres(SparseMatrix a, NDArray b) {
        return gmres(a, b, SolveOptions.defaults());
    }

    /**
     * scipy.sparse.linalg.gmres(A, b, x0, rtol, atol, restart, maxiter, M, callback, callback_type='x'):
     * maxiter counts restart cycles. {@code lin.gmres(a, b, SolveOptions.defaults().withRestart(30))}
     */
    public SolveResult gmres(SparseMatrix a, NDArray b, SolveOptions options) {
        try (KrylovSystem s = KrylovSystem.of("gmres", operator("gmres", a), a, b, options)) {
            return Gmres.solve(s);
        }
    }

    /** scipy.sparse.linalg.gmres with A a LinearOperator: {@code lin.gmres(op, b, options)}. */
    public SolveResult gmres(LinearOperator a, NDArray b, SolveOptions options) {
        try (KrylovSystem s = KrylovSystem.of("gmres", a, null, b, options)) {
            return Gmres.solve(s);
        }
    }

    private static LinearOperator operator(String op, SparseMatrix a) {
        return LinearOperator.aslinearoperator(real(op, a));
    }

    // the iterative solvers, eigsh, svds and norm are float32 and float64 only for now
    private static SparseMatrix real(String op, SparseMatrix a) {
        Objects.requireNonNull(a, op + ": A is null");
        if (a.isClosed()) throw new ArrayClosedException(op + ": the sparse matrix was closed");
        if (a.dtype().isComplex())
            throw new DTypeException(
                    op + ": A must be float32 or float64 (complex A is not supported yet), got " + a.dtype());
        return a;
    }

    // ---------------------------------------------------------------- direct solvers

    /**
     * scipy.sparse.linalg.spsolve(A, b): x with {@code A x = b} for a square A and b of shape
     * {@code (n,)} or {@code (n, k)} (a b of one column gives x of shape {@code (n,)}, as SciPy's), in
     * the dtype {@code promote_types(A.dtype, b.dtype)}, on b's device. On a CUDA device it runs on
     * cuSOLVER's sparse QR (csrlsvqr, one call per column of b, as CuPy's spsolve) where libcusolver
     * has it; elsewhere (OpenCL, {@code ndgpu.sparse.library=own}) on the host: A and b are read once,
     * factored by EJML's sparse LU with partial pivoting (SciPy runs SuperLU), and x is copied back.
     * A singular A is a {@code LinAlgException} "spsolve: Singular matrix", as ndgpu's dense solve
     * (SciPy warns MatrixRankWarning and returns NaN); NaN or infinity in A or b is refused. A or b
     * complex gives a complex x (on the host A is factored as the real system
     * {@code [[Ar, -Ai], [Ai, Ar]]} of twice its order). {@code NDArray x = lin.spsolve(a, b);}
     */
    public NDArray spsolve(SparseMatrix a, NDArray b) {
        return DirectSolve.spsolve(a, b);
    }

    /**
     * scipy.sparse.linalg.spsolve_triangular(A, b, lower, unit_diagonal): x with {@code A x = b} for a
     * lower (upper) triangular A, by substitution on the host, row by row over A's canonical CSR
     * arrays; entries of the other triangle are not read (SciPy's result for them is unspecified).
     * A zero on the diagonal (unless unitDiagonal) is a {@code LinAlgException}, as SciPy's
     * LinAlgError. Shapes and dtypes as {@link #spsolve}.
     * {@code NDArray x = lin.spsolveTriangular(l, b, true, false);}
     */
    public NDArray spsolveTriangular(SparseMatrix a, NDArray b, boolean lower, boolean unitDiagonal) {
        return DirectSolve.triangular(a, b, lower, unitDiagonal);
    }

    /** scipy.sparse.linalg.spsolve_triangular(A, b): A lower triangular. {@code lin.spsolveTriangular(l, b)} */
    public NDArray spsolveTriangular(SparseMatrix a, NDArray b) {
        return DirectSolve.triangular(a, b, true, false);
    }

    /**
     * scipy.sparse.linalg.factorized(A): A factored once (EJML's sparse LU on the host, as
     * {@link #spsolve}), and a function that solves {@code A x = b} for each b it is given, with
     * spsolve's shapes and dtypes. A singular A is refused here, at the factorization. The function
     * holds host arrays only (A may be closed after this call).
     * {@code UnaryOperator<NDArray> solve = lin.factorized(a); NDArray x = solve.apply(b);}
     */
    public UnaryOperator<NDArray> factorized(SparseMatrix a) {
        return DirectSolve.factorized(a);
    }

    // ---------------------------------------------------------------- eigenvalues

    /** scipy.sparse.linalg.eigsh(A, k): the k eigenvalues of largest magnitude of a symmetric A. {@code lin.eigsh(a, 3)} */
    public EigshResult eigsh(SparseMatrix a, int k) {
        return eigsh(a, k, "LM");
    }

    /** scipy.sparse.linalg.eigsh(A, k, which=which), which "LM", "LA" or "SA": {@code lin.eigsh(a, 3, "SA")}. */
    public EigshResult eigsh(SparseMatrix a, int k, String which) {
        return eigsh(a, k, which, null, null, 0);
    }

    /**
     * scipy.sparse.linalg.eigsh(A, k, which, ncv, maxiter, tol): ncv Lanczos vectors (null for
     * {@code min(max(2k, k + 32), n - 1)}), maxiter Lanczos steps (null for {@code 10 n}), tol 0 for
     * machine precision. {@code lin.eigsh(a, 3, "LA", 40, null, 1e-10)}
     */
    public EigshResult eigsh(SparseMatrix a, int k, String which, Integer ncv, Integer maxiter, double tol) {
        LinearOperator op = operator("eigsh", a);
        try (NDArray d = a.diagonal()) {
            return Lanczos.eigsh(d.device(), op, k, which, ncv, maxiter, tol);
        }
    }

    /** scipy.sparse.linalg.eigsh with A a LinearOperator, on the current device: {@code lin.eigsh(op, 3, "LA", null, null, 0)}. */
    public EigshResult eigsh(LinearOperator a, int k, String which, Integer ncv, Integer maxiter, double tol) {
        return Lanczos.eigsh(Device.current(), a, k, which, ncv, maxiter, tol);
    }

    /** scipy.sparse.linalg.svds(A, k): the k largest singular values and their vectors. {@code lin.svds(a, 3).s()} */
    public SvdsResult svds(SparseMatrix a, int k) {
        return svds(a, k, "LM", null, null, 0);
    }

    /**
     * scipy.sparse.linalg.svds(A, k, ncv, tol, which, maxiter), which "LM" (largest) or "SM"
     * (smallest): eigsh on the Gram operator of A, s ascending as SciPy's.
     * {@code lin.svds(a, 3, "SM", null, null, 0)}
     */
    public SvdsResult svds(SparseMatrix a, int k, String which, Integer ncv, Integer maxiter, double tol) {
        return Svds.of(real("svds", a), k, which, ncv, maxiter, tol);
    }

    // ---------------------------------------------------------------- norms

    /** scipy.sparse.linalg.norm(A): the Frobenius norm, a 0-d array. {@code lin.norm(a)} */
    public NDArray norm(SparseMatrix a) {
        return Norms.frobenius(real("norm", a));
    }

    /**
     * scipy.sparse.linalg.norm(A, ord) for ord 1 (largest column sum of |A|), -1, inf (largest row
     * sum), -inf: a 0-d array. {@code lin.norm(a, Double.POSITIVE_INFINITY)}
     */
    public NDArray norm(SparseMatrix a, double ord) {
        return Norms.matrix(real("norm", a), ord);
    }

    /**
     * scipy.sparse.linalg.norm(A, ord, axis): a vector norm (2 for SciPy's default, inf, -inf, or
     * another nonzero p) of each column (axis 0) or row (axis 1), a 1-d array. There is no
     * {@code norm(a, axis)}: {@code norm(a, 1)} is the matrix 1-norm, as SciPy's.
     * {@code lin.norm(a, 2, 0)}
     */
    public NDArray norm(SparseMatrix a, double ord, int axis) {
        return Norms.along(real("norm", a), ord, axis);
    }
}
