package org.ndgpu.routines.manipulation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Views;

/**
 * numpy.apply_along_axis and numpy.apply_over_axes: loops driven from the host over device views.
 * apply_along_axis calls the function once per 1-d slice, so it costs one call (and the kernels the
 * function launches) per slice: a whole-array expression, or a reduction with {@code axis}, is the
 * fast way where one exists; this is for functions that have none.
 */
public final class ApplyAlong {
    private ApplyAlong() {}

    /**
     * numpy.apply_along_axis(f, axis, a): f of each 1-d slice along {@code axis}; the slices'
     * results (all of one shape) take the place of that axis.
     */
    public static NDArray applyAlongAxis(Function<NDArray, NDArray> f, int axis, NDArray a) {
        String op = "apply_along_axis";
        Objects.requireNonNull(f, op + ": f is null");
        Objects.requireNonNull(a, op + ": a is null; expected an NDArray");
        a.live(op);
        int nd = a.ndim();
        int ax = Shapes.axis(op, axis, nd);
        long[] shape = a.shape();
        int[] perm = new int[nd];
        long[] others = new long[nd - 1];
        for (int d = 0, j = 0; d < nd; d++) {
            if (d != ax) {
                perm[j] = d;
                others[j++] = shape[d];
            }
        }
        perm[nd - 1] = ax;
        long m = Shapes.size(others), n = shape[ax];
        if (m == 0) throw new NdException(op + ": cannot apply over a zero-sized array of shape " + Shapes.str(shape));
        List<NDArray> results = new ArrayList<>();
        long[] first = null;
        try (NDArray t = a.transpose(perm);
                NDArray c = t.copy(Order.C);
                NDArray rows = c.reshape(m, n)) {
            for (long i = 0; i < m; i++) {
                NDArray row;
                try (NDArray slab = Views.slab(rows, 0, i, 1)) {
                    row = slab.reshape(n);
                }
                NDArray r = f.apply(row);
                if (r != row) row.close();
                Objects.requireNonNull(r, op + ": f returned null");
                if (first == null) first = r.shape();
                else if (!Shapes.same(first, r.shape())) {
                    r.close();
                    throw new ShapeException(op + ": f returned shape " + Shapes.str(r.shape()) + " for slice " + i
                            + " after " + Shapes.str(first) + " for slice 0");
                }
                results.add(r);
            }
            try (NDArray stacked = Joining.stack(op, results, 0)) {
                long[] grid = new long[others.length + first.length];
                System.arraycopy(others, 0, grid, 0, others.length);
                System.arraycopy(first, 0, grid, others.length, first.length);
                // the result's own axes go where axis was: shape[:axis] + r.shape + shape[axis+1:]
                int k = others.length, rd = first.length;
                int[] back = new int[k + rd];
                int p = 0;
                for (int d = 0; d < ax; d++) back[p++] = d;
                for (int d = 0; d < rd; d++) back[p++] = k + d;
                for (int d = ax; d < k; d++) back[p++] = d;
                try (NDArray g = stacked.reshape(grid);
                        NDArray moved = g.transpose(back)) {
                    return moved.copy(Order.C);
                }
            }
        } finally {
            for (NDArray r : results) if (r != a) r.close();
        }
    }

    /**
     * numpy.apply_over_axes(f, a, axes): {@code a = f(a, axis)} for each axis in turn; a result
     * with one axis fewer gets it back as length 1, so the dimensions stay.
     */
    public static NDArray applyOverAxes(BiFunction<NDArray, Integer, NDArray> f, NDArray a, int... axes) {
        String op = "apply_over_axes";
        Objects.requireNonNull(f, op + ": f is null");
        Objects.requireNonNull(a, op + ": a is null; expected an NDArray");
        Objects.requireNonNull(axes, op + ": axes is null");
        a.live(op);
        NDArray val = a;
        for (int axis : axes) {
            int ax = Shapes.axis(op, axis, a.ndim());
            NDArray res = Objects.requireNonNull(f.apply(val, ax), op + ": f returned null");
            NDArray next;
            if (res.ndim() == val.ndim()) next = res;
            else if (res.ndim() == val.ndim() - 1) {
                next = res.expandDims(ax);
                if (res != val && res != a) res.close();
            } else {
                throw new ShapeException(op + ": function is not returning an array of the correct shape (got "
                        + res.ndim() + "-d from a " + val.ndim() + "-d array)");
            }
            if (val != a && val != next) val.close();
            val = next;
        }
        return val == a ? a.copy() : val;
    }
}
