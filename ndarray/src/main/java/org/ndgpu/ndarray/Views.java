package org.ndgpu.ndarray;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;

/**
 * The view operations, NDArray's methods that give the same memory another geometry: view,
 * reshape, transpose, swapaxes, squeeze, expand_dims, flip, moveaxis, broadcast_to, ravel.
 */
public final class Views {
    private Views() {}

    /** NDArray.view: the same memory with another geometry, checked against the allocation; read-only when a is. */
    static NDArray view(NDArray a, long[] newShape, long[] newStrides, long newOffset) {
        Objects.requireNonNull(newShape, "view: newShape is null");
        Objects.requireNonNull(newStrides, "view: newStrides is null");
        a.live("view");
        return NDArray.of(
                a.allocation(),
                a.dtype(),
                checkView(a, "view", newShape, newStrides, newOffset),
                newStrides.clone(),
                newOffset,
                !a.isWriteable());
    }

    /** NDArray.readOnlyView: as {@link #view}, always read-only (broadcast_to's views). */
    static NDArray readOnlyView(NDArray a, long[] newShape, long[] newStrides, long newOffset) {
        Objects.requireNonNull(newShape, "readOnlyView: newShape is null");
        Objects.requireNonNull(newStrides, "readOnlyView: newStrides is null");
        a.live("view");
        return NDArray.of(
                a.allocation(),
                a.dtype(),
                checkView(a, "readOnlyView", newShape, newStrides, newOffset),
                newStrides.clone(),
                newOffset,
                true);
    }

    /**
     * A view's geometry must stay inside the array's allocation, with byte strides and offset that
     * are multiples of the item size (the kernels index by element): anything else would read or
     * write memory the array does not own. Returns a copy of the shape.
     */
    private static long[] checkView(NDArray a, String op, long[] newShape, long[] newStrides, long newOffset) {
        return Shapes.checkGeometry(op, a.allocation().bytes(), a.dtype(), newShape, newStrides, newOffset);
    }

    /** NDArray.viewAs: the same bytes as another dtype of the same itemsize. */
    static NDArray viewAs(NDArray a, DType other) {
        Objects.requireNonNull(other, "viewAs: other is null");
        a.live("view");
        DType dtype = a.dtype();
        if (other.itemsize() != dtype.itemsize()) {
            throw new DTypeException("view: " + dtype + " and " + other + " differ in itemsize (" + dtype.itemsize()
                    + " and " + other.itemsize() + ")");
        }
        return NDArray.of(a.allocation(), other, a.shape(), a.strides(), a.offset(), !a.isWriteable());
    }

    /** a.real or a.imag as NumPy's views: the real dtype's elements at a's strides, the second half for imag. */
    static NDArray part(NDArray a, boolean imag) {
        DType r = a.live(imag ? "imag" : "real").dtype().real();
        long at = a.offset() + (imag ? r.itemsize() : 0);
        return NDArray.of(a.allocation(), r, a.shape(), a.strides(), at, !a.isWriteable());
    }

    /** numpy.reshape with order 'C', 'F' or 'A': a view when the strides allow it, else a copy. */
    static NDArray reshape(NDArray a, Order order, long... newShape) {
        Objects.requireNonNull(order, "reshape: order is null");
        Objects.requireNonNull(newShape, "reshape: newShape is null");
        a.live("reshape");
        long[] shape = a.shape();
        long[] ns = resolveShape("reshape", newShape, a.size(), shape);
        boolean f = order == Order.F || (order == Order.A && a.isFContiguous() && !a.isCContiguous());
        long[] st = Shapes.reshapeStrides(shape, a.strides(), ns, f, a.itemsize());
        if (st != null) return a.view(ns, st, a.offset());
        return reshapeOwned(a.copy(f ? Order.F : Order.C), ns, f);
    }

    /** A view of the fresh copy {@code c} in the new shape; the copy's own reference is dropped. */
    private static NDArray reshapeOwned(NDArray c, long[] ns, boolean f) {
        try (c) {
            return c.view(ns, f ? Shapes.fStrides(ns, c.itemsize()) : Shapes.cStrides(ns, c.itemsize()), c.offset());
        }
    }

    /** numpy.transpose: a view with axes permuted; no axes (or null, as axes=None) reverses them. */
    static NDArray transpose(NDArray a, int... axes) {
        a.live("transpose");
        long[] shape = a.shape(), strides = a.strides();
        int n = shape.length;
        int[] perm = new int[n];
        if (axes == null || axes.length == 0) {
            for (int i = 0; i < n; i++) perm[i] = n - 1 - i;
        } else {
            if (axes.length != n)
                throw new org.ndgpu.exceptions.AxisException(
                        "transpose: axes don't match array: expected " + n + " axes, got " + Arrays.toString(axes));
            perm = Shapes.axes("transpose", axes, n);
        }
        long[] s = new long[n], st = new long[n];
        for (int i = 0; i < n; i++) {
            s[i] = shape[perm[i]];
            st[i] = strides[perm[i]];
        }
        return a.view(s, st, a.offset());
    }

