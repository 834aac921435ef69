package org.ndgpu.linalg.impl;

import static org.ndgpu.linalg.impl.MatrixStack.concat;
import static org.ndgpu.linalg.impl.MatrixStack.unstack;

import java.util.Arrays;
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

    private static SmallFactor.Lu factor(NDArray x) {
        long n = x.shape(1);
        return SmallFactor.fits(x.device(), x.dtype(), n)
                ? SmallFactor.lu(x)
                : BlockedFactor.lu(x, Blas.forDevice(x.device()));
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
            requireFinite("lu_factor", st.x());
            if (library(st)) {
                // a singular matrix still has its factors (SciPy warns): info is not read
                NDArray[] f = st.solver().luFactor(st.x());
                f[2].close();
                return new LuFactor(unstack(f[0], st.batch()), unstack(f[1], st.batch()));
            }
            SmallFactor.Lu f = factor(st.x());
            f.info().close();
            return new LuFactor(unstack(f.lu(), st.batch()), unstack(f.piv(), st.batch()));
        }
    }

    /** b as a C-contiguous (count, n, k) stack of dt broadcast to the batch, and the result's shape. */
    private record Rhs(NDArray b, long[] outShape) implements AutoCloseable {
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
        try (NDArray bv = vector ? b.reshape(n, 1) : b.view(b.shape(), b.strides(), b.offset());
                NDArray bb = bv.broadcastTo(full);
                NDArray bc = Copies.copy(bb, dt, Order.C)) {
            return new Rhs(bc.reshape(st.count(), n, k), vector ? concat(batch, n) : full);
        }
    }

    /** The dtype of a solve: a's and b's promoted, integers as float64. */
    private static DType solveType(MatrixStack st, NDArray b) {
        return b.dtype().isInexact() ? DType.promote(st.dtype(), b.dtype()) : st.dtype();
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
            if (dt != st.dtype())
                throw new DTypeException("lu_solve: b of " + b.dtype() + " does not match lu of " + st.dtype());
            try (Rhs r = rhs("lu_solve", st, b, dt)) {
                if (st.empty() || r.b().size() == 0) return emptyAnswer(r.b(), r.outShape());
                // b's check is queued first and read after the solve (NaN only flows through it): one wait
                SolveChecks ok = new SolveChecks("lu_solve");
                try (ok;
                        NDArray p = piv.reshape(st.count(), st.n());
                        NDArray pc = p.copy(Order.C);
                        NDArray info = NDArray.empty(st.x().device(), DType.INT32, new long[] {0}, Order.C);
                        NDArray x = own(r.b())) {
                    ok.finite(x);
                    try {
                        checkPivots(pc, st.n());
                    } catch (NdException e) {
                        ok.require();
                        throw e;
                    }
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
            long n = st.n();
            if (st.empty()) return unstack(st.emptyOf(st.dtype(), n, n), st.batch());
            requireFinite("cho_factor", st.x());
            if (library(st)) {
                NDArray[] r = st.solver().choFactor(st.x(), lower);
                requirePositiveDefinite(r);
                return unstack(r[0], st.batch());
            }
            // the upper factor of A is the transpose of the lower factor of A's transpose (its upper triangle)
            try (NDArray src = lower ? null : st.x().swapaxes(-1, -2).copy(Order.C)) {
                NDArray in = lower ? st.x() : src;
                NDArray[] r = SmallFactor.fits(in.device(), in.dtype(), n)
                        ? SmallFactor.cholesky(in)
                        : BlockedFactor.cholesky(in, Blas.forDevice(in.device()));
                requirePositiveDefinite(r);
                if (lower) return unstack(r[0], st.batch());
                try (NDArray l = r[0];
                        NDArray u = l.swapaxes(-1, -2)) {
                    return unstack(u.copy(Order.C), st.batch());
                }
            }
        }
    }

    /** {factor, info}: info read and closed; a nonzero entry (potrf's) closes the factor and raises. */
    private static void requirePositiveDefinite(NDArray[] r) {
        try (NDArray info = r[1]) {
            int[] bad = info.toIntArray();
            for (int i = 0; i < bad.length; i++) {
                if (bad[i] != 0) {
                    r[0].close();
                    throw new LinAlgException("cho_factor: " + bad[i]
                            + "-th leading minor of the array is not positive definite"
                            + (bad.length > 1 ? " (matrix " + i + " of the stack)" : ""));
                }
            }
        }
    }

    static NDArray choSolve(NDArray c, boolean lower, NDArray b) {
        try (MatrixStack st = MatrixStack.of("cho_solve", c, true)) {
            requireReal("cho_solve", st);
            DType dt = solveType(st, b);
            if (dt != st.dtype())
                throw new DTypeException("cho_solve: b of " + b.dtype() + " does not match c of " + st.dtype());
            try (Rhs r = rhs("cho_solve", st, b, dt)) {
                if (st.empty() || r.b().size() == 0) return emptyAnswer(r.b(), r.outShape());
                Blas blas = Blas.forDevice(c.device());
                // b's check is queued first and read after the solve (NaN only flows through it): one wait
                try (SolveChecks ok = new SolveChecks("cho_solve");
                        NDArray x = own(r.b())) {
                    ok.finite(x);
                    if (library(st)) st.solver().choSolve(st.x(), lower, x);
                    else if (small(x, st.n())) SmallFactor.triangular(st.x(), x, lower, false, false, true);
                    else {
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
            try (NDArray ac = dt == st.dtype() ? own(st.x()) : Copies.copy(st.x(), dt, Order.C);
                    Rhs r = rhs("solve_triangular", st, b, dt)) {
                if (st.empty() || r.b().size() == 0) return emptyAnswer(r.b(), r.outShape());
                // the checks are queued before the solve and read after it: one wait, the same answers
                long n = st.n();
                int isz = dt.itemsize();
                try (SolveChecks checks = new SolveChecks("solve_triangular");
                        NDArray d = ac.view(
                                new long[] {st.count(), n}, new long[] {n * n * isz, (n + 1) * isz}, ac.offset());
                        NDArray x = own(r.b())) {
                    checks.finite(ac);
                    checks.finite(x);
                    if (!unitDiagonal) {
                        checks.noZero(d, () -> {
                            double[] dv = d.toDoubleArray();
                            int i = 0;
                            while (dv[i] != 0) i++;
                            return new LinAlgException(
                                    "solve_triangular: singular matrix: resolution failed at diagonal " + (i % n)
                                            + (st.count() > 1 ? " (matrix " + i / n + " of the stack)" : ""));
                        });
                    }
                    triangular(ac, x, trans, lower, unitDiagonal);
                    checks.require();
                    return x.reshape(r.outShape());
                }
            }
        }
    }

    /**
     * x = op(a)^-1 x in place, a (count, n, n) and x (count, n, k) C-contiguous; trans as SciPy's.
     * The BLAS's trsm where the rest of the family goes to the device's libraries (so that
     * {@code ndgpu.linalg.solver=own} keeps all of it on ndgpu's kernels).
     */
    private static void triangular(NDArray ac, NDArray x, int trans, boolean lower, boolean unit) {
        long n = ac.shape(1);
        Blas blas = Blas.forDevice(ac.device());
        DType dt = x.dtype();
        if (small(x, n)) SmallFactor.triangular(ac, x, lower, unit, trans != 0, false);
        else if (blas.hasTrsm(dt) && Solver.forDevice(ac.device()).hasFactorSolves(dt)) {
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
