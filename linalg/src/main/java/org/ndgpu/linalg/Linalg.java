package org.ndgpu.linalg;

import java.util.Map;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.Eig;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.Lstsq;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Qr;
import org.ndgpu.ndarray.Slogdet;
import org.ndgpu.ndarray.Svd;

/**
 * The linalg namespace, as numpy.linalg / cupy.linalg: {@code Nd.linalg().svd(a, false)}.
 * Implemented by module linalg (cuBLAS/cuSOLVER on CUDA, CLBlast and host solvers on OpenCL).
 */
public interface Linalg {
    /** numpy.matmul with its rules for 1-d operands and broadcast batch dimensions. */
    NDArray matmul(NDArray a, NDArray b, NDArray out);

    /** numpy.dot. */
    NDArray dot(NDArray a, NDArray b);

    /** numpy.vdot: the dot product of the flattened arrays, conjugating the first when complex; a 0-d array. */
    NDArray vdot(NDArray a, NDArray b);

    /** numpy.inner: sums over the last axes of both. */
    NDArray inner(NDArray a, NDArray b);

    /** numpy.outer: the flattened {@code a} as a column times the flattened {@code b} as a row. */
    NDArray outer(NDArray a, NDArray b);

    /** numpy.tensordot(a, b, axes): sums over the last {@code axes} axes of a and the first of b. */
    NDArray tensordot(NDArray a, NDArray b, int axes);

    /** numpy.tensordot(a, b, (axesA, axesB)): sums over the paired axes. */
    NDArray tensordot(NDArray a, NDArray b, int[] axesA, int[] axesB);

    /**
     * numpy.einsum: {@code einsum("bij,bjk->bik", a, b)}, {@code "ij->ji"}, {@code "ii->i"},
     * {@code "i,i->"}, implicit output and "..." included. Three or more operands are contracted
     * pairwise in the order numpy.einsum_path(optimize='greedy') picks: {@code einsum("ij,jk,kl->il", a, b, c)}.
     */
    NDArray einsum(String subscripts, NDArray... operands);

    /** numpy.linalg.slogdet(a): the sign and the natural log of the absolute determinant. */
    Slogdet slogdet(NDArray a);

    /** numpy.linalg.lstsq(a, b, rcond=None): the least-squares solution through the SVD. */
    Lstsq lstsq(NDArray a, NDArray b);

    /** numpy.linalg.svd(a, full_matrices); singular values in descending order. */
    Svd svd(NDArray a, boolean fullMatrices);

    /** numpy.linalg.qr(a) in 'reduced' mode. */
    Qr qr(NDArray a);

    /** numpy.linalg.solve(a, b). */
    NDArray solve(NDArray a, NDArray b);

    /** numpy.linalg.inv(a). */
    NDArray inv(NDArray a);

    /** numpy.linalg.det(a). */
    NDArray det(NDArray a);

    /** numpy.linalg.cholesky(a), reading the lower triangle. */
    NDArray cholesky(NDArray a);

    /** numpy.linalg.eigh(a), reading the lower triangle. */
    Eigh eigh(NDArray a);

    /** numpy.linalg.eigvalsh(a): eigh's eigenvalues alone (ascending, real), reading the lower triangle. */
    NDArray eigvalsh(NDArray a);

    /** numpy.linalg.norm(a): the 2-norm of the flattened array (a vector's 2-norm, a matrix's Frobenius norm). */
    NDArray norm(NDArray a);

    /**
     * numpy.linalg.norm(a, ord): ord is null, a number (Double.POSITIVE_INFINITY for inf, 0, 1, -1,
     * 2, -2, any p for vectors) or "fro" / "nuc" for matrices.
     */
    default NDArray norm(NDArray a, Object ord) {
        return norm(a, ord, null, false);
    }

    /**
     * numpy.linalg.norm(a, ord, axis, keepdims): one axis gives vector norms along it, two give
     * matrix norms over them: {@code Nd.linalg().norm(x, null, new int[]{1}, false)} is each row's 2-norm.
     */
    NDArray norm(NDArray a, Object ord, int[] axis, boolean keepdims);

    /** numpy.linalg.pinv(a) with NumPy's default rcond, 1e-15: {@code Nd.linalg().pinv(a)}. */
    default NDArray pinv(NDArray a) {
        return pinv(a, 1e-15);
    }

    /**
     * numpy.linalg.pinv(a, rcond): the Moore-Penrose pseudo-inverse (..., N, M) of a (..., M, N)
     * through the SVD; singular values at or below rcond * max(s) of each matrix count as zero.
     */
    NDArray pinv(NDArray a, double rcond);

