package org.ndgpu.linalg.impl;

import static org.ndgpu.linalg.impl.MatrixStack.concat;
import static org.ndgpu.linalg.impl.MatrixStack.unstack;

import java.util.Arrays;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.linalg.LuFactor;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.vendor.Blas;
import org.ndgpu.vendor.Solver;

/**
 * scipy.linalg's (and cupyx.scipy.linalg's) factor-then-solve routines on ndgpu's own kernels
 * ({@link SmallFactor}, {@link BlockedFactor}) on every device: lu_factor, lu_solve, cho_factor,
 * cho_solve, solve_triangular, for float32 and float64 (integers as float64), stacks included. As
 * SciPy's check_finite, NaN or inf input is refused; lu_factor of a singular matrix returns its
 * factors (SciPy warns), solve_triangular with a zero diagonal entry raises. Stacks of order at
 * most 64 are one launch each ({@link SmallFactor}); larger matrices go to the device's libraries
 * where it has them ({@link Solver#hasFactorSolves}: cuSOLVER's getrf, getrs, potrf, potrs, and
 * with them {@link Blas#hasTrsm}: cuBLAS's trsm; not with {@code ndgpu.linalg.solver=own}), else
 * to the blocked kernels. The checks (finite entries,
 * a zero diagonal) give the same answers on either path.
 */
final class ScipySolves {
    private ScipySolves() {}

    /** The stack's dtype checked for these kernels: float32, float64 (where the device has it). */
    private static void requireReal(String op, MatrixStack st) {
        DType dt = st.dtype();
        Device d = st.x().device();
        if (!(dt == DType.FLOAT32 || (dt == DType.FLOAT64 && d.facts().fp64()))) {
            throw new DTypeException(
                    op + ": expected float32 or float64 (integers are taken as float64) on " + d.id() + ", got " + dt);
        }
        if (Blas.forDevice(d) == null)
            throw new NdException(op + ": " + d.id() + " has no BLAS, which these kernels need for their GEMMs");
    }

    private static void requireFinite(String op, NDArray x) {
        try (SolveChecks c = new SolveChecks(op)) {
            c.finite(x);
            c.require();
        }
    }

    /** True when the device's solver library takes this stack: orders past {@link SmallFactor}'s one-launch kernels. */
    private static boolean library(MatrixStack st) {
        return !SmallFactor.fits(st.x().device(), st.dtype(), st.n())
                && st.solver().hasFactorSolves(st.dtype());
    }

    /** The copy of {@code b} reshaped: an empty answer of the right shape. */
    private static NDArray emptyAnswer(NDArray b, long[] shape) {
        try (NDArray c = b.copy()) {
            return c.reshape(shape);
        }
    }

    static LuFactor luFactor(NDArray a) {
        try (MatrixStack st = MatrixStack.of("lu_factor", a, true)) {
            requireReal("lu_factor", st);
            long n = st.n();
            if (st.empty()) {
                return new LuFactor(
                        unstack(st.emptyOf(st.dtype(), n, n), st.batch()),
                        unstack(st.emptyOf(DType.INT32, n), st.batch()));
            }
            if (!library(st) && !SmallFactor.fits(st.x().device(), st.dtype(), n)) {
                // the blocked kernels: checked first, as they take finite input only
                requireFinite("lu_factor", st.x());
                SmallFactor.Lu f =
                        BlockedFactor.lu(st.x(), Blas.forDevice(st.x().device()));
                f.info().close();
                return new LuFactor(unstack(f.lu(), st.batch()), unstack(f.piv(), st.batch()));
            }
            // the check is queued first and read after the factorization (a singular matrix still
            // has its factors, as SciPy's, which warns: info is not read): one wait
            try (SolveChecks ok = new SolveChecks("lu_factor")) {
                ok.finite(st.x());
                ok.queued();
                NDArray[] f;
                if (library(st)) f = st.solver().luFactor(st.x());
                else {
                    SmallFactor.Lu lu = SmallFactor.lu(st.x());
                    f = new NDArray[] {lu.lu(), lu.piv(), lu.info()};
                }
                f[2].close();
                try {
                    ok.require();
                } catch (RuntimeException e) {
                    f[0].close();
                    f[1].close();
                    throw e;
                }
                return new LuFactor(unstack(f[0], st.batch()), unstack(f[1], st.batch()));
            }
        }
    }

