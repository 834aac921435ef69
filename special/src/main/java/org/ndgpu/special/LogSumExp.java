package org.ndgpu.special;

import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;

/**
 * scipy.special's logsumexp, softmax and log_softmax, as SciPy 1.17 computes them: the maximum is
 * taken out before exponentiating, and logsumexp keeps the maximum's own terms out of the sum
 * (log1p of the rest), so a dominant term loses no precision. The reduced axes are moved last (a
 * copy, unless they already are and the array is C-ordered) and each row's statistics come from one
 * read ({@link RowExpKernels}); softmax and log_softmax then take one elementwise pass.
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

    /**
     * {@code a} with the axes marked in {@code reduced} moved last, in C order from its buffer's start
     * (the array itself when it already is), float32 or float64 (float16 is computed in float32).
     */
    private static NDArray rowsLast(NDArray a, boolean[] reduced) {
        int[] perm = reducedLast(reduced);
        boolean identity = isIdentity(perm);
        DType t = a.dtype() == DType.FLOAT16 ? DType.FLOAT32 : a.dtype();
        if (identity && t == a.dtype() && a.isCContiguous() && a.offset() == 0) return a;
        try (NDArray moved = identity ? null : a.transpose(perm)) {
            NDArray src = moved == null ? a : moved;
            if (t == src.dtype()) return src.copy(Order.C);
            return src.astype(t); // astype gives a new C-ordered array
        }
    }

    /** The axis order that puts the reduced axes last, each group in its own order. */
    private static int[] reducedLast(boolean[] reduced) {
        int[] perm = new int[reduced.length];
        int k = 0;
        for (int d = 0; d < reduced.length; d++) if (!reduced[d]) perm[k++] = d;
        for (int d = 0; d < reduced.length; d++) if (reduced[d]) perm[k++] = d;
        return perm;
    }

    private static boolean isIdentity(int[] perm) {
        for (int d = 0; d < perm.length; d++) if (perm[d] != d) return false;
        return true;
    }

    private static boolean[] marked(String op, int[] axes0, int ndim) {
        boolean[] reduced = new boolean[ndim];
        for (int ax : Shapes.axes(op, axes0, ndim)) reduced[ax] = true;
        return reduced;
    }

    private static long product(long[] shape, boolean[] reduced, boolean which) {
        long p = 1;
        for (int d = 0; d < shape.length; d++) if (reduced[d] == which) p *= shape[d];
        return p;
    }

    static NDArray logsumexp(NDArray a0, int[] axes0, boolean keepdims) {
        NDArray a = floating("logsumexp", a0);
        try {
            // SciPy treats a 0-d input as 1-d
            int ndim = Math.max(a.ndim(), 1);
            boolean[] reduced = marked("logsumexp", axes0, ndim);
            NDArray x = a.ndim() == 0 ? a.reshape(1) : a;
            try {
                long[] shape = x.shape();
                long[] kept = shape.clone();
                for (int d = 0; d < ndim; d++) if (reduced[d]) kept[d] = 1;
                if (x.size() == 0) {
                    NDArray out = NDArray.empty(x.device(), x.dtype(), kept, Order.C);
                    out.fill(Double.NEGATIVE_INFINITY);
                    return keepdims ? out : squeezed(out, reduced);
                }
                long rows = product(shape, reduced, false), inner = product(shape, reduced, true);
                long[] out = new long[ndim - countOf(reduced)];
                int k = 0;
                for (int d = 0; d < ndim; d++) if (!reduced[d]) out[k++] = shape[d];
                NDArray c = rowsLast(x, reduced);
                try (NDArray r = RowExpKernels.rows(RowExpKernels.Mode.LOGSUMEXP, c, rows, inner)) {
                    // a view of the fresh result, which outlives its closed base
                    if (r.dtype() == x.dtype()) return r.reshape(keepdims ? kept : out);
                    try (NDArray v = r.reshape(keepdims ? kept : out)) {
                        return v.astype(x.dtype());
                    }
                } finally {
                    if (c != x) c.close();
                }
            } finally {
                if (x != a) x.close();
            }
        } finally {
            if (a != a0) a.close();
        }
    }

    private static int countOf(boolean[] b) {
        int n = 0;
        for (boolean v : b) if (v) n++;
        return n;
    }

    private static NDArray squeezed(NDArray kept, boolean[] reduced) {
        int[] axes = new int[countOf(reduced)];
        int k = 0;
        for (int d = 0; d < reduced.length; d++) if (reduced[d]) axes[k++] = d;
        try (kept) {
            return kept.squeeze(axes).copy(Order.C);
        }
    }

    static NDArray softmax(NDArray x0, int[] axes0) {
        return rowwise("softmax", RowExpKernels.Mode.SOFTMAX, x0, axes0);
    }

    static NDArray logSoftmax(NDArray x0, int[] axes0) {
        return rowwise("log_softmax", RowExpKernels.Mode.LOG_SOFTMAX, x0, axes0);
    }

    /** softmax or log_softmax: the row statistics in one pass, then one elementwise pass, on the rows of the reduced axes. */
    private static NDArray rowwise(String op, RowExpKernels.Mode mode, NDArray x0, int[] axes0) {
        NDArray x = floating(op, x0);
        try {
            int nd = x.ndim();
            boolean[] reduced = marked(op, axes0, nd);
            if (x.size() == 0) return NDArray.empty(x.device(), x.dtype(), x.shape(), Order.C);
            long[] shape = x.shape();
            long rows = product(shape, reduced, false), inner = product(shape, reduced, true);
            NDArray c = rowsLast(x, reduced);
            try (NDArray y = RowExpKernels.rows(mode, c, rows, inner)) {
                // back to x's axis order (the reduced axes were moved last) and dtype
                int[] perm = reducedLast(reduced), inverse = new int[nd];
                for (int d = 0; d < nd; d++) inverse[perm[d]] = d;
                boolean identity = isIdentity(perm);
                long[] movedShape = new long[nd];
                for (int d = 0; d < nd; d++) movedShape[d] = shape[perm[d]];
                if (identity && y.dtype() == x.dtype()) return y.reshape(shape);
                try (NDArray m = y.reshape(movedShape);
                        NDArray back = identity ? null : m.transpose(inverse)) {
                    NDArray v = back == null ? m : back;
                    return v.dtype() == x.dtype() ? v.copy(Order.C) : v.astype(x.dtype());
                }
            } finally {
                if (c != x) c.close();
            }
        } finally {
            if (x != x0) x.close();
        }
    }
}
