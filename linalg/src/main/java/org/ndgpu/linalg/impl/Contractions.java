package org.ndgpu.linalg.impl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Providers;

/** dot, vdot, inner, outer and tensordot, each reduced to one {@link Matmul} call on transposed or reshaped views. */
final class Contractions {
    private Contractions() {}

    static NDArray dot(NDArray a, NDArray b) {
        if (a.ndim() == 0 || b.ndim() == 0) return Providers.ufuncs().call(Ufunc.MULTIPLY, null, a, b);
        if (b.ndim() == 1 || (a.ndim() <= 2 && b.ndim() == 2)) return Matmul.matmul("dot", a, b, null, false);
        // N-d x M-d: sum over a's last axis and b's second-to-last, other axes in order (a's, then b's)
        return tensordot("dot", a, b, new int[] {a.ndim() - 1}, new int[] {b.ndim() - 2});
    }

    static NDArray vdot(NDArray a, NDArray b) {
        if (a.size() != b.size()) {
            throw new ShapeException("vdot: vectors have different sizes: " + a.size() + " (shape "
                    + Matmul.shape(a.shape()) + ") and " + b.size() + " (shape " + Matmul.shape(b.shape()) + ")");
        }
        try (NDArray x = a.ravel();
                NDArray y = b.ravel()) {
            return Matmul.matmul("vdot", x, y, null, true);
        }
    }

    static NDArray inner(NDArray a, NDArray b) {
        if (a.ndim() == 0 || b.ndim() == 0) return Providers.ufuncs().call(Ufunc.MULTIPLY, null, a, b);
        return tensordot("inner", a, b, new int[] {a.ndim() - 1}, new int[] {b.ndim() - 1});
    }

    static NDArray outer(NDArray a, NDArray b) {
        try (NDArray x = a.reshape(-1, 1);
                NDArray y = b.reshape(1, -1)) {
            return Matmul.matmul("outer", x, y, null, false);
        }
    }

    static NDArray tensordot(NDArray a, NDArray b, int axes) {
        if (axes < 0 || axes > a.ndim() || axes > b.ndim()) {
            throw new org.ndgpu.exceptions.AxisException("tensordot: axes=" + axes
                    + " must be between 0 and the smaller ndim (" + Math.min(a.ndim(), b.ndim()) + ") of shapes "
                    + Matmul.shape(a.shape()) + " and " + Matmul.shape(b.shape()));
        }
        int[] xa = new int[axes], xb = new int[axes];
        for (int i = 0; i < axes; i++) {
            xa[i] = a.ndim() - axes + i;
            xb[i] = i;
        }
        return tensordot("tensordot", a, b, xa, xb);
    }

    static NDArray tensordot(String op, NDArray a, NDArray b, int[] axesA, int[] axesB) {
        if (axesA.length != axesB.length) {
            throw new ShapeException(
                    op + ": axes lists differ in length: " + Arrays.toString(axesA) + " and " + Arrays.toString(axesB));
        }
        int[] xa = Shapes.axes(op, axesA, a.ndim()), xb = Shapes.axes(op, axesB, b.ndim());
        long[] as = a.shape(), bs = b.shape();
        long k = 1;
        for (int i = 0; i < xa.length; i++) {
            if (as[xa[i]] != bs[xb[i]]) {
                throw new ShapeException(
                        op + ": shapes " + Matmul.shape(as) + " and " + Matmul.shape(bs) + " not aligned: " + as[xa[i]]
                                + " (dim " + xa[i] + ") != " + bs[xb[i]] + " (dim " + xb[i] + ")");
            }
            k *= as[xa[i]];
        }
        List<Integer> freeA = free(a.ndim(), xa), freeB = free(b.ndim(), xb);
        int[] pa = new int[a.ndim()], pb = new int[b.ndim()];
        int j = 0;
        long ma = 1, nb = 1;
        List<Long> outShape = new ArrayList<>();
        for (int f : freeA) {
            pa[j++] = f;
            ma *= as[f];
            outShape.add(as[f]);
        }
        for (int x : xa) pa[j++] = x;
        j = 0;
        for (int x : xb) pb[j++] = x;
        for (int f : freeB) {
            pb[j++] = f;
            nb *= bs[f];
            outShape.add(bs[f]);
        }
        // transposes are views; the reshape copies only what no strides can express, as NumPy does
        try (NDArray at = a.transpose(pa);
                NDArray bt = b.transpose(pb);
                NDArray a2 = at.reshape(ma, k);
                NDArray b2 = bt.reshape(k, nb);
                NDArray c = Matmul.matmul(op, a2, b2, null, false)) {
            return c.reshape(outShape.stream().mapToLong(Long::longValue).toArray());
        }
    }

    private static List<Integer> free(int ndim, int[] summed) {
        List<Integer> f = new ArrayList<>();
        outer:
        for (int i = 0; i < ndim; i++) {
            for (int s : summed) if (s == i) continue outer;
            f.add(i);
        }
        return f;
    }
}
