package org.ndgpu.routines.math;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Views;
import org.ndgpu.routines.manipulation.Joining;

/**
 * numpy.unwrap: jumps larger than discont (at least period / 2) between neighbours are folded back
 * by multiples of period, as NumPy's function_base.py writes it: diff, mod, where and a cumulative
 * sum of the corrections along the axis, on the device. Integer input gives float64 with a float
 * period and keeps its dtype with an integer one, as NumPy.
 */
public final class Unwrap {
    private Unwrap() {}

    /** numpy.unwrap(p, discont, axis, period); discont null is period / 2. */
    public static NDArray unwrap(NDArray p, Double discont, int axis, double period) {
        p.live("unwrap");
        if (p.dtype().isComplex() || p.dtype() == DType.BOOL)
            throw new NdException("unwrap: expected an integer or float array, got " + p.dtype());
        int ax = Shapes.axis("unwrap", axis, p.ndim());
        long n = p.shape()[ax];
        if (n < 2) return p.dtype().isInexact() ? p.copy() : p.astype(DType.FLOAT64);
        double half = period / 2;
        double disc = discont == null || discont < half ? half : discont;
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray hi = t(temps, Views.slab(p, ax, 1, n - 1)), lo = t(temps, Views.slab(p, ax, 0, n - 1));
            NDArray dd = t(temps, hi.sub(lo));
            if (!dd.dtype().isInexact()) dd = t(temps, dd.astype(DType.FLOAT64));
            // ddmod = mod(dd + period/2, period) - period/2, and +period/2 where it lands on -period/2 going up
            NDArray ddmod =
                    t(temps, t(temps, t(temps, dd.add(half)).mod(period)).sub(half));
            NDArray edge = t(temps, t(temps, ddmod.eq(-half)).logicalAnd(t(temps, dd.gt(0))));
            ddmod = t(temps, where(edge, half, ddmod));
            return fold(temps, p, hi, dd, ddmod, disc, ax, null);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /**
     * numpy.unwrap(p, discont, axis, period) with an integer period: integer p keeps its dtype, as
     * NumPy's result_type(diff(p), period) is an integer type there, and the corrections are the
     * integer ones (period // 2, the boundary rule only for an even period); float p is the double
     * period's answer.
     */
    public static NDArray unwrap(NDArray p, Double discont, int axis, long period) {
        p.live("unwrap");
        if (!p.dtype().isInteger()) return unwrap(p, discont, axis, (double) period);
        if (period == 0) throw new NdException("unwrap: integer division or modulo by zero: period is 0");
        int ax = Shapes.axis("unwrap", axis, p.ndim());
        long n = p.shape()[ax];
        if (n < 2) return p.copy();
        long high = Math.floorDiv(period, 2), low = -high;
        boolean ambiguous = Math.floorMod(period, 2) == 0;
        double disc = discont == null ? period / 2.0 : discont;
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray hi = t(temps, Views.slab(p, ax, 1, n - 1)), lo = t(temps, Views.slab(p, ax, 0, n - 1));
            NDArray dd = t(temps, hi.sub(lo));
            NDArray ddmod = t(temps, t(temps, t(temps, dd.sub(low)).mod(period)).add(low));
            if (ambiguous) {
                NDArray edge = t(temps, t(temps, ddmod.eq(low)).logicalAnd(t(temps, dd.gt(0))));
                ddmod = t(temps, where(edge, high, ddmod));
            }
            return fold(temps, p, hi, dd, ddmod, disc, ax, p.dtype());
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /**
     * Both forms' end: the corrections ddmod - dd (none where |dd| < disc) summed along the axis and
     * added to p's elements after the first, which is kept; the result in {@code dtype} (null: the
     * dtype the sum takes).
     */
    private static NDArray fold(
            List<NDArray> temps, NDArray p, NDArray hi, NDArray dd, NDArray ddmod, double disc, int ax, DType dtype) {
        NDArray correct = t(temps, ddmod.sub(dd));
        NDArray small = t(temps, t(temps, dd.abs()).lt(disc));
        correct = t(temps, where(small, 0, correct));
        NDArray run = t(temps, correct.cumsum(ax));
        NDArray head = t(temps, Views.slab(p, ax, 0, 1));
        NDArray tail = t(temps, hi.add(run));
        DType out = dtype == null ? tail.dtype() : dtype;
        NDArray first = head.dtype() == out ? head : t(temps, head.astype(out));
        NDArray rest = tail.dtype() == out ? tail : t(temps, tail.astype(out));
        return Joining.concatenate("unwrap", List.of(first, rest), ax);
    }

    private static NDArray where(NDArray cond, Object x, NDArray y) {
        return org.ndgpu.spi.Providers.ufuncs(cond, x, y).where(cond, x, y, null);
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
