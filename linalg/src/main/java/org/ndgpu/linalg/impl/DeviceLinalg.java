package org.ndgpu.linalg.impl;

import org.ndgpu.linalg.Linalg;
import org.ndgpu.spi.MatrixProducts;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.spi.Solver;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Eig;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.Lstsq;
import org.ndgpu.ndarray.Qr;
import org.ndgpu.ndarray.Slogdet;
import org.ndgpu.ndarray.Svd;
import org.ndgpu.ndarray.Triangles;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;

/**
 * ndgpu's {@link Linalg}: products on the device's BLAS (see {@link Matmul}), decompositions on
 * the device's {@link Solver} (EJML on the host for OpenCL). This class checks what NumPy checks,
 * casts integers to float64 as numpy.linalg does, stacks (..., M, N) input into (batch, M, N)
 * and gives results the caller's batch shape.
 *
 * <pre>{@code
 * var r = Nd.linalg().svd(a, false);      // a (..., M, N) float32/float64
 * NDArray x = Nd.linalg().solve(a, b);    // b (..., M) or (..., M, K)
 * }</pre>
 */
public final class DeviceLinalg implements Linalg, MatrixProducts {
    private static final DeviceLinalg INSTANCE = new DeviceLinalg();

    /** The namespace Nd.linalg() returns (the class holds no state; ServiceLoader may make others). */
    public static DeviceLinalg instance() { return INSTANCE; }

    @Override public NDArray matmul(NDArray a, NDArray b, NDArray out) { Objects.requireNonNull(a, "matmul: a is null"); Objects.requireNonNull(b, "matmul: b is null"); return Matmul.matmul("matmul", a, b, out, false); }

    @Override public NDArray dot(NDArray a, NDArray b) { Objects.requireNonNull(a, "dot: a is null"); Objects.requireNonNull(b, "dot: b is null"); return Contractions.dot(a, b); }

    @Override public NDArray vdot(NDArray a, NDArray b) { Objects.requireNonNull(a, "vdot: a is null"); Objects.requireNonNull(b, "vdot: b is null"); return Contractions.vdot(a, b); }

    @Override public NDArray inner(NDArray a, NDArray b) { Objects.requireNonNull(a, "inner: a is null"); Objects.requireNonNull(b, "inner: b is null"); return Contractions.inner(a, b); }

    @Override public NDArray outer(NDArray a, NDArray b) { Objects.requireNonNull(a, "outer: a is null"); Objects.requireNonNull(b, "outer: b is null"); return Contractions.outer(a, b); }

    @Override public NDArray tensordot(NDArray a, NDArray b, int axes) { Objects.requireNonNull(a, "tensordot: a is null"); Objects.requireNonNull(b, "tensordot: b is null"); return Contractions.tensordot(a, b, axes); }

    @Override
    public NDArray tensordot(NDArray a, NDArray b, int[] axesA, int[] axesB) {
        Objects.requireNonNull(a, "tensordot: a is null");
        Objects.requireNonNull(b, "tensordot: b is null");
        Objects.requireNonNull(axesA, "tensordot: axesA is null");
        Objects.requireNonNull(axesB, "tensordot: axesB is null");
        return Contractions.tensordot("tensordot", a, b, axesA, axesB);
    }

    @Override public NDArray einsum(String subscripts, NDArray... operands) { Objects.requireNonNull(subscripts, "einsum: subscripts is null"); Objects.requireNonNull(operands, "einsum: operands is null"); return Einsum.einsum(subscripts, operands); }

    // ---------------------------------------------------------------- decompositions

    /**
     * The input stacked as a C-contiguous (batch, m, n) array of the dtype the solver computes in.
     * Empty stacks (a zero batch or a zero m or n) are answered here from their shapes, as NumPy
     * answers them, and never reach a solver; NaN and inf follow {@link NonFinite}'s rules.
     */
    private record Stack(NDArray x, long[] batch, long m, long n, Solver solver) implements AutoCloseable {
        @Override public void close() { x.close(); }

