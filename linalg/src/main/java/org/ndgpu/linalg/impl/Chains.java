package org.ndgpu.linalg.impl;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;

/**
 * Chains of matrix products: numpy.linalg.matrix_power (repeated squaring, as NumPy's loop over
 * the bits of n) and numpy.linalg.multi_dot (the matrix-chain order of Cormen 15.2, as NumPy's
 * {@code _multi_dot_matrix_chain_order}, so both pick the same parenthesization).
 *
 * <pre>{@code
 * Chains.matrixPower(la, a, -3);         // inv(a) cubed
 * Chains.multiDot(la, v, a, b, w);       // a scalar: v^T a b w, cheapest order
 * }</pre>
 */
final class Chains {
    private Chains() {}

    static NDArray matrixPower(Linalg la, NDArray a, long n) {
        a.live("matrixPower");
        long[] s = a.shape();
        if (a.ndim() < 2 || s[s.length - 1] != s[s.length - 2]) {
            throw new ShapeException(
                    "matrixPower: expected a square matrix or a stack of them (..., M, M), got shape " + Shapes.str(s));
        }
        if (n == 0) {
            long m = s[s.length - 1];
            NDArray out = NDArray.empty(a.device(), a.dtype(), s, Order.C);
            try (var _ = a.device().use();
                    NDArray eye = Creation.eye(m, m, 0, a.dtype())) {
                out.set("...", eye);
            }
            return out;
        }
        NDArray x = a;
        if (n < 0) {
            try {
                x = la.inv(a);
            } catch (LinAlgException e) {
                throw new LinAlgException(
                        "matrixPower: the negative power " + n + " needs inv(a), which failed: " + e.getMessage(), e);
            }
        }
        long bits = n < 0 ? -n : n; // Long.MIN_VALUE stays negative: read as unsigned below
        if (bits == 1) return x == a ? a.copy() : x;
        List<NDArray> temps = new ArrayList<>();
        if (x != a) temps.add(x);
        try {
            if (bits == 2) return la.matmul(x, x, null);
            if (bits == 3) return la.matmul(t(temps, la.matmul(x, x, null)), x, null);
            NDArray z = null, result = null;
            while (bits != 0) {
                z = z == null ? x : t(temps, la.matmul(z, z, null));
                boolean bit = (bits & 1) != 0;
                bits >>>= 1;
                if (bit) result = result == null ? z : t(temps, la.matmul(result, z, null));
            }
            temps.remove(result);
            return result == a ? a.copy() : result;
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    static NDArray multiDot(Linalg la, NDArray... arrays) {
        if (arrays.length < 2) throw new NdException("multiDot: expected at least two arrays, got " + arrays.length);
        for (int i = 0; i < arrays.length; i++) {
            if (arrays[i] == null) throw new NullPointerException("multiDot: arrays[" + i + "] is null");
            arrays[i].live("multiDot");
        }
        if (arrays.length == 2) return la.dot(arrays[0], arrays[1]);
        int n = arrays.length;
        boolean firstVector = arrays[0].ndim() == 1, lastVector = arrays[n - 1].ndim() == 1;
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray[] ms = arrays.clone();
            if (firstVector) ms[0] = t(temps, ms[0].reshape(1, ms[0].shape(0)));
            if (lastVector) ms[n - 1] = t(temps, ms[n - 1].reshape(ms[n - 1].shape(0), 1));
            long[] p = new long[n + 1];
            for (int i = 0; i < n; i++) {
                if (ms[i].ndim() != 2) {
                    throw new ShapeException("multiDot: array " + i + " is " + arrays[i].ndim() + "-dimensional (shape "
                            + Shapes.str(arrays[i].shape())
                            + "); arrays must be 2-dimensional, the first and last may be 1-dimensional");
                }
                if (i > 0 && ms[i].shape(0) != p[i]) {
                    throw new ShapeException("multiDot: shapes " + Shapes.str(ms[i - 1].shape()) + " (array " + (i - 1)
                            + ") and " + Shapes.str(ms[i].shape()) + " (array " + i + ") not aligned: " + p[i] + " != "
                            + ms[i].shape(0));
                }
                p[i] = ms[i].shape(0);
                p[i + 1] = ms[i].shape(1);
            }
            int[][] split = chainOrder(p);
            NDArray r = product(la, ms, split, 0, n - 1, temps);
            if (firstVector && lastVector) return r.reshape();
            if (firstVector || lastVector) return r.reshape(-1);
            temps.remove(r);
            return r;
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    private static NDArray product(Linalg la, NDArray[] ms, int[][] split, int i, int j, List<NDArray> temps) {
        if (i == j) return ms[i];
        NDArray left = product(la, ms, split, i, split[i][j], temps);
        NDArray right = product(la, ms, split, split[i][j] + 1, j, temps);
        return t(temps, la.dot(left, right));
    }

    /**
     * split[i][j]: where the cheapest product of matrices i..j splits, for dims p (matrix i is
     * p[i] x p[i + 1]). Costs in double and ties to the first split, as NumPy's.
     */
    static int[][] chainOrder(long[] p) {
        int n = p.length - 1;
        double[][] cost = new double[n][n];
        int[][] split = new int[n][n];
        for (int l = 1; l < n; l++) {
            for (int i = 0; i < n - l; i++) {
                int j = i + l;
                cost[i][j] = Double.POSITIVE_INFINITY;
                for (int k = i; k < j; k++) {
                    double q = cost[i][k] + cost[k + 1][j] + (double) p[i] * p[k + 1] * p[j + 1];
                    if (q < cost[i][j]) {
                        cost[i][j] = q;
                        split[i][j] = k;
                    }
                }
            }
        }
        return split;
    }

    /** The parenthesization chainOrder picks, as "((A0A1)A2)": for tests and messages. */
    static String parenthesize(int[][] split, int i, int j) {
        if (i == j) return "A" + i;
        return "(" + parenthesize(split, i, split[i][j]) + parenthesize(split, split[i][j] + 1, j) + ")";
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
