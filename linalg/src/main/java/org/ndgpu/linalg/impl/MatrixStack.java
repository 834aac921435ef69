package org.ndgpu.linalg.impl;

import java.util.Arrays;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.vendor.Solver;

/**
 * The input stacked as a C-contiguous (batch, m, n) array of the dtype the solver computes in.
 * Empty stacks (a zero batch or a zero m or n) are answered here from their shapes, as NumPy
 * answers them, and never reach a solver; NaN and inf follow {@link NonFinite}'s rules.
 */
record MatrixStack(NDArray x, long[] batch, long m, long n, Solver solver) implements AutoCloseable {
    @Override
    public void close() {
        x.close();
    }

    boolean empty() {
        return x.size() == 0;
    }

    long count() {
        return x.shape(0);
    }

    DType dtype() {
        return x.dtype();
    }

    NDArray emptyOf(DType dt, long... tail) {
        return NDArray.empty(x.device(), dt, concat(new long[] {count()}, tail), Order.C);
    }

    /** {@code a} as a stack for {@code op}: at least 2-d, square where {@code square}, in the solver's dtype. */
    static MatrixStack of(String op, NDArray a, boolean square) {
        a.live(op);
        if (a.ndim() < 2)
            throw new ShapeException(op + ": expected an array of at least 2 dimensions, got " + a.ndim());
        long[] s = a.shape();
        long m = s[s.length - 2], n = s[s.length - 1];
        if (square && m != n) {
            throw new ShapeException(
                    op + ": the last 2 dimensions of the array must be square, got shape " + Shapes.str(s));
        }
        Solver solver = Solver.forDevice(a.device());
        DType dt = computeType(op, a.dtype(), solver, a);
        long[] batch = Arrays.copyOf(s, s.length - 2);
        // the batch count spelled out: reshape(-1, 0, 0) of an empty stack has no single answer
        long count = Shapes.size(batch);
        NDArray c = a.dtype() == dt && a.isCContiguous() ? a.reshape(count, m, n) : stackCopy(a, dt, count, m, n);
        return new MatrixStack(c, batch, m, n, solver);
    }

    private static NDArray stackCopy(NDArray a, DType dt, long count, long m, long n) {
        try (NDArray c = Copies.copy(a, dt, Order.C)) {
            return c.reshape(count, m, n);
        }
    }

    /** numpy.linalg's dtype rule: integers and bool go to float64; float16 is unsupported; the solver decides the rest. */
    static DType computeType(String op, DType dt, Solver solver, NDArray a) {
        if (dt.isBool() || dt.isInteger()) dt = DType.FLOAT64;
        if (dt == DType.FLOAT16)
            throw new DTypeException(op + ": array type float16 is unsupported in linalg; use astype(float32)");
        if (!solver.supports(dt)) {
            throw new DTypeException(op + ": " + dt + " is not supported on "
                    + a.device().id() + " (" + solver.where() + " takes float32 and float64)");
        }
        return dt;
    }

    /** A (batch, ...) result reshaped to the caller's batch shape. */
    static NDArray unstack(NDArray r, long[] batch) {
        long[] s = r.shape();
        long[] t = new long[batch.length + s.length - 1];
        System.arraycopy(batch, 0, t, 0, batch.length);
        System.arraycopy(s, 1, t, batch.length, s.length - 1);
        try (r) {
            return r.reshape(t);
        }
    }

    /**
     * Runs a per-matrix solver call on the stack, with {@link NonFinite}'s rule: matrices holding
     * NaN (in the lower triangle if {@code lower}) are given the identity and answer NaN.
     */
    static NDArray guarded(
            MatrixStack st, boolean nanOnly, boolean lower, java.util.function.Function<NDArray, NDArray> call) {
        return guarded(st, nanOnly, lower, call, r -> r);
    }

    /**
     * As above, {@code afterNan} then given the result where some matrix held NaN (it takes the array
     * and returns the answer): the repair that case alone needs, such as cholesky's zeros above the
     * diagonal, which nanWhere overwrote, without a pass over every other call's result.
     */
    static NDArray guarded(
            MatrixStack st,
            boolean nanOnly,
            boolean lower,
            java.util.function.Function<NDArray, NDArray> call,
            java.util.function.UnaryOperator<NDArray> afterNan) {
        try (NDArray bad = NonFinite.flags(st.x, nanOnly, lower)) {
            if (!NonFinite.any(bad)) return call.apply(st.x);
            try (NDArray clean = NonFinite.identityWhere(st.x, bad)) {
                return afterNan.apply(NonFinite.nanWhere(call.apply(clean), bad));
            }
        }
    }

    static long[] concat(long[] batch, long... tail) {
        long[] r = Arrays.copyOf(batch, batch.length + tail.length);
        System.arraycopy(tail, 0, r, batch.length, tail.length);
        return r;
    }
}