    /**
     * b as a C-contiguous (count, n, k) stack of dt broadcast to the batch, and the result's shape;
     * {@code fresh}: a private copy the solve may overwrite, else a view of the caller's b (where it
     * needs no broadcast, cast or reordering), which the check kernel copies into the answer.
     */
    private record Rhs(NDArray b, long[] outShape, boolean fresh) implements AutoCloseable {
        @Override
        public void close() {
            b.close();
        }
    }

    private static Rhs rhs(String op, MatrixStack st, NDArray b, DType dt) {
        b.live(op);
        long n = st.n();
        boolean vector = b.ndim() == 1;
        long[] bs = b.shape();
        if (vector ? bs[0] != n : (b.ndim() < 2 || bs[bs.length - 2] != n)) {
            throw new ShapeException(op + ": b of shape " + Shapes.str(bs) + " does not fit a of shape "
                    + Shapes.str(concat(st.batch(), n, n)) + ": expected (" + n + ",) or (..., " + n + ", K)");
        }
        long k = vector ? 1 : bs[bs.length - 1];
        long[] batch = Shapes.broadcast(op, st.batch(), vector ? new long[0] : Arrays.copyOf(bs, bs.length - 2));
        if (!Arrays.equals(batch, st.batch())) {
            throw new ShapeException(op + ": b's batch shape " + Shapes.str(Arrays.copyOf(bs, bs.length - 2))
                    + " must broadcast to a's " + Shapes.str(st.batch()));
        }
        long[] full = concat(batch, n, k);
        long[] outShape = vector ? concat(batch, n) : full;
        try (NDArray bv = vector ? b.reshape(n, 1) : b.view(b.shape(), b.strides(), b.offset());
                NDArray bb = bv.broadcastTo(full)) {
            if (bb.dtype() == dt && bb.isCContiguous()) return new Rhs(bb.reshape(st.count(), n, k), outShape, false);
            try (NDArray bc = Copies.copy(bb, dt, Order.C)) {
                return new Rhs(bc.reshape(st.count(), n, k), outShape, true);
            }
        }
    }

    /**
     * The dtype of a solve, as SciPy's: a's and b's promoted as NumPy promotes them (an int32 or
     * float64 b with a float32 factor gives float64, a complex b gives complex).
     */
    private static DType solveType(MatrixStack st, NDArray b) {
        b.live("solve");
        DType t = DType.promote(st.dtype(), b.dtype());
        return t.isInexact() ? t : st.dtype();
    }

    /**
     * A complex b with a real factor: the real solve of b's real and imaginary parts (in the
     * complex type's real precision), put together as the complex answer SciPy gives.
     */
    private static NDArray byParts(NDArray b, DType ct, UnaryOperator<NDArray> solve) {
        DType rt = ct == DType.COMPLEX64 ? DType.FLOAT32 : DType.FLOAT64;
        try (NDArray re = b.real();
                NDArray im = b.imag();
                NDArray rc = re.astype(rt);
                NDArray ic = im.astype(rt);
                NDArray xr = solve.apply(rc);
                NDArray xi = solve.apply(ic)) {
            return HostEig.upload(b.device(), ct, xr.toDoubleArray(), xi.toDoubleArray(), xr.shape());
        }
    }

    static NDArray luSolve(LuFactor f, NDArray b) {
        NDArray piv = f.piv();
        piv.live("lu_solve");
        try (MatrixStack st = MatrixStack.of("lu_solve", f.lu(), true)) {
            requireReal("lu_solve", st);
            long[] want = concat(st.batch(), st.n());
            if (piv.dtype() != DType.INT32 || !Arrays.equals(piv.shape(), want)) {
                throw new ShapeException("lu_solve: piv must be int32 of shape " + Shapes.str(want)
                        + " (lu_factor's), got " + piv.dtype() + " " + Shapes.str(piv.shape()));
            }
            DType dt = solveType(st, b);
            if (dt.isComplex()) return byParts(b, dt, x -> luSolve(f, x));
            if (dt != st.dtype()) {
                // a float32 factor with a float64 (or int32) b: SciPy solves in float64
                try (NDArray wide = f.lu().astype(dt)) {
                    return luSolve(new LuFactor(wide, piv), b);
                }
            }
            try (Rhs r = rhs("lu_solve", st, b, dt)) {
                if (st.empty() || r.b().size() == 0) return emptyAnswer(r.b(), r.outShape());
                // b's check is queued first and read after the solve (NaN only flows through it): one wait
                SolveChecks ok = new SolveChecks("lu_solve");
                try (ok;
                        NDArray p = piv.reshape(st.count(), st.n());
                        NDArray pc = p.copy(Order.C);
                        NDArray info = NDArray.empty(st.x().device(), DType.INT32, new long[] {0}, Order.C);
                        NDArray x = answer(r)) {
                    ok.finiteInto(r.b(), x);
                    try {
                        checkPivots(pc, st.n());
                    } catch (NdException e) {
                        ok.require();
                        throw e;
                    }
                    ok.queued();
                    if (library(st)) st.solver().luSolve(st.x(), pc, x, 0);
                    else {
                        SmallFactor.Lu lu = new SmallFactor.Lu(st.x(), pc, info);
                        if (SmallFactor.fits(x.device(), dt, st.n())) SmallFactor.solve(lu, x, false);
                        else BlockedFactor.solve(lu, x, false, Blas.forDevice(x.device()));
                    }
                    ok.require();
                    return x.reshape(r.outShape());
                }
            }
        }
    }