    /**
     * numpy.linalg.matrix_rank(A): the number of singular values above S.max() * max(M, N) * eps,
     * an int64 array of the batch shape (0-d for one matrix; for a 1-d A, 1 unless all zero).
     */
    NDArray matrixRank(NDArray a);

    /** numpy.linalg.matrix_rank(A, tol): singular values above the absolute {@code tol} count. */
    NDArray matrixRank(NDArray a, double tol);

    /**
     * numpy.linalg.matrix_power(a, n) by repeated squaring with matmul: n = 0 gives the identity
     * in a's dtype, negative n the power of inv(a).
     */
    NDArray matrixPower(NDArray a, long n);

    /**
     * numpy.linalg.multi_dot(arrays): the chained dot product in the cheapest parenthesization
     * (the matrix-chain order); a 1-d first array is a row vector, a 1-d last one a column vector.
     */
    NDArray multiDot(NDArray... arrays);

    /** numpy.linalg.cond(x): the 2-norm condition number, s.max() / s.min(), per matrix. */
    default NDArray cond(NDArray a) {
        return cond(a, null);
    }

    /**
     * numpy.linalg.cond(x, p): p null, 2 or -2 from the singular values; "fro", "nuc", 1, -1,
     * Double.POSITIVE_INFINITY or NEGATIVE_INFINITY as norm(x, p) * norm(inv(x), p) (singular gives inf, as NumPy).
     */
    NDArray cond(NDArray a, Object p);

    /**
     * numpy.linalg.eig(a): eigenvalues (..., M) and right eigenvectors as columns (..., M, M), each of
     * unit norm. As NumPy, real input gives real results when every eigenvalue is real, else complex
     * (complex128 for float64 and integers, complex64 for float32).
     */
    Eig eig(NDArray a);

    /** numpy.linalg.eigvals(a): eig's eigenvalues alone, with the same dtype rule. */
    NDArray eigvals(NDArray a);

    /**
     * numpy.linalg.vector_norm(x, axis, keepdims, ord): the ord-norm over the given axes, as one
     * vector (every axis when axis is null); ord any number, inf or -inf:
     * {@code Nd.linalg().vectorNorm(x, 1, new int[] {-1}, false)}.
     */
    NDArray vectorNorm(NDArray x, double ord, int[] axis, boolean keepdims);

    /** numpy.linalg.vector_norm(x): the 2-norm of every element: {@code Nd.linalg().vectorNorm(x)}. */
    default NDArray vectorNorm(NDArray x) {
        return vectorNorm(x, 2, null, false);
    }

    /**
     * numpy.linalg.matrix_norm(x, keepdims, ord) over the last two axes; ord null or "fro", "nuc",
     * 1, -1, 2, -2, inf or -inf as doubles: {@code Nd.linalg().matrixNorm(stack, "nuc", false)}.
     */
    NDArray matrixNorm(NDArray x, Object ord, boolean keepdims);

    /** numpy.linalg.matrix_norm(x): the Frobenius norm of each matrix: {@code Nd.linalg().matrixNorm(a)}. */
    default NDArray matrixNorm(NDArray x) {
        return matrixNorm(x, "fro", false);
    }

    /** numpy.linalg.svdvals(x): the singular values (..., K), descending: {@code Nd.linalg().svdvals(a)}. */
    NDArray svdvals(NDArray x);

    /**
     * numpy.linalg.vecdot(x1, x2, axis): sum(conj(x1) * x2) along axis, the other axes broadcast:
     * {@code Nd.linalg().vecdot(a, b, -1)}.
     */
    NDArray vecdot(NDArray x1, NDArray x2, int axis);

    /** numpy.linalg.matrix_transpose(x): the last two axes swapped, a view: {@code Nd.linalg().matrixTranspose(a)}. */
    NDArray matrixTranspose(NDArray x);

    /**
     * numpy.linalg.tensorinv(a, ind): the inverse of a seen as a matrix of shape (prod(shape[:ind]),
     * prod(shape[ind:])), shaped shape[ind:] + shape[:ind]: {@code Nd.linalg().tensorinv(a, 2)}.
     */
    NDArray tensorinv(NDArray a, int ind);

    /**
     * numpy.linalg.tensorsolve(a, b, axes): x with tensordot(a, x, x.ndim) == b; axes (or null) are
     * moved to the end of a first: {@code Nd.linalg().tensorsolve(a, b, null)}.
     */
    NDArray tensorsolve(NDArray a, NDArray b, int[] axes);

    /**
     * Where each factorization runs on {@code device} (no NumPy counterpart; issue 41): NumPy's
     * routine name (solve, inv, det, slogdet, cholesky, qr, svd, eigh, eigvalsh, eig, eigvals, lstsq)
     * to "device (...)" or "host (...)" with who computes it; the matrix products always run on the
     * device: {@code Nd.linalg().placement(Device.current()).get("inv")}.
     */
    Map<String, String> placement(Device device);

