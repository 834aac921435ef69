package org.ndgpu.linalg.impl;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.spi.Providers;

/**
 * numpy.linalg's answers for NaN and inf input, decided here, once, above every {@link org.ndgpu.vendor.Solver},
 * so that cuSOLVER, EJML on the host and any later solver give the same answer.
 *
 * <p>Why not leave it to the solvers: LAPACK's getrf reports only exactly zero pivots, and what a
 * NaN does on its way through a factorization depends on the library (OpenBLAS, which NumPy ships,
 * leaves a NaN pivot's column unscaled, so NumPy's inv([[nan, 1], [1, 1]]) raises "Singular matrix"
 * while inv([[nan, 1], [2, 1]]) returns [[nan, nan], [2, -1]]; cuSOLVER returned a finite inverse
 * for the first; EJML's check of the diagonal raised). The rules, per matrix of a stack:
 * <ul>
 * <li>inv, solve and matrix_power(n &lt; 0) raise LinAlgError "Singular matrix" for a matrix holding
 *     a NaN: NumPy raises it for some such matrices and answers others with numbers no other
 *     library reproduces, so the one answer every device can give without a silent result is the
 *     error. det, slogdet and cond(p not 2) give NaN for that matrix of the stack. inf goes through
 *     the solver's arithmetic, as in LAPACK; an exactly zero pivot is "Singular matrix".</li>
 * <li>cholesky: a NaN in the lower triangle gives NaN in the lower triangle, 0 above, as NumPy.</li>
 * <li>eigh, eigvalsh: NaN or inf in the lower triangle gives NaN eigenvalues and eigenvectors
 *     (NumPy's LAPACK answers finite values for some NaN input: nothing to reproduce).</li>
 * <li>qr: NaN or inf gives NaN factors (r keeps its zeros below the diagonal).</li>
 * <li>svd: a NaN raises "SVD did not converge", as NumPy; an inf (no NaN) gives NaN singular values
 *     and vectors, so matrix_rank counts 0 and cond answers inf, as NumPy.</li>
 * <li>eig, eigvals, lstsq: NaN or inf raises, as NumPy (checked where they run).</li>
 * </ul>
 * The flags are one pass over the stack per call, then one reduction and one scalar read; the matrices flagged are replaced
 * by the identity before the solver sees them, so no solver ever factors a NaN.
 *
 * <pre>{@code
 * NDArray bad = NonFinite.flags(stack, true, false);   // (batch,) bool
 * if (NonFinite.any(bad)) { ... NonFinite.identityWhere(stack, bad) ... NonFinite.nanWhere(result, bad) ... }
 * }</pre>
 */
final class NonFinite {
    private NonFinite() {}

    /**
     * (batch,) bool: whether each matrix of a (batch, m, n) stack holds a NaN ({@code nanOnly}) or
     * any NaN or inf, in the whole matrix or ({@code lower}) in its lower triangle. Null for integer
     * and bool stacks, which hold neither.
     */
    static NDArray flags(NDArray stack, boolean nanOnly, boolean lower) {
        if (!stack.dtype().isInexact() || stack.size() == 0) return null;
        long b = stack.shape(0), m = stack.shape(1), n = stack.shape(2);
        NDArray flags = NDArray.empty(stack.device(), DType.BOOL, new long[] {b}, Order.C);
        try {
            flags.fill(0);
            // one pass, each element that is not allowed setting its matrix's flag: every writer writes the same
            // 1, so the race is harmless, and no full-size bool temporary is made
            ElementwiseLoop.runIntoNew(
                    spec(stack.dtype(), nanOnly, lower), new Object[] {stack, flags, m, n}, stack.shape());
            return flags;
        } catch (RuntimeException e) {
            flags.close();
            throw e;
        }
    }

    private static Spec spec(DType dt, boolean nanOnly, boolean lower) {
        String test = nanOnly ? "isnan" : "!isfinite";
        String bad = dt.isComplex() ? "(" + test + "(x.x) || " + test + "(x.y))" : test + "(x)";
        String where = lower ? "(_k / n) % m >= _k % n && " : "";
        return new Spec(
                "nd_linalg_nonfinite_" + (nanOnly ? "nan_" : "inf_") + (lower ? "l_" : "") + dt,
                List.of(
                        new Param("x", dt, Kind.IN),
                        new Param("flag", DType.BOOL, Kind.RAW),
                        new Param("m", DType.INT64, Kind.SCALAR),
                        new Param("n", DType.INT64, Kind.SCALAR)),
                "long _k = (long)i; if (" + where + bad + ") flag[_k / (m * n)] = 1;");
    }