    /** numpy.swapaxes, a view. */
    static NDArray swapaxes(NDArray a, int x0, int y0) {
        int n = a.ndim();
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) perm[i] = i;
        int x = Shapes.axis("swapaxes", x0, n), y = Shapes.axis("swapaxes", y0, n);
        perm[x] = y;
        perm[y] = x;
        return a.transpose(perm);
    }

    /** numpy.broadcast_to: a read-only view with stride 0 where it repeats. */
    static NDArray broadcastTo(NDArray a, long... newShape) {
        Objects.requireNonNull(newShape, "broadcastTo: newShape is null");
        a.live("broadcast_to");
        for (long d : newShape) {
            if (d < 0)
                throw new ShapeException(
                        "broadcast_to: all elements of the shape must be non-negative, got " + Shapes.str(newShape));
        }
        long[] st = Shapes.broadcastStrides("broadcast_to", a.shape(), a.strides(), newShape);
        // as NumPy's nditer-made view: stride 0 on every size-1 axis, and everywhere when the result is empty
        boolean empty = Sizes.count("broadcast_to", newShape) == 0;
        for (int i = 0; i < st.length; i++) if (empty || newShape[i] == 1) st[i] = 0;
        return a.readOnlyView(newShape, st, a.offset());
    }

    /** numpy.ravel: a 1-d view when C-contiguous, else a copy (even where a strided 1-d view would do, as NumPy). */
    static NDArray ravel(NDArray a) {
        a.live("ravel");
        if (a.isCContiguous()) return a.reshape(-1);
        return reshapeOwned(a.copy(Order.C), new long[] {a.size()}, false);
    }

    /** numpy.ndarray.flatten: always a copy. */
    static NDArray flatten(NDArray a) {
        return reshapeOwned(a.copy(), new long[] {a.size()}, false);
    }

    /** Resolves one -1 in a requested shape and checks the size matches. */
    static long[] resolveShape(String op, long[] requested, long size, long[] from) {
        long[] s = requested.clone();
        int unknown = -1;
        long known = 1;
        for (int i = 0; i < s.length; i++) {
            if (s[i] == -1) {
                if (unknown >= 0)
                    throw new ShapeException(
                            op + ": can only specify one unknown dimension, got " + Shapes.str(requested));
                unknown = i;
            } else if (s[i] < 0) {
                throw new ShapeException(op + ": negative dimension " + s[i] + " in " + Shapes.str(requested));
            } else {
                if (s[i] != 0 && known > Long.MAX_VALUE / s[i]) {
                    // the product would wrap (4 x (3 + 2^62) wrapped to 12 and was accepted)
                    throw new ShapeException(
                            op + ": cannot reshape array of size " + size + " into shape " + Shapes.str(requested));
                }
                known *= s[i];
            }
        }
        if (unknown >= 0) {
            if (known == 0 || size % known != 0) {
                throw new ShapeException(
                        op + ": cannot reshape array of size " + size + " into shape " + Shapes.str(requested));
            }
            s[unknown] = size / known;
        } else if (known != size) {
            throw new ShapeException(op + ": cannot reshape array of size " + size + " into shape "
                    + Shapes.str(requested) + " (from " + Shapes.str(from) + ")");
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
                    throw new ShapeException(
                            "squeeze: cannot select an axis to squeeze out which has size not equal to one: axis " + ax
                                    + " of shape " + Shapes.str(shape));
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
        Objects.requireNonNull(source, "moveaxis: source is null");
        Objects.requireNonNull(destination, "moveaxis: destination is null");
        a.live("moveaxis");
        int n = a.ndim();
        if (source.length != destination.length) {
            throw new org.ndgpu.exceptions.AxisException(
                    "moveaxis: `source` and `destination` arguments must have the same number of elements, got "
                            + source.length + " and " + destination.length);
        }
        int[] src = Shapes.axes("moveaxis", source, n), dst = Shapes.axes("moveaxis", destination, n);
        // NumPy: the axes not moved keep their order; each moved one is inserted at its destination, lowest first
        List<Integer> order = new java.util.ArrayList<>();
        boolean[] moved = new boolean[n];
        for (int s : src) moved[s] = true;
        for (int d = 0; d < n; d++) if (!moved[d]) order.add(d);
        Integer[] byDest = new Integer[src.length];
        for (int i = 0; i < byDest.length; i++) byDest[i] = i;
        Arrays.sort(byDest, (x, y) -> Integer.compare(dst[x], dst[y]));
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
