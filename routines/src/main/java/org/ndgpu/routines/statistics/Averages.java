package org.ndgpu.routines.statistics;

import org.ndgpu.elementwise.UfuncMethods;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.routines.indexing.Diagonals;

/**
 * NumPy's weighted averages, ranges and covariances, composed of device ufuncs and reductions as
 * NumPy composes them (so dtypes and NaN behaviour follow): average, ptp, cov, corrcoef.
 */
public final class Averages {
    private Averages() {}

    /**
     * numpy.sum (add) or numpy.prod (multiply) with dtype=: the reduction computed and returned in
     * {@code dtype} (null: NumPy's default), over {@code axes} (null: all).
     */
    public static NDArray reduceIn(String op, Ufunc ufunc, NDArray a, int[] axes, boolean keepdims, DType dtype) {
        a.live(op);
        // dtype null: NumPy's dtype=None, the ufunc's own widening (bool and small integers to 64 bits)
        return UfuncMethods.of(ufunc).reduce(a, axes, dtype, null, keepdims, null);
    }

    /**
     * numpy.mean(a, axis, dtype=dtype): the sum accumulated in {@code dtype} divided by the count; an
     * integer dtype truncates the quotient, as NumPy's unsafe cast of it.
     */
    public static NDArray mean(String op, NDArray a, int[] axes, boolean keepdims, DType dtype) {
        a.live(op);
        if (dtype == null) return a.mean(axes, keepdims);
        if (dtype.isTime() || dtype == DType.BOOL)
            throw new DTypeException(op + ": expected a numeric dtype for the mean, got " + dtype);
        int[] ax = Shapes.axes(op, axes, a.ndim());
        long count = 1;
        for (int x : ax) count *= a.shape()[x];
        try (var _ = a.device().use();
                NDArray sum = UfuncMethods.of(Ufunc.ADD).reduce(a, ax, dtype, null, keepdims, null)) {
            if (dtype.isInexact()) return sum.div((double) count);
            try (NDArray q = sum.div((double) count)) {
                return q.astype(dtype);
            }
        }
    }

    /**
     * numpy.var and numpy.std (std true) with dtype=: computed in {@code dtype}, a float or complex
     * dtype (an integer one is refused: its NumPy result truncates the mean mid-way).
     */
    public static NDArray variance(
            String op, NDArray a, int[] axes, boolean keepdims, int ddof, DType dtype, boolean std) {
        a.live(op);
        if (dtype == null) return std ? a.std(axes, keepdims, ddof) : a.var(axes, keepdims, ddof);
        if (!dtype.isInexact())
            throw new DTypeException(op + ": expected a float or complex dtype to compute in, got " + dtype);
        int[] ax = Shapes.axes(op, axes, a.ndim());
        try (var _ = a.device().use();
                NDArray x = a.astype(dtype)) {
            return std ? x.std(ax, keepdims, ddof) : x.var(ax, keepdims, ddof);
        }
    }

