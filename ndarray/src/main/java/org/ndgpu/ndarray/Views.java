package org.ndgpu.ndarray;

import org.ndgpu.ShapeException;

/** The view operations whose shape logic is more than a line: reshape's -1, squeeze, expand_dims, flip, moveaxis. */
public final class Views {
    private Views() { }

    /** Resolves one -1 in a requested shape and checks the size matches. */
    static long[] resolveShape(String op, long[] requested, long size, long[] from) {
        long[] s = requested.clone();
        int unknown = -1;
        long known = 1;
        for (int i = 0; i < s.length; i++) {
            if (s[i] == -1) {
                if (unknown >= 0) throw new ShapeException(op + ": can only specify one unknown dimension, got " + Shapes.str(requested));
                unknown = i;
            } else if (s[i] < 0) {
                throw new ShapeException(op + ": negative dimension " + s[i] + " in " + Shapes.str(requested));
            } else {
                if (s[i] != 0 && known > Long.MAX_VALUE / s[i]) {
                    // the product would wrap (4 x (3 + 2^62) wrapped to 12 and was accepted)
                    throw new ShapeException(op + ": cannot reshape array of size " + size + " into shape " + Shapes.str(requested));
                }
                known *= s[i];
            }
        }
        if (unknown >= 0) {
            if (known == 0 || size % known != 0) {
                throw new ShapeException(op + ": cannot reshape array of size " + size + " into shape " + Shapes.str(requested));
            }
            s[unknown] = size / known;
        } else if (known != size) {
            throw new ShapeException(op + ": cannot reshape array of size " + size + " into shape " + Shapes.str(requested)
                    + " (from " + Shapes.str(from) + ")");
        }
        return s;
    }

    static NDArray squeeze(NDArray a, int... axes) {
        a.live("squeeze");
        long[] shape = a.shape(), strides = a.strides();
        boolean[] drop = new boolean[shape.length];
        if (axes == null || axes.length == 0) {
            for (int i = 0; i < shape.length; i++) drop[i] = shape[i] == 1;
        } else {
            for (int ax : Shapes.axes("squeeze", axes, shape.length)) {
                if (shape[ax] != 1) {
                    throw new ShapeException("squeeze: cannot select an axis to squeeze out which has size not equal to one: axis "
                            + ax + " of shape " + Shapes.str(shape));
                }
                drop[ax] = true;
            }
        }
        int n = 0;
        for (boolean d : drop) if (!d) n++;
        long[] s = new long[n], st = new long[n];
        for (int i = 0, j = 0; i < shape.length; i++) {
            if (!drop[i]) {
                s[j] = shape[i];
                st[j++] = strides[i];
            }
        }
        return a.view(s, st, a.offset());
    }

    /** As NumPy's expand_dims, a reshape that inserts a 1: the strides are the ones reshape gives. */
    static NDArray expandDims(NDArray a, int axis) {
        a.live("expand_dims");
        int nd = a.ndim() + 1;
        int ax = Shapes.axis("expand_dims", axis, nd);
        long[] shape = a.shape();
        long[] s = new long[nd];
        for (int i = 0, j = 0; i < nd; i++) s[i] = i == ax ? 1 : shape[j++];
        long[] st = Shapes.reshapeStrides(shape, a.strides(), s, false, a.itemsize());
        if (st == null) throw new AssertionError("expand_dims: inserting a size-1 axis always has a view");
        return a.view(s, st, a.offset());
    }

    /** numpy.flip(a, axis): the same memory read backwards along {@code axes} (every axis when none given or null, as axis=None). */
    static NDArray flip(NDArray a, int... axes) {
        a.live("flip");
        long[] shape = a.shape(), strides = a.strides();
        long offset = a.offset();
        for (int d : Shapes.axes("flip", axes == null || axes.length == 0 ? null : axes, shape.length)) {
            if (shape[d] > 0) offset += (shape[d] - 1) * strides[d];
            strides[d] = -strides[d];
        }
        return a.view(shape, strides, offset);
    }

    /** numpy.moveaxis(a, source, destination): a transposed view with each source axis at its destination. */
    static NDArray moveaxis(NDArray a, int[] source, int[] destination) {
        a.live("moveaxis");
        int n = a.ndim();
        if (source.length != destination.length) {
            throw new org.ndgpu.AxisException("moveaxis: `source` and `destination` arguments must have the same number of elements, got "
                    + source.length + " and " + destination.length);
        }
        int[] src = Shapes.axes("moveaxis", source, n), dst = Shapes.axes("moveaxis", destination, n);
        // NumPy: the axes not moved keep their order; each moved one is inserted at its destination, lowest first
        java.util.List<Integer> order = new java.util.ArrayList<>();
        boolean[] moved = new boolean[n];
        for (int s : src) moved[s] = true;
        for (int d = 0; d < n; d++) if (!moved[d]) order.add(d);
        Integer[] byDest = new Integer[src.length];
        for (int i = 0; i < byDest.length; i++) byDest[i] = i;
        java.util.Arrays.sort(byDest, (x, y) -> Integer.compare(dst[x], dst[y]));
        for (int i : byDest) order.add(dst[i], src[i]);
        return a.transpose(order.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The view x[..., start:start+length, ...] along axis (the offset stays put when the slab is empty). */
    public static NDArray slab(NDArray x, int axis, long start, long length) {
        long[] s = x.shape();
        s[axis] = length;
        return x.view(s, x.strides(), x.offset() + (length > 0 ? start * x.strides()[axis] : 0));
    }
}