    /** Every pivot must name a row at or below its own (as getrf's), else the kernels would read outside the matrix. */
    private static void checkPivots(NDArray piv, long n) {
        int[] p = piv.toIntArray();
        for (int i = 0; i < p.length; i++) {
            long k = i % n;
            if (p[i] < k || p[i] >= n) {
                throw new NdException("lu_solve: piv[" + i + "] = " + p[i] + " is not a row in [" + k + ", " + n
                        + "): expected lu_factor's pivots");
            }
        }
    }

    /** The array a solve writes its answer into: the right-hand sides' own copy, else a new one (filled by the checks). */
    private static NDArray answer(Rhs r) {
        NDArray b = r.b();
        return r.fresh() ? own(b) : NDArray.empty(b.device(), b.dtype(), b.shape(), Order.C);
    }

    /**
     * A view of {@code a}, closed apart from it: for a C-contiguous array this method's own (a
     * private copy, or a stack the kernels only read), where a copy would be a launch for nothing.
     */
    private static NDArray own(NDArray a) {
        return a.view(a.shape(), a.strides(), a.offset());
    }

    /**
     * True when the triangular solves of a stack of order n with right-hand sides x (count, n, k) go
     * to {@link SmallFactor}'s one-launch kernel rather than {@link BlockedFactor}'s launches per matrix.
     */
    private static boolean small(NDArray x, long n) {
        return x.shape(2) <= Integer.MAX_VALUE && SmallFactor.fits(x.device(), x.dtype(), n);
    }

    static NDArray choFactor(NDArray a, boolean lower) {
        try (MatrixStack st = MatrixStack.of("cho_factor", a, true)) {
            requireReal("cho_factor", st);
            long n = st.n(), count = st.count();
            if (st.empty()) return unstack(st.emptyOf(st.dtype(), n, n), st.batch());
            Device dev = st.x().device();
            boolean library = library(st), small = SmallFactor.fits(dev, st.dtype(), n);
            if (!library && !small) {
                // the blocked kernels: checked first, as they take finite input only
                requireFinite("cho_factor", st.x());
                try (NDArray src = lower ? null : st.x().swapaxes(-1, -2).copy(Order.C)) {
                    NDArray in = lower ? st.x() : src;
                    return upperIf(lower, requirePositiveDefinite(BlockedFactor.cholesky(in, Blas.forDevice(dev))), st);
                }
            }
            // the check's flags (g ints) and the factorization's info (count ints) in one array: one read
            long g = SolveCheckKernels.groups(dev, st.x().size());
            try (NDArray words = SolveCheckKernels.flags(dev, g + count);
                    NDArray flags = words.view(new long[] {g}, new long[] {4}, words.offset());
                    NDArray info = words.view(new long[] {count}, new long[] {4}, words.offset() + 4 * g)) {
                NDArray c;
                if (library) {
                    // one launch copies a's triangle (zeros in the other) and checks all of a; potrf in place
                    c = NDArray.empty(dev, st.dtype(), st.x().shape(), Order.C);
                    try {
                        SolveCheckKernels.choPrepare(st.x(), c, lower, flags);
                        st.solver().choFactor(c, lower, info);
                    } catch (RuntimeException e) {
                        c.close();
                        throw e;
                    }
                } else {
                    // the upper factor of A is the transpose of the lower factor of A's transpose (its upper triangle)
                    SolveCheckKernels.check(st.x(), 0, null, null, flags);
                    try (NDArray src = lower ? null : st.x().swapaxes(-1, -2).copy(Order.C)) {
                        c = SmallFactor.cholesky(lower ? st.x() : src, info);
                    }
                }
                try {
                    int[] w = words.toIntArray();
                    for (int i = 0; i < g; i++) {
                        if ((w[i] & SolveCheckKernels.A_NOT_FINITE) != 0) throw SolveChecks.notFinite("cho_factor");
                    }
                    requirePositiveDefinite(Arrays.copyOfRange(w, (int) g, w.length));
                } catch (RuntimeException e) {
                    c.close();
                    throw e;
                }
                return library ? unstack(c, st.batch()) : upperIf(lower, c, st);
            }
        }
    }

