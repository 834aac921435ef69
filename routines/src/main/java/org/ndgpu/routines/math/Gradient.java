package org.ndgpu.routines.math;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Views;
import org.ndgpu.routines.manipulation.Joining;

/**
 * numpy.gradient along one axis, as NumPy's function_base.py writes it: second-order central
 * differences inside, first- or second-order one-sided differences at the two ends, for a uniform
 * spacing or for coordinates (non-uniform spacing, NumPy's weights a, b, c); shifted slices and
 * ufuncs on the device, then the three pieces joined. Integer input gives float64, float input
 * keeps its dtype.
 */
public final class Gradient {
    private Gradient() {}

    /**
     * numpy.gradient(f, *spacing, edge_order=edgeOrder) over every axis: one array per axis; spacing
     * holds one value for every axis, or one per axis.
     */
    public static List<NDArray> gradients(NDArray f, double[] spacing, int edgeOrder) {
        f.live("gradient");
        int nd = f.ndim();
        if (spacing.length != 1 && spacing.length != nd)
            throw new NdException("gradient: expected 1 spacing or one per axis (" + nd + "), got " + spacing.length);
        List<NDArray> out = new ArrayList<>();
        try {
            for (int ax = 0; ax < nd; ax++) out.add(gradient(f, ax, spacing[spacing.length == 1 ? 0 : ax], edgeOrder));
            return out;
        } catch (RuntimeException e) {
            out.forEach(NDArray::close);
            throw e;
        }
    }

