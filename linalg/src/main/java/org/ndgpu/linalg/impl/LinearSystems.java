package org.ndgpu.linalg.impl;

import static org.ndgpu.linalg.impl.MatrixStack.computeType;
import static org.ndgpu.linalg.impl.MatrixStack.concat;
import static org.ndgpu.linalg.impl.MatrixStack.guarded;
import static org.ndgpu.linalg.impl.MatrixStack.unstack;

import java.util.Arrays;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Lstsq;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Slogdet;
import org.ndgpu.vendor.Solver;

/**
 * numpy.linalg's linear systems on the device's solver: solve, inv, lstsq, and the determinants
 * (det, slogdet), which share solve's LU factorization. Each stacks its input ({@link MatrixStack}),
 * answers empty stacks from their shapes, and gives NaN and inf NumPy's results ({@link NonFinite}).
 * {@link DeviceLinalg} checks the arguments for null and delegates here.
 */
final class LinearSystems {
    private LinearSystems() {}

    static NDArray solve(NDArray a, NDArray b) {
        try (MatrixStack sa = MatrixStack.of("solve", a, true)) {
            b.live("solve");
            long n = sa.n();
            // NumPy 2: b is a vector only when it is 1-d; otherwise (..., M, K)
            boolean vector = b.ndim() == 1;
            long[] bs = b.shape();
            if (vector ? bs[0] != n : (b.ndim() < 2 || bs[bs.length - 2] != n)) {
                throw new ShapeException("solve: b of shape " + Shapes.str(bs) + " does not fit a of shape "
                        + Shapes.str(a.shape()) + ": expected (" + n + ",) or (..., " + n + ", K)");
            }
            long k = vector ? 1 : bs[bs.length - 1];
            long[] bBatch = vector ? new long[0] : Arrays.copyOf(bs, bs.length - 2);
            long[] batch = Shapes.broadcast("solve", sa.batch(), bBatch);
            long[] aFull = concat(batch, n, n), bFull = concat(batch, n, k);
            long[] outShape = vector ? concat(batch, n) : bFull;
            // the result's dtype is a's and b's promoted, as NumPy's (integers as float64)
            DType dt = b.dtype().isInexact() ? DType.promote(sa.dtype(), b.dtype()) : sa.dtype();
            if (!sa.solver().supports(dt)) computeType("solve", dt, sa.solver(), a);
            if (Shapes.size(bFull) == 0) return NDArray.empty(a.device(), dt, outShape, Order.C);
            long count = Shapes.size(batch);
            try (NDArray a3 = sa.x().reshape(concat(sa.batch(), n, n));
                    NDArray ab = a3.broadcastTo(aFull);
                    NDArray bv = vector ? b.reshape(n, 1) : b.view(b.shape(), b.strides(), b.offset());
                    NDArray bb = bv.broadcastTo(bFull);
                    NDArray ac = stackOf(ab, dt);
                    NDArray bc = stackOf(bb, dt);
                    NDArray a2 = ac.reshape(count, n, n);
                    NDArray b2 = bc.reshape(count, n, k);
                    NDArray nan = NonFinite.flags(a2, true, false)) {
                NonFinite.refuse("solve", nan);
                try (NDArray x = luSolver(a2, sa.solver()).solve(a2, b2)) {
                    return x.reshape(outShape);
                }
            }
        }
    }

    /**
     * x as a C-contiguous array of dtype dt: a view where it already is one (no solver writes its
     * input), else a copy (a broadcast batch, another dtype, a strided b).
     */
    private static NDArray stackOf(NDArray x, DType dt) {
        return x.dtype() == dt && x.isCContiguous()
                ? x.view(x.shape(), x.strides(), x.offset())
                : Copies.copy(x, dt, Order.C);
    }

    static NDArray inv(NDArray a) {
        try (MatrixStack st = MatrixStack.of("inv", a, true)) {
            if (st.empty()) return unstack(st.emptyOf(st.dtype(), st.n(), st.n()), st.batch());
            try (NDArray nan = NonFinite.flags(st.x(), true, false)) {
                NonFinite.refuse("inv", nan);
            }
            return unstack(luSolver(st.x(), st.solver()).inv(st.x()), st.batch());
        }
    }

    static NDArray det(NDArray a) {
        try (MatrixStack st = MatrixStack.of("det", a, true)) {
            // the determinant of a 0 x 0 matrix is 1, as NumPy's
            if (st.empty()) return unstack(st.emptyOf(st.dtype()).fill(1), st.batch());
            return unstack(guarded(st, true, false, luSolver(st.x(), st.solver())::det), st.batch());
        }
    }

    static Slogdet slogdet(NDArray a) {
        try (MatrixStack st = MatrixStack.of("slogdet", a, true)) {
            if (st.empty())
                return new Slogdet(
                        unstack(st.emptyOf(st.dtype()).fill(1), st.batch()),
                        unstack(st.emptyOf(st.dtype().real()).fill(0), st.batch()));
            try (NDArray bad = NonFinite.flags(st.x(), true, false)) {
                Solver lu = luSolver(st.x(), st.solver());
                if (!NonFinite.any(bad)) {
                    Slogdet r = lu.slogdet(st.x());
                    return new Slogdet(unstack(r.sign(), st.batch()), unstack(r.logabsdet(), st.batch()));
                }
                try (NDArray clean = NonFinite.identityWhere(st.x(), bad)) {
                    Slogdet r = lu.slogdet(clean);
                    return new Slogdet(
                            unstack(NonFinite.nanWhere(r.sign(), bad), st.batch()),
                            unstack(NonFinite.nanWhere(r.logabsdet(), bad), st.batch()));
                }
            }
        }
    }

