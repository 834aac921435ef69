package org.ndgpu.routines.manipulation;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;

/** numpy.rollaxis, permute_dims, matrix_transpose and unstack: views that reorder or split off axes. */
public final class Transposing {
    private Transposing() {}

    /** numpy.rollaxis(a, axis, start): axis moved to stand before start; a view. */
    public static NDArray rollaxis(String op, NDArray a, int axis, int start) {
        a.live(op);
        int n = a.ndim();
        int ax = Shapes.axis(op, axis, n);
        int s = start < 0 ? start + n : start;
        if (s < 0 || s >= n + 1)
            throw new AxisException(op + ": 'start' arg requires " + -n + " <= start < " + (n + 1) + ", but " + start
                    + " was passed in");
        if (ax < s) s--;
        List<Integer> axes = new ArrayList<>();
        for (int d = 0; d < n; d++) if (d != ax) axes.add(d);
        axes.add(s, ax);
        return a.transpose(axes.stream().mapToInt(Integer::intValue).toArray());
    }

    /** numpy.permute_dims(a, axes): numpy.transpose under the Array API's name; null axes reverse them. */
    public static NDArray permuteDims(String op, NDArray a, int[] axes) {
        a.live(op);
        return axes == null ? a.T() : a.transpose(axes);
    }

    /** numpy.matrix_transpose(x): the last two axes swapped; a view. */
    public static NDArray matrixTranspose(String op, NDArray x) {
        x.live(op);
        if (x.ndim() < 2)
            throw new ShapeException(op + ": Input array must be at least 2-dimensional, got " + x.ndim() + "-d");
        return x.swapaxes(-1, -2);
    }

    /** numpy.unstack(x, axis): views of x, one per index along axis, that axis removed. */
    public static List<NDArray> unstack(String op, NDArray x, int axis) {
        x.live(op);
        if (x.ndim() == 0) throw new ShapeException(op + ": Input array must be at least 1-d, got a 0-d array");
        int ax = Shapes.axis(op, axis, x.ndim());
        List<NDArray> out = new ArrayList<>();
        try (NDArray moved = x.moveaxis(new int[] {ax}, new int[] {0})) {
            for (long i = 0; i < moved.shape(0); i++) out.add(moved.get(i));
        }
        return out;
    }
}