    /** numpy.average(a, axis, weights): weights of a's shape, or 1-d along axis; {@code axis} null averages everything. */
    public static NDArray average(String op, NDArray a, Integer axis, NDArray weights) {
        a.live(op);
        if (weights == null) return axis == null ? a.mean() : a.mean(axis);
        Operands.device(op, a, weights);
        NDArray w = weights;
        boolean own = false;
        if (!java.util.Arrays.equals(a.shape(), weights.shape())) {
            if (axis == null)
                throw new ShapeException(op + ": axis must be specified when shapes of a " + Shapes.str(a.shape())
                        + " and weights " + Shapes.str(weights.shape()) + " differ");
            int ax = Shapes.axis(op, axis, a.ndim());
            if (weights.ndim() != 1)
                throw new ShapeException(op + ": 1D weights expected when shapes of a and weights differ, got "
                        + Shapes.str(weights.shape()));
            if (weights.size() != a.shape()[ax])
                throw new ShapeException(op + ": length of weights (" + weights.size()
                        + ") not compatible with specified axis " + axis + " of size " + a.shape()[ax]);
            long[] s = new long[a.ndim()];
            java.util.Arrays.fill(s, 1);
            s[ax] = weights.size();
            w = weights.reshape(s);
            own = true;
        }
        DType rt = DType.promote(a.dtype(), weights.dtype());
        if (a.dtype().isInteger() || a.dtype() == DType.BOOL) rt = DType.promote(rt, DType.FLOAT64);
        int[] axes = axis == null ? null : new int[] {axis};
        try (NDArray wc = w.astype(rt);
                NDArray wfull = wc.broadcastTo(a.shape());
                NDArray ac = a.astype(rt);
                NDArray scl = axes == null ? wfull.sum() : wfull.sum(axes, false);
                NDArray prod = ac.mul(wfull);
                NDArray num = axes == null ? prod.sum() : prod.sum(axes, false);
                NDArray zero = scl.eq(0);
                NDArray anyZero = zero.any()) {
            if (anyZero.toBooleanArray()[0]) throw new NdException(op + ": weights sum to zero, can't be normalized");
            return num.div(scl);
        } finally {
            if (own) w.close();
        }
    }

    /** numpy.ptp(a, axis): maximum minus minimum; {@code axis} null over everything. */
    public static NDArray ptp(String op, NDArray a, Integer axis) {
        a.live(op);
        if (a.dtype() == DType.BOOL)
            throw new DTypeException(op + ": numpy boolean subtract is not supported, got bool (use logical_xor)");
        try (NDArray mx = axis == null ? a.max() : a.max(axis);
                NDArray mn = axis == null ? a.min() : a.min(axis)) {
            return mx.sub(mn);
        }
    }

    /**
     * numpy.cov(m, rowvar, bias): each row a variable (each column when !rowvar), the covariance
     * normalized by N - 1, or N when bias; float64 (or m's inexact dtype), squeezed as NumPy.
     */
    public static NDArray cov(String op, NDArray m, boolean rowvar, boolean bias) {
        m.live(op);
        if (m.ndim() > 2) throw new ShapeException(op + ": m has more than 2 dimensions: " + Shapes.str(m.shape()));
        DType rt = DType.promote(m.dtype(), DType.FLOAT64);
        try (NDArray x2 = m.ndim() == 2 ? m.view(m.shape(), m.strides(), m.offset()) : m.reshape(1, m.size());
                // NumPy transposes for !rowvar only a 2-d m: a 1-d m is one variable either way
                NDArray xr = rowvar || m.ndim() < 2 ? x2.view(x2.shape(), x2.strides(), x2.offset()) : x2.T();
                NDArray x = xr.astype(rt)) {
            long n = x.shape()[1];
            if (x.shape()[0] == 0) return Creation.zeros(rt, 0, 0);
            long fact = n - (bias ? 0 : 1);
            try (NDArray avg = x.mean(new int[] {1}, true);
                    NDArray xc = x.sub(avg);
                    NDArray xh = xc.T();
                    NDArray xhc = xh.conj();
                    NDArray c = xc.matmul(xhc);
                    NDArray cs = c.div(fact <= 0 ? 0.0 : (double) fact)) {
                return cs.squeeze();
            }
        }
    }

    /** numpy.corrcoef(x, rowvar): the covariance over the outer product of the standard deviations, clipped to [-1, 1]. */
    public static NDArray corrcoef(String op, NDArray x, boolean rowvar) {
        try (NDArray c = cov(op, x, rowvar, false)) {
            if (c.ndim() == 0) return c.div(c);
            try (NDArray d = Diagonals.diagonal(op, c, 0, 0, 1);
                    NDArray dr = d.real();
                    NDArray sd = dr.sqrt();
                    NDArray col = sd.reshape(-1, 1);
                    NDArray row = sd.reshape(1, -1);
                    NDArray c1 = c.div(col);
                    NDArray c2 = c1.div(row)) {
                return c2.dtype().isComplex() ? c2.copy() : c2.clip(-1, 1);
            }
        }
    }
}