    /** The factor l (count, n, n) as the answer: itself with {@code lower}, else U = l^T (l closed). */
    private static NDArray upperIf(boolean lower, NDArray l, MatrixStack st) {
        if (lower) return unstack(l, st.batch());
        try (l;
                NDArray u = l.swapaxes(-1, -2)) {
            return unstack(u.copy(Order.C), st.batch());
        }
    }

    /** {factor, info}: info read and closed; a nonzero entry (potrf's) closes the factor and raises; the factor. */
    private static NDArray requirePositiveDefinite(NDArray[] r) {
        try (NDArray info = r[1]) {
            int[] bad = info.toIntArray();
            try {
                requirePositiveDefinite(bad);
            } catch (RuntimeException e) {
                r[0].close();
                throw e;
            }
        }
        return r[0];
    }

    /** potrf's info of each matrix: a nonzero entry raises. */
    private static void requirePositiveDefinite(int[] bad) {
        for (int i = 0; i < bad.length; i++) {
            if (bad[i] != 0) {
                throw new LinAlgException("cho_factor: " + bad[i]
                        + "-th leading minor of the array is not positive definite"
                        + (bad.length > 1 ? " (matrix " + i + " of the stack)" : ""));
            }
        }
    }

    static NDArray choSolve(NDArray c, boolean lower, NDArray b) {
        try (MatrixStack st = MatrixStack.of("cho_solve", c, true)) {
            requireReal("cho_solve", st);
            DType dt = solveType(st, b);
            if (dt.isComplex()) return byParts(b, dt, x -> choSolve(c, lower, x));
            if (dt != st.dtype()) {
                // a float32 factor with a float64 (or int32) b: SciPy solves in float64
                try (NDArray wide = c.astype(dt)) {
                    return choSolve(wide, lower, b);
                }
            }
            try (Rhs r = rhs("cho_solve", st, b, dt)) {
                if (st.empty() || r.b().size() == 0) return emptyAnswer(r.b(), r.outShape());
                Blas blas = Blas.forDevice(c.device());
                // b's check is queued first (with the copy into x) and read after the solve: one wait
                try (SolveChecks ok = new SolveChecks("cho_solve");
                        NDArray x = answer(r);
                        NDArray flags = small(x, st.n()) ? SolveCheckKernels.flags(x.device(), st.count()) : null) {
                    if (flags != null) {
                        // one launch: the small kernel reads b, checks it and solves into x
                        ok.bits(flags, null);
                        SmallFactor.triangular(
                                st.x(), r.b(), x, lower, false, false, true, SolveCheckKernels.B_NOT_FINITE, flags);
                    } else if (library(st)) {
                        ok.finiteInto(r.b(), x);
                        ok.queued();
                        st.solver().choSolve(st.x(), lower, x);
                    } else {
                        ok.finiteInto(r.b(), x);
                        ok.queued();
                        // A = L L^T (lower) or U^T U: two triangular solves, the second with the transpose
                        try (NDArray t = st.x().swapaxes(-1, -2).copy(Order.C)) {
                            // first the lower triangular factor (L, or U^T), then the upper (L^T, or U)
                            BlockedFactor.triangular(lower ? st.x() : t, x, true, false, blas);
                            BlockedFactor.triangular(lower ? t : st.x(), x, false, false, blas);
                        }
                    }
                    ok.require();
                    return x.reshape(r.outShape());
                }
            }
        }
    }

