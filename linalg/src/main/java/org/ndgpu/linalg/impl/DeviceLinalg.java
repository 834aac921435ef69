package org.ndgpu.linalg.impl;

import org.ndgpu.linalg.Linalg;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.ndgpu.DTypeException;
import org.ndgpu.ShapeException;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.spi.Solver;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
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
public final class DeviceLinalg implements Linalg {

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

    /** The input stacked as a C-contiguous (batch, m, n) array of the dtype the solver computes in. */
    private record Stack(NDArray x, long[] batch, long m, long n, Solver solver, boolean owned) implements AutoCloseable {
        @Override public void close() { x.close(); }
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
        NDArray c = a.dtype() == dt && a.isCContiguous() ? a.reshape(-1, m, n) : stackCopy(a, dt, m, n);
        return new Stack(c, batch, m, n, solver, true);
    }

    private static NDArray stackCopy(NDArray a, DType dt, long m, long n) {
        try (NDArray c = Copies.copy(a, dt, Order.C)) {
            return c.reshape(-1, m, n);
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

    @Override
    public Svd svd(NDArray a, boolean fullMatrices) {
        Objects.requireNonNull(a, "svd: a is null");
        try (Stack st = stack("svd", a, false)) {
            Svd r = st.solver.svd(st.x, fullMatrices);
            return new Svd(unstack(r.u(), st.batch), unstack(r.s(), st.batch), unstack(r.vh(), st.batch));
        }
    }

    @Override
    public Qr qr(NDArray a) {
        Objects.requireNonNull(a, "qr: a is null");
        try (Stack st = stack("qr", a, false)) {
            Qr r = st.solver.qr(st.x);
            return new Qr(unstack(r.q(), st.batch), unstack(r.r(), st.batch));
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
            DType dt = sa.x.dtype();
            try (NDArray a3 = sa.x.reshape(concat(sa.batch, n, n)); NDArray ab = a3.broadcastTo(aFull);
                 NDArray bv = vector ? b.reshape(n, 1) : b.view(b.shape(), b.strides(), b.offset()); NDArray bb = bv.broadcastTo(bFull);
                 NDArray ac = Copies.copy(ab, dt, Order.C); NDArray bc = Copies.copy(bb, dt, Order.C);
                 NDArray a2 = ac.reshape(-1, n, n); NDArray b2 = bc.reshape(-1, n, k)) {
                NDArray x = sa.solver.solve(a2, b2);
                long[] outShape = vector ? concat(batch, n) : bFull;
                try (x) {
                    return x.reshape(outShape);
                }
            }
        }
    }

    @Override
    public NDArray inv(NDArray a) {
        Objects.requireNonNull(a, "inv: a is null");
        try (Stack st = stack("inv", a, true)) {
            return unstack(st.solver.inv(st.x), st.batch);
        }
    }

    @Override
    public NDArray det(NDArray a) {
        Objects.requireNonNull(a, "det: a is null");
        try (Stack st = stack("det", a, true)) {
            return unstack(st.solver.det(st.x), st.batch);
        }
    }

    @Override
    public Slogdet slogdet(NDArray a) {
        Objects.requireNonNull(a, "slogdet: a is null");
        try (Stack st = stack("slogdet", a, true)) {
            Slogdet r = st.solver.slogdet(st.x);
            return new Slogdet(unstack(r.sign(), st.batch), unstack(r.logabsdet(), st.batch));
        }
    }

    @Override
    public NDArray cholesky(NDArray a) {
        Objects.requireNonNull(a, "cholesky: a is null");
        try (Stack st = stack("cholesky", a, true)) {
            return unstack(st.solver.cholesky(st.x), st.batch);
        }
    }

    @Override
    public Eigh eigh(NDArray a) {
        Objects.requireNonNull(a, "eigh: a is null");
        try (Stack st = stack("eigh", a, true)) {
            Eigh r = st.solver.eigh(st.x);
            return new Eigh(unstack(r.eigenvalues(), st.batch), unstack(r.eigenvectors(), st.batch));
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
            DType dt = sa.x.dtype();
            long k = b.ndim() == 1 ? 1 : b.shape(1);
            try (NDArray bc = Copies.copy(b, DType.promote(dt, b.dtype().isInexact() ? b.dtype() : DType.FLOAT64), Order.C);
                 NDArray bd = bc.dtype() == dt ? bc.reshape(1, sa.m, k) : Copies.copy(bc, dt, Order.C).reshape(1, sa.m, k)) {
                Lstsq r = sa.solver.lstsq(sa.x, bd);
                NDArray x = b.ndim() == 1 ? unstack(r.x(), new long[0]) : r.x();
                // residuals: (K,), or (1,) for a 1-d b, already as NumPy
                return new Lstsq(x, r.residuals(), r.rank(), r.s());
            }
        }
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

    static void requireSameDevice(String op, NDArray a, NDArray b) { org.ndgpu.ndarray.Operands.device(op, a, b); }
}