    /** Stacks of at most this many matrices have their flags read as they are, without a reduction first. */
    private static final long DIRECT_READ = 1 << 16;

    /** Whether any flag is set (null flags: none); one read. */
    static boolean any(NDArray flags) {
        return first(flags) >= 0;
    }

    /** The index of the first flagged matrix, or -1 (null flags: none); one read where none is flagged. */
    private static long first(NDArray flags) {
        if (flags == null) return -1;
        if (flags.size() <= DIRECT_READ) {
            // a few KiB come back as fast as one byte, and no reduction is launched
            boolean[] f = flags.toBooleanArray();
            for (int i = 0; i < f.length; i++) if (f[i]) return i;
            return -1;
        }
        try (NDArray all = flags.any()) {
            if (!(Boolean) all.item()) return -1;
        }
        try (NDArray i = flags.argmax()) {
            return ((Number) i.item()).longValue();
        }
    }

    /**
     * NumPy's error for NaN or inf in the lower triangle of a matrix of order 3 or more (eigh,
     * eigvalsh): LAPACK's syevd does not converge there (orders 1 and 2 it answers without
     * iterating, NaN, as ndgpu).
     */
    static LinAlgException notConverged(String op) {
        return new LinAlgException(op + ": Eigenvalues did not converge: the array holds NaN or inf");
    }

    /**
     * Raises "Singular matrix" when any matrix of the stack is flagged, naming the first; the
     * operations whose answer for a NaN matrix NumPy itself leaves to the pivot (inv, solve).
     */
    static void refuse(String op, NDArray flags) {
        long first = first(flags);
        if (first < 0) return;
        throw new LinAlgException(op + ": Singular matrix: matrix " + first
                + " of the stack holds NaN, so it has no inverse" + " (expected finite entries or inf)");
    }

    /** The stack with each flagged (n, n) matrix replaced by the identity: a new C-contiguous array. */
    static NDArray identityWhere(NDArray stack, NDArray flags) {
        long n = stack.shape(2);
        try (var _ = stack.device().use();
                NDArray eye = Creation.eye(n, n, 0, stack.dtype());
                NDArray f = flags.reshape(-1, 1, 1)) {
            return Providers.ufuncs().where(f, eye, stack, null);
        }
    }

    /** The stack with each flagged matrix replaced by zeros, for the factorizations whose answer is NaN anyway. */
    static NDArray zeroWhere(NDArray stack, NDArray flags) {
        try (NDArray f = flags.reshape(-1, 1, 1)) {
            return Providers.ufuncs().where(f, 0, stack, null);
        }
    }

    /** A (batch, ...) result with every entry of a flagged batch member set to NaN; closes {@code r}. */
    static NDArray nanWhere(NDArray r, NDArray flags) {
        long[] s = r.shape();
        long[] fs = new long[s.length];
        java.util.Arrays.fill(fs, 1);
        fs[0] = s[0];
        try (r;
                NDArray f = flags.reshape(fs);
                NDArray nan = nan(r)) {
            return Providers.ufuncs().where(f, nan, r, null);
        }
    }

    /** A one-element NaN of r's dtype: nan+nanj for complex, as NumPy's complex results of NaN input. */
    private static NDArray nan(NDArray r) {
        DType dt = r.dtype();
        int parts = dt.isComplex() ? 2 : 1;
        MemorySegment seg = Arena.ofAuto().allocate(dt.itemsize(), 16);
        for (int i = 0; i < parts; i++) {
            if (dt == DType.FLOAT32 || dt == DType.COMPLEX64) seg.setAtIndex(ValueLayout.JAVA_FLOAT, i, Float.NaN);
            else seg.setAtIndex(ValueLayout.JAVA_DOUBLE, i, Double.NaN);
        }
        return NDArray.fromHost(r.device(), dt, new long[] {1}, seg);
    }
}