    /** trans: 0 solves a x = b, 1 a^T x = b, 2 a^H x = b (a^T: these kernels take real arrays only). */
    static NDArray solveTriangular(NDArray a, NDArray b, int trans, boolean lower, boolean unitDiagonal) {
        if (trans < 0 || trans > 2) {
            throw new NdException("solve_triangular: trans must be 0 ('N'), 1 ('T') or 2 ('C'), got " + trans);
        }
        try (MatrixStack st = MatrixStack.of("solve_triangular", a, true)) {
            requireReal("solve_triangular", st);
            DType dt = solveType(st, b);
            if (dt.isComplex()) return byParts(b, dt, x -> solveTriangular(a, x, trans, lower, unitDiagonal));
            try (NDArray ac = dt == st.dtype() ? own(st.x()) : Copies.copy(st.x(), dt, Order.C);
                    Rhs r = rhs("solve_triangular", st, b, dt)) {
                if (st.empty() || r.b().size() == 0) return emptyAnswer(r.b(), r.outShape());
                // the checks are queued before the solve (or made by it) and read after it: one wait
                long n = st.n();
                Supplier<RuntimeException> zero = unitDiagonal ? null : () -> zeroDiagonal(ac, st.count());
                try (SolveChecks checks = new SolveChecks("solve_triangular");
                        NDArray x = answer(r);
                        NDArray flags = small(x, n) ? SolveCheckKernels.flags(x.device(), st.count()) : null) {
                    if (flags != null) {
                        // one launch for the stack: each work-group checks its matrix and b as it loads them
                        checks.bits(flags, zero);
                        int want = SolveCheckKernels.A_NOT_FINITE
                                | SolveCheckKernels.B_NOT_FINITE
                                | (unitDiagonal ? 0 : SolveCheckKernels.ZERO_DIAGONAL);
                        SmallFactor.triangular(ac, r.b(), x, lower, unitDiagonal, trans != 0, false, want, flags);
                    } else {
                        // one launch for the checks and the copy of b into x, then the solve in place
                        checks.input(ac, !unitDiagonal, r.b(), x, zero);
                        checks.queued();
                        triangular(ac, x, trans, lower, unitDiagonal);
                    }
                    checks.require();
                    return x.reshape(r.outShape());
                }
            }
        }
    }

    /** solve_triangular's failure for a zero on the diagonal of a (count, n, n): the first one, read now. */
    private static LinAlgException zeroDiagonal(NDArray a, long count) {
        long n = a.shape(1);
        int isz = a.itemsize();
        try (NDArray d = a.view(new long[] {count, n}, new long[] {n * n * isz, (n + 1) * isz}, a.offset())) {
            double[] dv = d.toDoubleArray();
            int i = 0;
            while (dv[i] != 0) i++;
            return new LinAlgException("solve_triangular: singular matrix: resolution failed at diagonal " + (i % n)
                    + (count > 1 ? " (matrix " + i / n + " of the stack)" : ""));
        }
    }

    /**
     * x = op(a)^-1 x in place past {@link SmallFactor}'s orders, a (count, n, n) and x (count, n, k)
     * C-contiguous; trans as SciPy's.
     * The BLAS's trsm where the rest of the family goes to the device's libraries (so that
     * {@code ndgpu.linalg.solver=own} keeps all of it on ndgpu's kernels).
     */
    private static void triangular(NDArray ac, NDArray x, int trans, boolean lower, boolean unit) {
        long n = ac.shape(1);
        Blas blas = Blas.forDevice(ac.device());
        DType dt = x.dtype();
        if (blas.hasTrsm(dt) && Solver.forDevice(ac.device()).hasFactorSolves(dt)) {
            long count = x.shape(0), k = x.shape(2), isz = dt.itemsize();
            // real matrices only: a^H is a^T
            Blas.Op op = trans == 0 ? Blas.Op.N : Blas.Op.T;
            for (long q = 0; q < count; q++) {
                blas.trsm(
                        dt,
                        true,
                        lower,
                        op,
                        unit,
                        n,
                        k,
                        1,
                        ac.buffer(),
                        ac.offset() / isz + q * n * n,
                        n,
                        x.buffer(),
                        x.offset() / isz + q * n * k,
                        k);
            }
        } else if (trans == 0) BlockedFactor.triangular(ac, x, lower, unit, blas);
        else {
            // a^T's lower triangle is a's upper one: the blocked path solves with the transposed copy
            try (NDArray at = ac.swapaxes(-1, -2);
                    NDArray tc = at.copy(Order.C)) {
                BlockedFactor.triangular(tc, x, !lower, unit, blas);
            }
        }
    }
}
