package org.ndgpu.special;

import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.spi.Providers;

/**
 * scipy.special's logsumexp, softmax and log_softmax, as SciPy 1.17 computes them, of the device's
 * reductions and ufuncs: the maximum is taken out before exponentiating, and logsumexp keeps the
 * maximum's own term out of the sum (log1p of the rest), so a dominant term loses no precision.
 */
final class LogSumExp {
    private LogSumExp() {}

    /** The input as SciPy takes it: float stays, integers and bool become float64; complex is refused. */
    private static NDArray floating(String op, NDArray a) {
        Objects.requireNonNull(a, op + ": a is null");
        a.live(op);
        if (a.dtype().isComplex())
            throw new DTypeException(op + ": expected a real array (float or integer), got " + a.dtype());
        return a.dtype().isFloating() ? a : a.astype(DType.FLOAT64);
    }

    private static NDArray where(NDArray cond, Object x, Object y) {
        return Providers.ufuncs(cond, x, y).where(cond, x, y, null);
    }

    /** The reduced shape with kept (size-1) axes, for an empty input's result. */
    private static long[] keptShape(long[] shape, int[] axes) {
        long[] s = shape.clone();
        for (int ax : axes) s[ax] = 1;
        return s;
    }

    static NDArray logsumexp(NDArray a0, int[] axes0, boolean keepdims) {
        NDArray a = floating("logsumexp", a0);
        try {
            // SciPy treats a 0-d input as 1-d
            int ndim = Math.max(a.ndim(), 1);
            int[] axes = Shapes.axes("logsumexp", axes0, ndim);
            NDArray x = a.ndim() == 0 ? a.reshape(1) : a;
            try {
                NDArray kept;
                if (x.size() == 0) {
                    kept = NDArray.empty(x.device(), x.dtype(), keptShape(x.shape(), axes), Order.C);
                    kept.fill(Double.NEGATIVE_INFINITY);
                } else {
                    kept = logsumexpKept(x, axes);
                }
                if (keepdims) return kept;
                try (kept) {
                    return kept.squeeze(axes).copy(Order.C);
                }
            } finally {
                if (x != a) x.close();
            }
        } finally {
            if (a != a0) a.close();
        }
    }

    // log1p(s) + log(m) + max, where m counts the maxima and s is the rest's sum over m; where that is
    // not finite (a NaN, an inf, every term -inf), log(sum(exp(a))) gives IEEE's answer, as SciPy
    private static NDArray logsumexpKept(NDArray a, int[] axes) {
        try (NDArray max = a.max(axes, true);
                NDArray isMax = a.eq(max);
                NDArray count = isMax.sum(axes, true);
                NDArray m = count.astype(a.dtype());
                NDArray shifted = a.sub(max);
                NDArray e = shifted.exp();
                NDArray rest = where(isMax, 0, e);
                NDArray s = rest.sum(axes, true);
                NDArray sm = s.div(m);
                NDArray s2 = where(s.eq(0), s, sm);
                NDArray l1 = s2.log1p();
                NDArray lm = m.log();
                NDArray t = l1.add(lm);
                NDArray out = t.add(max);
                NDArray finite = out.isfinite();
                NDArray direct = a.exp();
                NDArray dsum = direct.sum(axes, true);
                NDArray dlog = dsum.log()) {
            return where(finite, out, dlog);
        }
    }

    static NDArray softmax(NDArray x0, int[] axes0) {
        NDArray x = floating("softmax", x0);
        try {
            int[] axes = Shapes.axes("softmax", axes0, x.ndim());
            try (NDArray max = x.max(axes, true);
                    NDArray shifted = x.sub(max);
                    NDArray e = shifted.exp();
                    NDArray s = e.sum(axes, true)) {
                return e.div(s);
            }
        } finally {
            if (x != x0) x.close();
        }
    }

    static NDArray logSoftmax(NDArray x0, int[] axes0) {
        NDArray x = floating("log_softmax", x0);
        try {
            int[] axes = Shapes.axes("log_softmax", axes0, x.ndim());
            try (NDArray max = x.max(axes, true);
                    NDArray finite = max.isfinite();
                    NDArray max0 = where(finite, max, 0);
                    NDArray shifted = x.sub(max0);
                    NDArray e = shifted.exp();
                    NDArray s = e.sum(axes, true);
                    NDArray l = s.log()) {
                return shifted.sub(l);
            }
        } finally {
            if (x != x0) x.close();
        }
    }
}