        boolean empty() { return x.size() == 0; }

        long count() { return x.shape(0); }

        DType dtype() { return x.dtype(); }

        NDArray emptyOf(DType dt, long... tail) { return NDArray.empty(x.device(), dt, concat(new long[]{count()}, tail), Order.C); }
    }

    private static Stack stack(String op, NDArray a, boolean square) {
        a.live(op);
        if (a.ndim() < 2) throw new ShapeException(op + ": expected an array of at least 2 dimensions, got " + a.ndim());
        long[] s = a.shape();
        long m = s[s.length - 2], n = s[s.length - 1];
        if (square && m != n) {
            throw new ShapeException(op + ": the last 2 dimensions of the array must be square, got shape " + Shapes.str(s));
        }
        Solver solver = Solver.forDevice(a.device());
        DType dt = computeType(op, a.dtype(), solver, a);
        long[] batch = Arrays.copyOf(s, s.length - 2);
        // the batch count spelled out: reshape(-1, 0, 0) of an empty stack has no single answer
        long count = Shapes.size(batch);
        NDArray c = a.dtype() == dt && a.isCContiguous() ? a.reshape(count, m, n) : stackCopy(a, dt, count, m, n);
        return new Stack(c, batch, m, n, solver);
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

    private static NDArray stackCopy(NDArray a, DType dt, long count, long m, long n) {
        try (NDArray c = Copies.copy(a, dt, Order.C)) {
            return c.reshape(count, m, n);
        }
    }

    /** numpy.linalg's dtype rule: integers and bool go to float64; float16 is unsupported; the solver decides the rest. */
    private static DType computeType(String op, DType dt, Solver solver, NDArray a) {
        if (dt.isBool() || dt.isInteger()) dt = DType.FLOAT64;
        if (dt == DType.FLOAT16) throw new DTypeException(op + ": array type float16 is unsupported in linalg; use astype(float32)");
        if (!solver.supports(dt)) {
            throw new DTypeException(op + ": " + dt + " is not supported on " + a.device().id() + " (" + solver.where()
                    + " takes float32 and float64)");
        }
        return dt;
    }

    /** A (batch, ...) result reshaped to the caller's batch shape. */
    private static NDArray unstack(NDArray r, long[] batch) {
        long[] s = r.shape();
        long[] t = new long[batch.length + s.length - 1];
        System.arraycopy(batch, 0, t, 0, batch.length);
        System.arraycopy(s, 1, t, batch.length, s.length - 1);
        try (r) {
            return r.reshape(t);
        }
    }

    /** (batch, n, n) identities of dtype: svd's u or vh of an empty matrix in full mode, as LAPACK's. */
    private static NDArray identities(Stack st, DType dt, long n) {
        NDArray out = st.emptyOf(dt, n, n);
        if (out.size() == 0) return out;
        try (var _ = out.device().use(); NDArray eye = Creation.eye(n, n, 0, dt)) {
            out.set("...", eye);
        }
        return out;
    }

    @Override
    public Svd svd(NDArray a, boolean fullMatrices) {
        Objects.requireNonNull(a, "svd: a is null");
        try (Stack st = stack("svd", a, false)) {
            long k = Math.min(st.m, st.n);
            DType dt = st.dtype();
            if (st.empty()) {
                // NumPy: u (m, m) and vh (n, n) identities in full mode, empty (m, 0) / (0, n) otherwise
                NDArray u = fullMatrices ? identities(st, dt, st.m) : st.emptyOf(dt, st.m, k);
                NDArray vh = fullMatrices ? identities(st, dt, st.n) : st.emptyOf(dt, k, st.n);
                return new Svd(unstack(u, st.batch), unstack(st.emptyOf(dt.real(), k), st.batch), unstack(vh, st.batch));
            }
            requireNoNan("svd", st.x, "SVD did not converge");
            try (NDArray inf = NonFinite.flags(st.x, false, false)) {
                if (!NonFinite.any(inf)) {
                    Svd r = st.solver.svd(st.x, fullMatrices);
                    return new Svd(unstack(r.u(), st.batch), unstack(r.s(), st.batch), unstack(r.vh(), st.batch));
                }
                // an inf: LAPACK answers NaN singular values (and vectors of no meaning): NaN for all three
                try (NDArray zero = NonFinite.zeroWhere(st.x, inf)) {
                    Svd r = st.solver.svd(zero, fullMatrices);
                    return new Svd(unstack(NonFinite.nanWhere(r.u(), inf), st.batch), unstack(NonFinite.nanWhere(r.s(), inf), st.batch),
                            unstack(NonFinite.nanWhere(r.vh(), inf), st.batch));
                }
            }
        }
    }

    /** NumPy's LinAlgError for a NaN anywhere in the stack, where LAPACK's iteration does not converge. */
    private static void requireNoNan(String op, NDArray stack, String why) {
        try (NDArray nan = NonFinite.flags(stack, true, false)) {
            if (NonFinite.any(nan)) throw new LinAlgException(op + ": " + why + ": the array holds NaN");
        }
    }

    @Override
    public Qr qr(NDArray a) {
        Objects.requireNonNull(a, "qr: a is null");
        try (Stack st = stack("qr", a, false)) {
            long k = Math.min(st.m, st.n);
            if (st.empty()) return new Qr(unstack(st.emptyOf(st.dtype(), st.m, k), st.batch), unstack(st.emptyOf(st.dtype(), k, st.n), st.batch));
            try (NDArray bad = NonFinite.flags(st.x, false, false)) {
                if (!NonFinite.any(bad)) {
                    Qr r = st.solver.qr(st.x);
                    return new Qr(unstack(r.q(), st.batch), unstack(r.r(), st.batch));
                }
                try (NDArray clean = NonFinite.zeroWhere(st.x, bad)) {
                    Qr r = st.solver.qr(clean);
                    try (NDArray rn = NonFinite.nanWhere(r.r(), bad)) {
                        return new Qr(unstack(NonFinite.nanWhere(r.q(), bad), st.batch), unstack(Triangles.triangle("triu", rn, 0, true), st.batch));
                    }
                }
            }
        }
    }

    @Override
    public NDArray solve(NDArray a, NDArray b) {
        Objects.requireNonNull(a, "solve: a is null");
        Objects.requireNonNull(b, "solve: b is null");
        try (Stack sa = stack("solve", a, true)) {
            b.live("solve");
            long n = sa.n;
            // NumPy 2: b is a vector only when it is 1-d; otherwise (..., M, K)
            boolean vector = b.ndim() == 1;
            long[] bs = b.shape();
            if (vector ? bs[0] != n : (b.ndim() < 2 || bs[bs.length - 2] != n)) {
                throw new ShapeException("solve: b of shape " + Shapes.str(bs) + " does not fit a of shape " + Shapes.str(a.shape())
                        + ": expected (" + n + ",) or (..., " + n + ", K)");
            }
            long k = vector ? 1 : bs[bs.length - 1];
            long[] bBatch = vector ? new long[0] : Arrays.copyOf(bs, bs.length - 2);
            long[] batch = Shapes.broadcast("solve", sa.batch, bBatch);
            long[] aFull = concat(batch, n, n), bFull = concat(batch, n, k);
            long[] outShape = vector ? concat(batch, n) : bFull;
            // the result's dtype is a's and b's promoted, as NumPy's (integers as float64)
            DType dt = b.dtype().isInexact() ? DType.promote(sa.dtype(), b.dtype()) : sa.dtype();
            if (!sa.solver.supports(dt)) computeType("solve", dt, sa.solver, a);
            if (Shapes.size(bFull) == 0) return NDArray.empty(a.device(), dt, outShape, Order.C);
            long count = Shapes.size(batch);
            try (NDArray a3 = sa.x.reshape(concat(sa.batch, n, n)); NDArray ab = a3.broadcastTo(aFull);
                 NDArray bv = vector ? b.reshape(n, 1) : b.view(b.shape(), b.strides(), b.offset()); NDArray bb = bv.broadcastTo(bFull);
                 NDArray ac = Copies.copy(ab, dt, Order.C); NDArray bc = Copies.copy(bb, dt, Order.C);
                 NDArray a2 = ac.reshape(count, n, n); NDArray b2 = bc.reshape(count, n, k);
                 NDArray nan = NonFinite.flags(a2, true, false)) {
                NonFinite.refuse("solve", nan);
                try (NDArray x = luSolver(a2, sa.solver).solve(a2, b2)) {
                    return x.reshape(outShape);
                }
            }
        }
    }

    /**
     * Runs a per-matrix solver call on the stack, with {@link NonFinite}'s rule: matrices holding
     * NaN (in the lower triangle if {@code lower}) are given the identity and answer NaN.
     */
    private static NDArray guarded(Stack st, boolean nanOnly, boolean lower, java.util.function.Function<NDArray, NDArray> call) {
        try (NDArray bad = NonFinite.flags(st.x, nanOnly, lower)) {
            if (!NonFinite.any(bad)) return call.apply(st.x);
            try (NDArray clean = NonFinite.identityWhere(st.x, bad)) {
                return NonFinite.nanWhere(call.apply(clean), bad);
            }
        }
    }

    @Override
    public NDArray inv(NDArray a) {
        Objects.requireNonNull(a, "inv: a is null");
        try (Stack st = stack("inv", a, true)) {
            if (st.empty()) return unstack(st.emptyOf(st.dtype(), st.n, st.n), st.batch);
            try (NDArray nan = NonFinite.flags(st.x, true, false)) {
                NonFinite.refuse("inv", nan);
            }
            return unstack(luSolver(st.x, st.solver).inv(st.x), st.batch);
        }
    }

    @Override
    public NDArray det(NDArray a) {
        Objects.requireNonNull(a, "det: a is null");
        try (Stack st = stack("det", a, true)) {
            // the determinant of a 0 x 0 matrix is 1, as NumPy's
            if (st.empty()) return unstack(st.emptyOf(st.dtype()).fill(1), st.batch);
            return unstack(guarded(st, true, false, luSolver(st.x, st.solver)::det), st.batch);
        }
    }

    @Override
    public Slogdet slogdet(NDArray a) {
        Objects.requireNonNull(a, "slogdet: a is null");
        try (Stack st = stack("slogdet", a, true)) {
            if (st.empty()) return new Slogdet(unstack(st.emptyOf(st.dtype()).fill(1), st.batch), unstack(st.emptyOf(st.dtype().real()).fill(0), st.batch));
            try (NDArray bad = NonFinite.flags(st.x, true, false)) {
                Solver lu = luSolver(st.x, st.solver);
                if (!NonFinite.any(bad)) {
                    Slogdet r = lu.slogdet(st.x);
                    return new Slogdet(unstack(r.sign(), st.batch), unstack(r.logabsdet(), st.batch));
                }
                try (NDArray clean = NonFinite.identityWhere(st.x, bad)) {
                    Slogdet r = lu.slogdet(clean);
                    return new Slogdet(unstack(NonFinite.nanWhere(r.sign(), bad), st.batch), unstack(NonFinite.nanWhere(r.logabsdet(), bad), st.batch));
                }
            }
        }
    }

    @Override
    public NDArray cholesky(NDArray a) {
        Objects.requireNonNull(a, "cholesky: a is null");
        try (Stack st = stack("cholesky", a, true)) {
            if (st.empty()) return unstack(st.emptyOf(st.dtype(), st.n, st.n), st.batch);
            NDArray l = guarded(st, true, true, st.solver::cholesky);
            // a NaN matrix's factor keeps cholesky's zeros above the diagonal (the others already have them)
            try (l) {
                return unstack(Triangles.triangle("tril", l, 0, false), st.batch);
            }
        }
    }

    @Override
    public Eigh eigh(NDArray a) {
        Objects.requireNonNull(a, "eigh: a is null");
        try (Stack st = stack("eigh", a, true)) {
            if (st.empty()) return new Eigh(unstack(st.emptyOf(st.dtype().real(), st.n), st.batch), unstack(st.emptyOf(st.dtype(), st.n, st.n), st.batch));
            try (NDArray bad = NonFinite.flags(st.x, false, true)) {
                if (!NonFinite.any(bad)) {
                    Eigh r = st.solver.eigh(st.x);
                    return new Eigh(unstack(r.eigenvalues(), st.batch), unstack(r.eigenvectors(), st.batch));
                }
                try (NDArray clean = NonFinite.identityWhere(st.x, bad)) {
                    Eigh r = st.solver.eigh(clean);
                    return new Eigh(unstack(NonFinite.nanWhere(r.eigenvalues(), bad), st.batch),
                            unstack(NonFinite.nanWhere(r.eigenvectors(), bad), st.batch));
                }
            }
        }
    }

    @Override
    public NDArray eigvalsh(NDArray a) {
        Objects.requireNonNull(a, "eigvalsh: a is null");
        try (Stack st = stack("eigvalsh", a, true)) {
            if (st.empty()) return unstack(st.emptyOf(st.dtype().real(), st.n), st.batch);
            return unstack(guarded(st, false, true, st.solver::eigvalsh), st.batch);
        }
    }

    @Override
    public Lstsq lstsq(NDArray a, NDArray b) {
        Objects.requireNonNull(a, "lstsq: a is null");
        Objects.requireNonNull(b, "lstsq: b is null");
        if (a.ndim() != 2) throw new ShapeException("lstsq: a must be 2-dimensional, got shape " + Shapes.str(a.shape()));
        b.live("lstsq");
        if (b.ndim() < 1 || b.ndim() > 2 || b.shape(0) != a.shape(0)) {
            throw new ShapeException("lstsq: incompatible dimensions: a " + Shapes.str(a.shape()) + ", b " + Shapes.str(b.shape())
                    + "; b must be (" + a.shape(0) + ",) or (" + a.shape(0) + ", K)");
        }
        try (Stack sa = stack("lstsq", a, false)) {
            DType dt = b.dtype().isInexact() ? DType.promote(sa.dtype(), b.dtype()) : sa.dtype();
            if (!sa.solver.supports(dt)) computeType("lstsq", dt, sa.solver, a);
            long k = b.ndim() == 1 ? 1 : b.shape(1);
            if (!Spectral.allFinite(sa.x)) throw new LinAlgException("lstsq: SVD did not converge in Linear Least Squares: a holds NaN or inf");
            try (NDArray bc = Copies.copy(b, dt, Order.C); NDArray bd = bc.reshape(1, sa.m, k)) {
                if (sa.m == 0 || sa.n == 0 || k == 0) return emptyLstsq(sa, bd, b.ndim() == 1);
                try (NDArray ax = dt == sa.dtype() ? null : Copies.copy(sa.x, dt, Order.C)) {
                    Lstsq r = sa.solver.lstsq(ax == null ? sa.x : ax, bd);
                    NDArray x = r.x();
                    if (b.ndim() == 1) {
                        try (NDArray x2 = x) {
                            x = x2.reshape(sa.n);
                        }
                    }
                    // residuals: (K,), or (1,) for a 1-d b, already as NumPy
                    return new Lstsq(x, r.residuals(), r.rank(), r.s());
                }
            }
        }
    }

    /** NumPy's lstsq of an empty a or b: x zeros (n, K), rank 0, no singular values; residuals |b|^2 when n = 0 < m. */
    private static Lstsq emptyLstsq(Stack sa, NDArray bd, boolean vector) {
        DType dt = bd.dtype();
        long k = bd.shape(2);
        NDArray x = NDArray.empty(bd.device(), dt, vector ? new long[]{sa.n} : new long[]{sa.n, k}, Order.C).fill(0);
        NDArray res;
        if (sa.n == 0 && sa.m > 0) {
            try (NDArray abs = bd.abs(); NDArray sq = abs.mul(abs); NDArray sum = sq.sum(new int[]{1}, false)) {
                res = sum.reshape(k);
            }
        } else {
            res = NDArray.empty(bd.device(), dt.real(), new long[]{0}, Order.C);
        }
        return new Lstsq(x, res, 0, NDArray.empty(bd.device(), dt.real(), new long[]{0}, Order.C));
    }

    // ---------------------------------------------------------------- built on the above

    @Override public NDArray pinv(NDArray a, double rcond) { Objects.requireNonNull(a, "pinv: a is null"); return Spectral.pinv(this, a, rcond); }

    @Override public NDArray matrixRank(NDArray a) { Objects.requireNonNull(a, "matrixRank: a is null"); return Spectral.matrixRank(this, a, null); }

    @Override public NDArray matrixRank(NDArray a, double tol) { Objects.requireNonNull(a, "matrixRank: a is null"); return Spectral.matrixRank(this, a, tol); }

    @Override public NDArray cond(NDArray a, Object p) { Objects.requireNonNull(a, "cond: a is null"); return Spectral.cond(this, a, p); }

    @Override public NDArray matrixPower(NDArray a, long n) { Objects.requireNonNull(a, "matrixPower: a is null"); return Chains.matrixPower(this, a, n); }

    @Override public NDArray multiDot(NDArray... arrays) { Objects.requireNonNull(arrays, "multiDot: arrays is null"); return Chains.multiDot(this, arrays); }

    // eig: on the host (EJML) for every device; cusolverDnXgeev on CUDA is future work
    @Override public Eig eig(NDArray a) { Objects.requireNonNull(a, "eig: a is null"); return GeneralEig.eig(a, true); }

    @Override public NDArray eigvals(NDArray a) { Objects.requireNonNull(a, "eigvals: a is null"); return GeneralEig.eig(a, false).eigenvalues(); }

    // ---------------------------------------------------------------- norm

    @Override
    public NDArray norm(NDArray a, Object ord, int[] axis, boolean keepdims) { Objects.requireNonNull(a, "norm: a is null"); return Norm.norm(this, a, ord, axis, keepdims); }

    @Override
    public NDArray norm(NDArray a) {
        Objects.requireNonNull(a, "norm: a is null");
        a.live("norm");
        DType dt = a.dtype().isInexact() && a.dtype() != DType.FLOAT16 ? a.dtype() : DType.FLOAT64;
        try (NDArray x = a.dtype() == dt ? a.ravel() : a.astype(dt).reshape(-1); NDArray ss = Contractions.vdot(x, x)) {
            // vdot(x, x) is sum |x|^2 (real even for complex); the square root runs on the device too
            NDArray out = NDArray.empty(a.device(), dt.real(), new long[0], Order.C);
            String body = dt.isComplex() ? "y = sqrt(x.x);" : "y = sqrt(x);";
            ElementwiseLoop.run(new Spec("nd_norm_sqrt_" + dt, List.of(new Param("x", dt, Kind.IN), new Param("y", dt.real(), Kind.OUT)),
                    body), new Object[]{ss, out}, new long[0]);
            return out;
        }
    }

    private static long[] concat(long[] batch, long... tail) {
        long[] r = Arrays.copyOf(batch, batch.length + tail.length);
        System.arraycopy(tail, 0, r, batch.length, tail.length);
        return r;
    }
}