    // ---- scipy.linalg's factor-then-solve routines (issue 41), on ndgpu's kernels on every device

    /**
     * scipy.linalg.lu_factor(a): the LU with partial pivoting of a square matrix or a stack
     * (..., N, N), float32 or float64 (integers as float64); NaN or inf is refused, a singular matrix
     * still factors: {@code LuFactor f = Nd.linalg().luFactor(a)}.
     */
    LuFactor luFactor(NDArray a);

    /**
     * scipy.linalg.lu_solve((lu, piv), b): x with a x = b from {@link #luFactor}'s factors; b (N,)
     * or (..., N, K); the dtype is lu's and b's promoted, as SciPy's (a complex b gives a complex x): {@code Nd.linalg().luSolve(Nd.linalg().luFactor(a), b)}.
     */
    NDArray luSolve(LuFactor factor, NDArray b);

    /**
     * scipy.linalg.cho_factor(a, lower): the Cholesky factor of a symmetric positive definite matrix
     * or stack, lower (a = L L^T, from a's lower triangle) or upper (a = U^T U, from the upper), with
     * zeros in the other triangle (SciPy leaves whatever was there): {@code Nd.linalg().choFactor(a, true)}.
     */
    NDArray choFactor(NDArray a, boolean lower);

    /**
     * scipy.linalg.cho_solve((c, lower), b): x with a x = b from {@link #choFactor}'s factor; b (N,)
     * or (..., N, K); the dtype is c's and b's promoted, as SciPy's (a complex b gives a complex x): {@code Nd.linalg().choSolve(Nd.linalg().choFactor(a, true), true, b)}.
     */
    NDArray choSolve(NDArray c, boolean lower, NDArray b);

    /**
     * scipy.linalg.solve_triangular(a, b, lower=lower, unit_diagonal=unitDiagonal): x with a x = b,
     * reading only a's lower or upper triangle (and not its diagonal where unitDiagonal); a zero on the
     * diagonal raises LinAlgException; a real a with a complex b gives a complex x, as SciPy:
     * {@code Nd.linalg().solveTriangular(l, b, true, false)}.
     */
    NDArray solveTriangular(NDArray a, NDArray b, boolean lower, boolean unitDiagonal);

    /**
     * scipy.linalg.solve_triangular(a, b, trans=trans, lower=lower, unit_diagonal=unitDiagonal): x
     * with op(a) x = b, op(a) a (trans 0, SciPy's 'N'), a^T (1, 'T') or a^H (2, 'C'; a^T for real
     * a), reading only a's lower or upper triangle as {@link #solveTriangular(NDArray, NDArray,
     * boolean, boolean)}: {@code Nd.linalg().solveTriangular(l, b, 1, true, false)} solves l^T x = b.
     */
    NDArray solveTriangular(NDArray a, NDArray b, int trans, boolean lower, boolean unitDiagonal);

    /**
     * scipy.linalg.expm(a) (cupyx.scipy.linalg.expm): the matrix exponential of a square matrix or a
     * stack (..., N, N), by scaling and squaring with a Pade approximant of degree 3 to 13 chosen from
     * the 1-norms (Al-Mohy and Higham 2009); float32, float64, complex64, complex128 (integers as
     * float64); a matrix holding NaN or inf answers NaN, as SciPy: {@code Nd.linalg().expm(a)}.
     */
    NDArray expm(NDArray a);

    /**
     * Chooses the GEMM kernel parameters of an OpenCL device by timing: CLBlast's own and about 20
     * candidate sets of its Xgemm kernel, on 4096^3 float32 and (where the device has float64) 2048^3
     * float64 GEMMs; the fastest is used from now on for matmul, dot, einsum and the factorizations'
     * updates on that device, and saved for later processes (folder {@code ndgpu.gemm.dir}).
     * Takes seconds to a minute on a GPU. A CUDA device has nothing to tune (cuBLAS chooses its own):
     * NdException. {@code Nd.linalg().tuneGemm(Device.get("opencl:0"))}; see linalg's README.
     */
    java.util.List<GemmTiming> tuneGemm(Device device);

    /**
     * {@link #tuneGemm(Device)} for one dtype (float32, float64, complex64, complex128) on
     * {@code size}^3 GEMMs, each candidate timed {@code repeats} times (the median counts):
     * {@code Nd.linalg().tuneGemm(device, DType.FLOAT32, 1024, 3)}.
     */
    java.util.List<GemmTiming> tuneGemm(Device device, org.ndgpu.ndarray.DType dtype, long size, int repeats);
}
