package org.ndgpu.linalg.impl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Reduction;

/**
 * numpy.linalg.norm(x, ord, axis, keepdims), case by case as NumPy's linalg.py writes it, out of
 * device reductions: the 2-norm (and Frobenius) is one reduction kernel, sqrt(sum |x|^2); the other
 * vector orders are abs then max, min or sum (or sum |x|^p then ^(1/p)); matrix 1/inf norms are a
 * sum along one axis then a max or min along the other; 2, -2 and 'nuc' come from the singular values.
 * Integer inputs are made float64 first, as NumPy does.
 */
final class Norm {
    private Norm() {}

    static NDArray norm(Linalg linalg, NDArray a, Object ord, int[] axis, boolean keepdims) {
        a.live("norm");
        int nd = a.ndim();
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray x = a.dtype().isInexact() && a.dtype() != DType.FLOAT16 ? a : t(temps, a.astype(DType.FLOAT64));
            if (axis == null) {
                if (ord == null || (nd == 2 && "fro".equals(ord))) return twoNorm(x, null, keepdims);
                if (nd != 1 && nd != 2)
                    throw new ShapeException("norm: improper number of dimensions to norm: " + nd + " with ord " + ord);
                axis = nd == 1 ? new int[] {0} : new int[] {0, 1};
            }
            int[] ax = Shapes.axes("norm", axis, nd);
            if (ax.length == 1) return vectorNorm(x, ord, ax, keepdims, temps);
            if (ax.length == 2) return matrixNorm(x, ord, ax[0], ax[1], keepdims, temps);
            throw new AxisException("norm: improper number of dimensions to norm: axis " + Arrays.toString(axis));
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    private static NDArray vectorNorm(NDArray x, Object ord, int[] ax, boolean keepdims, List<NDArray> temps) {
        if (ord == null) return twoNorm(x, ax, keepdims);
        if (ord instanceof String s) throw new NdException("norm: invalid norm order '" + s + "' for vectors");
        double p = order(ord);
        if (p == 2) return twoNorm(x, ax, keepdims);
        NDArray abs = t(temps, x.abs());
        if (p == Double.POSITIVE_INFINITY) return maxOrZero(abs, ax, keepdims);
        if (p == Double.NEGATIVE_INFINITY) return abs.min(ax, keepdims);
        if (p == 0) return t(temps, t(temps, x.ne(0)).astype(abs.dtype())).sum(ax, keepdims);
        if (p == 1) return abs.sum(ax, keepdims);
        NDArray sum = t(temps, t(temps, abs.pow(p)).sum(ax, keepdims));
        return sum.pow(1.0 / p);
    }

    private static NDArray matrixNorm(NDArray x, Object ord, int row, int col, boolean keepdims, List<NDArray> temps) {
        if (row == col) throw new AxisException("norm: duplicate axes given: " + row + " and " + col);
        NDArray r;
        if (ord == null || "fro".equals(ord)) {
            return twoNorm(x, new int[] {row, col}, keepdims);
        } else if ("nuc".equals(ord) || (ord instanceof Number n && Math.abs(order(n)) == 2)) {
            // singular values of the stack with (row, col) moved last
            NDArray moved = t(temps, x.moveaxis(new int[] {row, col}, new int[] {-2, -1}));
            NDArray sv;
            try {
                sv = Decompositions.singularValues(moved);
            } catch (org.ndgpu.exceptions.LinAlgException e) {
                throw new org.ndgpu.exceptions.LinAlgException(
                        "norm: " + e.getMessage().replaceFirst("^svd: ", "") + " (ord " + ord
                                + " needs the singular values)",
                        e);
            }
            NDArray s = t(temps, sv);
            r = "nuc".equals(ord)
                    ? s.sum(new int[] {-1}, false)
                    : order(ord) > 0 ? maxOrZero(s, new int[] {-1}, false) : s.min(new int[] {-1}, false);
        } else if (ord instanceof Number n && Math.abs(order(n)) == 1) {
            // the largest (smallest) column sum: sum down the rows, then over the columns
            NDArray sums = t(temps, t(temps, x.abs()).sum(new int[] {row}, false));
            int c = col > row ? col - 1 : col;
            r = order(n) > 0 ? maxOrZero(sums, new int[] {c}, false) : sums.min(new int[] {c}, false);
        } else if (ord instanceof Number n && Double.isInfinite(order(n))) {
            NDArray sums = t(temps, t(temps, x.abs()).sum(new int[] {col}, false));
            int rr = row > col ? row - 1 : row;
            r = order(n) > 0 ? maxOrZero(sums, new int[] {rr}, false) : sums.min(new int[] {rr}, false);
        } else {
            throw new NdException("norm: invalid norm order " + ord
                    + " for matrices; expected null, \"fro\", \"nuc\", 1, -1, 2, -2, inf or -inf");
        }
        if (!keepdims) return r;
        long[] shape = x.shape();
        shape[row] = 1;
        shape[col] = 1;
        try (NDArray done = r) {
            return done.reshape(shape);
        }
    }

    /**
     * The largest of non-negative values along {@code ax}, 0 over nothing: NumPy's norms take these
     * maxima with initial=0, so an empty vector's inf-norm or an empty matrix's 1-, 2- or inf-norm
     * is 0 (the minima of the negative orders still raise, as NumPy's).
     */
    private static NDArray maxOrZero(NDArray a, int[] ax, boolean keepdims) {
        if (a.size() != 0) return a.max(ax, keepdims);
        long[] s = a.shape();
        boolean[] reduced = new boolean[s.length];
        for (int k : ax) reduced[k < 0 ? k + s.length : k] = true;
        long[] out = new long[s.length];
        int m = 0;
        for (int k = 0; k < s.length; k++) {
            if (!reduced[k]) out[m++] = s[k];
            else if (keepdims) out[m++] = 1;
        }
        NDArray z = NDArray.empty(a.device(), a.dtype(), Arrays.copyOf(out, m), Order.C);
        if (z.size() != 0) z.fill(0);
        return z;
    }

    // sqrt(sum |x|^2): one reduction kernel (kernels-reduction's Norms)
    private static NDArray twoNorm(NDArray x, int[] ax, boolean keepdims) {
        return Providers.reductions(x).reduce(Reduction.NORM, x, ax, keepdims, null, 0);
    }

    private static double order(Object ord) {
        if (ord instanceof Number n) return n.doubleValue();
        throw new NdException("norm: ord must be null, a number, \"fro\" or \"nuc\", got " + ord);
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
