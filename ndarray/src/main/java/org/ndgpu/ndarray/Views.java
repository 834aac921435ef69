package org.ndgpu.ndarray;

import org.ndgpu.ShapeException;

/** The view operations whose shape logic is more than a line: reshape's -1, squeeze, expand_dims. */
final class Views {
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
        if (axes.length == 0) {
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
}
