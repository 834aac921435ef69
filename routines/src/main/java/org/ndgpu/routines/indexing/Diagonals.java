package org.ndgpu.routines.indexing;

import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Sizes;

/**
 * numpy.diagonal (a view: one stride that steps both axes), diag, trace (its sum), and triu and tril
 * (where with a mask made from two aranges, so no kernel of their own).
 */
public final class Diagonals {
    private Diagonals() {}

    /** numpy.diagonal(a, offset, axis1, axis2): a view, the diagonal axis last. */
    public static NDArray diagonal(String op, NDArray a, long offset, int axis1, int axis2) {
        a.live(op);
        int nd = a.ndim();
        if (nd < 2) throw new ShapeException(op + ": diag requires an array of at least two dimensions, got " + nd);
        int a1 = Shapes.axis(op, axis1, nd), a2 = Shapes.axis(op, axis2, nd);
        if (a1 == a2)
            throw new org.ndgpu.exceptions.AxisException(
                    op + ": axis1 and axis2 cannot be the same (" + axis1 + ", " + axis2 + ")");
        long[] s = a.shape(), st = a.strides();
        long off = a.offset();
        long n;
        if (offset >= 0) {
            n = Math.max(0, Math.min(s[a1], s[a2] - offset));
            if (n > 0) off += offset * st[a2];
        } else {
            n = Math.max(0, Math.min(s[a1] + offset, s[a2]));
            if (n > 0) off -= offset * st[a1];
        }
        long[] shape = new long[nd - 1], strides = new long[nd - 1];
        for (int d = 0, k = 0; d < nd; d++) {
            if (d == a1 || d == a2) continue;
            shape[k] = s[d];
            strides[k++] = st[d];
        }
        shape[nd - 2] = n;
        strides[nd - 2] = st[a1] + st[a2];
        return a.view(shape, strides, off);
    }

    /**
     * numpy.diag(v, k): from a 1-d v, a square 2-d array with v on diagonal k (zeros elsewhere, written
     * through the diagonal view); from a 2-d v, a copy of its k-th diagonal.
     */
    public static NDArray diag(String op, NDArray v, long k) {
        v.live(op);
        if (v.ndim() == 2) {
            try (NDArray d = diagonal(op, v, k, 0, 1)) {
                return d.copy();
            }
        }
        if (v.ndim() != 1) throw new ShapeException(op + ": input must be 1-d or 2-d, got " + v.ndim() + "-d");
        // |Long.MIN_VALUE| is no long: one less makes the same overflow below
        long n = Sizes.add(op, "the side len(v) + |k|:", v.size(), k == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(k));
        Sizes.bytes(op, new long[] {n, n}, v.dtype());
        NDArray out;
        try (var _ = v.device().use()) {
            out = Creation.zeros(v.dtype(), n, n);
        }
        try (NDArray d = diagonal(op, out, k, 0, 1)) {
            Copies.copyInto(v, d);
        }
        return out;
    }

    /** numpy.trace(a, offset): the sum along the diagonal of the first two axes. */
    public static NDArray trace(String op, NDArray a, long offset) {
        try (NDArray d = diagonal(op, a, offset, 0, 1)) {
            return d.sum(new int[] {-1}, false);
        }
    }
}
