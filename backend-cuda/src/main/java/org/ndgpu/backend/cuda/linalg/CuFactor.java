package org.ndgpu.backend.cuda.linalg;

import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.letter;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.ptr;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.transposed;

import java.lang.foreign.MemorySegment;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.vendor.SolverKernels;

/**
 * SciPy's factor-and-solve family on cuSOLVER (getrf, getrs, potrf, potrs) for {@link CuSolver}:
 * lu_factor, lu_solve, cho_factor and cho_solve of C-contiguous (batch, n, n) stacks of float32 or
 * float64 (the family's dtypes on every device), one call per matrix, each method making the device
 * current. Nothing is read back; info
 * stays on the device for the front end.
 *
 * <p>Layout: the stored row-major A is column-major A^T. LU is not transpose-blind (the factors of
 * A^T are not SciPy's), so getrf and getrs run on column-major copies made on the device, and the
 * pivots move between getrf's 1-based and SciPy's 0-based numbering. Cholesky is: potrf of the
 * column-major lower triangle (cuSOLVER's faster one) factors SciPy's upper factor in place in the
 * front end's copy, and its lower one on a column-major copy written back (see {@link #choFactor}).
 * The solves work in place; a single right-hand side (n x 1) is the same memory in both layouts, so
 * only several right-hand sides are transposed.
 */
final class CuFactor {
    private static final int LOWER = 0, UPPER = 1; // cublasFillMode_t

    private final CuSolverHandle h;

    CuFactor(CuSolverHandle h) {
        this.h = h;
    }

    private NDArray[] luFactorHere(NDArray a) {
        long b = a.shape(0);
        int n = (int) a.shape(1);
        NDArray lu = null, piv = null, info = h.empty(DType.INT32, b);
        try (NDArray f = transposed(a);
                NDArray ipiv = h.empty(DType.INT32, b, n)) {
            h.getrf(f, n, b, ipiv, info);
            lu = transposed(f);
            piv = h.empty(DType.INT32, b, n);
            SolverKernels.get().shiftPivots(ipiv, -1, piv);
            return new NDArray[] {lu, piv, info};
        } catch (RuntimeException e) {
            for (NDArray x : new NDArray[] {lu, piv, info}) if (x != null) x.close();
            throw e;
        }
    }

    /** A solver's call on the column-major right-hand sides of x (b, n, r), in place in x. */
    private interface Solve {
        void on(NDArray columnMajor);
    }

    /** Runs {@code solve} on x itself for one right-hand side, else on a transposed copy written back. */
    private static void inPlace(NDArray x, Solve solve) {
        if (x.shape(2) == 1) {
            solve.on(x);
            return;
        }
        try (NDArray t = transposed(x);
                NDArray back = t.transpose(0, 2, 1)) {
            solve.on(t);
            Copies.copyInto(back, x);
        }
    }

    /** getrs with op by SciPy's trans (0 N, 1 T, 2 C: cublasOperation_t's numbers too). */
    private void luSolveHere(NDArray lu, NDArray piv, NDArray x, int trans) {
        long b = lu.shape(0);
        int n = (int) lu.shape(1), r = (int) x.shape(2);
        try (NDArray f = transposed(lu);
                NDArray ipiv = h.empty(DType.INT32, b, n);
                NDArray info = h.empty(DType.INT32, b)) {
            SolverKernels.get().shiftPivots(piv, 1, ipiv);
            inPlace(x, cm -> h.getrs(trans, f, n, ipiv, cm, r, b, info));
        }
    }

    /**
     * potrf on the stored A^T: without {@code lower}, in place, its lower triangle (A's upper) gives L,
     * read row-major L^T, SciPy's U (U^T U = A); with {@code lower}, on a column-major copy, whose
     * lower triangle is A's lower, L (L L^T = A), SciPy's L once copied back. potrf neither reads
     * nor writes the other triangle, which the front end has zeroed.
     */
    private void choFactorHere(NDArray c, boolean lower, NDArray info) {
        long b = c.shape(0);
        int n = (int) c.shape(1);
        if (!lower) {
            h.potrf(LOWER, c, n, b, info);
            return;
        }
        // cuSOLVER's potrf factors a column-major lower triangle much faster than an upper one, so
        // SciPy's L comes from a column-major copy (c itself, A's lower triangle, zeros above), written
        // back transposed: twice c's bytes moved, against a slower factorization
        try (NDArray t = transposed(c);
                NDArray back = t.transpose(0, 2, 1)) {
            h.potrf(LOWER, t, n, b, info);
            Copies.copyInto(back, c);
        }
    }

    /** potrs with the stored factor's triangle as {@link #choFactor} left it: c read column-major is c^T. */
    private void choSolveHere(NDArray c, boolean lower, NDArray x) {
        long b = c.shape(0);
        int n = (int) c.shape(1), r = (int) x.shape(2), uplo = lower ? UPPER : LOWER;
        String t = letter(c.dtype());
        try (NDArray info = h.empty(DType.INT32, b)) {
            inPlace(x, cm -> {
                MemorySegment hd = h.begin();
                for (long i = 0; i < b; i++) {
                    h.call(
                            "cusolverDn" + t + "potrs",
                            hd,
                            uplo,
                            n,
                            r,
                            ptr(c, i * n * n),
                            n,
                            ptr(cm, i * n * r),
                            n,
                            ptr(info, i));
                }
            });
        }
    }

    /** {lu, piv (0-based), info} of each matrix; see {@link org.ndgpu.vendor.Solver#luFactor}. */
    NDArray[] luFactor(NDArray a) {
        try (var _ = h.device.use()) {
            return luFactorHere(a);
        }
    }

    void luSolve(NDArray lu, NDArray piv, NDArray x, int trans) {
        try (var _ = h.device.use()) {
            luSolveHere(lu, piv, x, trans);
        }
    }

    void choFactor(NDArray c, boolean lower, NDArray info) {
        try (var _ = h.device.use()) {
            choFactorHere(c, lower, info);
        }
    }

    void choSolve(NDArray c, boolean lower, NDArray x) {
        try (var _ = h.device.use()) {
            choSolveHere(c, lower, x);
        }
    }
}
