package org.ndgpu.routines.math;

import java.util.List;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.routines.manipulation.Joining;

/**
 * NumPy 2's numpy.cumulative_sum and cumulative_prod (the array API's): cumsum and cumprod that
 * never flatten (an axis is required beyond one dimension, a 0-d array counts as 1-d) and may
 * start with the identity (include_initial), so the result has one more element along the axis.
 */
public final class CumulativeSums {
    private CumulativeSums() {}

    /** numpy.cumulative_sum(x, axis, include_initial); axis null only for 0-d and 1-d x. */
    public static NDArray cumulativeSum(NDArray x, Integer axis, boolean includeInitial) {
        return cumulative("cumulative_sum", x, axis, includeInitial, false);
    }

    /** numpy.cumulative_prod(x, axis, include_initial). */
    public static NDArray cumulativeProd(NDArray x, Integer axis, boolean includeInitial) {
        return cumulative("cumulative_prod", x, axis, includeInitial, true);
    }

    private static NDArray cumulative(String op, NDArray x, Integer axis, boolean initial, boolean prod) {
        x.live(op);
        if (axis == null && x.ndim() > 1)
            throw new AxisException(op + ": for arrays which have more than one dimension the axis argument is"
                    + " required, got shape " + Shapes.str(x.shape()));
        try (NDArray v = x.ndim() == 0 ? x.reshape(1) : x.view(x.shape(), x.strides(), x.offset())) {
            int ax = Shapes.axis(op, axis == null ? 0 : axis, v.ndim());
            NDArray r = prod ? v.cumprod(ax) : v.cumsum(ax);
            if (!initial) return r;
            long[] s = r.shape();
            s[ax] = 1;
            try (r;
                    NDArray start = prod ? Creation.ones(r.dtype(), s) : Creation.zeros(r.dtype(), s)) {
                return Joining.concatenate(op, List.of(start, r), ax);
            }
        }
    }
}
