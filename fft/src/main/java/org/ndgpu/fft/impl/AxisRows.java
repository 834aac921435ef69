package org.ndgpu.fft.impl;

import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Views;

/**
 * Moving one axis of any view (strided, transposed, negative strides) into contiguous rows of the
 * transform's length and dtype, and back. A C-contiguous input of the right dtype and length is
 * used as it is; anything else is copied once (cast, zero-padded or truncated on the way).
 */
final class AxisRows {
    private AxisRows() {}

    /** {@code a} with {@code axis} moved last (a view). */
    static NDArray axisLast(NDArray a, int axis) {
        int last = a.ndim() - 1;
        return axis == last
                ? a.readOnlyView(a.shape(), a.strides(), a.offset())
                : a.moveaxis(new int[] {axis}, new int[] {last});
    }

    /**
     * C-contiguous rows of {@code n} points of {@code dtype}: a's axis moved last, truncated to n or
     * padded with zeros. The caller closes the result (a view or a copy, never a itself).
     */
    static NDArray rows(NDArray a, int axis, long n, DType dtype) {
        try (NDArray v = axisLast(a, axis)) {
            int last = v.ndim() - 1;
            long len = v.shape(last), m = Math.min(n, len);
            if (v.dtype() == dtype && m == n && n == len && v.isCContiguous())
                return v.readOnlyView(v.shape(), v.strides(), v.offset());
            long[] shape = v.shape();
            shape[last] = n;
            NDArray x = NDArray.empty(v.device(), dtype, shape, Order.C);
            if (x.size() == 0) return x;
            if (m < n) {
                try (NDArray pad = Views.slab(x, last, m, n - m)) {
                    pad.fill(0);
                }
            }
            if (m > 0) {
                try (NDArray src = Views.slab(v, last, 0, m);
                        NDArray dst = Views.slab(x, last, 0, m)) {
                    Copies.copyInto(src, dst);
                }
            }
            return x;
        }
    }

    /** Rows (axis last) moved back to {@code axis}; consumes {@code rows}. */
    static NDArray back(NDArray rows, int axis) {
        int last = rows.ndim() - 1;
        if (axis == last) return rows;
        try (rows) {
            return rows.moveaxis(new int[] {last}, new int[] {axis});
        }
    }

    /** The number of rows: the product of every axis but the last. */
    static long batch(long[] shape) {
        long b = 1;
        for (int i = 0; i < shape.length - 1; i++) b *= shape[i];
        return b;
    }
}
