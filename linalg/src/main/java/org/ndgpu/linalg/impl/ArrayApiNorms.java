package org.ndgpu.linalg.impl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;

/**
 * The array API's norms of numpy.linalg, vector_norm, matrix_norm and svdvals, as NumPy's
 * linalg.py writes them on linalg.norm and svd: vector_norm sees several axes (or all) as one
 * vector by moving them to the front and merging them.
 */
final class ArrayApiNorms {
    private ArrayApiNorms() {}

    /** numpy.linalg.vector_norm(x, axis, keepdims, ord). */
    static NDArray vectorNorm(Linalg la, NDArray x, double ord, int[] axis, boolean keepdims) {
        x.live("vector_norm");
        int nd = x.ndim();
        int[] ax = axis == null ? all(nd) : Shapes.axes("vector_norm", axis, nd);
        long[] shape = x.shape();
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray v;
            if (ax.length == 1) {
                v = x;
            } else {
                // the reduced axes first, merged into one; the rest keep their order
                int[] perm = new int[nd];
                boolean[] reduced = new boolean[nd];
                long n = 1;
                for (int i = 0; i < ax.length; i++) {
                    perm[i] = ax[i];
                    reduced[ax[i]] = true;
                    n *= shape[ax[i]];
                }
                long[] merged = new long[nd - ax.length + 1];
                merged[0] = n;
                for (int i = 0, k = ax.length; i < nd; i++) {
                    if (reduced[i]) continue;
                    merged[k - ax.length + 1] = shape[i];
                    perm[k++] = i;
                }
                v = t(temps, t(temps, x.transpose(perm)).reshape(merged));
            }
            NDArray r = la.norm(v, ord, new int[] {ax.length == 1 ? ax[0] : 0}, false);
            if (!keepdims) return r;
            long[] kept = shape.clone();
            for (int a : ax) kept[a] = 1;
            try (r) {
                return r.reshape(kept);
            }
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** numpy.linalg.matrix_norm(x, keepdims, ord): norm over the last two axes. */
    static NDArray matrixNorm(Linalg la, NDArray x, Object ord, boolean keepdims) {
        x.live("matrix_norm");
        if (x.ndim() < 2)
            throw new ShapeException(
                    "matrix_norm: expected an array of at least 2 dimensions, got shape " + Shapes.str(x.shape()));
        return la.norm(x, ord == null ? "fro" : ord, new int[] {-2, -1}, keepdims);
    }

    /** numpy.linalg.svdvals(x): svd's singular values alone. */
    static NDArray svdvals(Linalg la, NDArray x) {
        x.live("svdvals");
        return Decompositions.singularValues(x);
    }

    private static int[] all(int nd) {
        int[] a = new int[nd];
        Arrays.setAll(a, i -> i);
        return a;
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
