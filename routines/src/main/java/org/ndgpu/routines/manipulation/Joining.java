package org.ndgpu.routines.manipulation;

import java.util.Arrays;
import java.util.List;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Sizes;
import org.ndgpu.ndarray.Views;

/**
 * NumPy's joining of arrays: concatenate, stack, hstack, vstack. One output array is allocated and
 * each input is copied into its slab of it (a view), so a join costs one device copy per input: a
 * plain memcpy when input and slab are both contiguous (concatenating C arrays along axis 0), else
 * the strided copy kernel, which also casts to the promoted dtype.
 */
public final class Joining {
    private Joining() {}

    /** numpy.concatenate(arrays, axis): the arrays must agree on every axis but {@code axis}. */
    public static NDArray concatenate(String op, List<NDArray> arrays, int axis) {
        if (arrays.isEmpty()) throw new ShapeException(op + ": need at least one array to concatenate");
        for (int i = 0; i < arrays.size(); i++) {
            if (arrays.get(i) == null) throw new NullPointerException(op + ": the array at index " + i + " is null");
        }
        NDArray first = arrays.get(0).live(op);
        int nd = first.ndim();
        if (nd == 0) throw new ShapeException(op + ": zero-dimensional arrays cannot be concatenated");
        int ax = Shapes.axis(op, axis, nd);
        long[] shape = first.shape();
        DType dtype = first.dtype();
        long along = 0;
        for (int i = 0; i < arrays.size(); i++) {
            NDArray a = arrays.get(i).live(op);
            Operands.device(op, first, a);
            if (a.ndim() != nd) {
                throw new ShapeException(op
                        + ": all the input arrays must have the same number of dimensions, but the array at index 0 has "
                        + nd + " dimension(s) and the array at index " + i + " has " + a.ndim() + " dimension(s)");
            }
            long[] s = a.shape();
            for (int d = 0; d < nd; d++) {
                if (d != ax && s[d] != shape[d]) {
                    throw new ShapeException(op
                            + ": all the input array dimensions except for the concatenation axis must match exactly, "
                            + "but along dimension " + d + ", the array at index 0 has size " + shape[d]
                            + " and the array at index " + i + " has size " + s[d]);
                }
            }
            along = Sizes.add(op, "the length of the joined axis " + ax + ":", along, s[ax]);
            dtype = DType.promote(dtype, a.dtype());
        }
        long[] outShape = shape.clone();
        outShape[ax] = along;
        Sizes.bytes(op, outShape, dtype);
        Device dev = first.device();
        NDArray out = NDArray.empty(dev, dtype, outShape, Order.C);
        long start = 0;
        for (NDArray a : arrays) {
            long n = a.shape()[ax];
            if (n > 0 && a.size() > 0) {
                try (NDArray slab = Views.slab(out, ax, start, n)) {
                    Copies.copyInto(a, slab);
                }
            }
            start += n;
        }
        return out;
    }

    /** numpy.stack(arrays, axis): arrays of one shape joined along a new axis. */
    public static NDArray stack(String op, List<NDArray> arrays, int axis) {
        if (arrays.isEmpty()) throw new ShapeException(op + ": need at least one array to stack");
        for (int i = 0; i < arrays.size(); i++) {
            if (arrays.get(i) == null) throw new NullPointerException(op + ": the array at index " + i + " is null");
        }
        long[] shape = arrays.get(0).live(op).shape();
        for (int i = 1; i < arrays.size(); i++) {
            if (!Arrays.equals(arrays.get(i).live(op).shape(), shape)) {
                throw new ShapeException(
                        op + ": all input arrays must have the same shape, but the array at index 0 has shape "
                                + Shapes.str(shape) + " and the array at index " + i + " has shape "
                                + Shapes.str(arrays.get(i).shape()));
            }
        }
        int ax = Shapes.axis(op, axis, shape.length + 1);
        NDArray[] expanded = new NDArray[arrays.size()];
        try {
            for (int i = 0; i < expanded.length; i++)
                expanded[i] = arrays.get(i).expandDims(ax);
            return concatenate(op, Arrays.asList(expanded), ax);
        } finally {
            for (NDArray e : expanded) if (e != null) e.close();
        }
    }

    /** numpy.hstack: along axis 1, or axis 0 when the arrays are 1-D; 0-d arrays count as 1-D. */
    public static NDArray hstack(String op, List<NDArray> arrays) {
        return reshapedThenJoined(
                op, arrays, a -> a.ndim() == 0 ? a.reshape(1) : sameView(a), first -> first.ndim() == 1 ? 0 : 1);
    }

    /** numpy.vstack: along axis 0, with 0-d and 1-D arrays first made rows of shape (1, N). */
    public static NDArray vstack(String op, List<NDArray> arrays) {
        return reshapedThenJoined(
                op,
                arrays,
                a -> a.ndim() >= 2 ? sameView(a) : a.reshape(1, a.ndim() == 0 ? 1 : a.shape()[0]),
                first -> 0);
    }

    /** numpy.column_stack: 1-D arrays (and 0-d) as columns (N, 1), then joined along axis 1. */
    public static NDArray columnStack(String op, List<NDArray> arrays) {
        return reshapedThenJoined(
                op,
                arrays,
                a -> a.ndim() >= 2 ? sameView(a) : a.reshape(a.ndim() == 0 ? 1 : a.shape()[0], 1),
                first -> 1);
    }

    /** numpy.dstack: along axis 2, each array first made at least 3-d as numpy.atleast_3d. */
    public static NDArray dstack(String op, List<NDArray> arrays) {
        return reshapedThenJoined(op, arrays, a -> Dimensions.atleast(op, a, 3), first -> 2);
    }

    // numpy's atleast_1d / atleast_2d step: each input as a view of the right rank, then one concatenate
    private static NDArray reshapedThenJoined(
            String op,
            List<NDArray> arrays,
            java.util.function.UnaryOperator<NDArray> reshape,
            java.util.function.ToIntFunction<NDArray> axisOfFirst) {
        if (arrays.isEmpty()) throw new ShapeException(op + ": need at least one array to concatenate");
        NDArray[] views = new NDArray[arrays.size()];
        try {
            for (int i = 0; i < views.length; i++) {
                if (arrays.get(i) == null)
                    throw new NullPointerException(op + ": the array at index " + i + " is null");
                views[i] = reshape.apply(arrays.get(i).live(op));
            }
            return concatenate(op, Arrays.asList(views), axisOfFirst.applyAsInt(views[0]));
        } finally {
            for (NDArray v : views) if (v != null) v.close();
        }
    }

    private static NDArray sameView(NDArray a) {
        return a.view(a.shape(), a.strides(), a.offset());
    }
}
