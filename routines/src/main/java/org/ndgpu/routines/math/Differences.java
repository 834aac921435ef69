package org.ndgpu.routines.math;

import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Views;

/** numpy.diff: two shifted views and one subtract per order, so no kernel of its own. */
public final class Differences {
    private Differences() {}

    /** numpy.diff(a, n, axis): the n-th discrete difference; for bool arrays, not_equal as NumPy. */
    public static NDArray diff(String op, NDArray a, int n, int axis) {
        a.live(op);
        if (n < 0) throw new ShapeException(op + ": order must be non-negative but got " + n);
        int ax = Shapes.axis(op, axis, a.ndim());
        NDArray cur = a.view(a.shape(), a.strides(), a.offset());
        for (int i = 0; i < n; i++) {
            long len = cur.shape()[ax];
            if (len == 0) break;
            try (NDArray prev = cur;
                    NDArray hi = Views.slab(prev, ax, 1, len - 1);
                    NDArray lo = Views.slab(prev, ax, 0, len - 1)) {
                cur = a.dtype() == DType.BOOL ? hi.ne(lo) : hi.sub(lo);
            }
        }
        return cur;
    }
}
