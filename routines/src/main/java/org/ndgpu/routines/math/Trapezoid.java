package org.ndgpu.routines.math;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Views;

/**
 * numpy.trapezoid: the composite trapezoidal rule, sum(d * (y[1:] + y[:-1]) / 2) along the axis, as
 * NumPy writes it, in shifted slices, ufuncs and one sum on the device. A scalar dx is weak (as a
 * Python float): float32 y stays float32; integer y gives float64.
 */
public final class Trapezoid {
    private Trapezoid() {}

    /** numpy.trapezoid(y, dx=dx, axis=axis). */
    public static NDArray trapezoid(NDArray y, double dx, int axis) {
        y.live("trapezoid");
        int ax = Shapes.axis("trapezoid", axis, y.ndim());
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray pairs = pairSums(y, ax, temps);
            return t(temps, t(temps, pairs.mul(dx)).div(2.0)).sum(new int[] {ax}, false);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** numpy.trapezoid(y, x, axis=axis): x 1-d along the axis, or of y's shape (or broadcastable). */
    public static NDArray trapezoid(NDArray y, NDArray x, int axis) {
        y.live("trapezoid");
        x.live("trapezoid");
        int ax = Shapes.axis("trapezoid", axis, y.ndim());
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray d;
            if (x.ndim() == 1) {
                long n = x.shape()[0];
                if (n != y.shape()[ax])
                    throw new ShapeException("trapezoid: x of length " + n + " does not match y's axis " + ax
                            + " of length " + y.shape()[ax]);
                long[] col = new long[y.ndim()];
                java.util.Arrays.fill(col, 1);
                col[ax] = Math.max(n - 1, 0);
                long m = Math.max(n - 1, 0);
                NDArray dd =
                        t(temps, t(temps, Views.slab(x, 0, Math.min(1, n), m)).sub(t(temps, Views.slab(x, 0, 0, m))));
                d = t(temps, dd.reshape(col));
            } else {
                if (x.ndim() != y.ndim())
                    throw new ShapeException("trapezoid: x of shape " + Shapes.str(x.shape())
                            + " must be 1-d or have y's dimensions, y has shape " + Shapes.str(y.shape()));
                int xa = Shapes.axis("trapezoid", axis, x.ndim());
                long n = x.shape()[xa], m = Math.max(n - 1, 0);
                d = t(temps, t(temps, Views.slab(x, xa, Math.min(1, n), m)).sub(t(temps, Views.slab(x, xa, 0, m))));
            }
            NDArray pairs = pairSums(y, ax, temps);
            return t(temps, t(temps, d.mul(pairs)).div(2.0)).sum(new int[] {ax}, false);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    // y[1:] + y[:-1]; NumPy's order of operations is then d * that / 2.0
    private static NDArray pairSums(NDArray y, int ax, List<NDArray> temps) {
        long n = y.shape()[ax];
        long m = Math.max(n - 1, 0);
        NDArray hi = t(temps, Views.slab(y, ax, Math.min(1, n), m)), lo = t(temps, Views.slab(y, ax, 0, m));
        return t(temps, hi.add(lo));
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
