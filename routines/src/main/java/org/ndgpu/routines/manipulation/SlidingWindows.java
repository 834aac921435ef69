package org.ndgpu.routines.manipulation;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;

/**
 * numpy.lib.stride_tricks.sliding_window_view: every window of a shape, as one read-only view of the
 * array's memory (no copy). Each windowed axis keeps {@code len - w + 1} positions, and the window's
 * own axes come last with the strides of the axes they slide along; an axis may be named twice, as
 * NumPy allows. Read-only (NumPy's default, writeable=False): the windows overlap, so a write through
 * one element would change many.
 */
public final class SlidingWindows {
    private SlidingWindows() {}

    /** {@code axes} null: every axis of x, one window length each, as NumPy's axis=None. */
    public static NDArray slidingWindowView(NDArray x, long[] windowShape, int[] axes) {
        String op = "sliding_window_view";
        Objects.requireNonNull(x, op + ": x is null");
        Objects.requireNonNull(windowShape, op + ": window_shape is null");
        x.live(op);
        for (long w : windowShape) {
            if (w < 0)
                throw new ShapeException(
                        op + ": `window_shape` cannot contain negative values, got " + Arrays.toString(windowShape));
        }
        int nd = x.ndim();
        int[] ax;
        if (axes == null) {
            if (windowShape.length != nd)
                throw new ShapeException(op + ": Since axis is `None`, must provide window_shape for all dimensions"
                        + " of `x`; got " + windowShape.length + " window_shape elements and `x.ndim` is " + nd);
            ax = new int[nd];
            for (int i = 0; i < nd; i++) ax[i] = i;
        } else {
            if (windowShape.length != axes.length)
                throw new ShapeException(op + ": Must provide matching length window_shape and axis; got "
                        + windowShape.length + " window_shape elements and " + axes.length + " axes elements");
            ax = new int[axes.length];
            for (int i = 0; i < axes.length; i++) ax[i] = Shapes.axis(op, axes[i], nd);
        }
        long[] shape = x.shape(), strides = x.strides();
        long[] outShape = Arrays.copyOf(shape, nd + ax.length);
        long[] outStrides = Arrays.copyOf(strides, nd + ax.length);
        for (int i = 0; i < ax.length; i++) {
            if (outShape[ax[i]] < windowShape[i])
                throw new ShapeException(op + ": window shape cannot be larger than input array shape: window "
                        + Arrays.toString(windowShape) + " over shape " + Shapes.str(shape));
            outShape[ax[i]] -= windowShape[i] - 1;
            outShape[nd + i] = windowShape[i];
            outStrides[nd + i] = strides[ax[i]];
        }
        return x.readOnlyView(outShape, outStrides, x.offset());
    }
}