    static Lstsq lstsq(NDArray a, NDArray b) {
        if (a.ndim() != 2)
            throw new ShapeException("lstsq: a must be 2-dimensional, got shape " + Shapes.str(a.shape()));
        b.live("lstsq");
        if (b.ndim() < 1 || b.ndim() > 2 || b.shape(0) != a.shape(0)) {
            throw new ShapeException("lstsq: incompatible dimensions: a " + Shapes.str(a.shape()) + ", b "
                    + Shapes.str(b.shape()) + "; b must be (" + a.shape(0) + ",) or (" + a.shape(0) + ", K)");
        }
        try (MatrixStack sa = MatrixStack.of("lstsq", a, false)) {
            DType dt = b.dtype().isInexact() ? DType.promote(sa.dtype(), b.dtype()) : sa.dtype();
            if (!sa.solver().supports(dt)) computeType("lstsq", dt, sa.solver(), a);
            long k = b.ndim() == 1 ? 1 : b.shape(1);
            if (!Spectral.allFinite(sa.x()))
                throw new LinAlgException("lstsq: SVD did not converge in Linear Least Squares: a holds NaN or inf");
            try (NDArray bc = Copies.copy(b, dt, Order.C);
                    NDArray bd = bc.reshape(1, sa.m(), k)) {
                if (sa.m() == 0 || sa.n() == 0) return emptyLstsq(sa, bd, b.ndim() == 1);
                try (NDArray ax = dt == sa.dtype() ? null : Copies.copy(sa.x(), dt, Order.C)) {
                    if (k == 0) return noColumns(sa, ax == null ? sa.x() : ax, bd);
                    Lstsq r = sa.solver().lstsq(ax == null ? sa.x() : ax, bd);
                    NDArray x = r.x();
                    if (b.ndim() == 1) {
                        try (NDArray x2 = x) {
                            x = x2.reshape(sa.n());
                        }
                    }
                    // residuals: (K,), or (1,) for a 1-d b, already as NumPy
                    return new Lstsq(x, r.residuals(), r.rank(), r.s());
                }
            }
        }
    }

    /**
     * A b of no columns with a non-empty a: x (n, 0) and no residuals, but rank and s are a's
     * (NumPy's), from the solve of one zero column.
     */
    private static Lstsq noColumns(MatrixStack sa, NDArray a, NDArray bd) {
        DType dt = bd.dtype();
        Lstsq r;
        try (NDArray zero = NDArray.empty(bd.device(), dt, new long[] {1, sa.m(), 1}, Order.C)) {
            zero.fill(0);
            r = sa.solver().lstsq(a, zero);
        }
        r.x().close();
        r.residuals().close();
        NDArray x = NDArray.empty(bd.device(), dt, new long[] {sa.n(), 0}, Order.C);
        return new Lstsq(x, NDArray.empty(bd.device(), dt.real(), new long[] {0}, Order.C), r.rank(), r.s());
    }

    /** NumPy's lstsq of an empty a or b: x zeros (n, K), rank 0, no singular values; residuals |b|^2 when n = 0 < m. */
    private static Lstsq emptyLstsq(MatrixStack sa, NDArray bd, boolean vector) {
        DType dt = bd.dtype();
        long k = bd.shape(2);
        NDArray x = NDArray.empty(bd.device(), dt, vector ? new long[] {sa.n()} : new long[] {sa.n(), k}, Order.C)
                .fill(0);
        NDArray res;
        if (sa.n() == 0 && sa.m() > 0) {
            try (NDArray abs = bd.abs();
                    NDArray sq = abs.mul(abs);
                    NDArray sum = sq.sum(new int[] {1}, false)) {
                res = sum.reshape(k);
            }
        } else {
            res = NDArray.empty(bd.device(), dt.real(), new long[] {0}, Order.C);
        }
        return new Lstsq(x, res, 0, NDArray.empty(bd.device(), dt.real(), new long[] {0}, Order.C));
    }

    /**
     * The solver for the LU family (det, slogdet, inv, solve) of a stack: the device's, except for a
     * complex stack holding inf on a device solver. There cuSOLVER divides by an inf pivot as
     * (a * conj(p)) / |p|^2 = inf / inf, NaN, where LAPACK's Smith division gives 0 (NumPy's
     * slogdet of [[inf, 1], [1, 1]] is (nan, inf); cuSOLVER's was (nan, nan)): those stacks are
     * factored by the host's complex LU, which divides as LAPACK does, and come back to the device.
     */
    private static Solver luSolver(NDArray stack, Solver solver) {
        if (!stack.dtype().isComplex() || solver instanceof HostSolver) return solver;
        try (NDArray inf = NonFinite.flags(stack, false, false)) {
            return NonFinite.any(inf) ? new HostSolver(stack.device()) : solver;
        }
    }
}
