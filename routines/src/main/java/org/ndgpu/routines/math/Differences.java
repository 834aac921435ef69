package org.ndgpu.routines.math;

import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Casting;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Views;
import org.ndgpu.routines.manipulation.Joining;

/** numpy.diff and ediff1d: two shifted views and one subtract per order (ediff1d's one kernel), so no kernel of their own. */
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

    /**
     * numpy.diff(a, n, axis, prepend, append): {@code prepend} and {@code append} (an NDArray, a Java
     * number, or null for none) are joined to a along the axis first; a number or a 0-d array is
     * broadcast to a's shape with that axis 1 long, as NumPy's.
     */
    public static NDArray diff(String op, NDArray a, int n, int axis, Object prepend, Object append) {
        a.live(op);
        // NumPy returns a itself for n == 0, before it looks at prepend and append
        if ((prepend == null && append == null) || n == 0) return diff(op, a, n, axis);
        if (a.ndim() == 0) throw new ShapeException(op + ": diff requires input that is at least one dimensional");
        int ax = Shapes.axis(op, axis, a.ndim());
        java.util.List<NDArray> parts = new java.util.ArrayList<>(), temps = new java.util.ArrayList<>();
        try (var _ = a.device().use()) {
            if (prepend != null) parts.add(edge(op, a, ax, prepend, temps));
            parts.add(a);
            if (append != null) parts.add(edge(op, a, ax, append, temps));
            try (NDArray joined = Joining.concatenate(op, parts, ax)) {
                return diff(op, joined, n, ax);
            }
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    // prepend or append as an array to join to a along ax: a number or 0-d array broadcast to a's shape, ax 1 long
    private static NDArray edge(String op, NDArray a, int ax, Object v, java.util.List<NDArray> temps) {
        NDArray arr;
        if (v instanceof NDArray x) arr = x.live(op);
        else if (v instanceof Number || v instanceof Boolean) {
            DType dt = v instanceof Boolean
                    ? DType.BOOL
                    : v instanceof Double ? DType.FLOAT64 : v instanceof Float ? DType.FLOAT32 : DType.INT64;
            arr = Creation.full(v, dt);
            temps.add(arr);
        } else
            throw new DTypeException(op + ": prepend and append take an NDArray or a Java number, got "
                    + v.getClass().getSimpleName());
        if (arr.ndim() > 0) return arr;
        long[] shape = a.shape();
        shape[ax] = 1;
        NDArray b = arr.broadcastTo(shape);
        temps.add(b);
        return b;
    }

    /**
     * numpy.ediff1d(ary, to_end, to_begin): the differences of the flattened array, with to_begin
     * before and to_end after (either may be null), both flattened and cast to ary's dtype under
     * NumPy's same_kind rule.
     */
    public static NDArray ediff1d(NDArray ary, NDArray toEnd, NDArray toBegin) {
        String op = "ediff1d";
        ary.live(op);
        // NumPy subtracts neighbours here (diff uses not_equal for bool, ediff1d does not)
        if (ary.dtype() == DType.BOOL)
            throw new DTypeException(
                    op + ": "
                            + "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead; got bool");
        if (toEnd == null && toBegin == null) {
            try (NDArray flat = ary.reshape(-1)) {
                // one subtract into a new array; an empty ary's diff would be a view of it
                return flat.size() == 0 ? flat.copy() : diff(op, flat, 1, 0);
            }
        }
        try (NDArray flat = ary.reshape(-1);
                NDArray d = diff(op, flat, 1, 0)) {
            java.util.List<NDArray> parts = new java.util.ArrayList<>();
            try {
                if (toBegin != null) parts.add(edge(op, "to_begin", toBegin, ary.dtype()));
                parts.add(d.view(d.shape(), d.strides(), d.offset()));
                if (toEnd != null) parts.add(edge(op, "to_end", toEnd, ary.dtype()));
                return Joining.concatenate(op, parts, 0);
            } finally {
                parts.forEach(NDArray::close);
            }
        }
    }

    private static NDArray edge(String op, String name, NDArray v, DType dtype) {
        v.live(op);
        if (!Casting.SAME_KIND.allows(v.dtype(), dtype))
            throw new DTypeException(op + ": dtype of " + name + " must be compatible with input ary under the"
                    + " same_kind rule, got " + v.dtype() + " for " + dtype);
        try (NDArray flat = v.reshape(-1)) {
            return flat.astype(dtype);
        }
    }
}