    /** numpy.gradient(f, h, axis=axis, edge_order=edgeOrder) for a uniform spacing h. */
    public static NDArray gradient(NDArray f, int axis, double h, int edgeOrder) {
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray y = prepare(f, temps);
            int ax = Shapes.axis("gradient", axis, y.ndim());
            long n = check(y, ax, edgeOrder);
            NDArray inner = t(
                    temps,
                    t(temps, slab(y, ax, 2, n - 2, temps).sub(slab(y, ax, 0, n - 2, temps)))
                            .div(2 * h));
            NDArray first, last;
            NDArray f0 = slab(y, ax, 0, 1, temps), f1 = slab(y, ax, 1, 1, temps);
            NDArray l1 = slab(y, ax, n - 1, 1, temps), l2 = slab(y, ax, n - 2, 1, temps);
            if (edgeOrder == 1) {
                first = t(temps, t(temps, f1.sub(f0)).div(h));
                last = t(temps, t(temps, l1.sub(l2)).div(h));
            } else {
                NDArray f2 = slab(y, ax, 2, 1, temps), l3 = slab(y, ax, n - 3, 1, temps);
                // NumPy's weights: -1.5/h, 2/h, -0.5/h at the start, 0.5/h, -2/h, 1.5/h at the end
                first = sum3(f0, -1.5 / h, f1, 2.0 / h, f2, -0.5 / h, temps);
                last = sum3(l3, 0.5 / h, l2, -2.0 / h, l1, 1.5 / h, temps);
            }
            return finish(f, Joining.concatenate("gradient", List.of(first, inner, last), ax));
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** numpy.gradient(f, x, axis=axis, edge_order=edgeOrder) for 1-d coordinates x along the axis. */
    public static NDArray gradient(NDArray f, int axis, NDArray x, int edgeOrder) {
        x.live("gradient");
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray y = prepare(f, temps);
            int ax = Shapes.axis("gradient", axis, y.ndim());
            long n = check(y, ax, edgeOrder);
            if (x.ndim() != 1 || x.shape()[0] != n)
                throw new ShapeException("gradient: expected 1-d coordinates of length " + n + " along axis " + ax
                        + ", got shape " + Shapes.str(x.shape()));
            NDArray xs = x.dtype().isInexact() ? x : t(temps, x.astype(DType.FLOAT64));
            // the spacings as a column along the axis, so they broadcast against f's other axes
            long[] col = new long[y.ndim()];
            java.util.Arrays.fill(col, 1);
            col[ax] = n - 1;
            NDArray dx = t(
                    temps,
                    t(temps, slab(xs, 0, 1, n - 1, temps).sub(slab(xs, 0, 0, n - 1, temps)))
                            .reshape(col));
            NDArray dx1 = slab(dx, ax, 0, n - 2, temps), dx2 = slab(dx, ax, 1, n - 2, temps);
            NDArray s12 = t(temps, dx1.add(dx2));
            NDArray a = t(temps, t(temps, dx2.neg()).div(t(temps, dx1.mul(s12))));
            NDArray b = t(temps, t(temps, dx2.sub(dx1)).div(t(temps, dx1.mul(dx2))));
            NDArray c = t(temps, dx1.div(t(temps, dx2.mul(s12))));
            NDArray inner = weighted(
                    slab(y, ax, 0, n - 2, temps),
                    a,
                    slab(y, ax, 1, n - 2, temps),
                    b,
                    slab(y, ax, 2, n - 2, temps),
                    c,
                    temps);
            NDArray f0 = slab(y, ax, 0, 1, temps), f1 = slab(y, ax, 1, 1, temps);
            NDArray l1 = slab(y, ax, n - 1, 1, temps), l2 = slab(y, ax, n - 2, 1, temps);
            NDArray d0 = slab(dx, ax, 0, 1, temps), dl = slab(dx, ax, n - 2, 1, temps);
            NDArray first, last;
            if (edgeOrder == 1) {
                first = t(temps, t(temps, f1.sub(f0)).div(d0));
                last = t(temps, t(temps, l1.sub(l2)).div(dl));
            } else {
                NDArray f2 = slab(y, ax, 2, 1, temps), l3 = slab(y, ax, n - 3, 1, temps);
                NDArray e1 = d0, e2 = slab(dx, ax, 1, 1, temps), e12 = t(temps, e1.add(e2));
                // NumPy's one-sided second-order weights at the start ...
                NDArray fa = t(
                        temps,
                        t(temps, t(temps, t(temps, e1.mul(2)).add(e2)).neg()).div(t(temps, e1.mul(e12))));
                NDArray fb = t(temps, e12.div(t(temps, e1.mul(e2))));
                NDArray fc = t(temps, t(temps, e1.neg()).div(t(temps, e2.mul(e12))));
                first = weighted(f0, fa, f1, fb, f2, fc, temps);
                // ... and at the end
                NDArray g1 = slab(dx, ax, n - 3, 1, temps), g2 = dl, g12 = t(temps, g1.add(g2));
                NDArray la = t(temps, g2.div(t(temps, g1.mul(g12))));
                NDArray lb = t(temps, t(temps, g12.neg()).div(t(temps, g1.mul(g2))));
                NDArray lc = t(temps, t(temps, t(temps, g2.mul(2)).add(g1)).div(t(temps, g2.mul(g12))));
                last = weighted(l3, la, l2, lb, l1, lc, temps);
            }
            return finish(f, Joining.concatenate("gradient", List.of(first, inner, last), ax));
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    private static NDArray prepare(NDArray f, List<NDArray> temps) {
        f.live("gradient");
        if (f.dtype().isComplex() || f.dtype() == DType.BOOL)
            throw new NdException("gradient: expected an integer or float array, got " + f.dtype());
        return f.dtype().isInexact() ? f : t(temps, f.astype(DType.FLOAT64));
    }

    private static long check(NDArray y, int ax, int edgeOrder) {
        if (edgeOrder != 1 && edgeOrder != 2)
            throw new NdException("gradient: edge_order must be 1 or 2, got " + edgeOrder);
        long n = y.shape()[ax];
        if (n < edgeOrder + 1)
            throw new ShapeException("gradient: shape of array too small to calculate a numerical gradient, at least"
                    + " (edge_order + 1) = " + (edgeOrder + 1) + " elements are required along axis " + ax + ", got "
                    + n);
        return n;
    }

    // NumPy writes into an array of f's own dtype (float64 for integers): coordinates never widen it
    private static NDArray finish(NDArray f, NDArray g) {
        DType want = f.dtype().isInexact() ? f.dtype() : DType.FLOAT64;
        if (g.dtype() == want) return g;
        try (g) {
            return g.astype(want);
        }
    }

    private static NDArray sum3(NDArray p, double a, NDArray q, double b, NDArray r, double c, List<NDArray> temps) {
        return t(temps, t(temps, t(temps, p.mul(a)).add(t(temps, q.mul(b)))).add(t(temps, r.mul(c))));
    }

    private static NDArray weighted(
            NDArray p, NDArray a, NDArray q, NDArray b, NDArray r, NDArray c, List<NDArray> temps) {
        return t(temps, t(temps, t(temps, a.mul(p)).add(t(temps, b.mul(q)))).add(t(temps, c.mul(r))));
    }

    private static NDArray slab(NDArray x, int ax, long start, long len, List<NDArray> temps) {
        return t(temps, Views.slab(x, ax, start, len));
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
