package org.ndgpu.routines.statistics;

import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Reduction;

/**
 * The NaN-ignoring reductions beyond nansum, nanmax and nanmin (NumPy's sections "averages and
 * variances", "sums, products" and "searching"), composed as NumPy composes them: NaNs replaced by
 * the operation's identity, then the plain reduction; counts of the non-NaN elements where a mean
 * needs them. Compositions of the core's operations, so they live here rather than in ndarray.
 */
public final class NanReductions {
    private NanReductions() {}

    /** numpy.nanmean(a, axis, keepdims): nansum over the count of non-NaN elements (axes null: all). */
    public static NDArray nanmean(NDArray a, int[] axes, boolean keepdims) {
        Objects.requireNonNull(a, "nanmean: a is null");
        if (!a.live("nanmean").dtype().isInexact()) return a.mean(axes == null ? allAxes(a) : axes, keepdims);
        try (NDArray sum = reduce(Reduction.NANSUM, a, axes, keepdims);
                NDArray nan = a.isnan();
                NDArray ok = nan.logicalNot();
                NDArray count = reduce(Reduction.COUNT_NONZERO, ok, axes, keepdims);
                NDArray n = count.astype(sum.dtype())) {
            return sum.div(n); // in the sum's dtype: float32 stays float32, as NumPy
        }
    }

    /** numpy.nanprod(a, axis, keepdims): the product with NaNs counted as one (axes null: all). */
    public static NDArray nanprod(NDArray a, int[] axes, boolean keepdims) {
        Objects.requireNonNull(a, "nanprod: a is null");
        if (!a.live("nanprod").dtype().isInexact()) return a.prod(axes == null ? allAxes(a) : axes, keepdims);
        try (NDArray nan = a.isnan();
                NDArray r = where(nan, 1, a)) {
            return r.prod(axes == null ? allAxes(a) : axes, keepdims);
        }
    }

    /** numpy.nancumsum(a, axis): the running sum with NaNs counted as zero; axis null runs over the flattened array. */
    public static NDArray nancumsum(NDArray a, Integer axis) {
        Objects.requireNonNull(a, "nancumsum: a is null");
        if (!a.live("nancumsum").dtype().isInexact()) return axis == null ? a.cumsum() : a.cumsum(axis);
        try (NDArray nan = a.isnan();
                NDArray r = where(nan, 0, a)) {
            return axis == null ? r.cumsum() : r.cumsum(axis);
        }
    }

    /** numpy.nancumprod(a, axis): the running product with NaNs counted as one; axis null runs over the flattened array. */
    public static NDArray nancumprod(NDArray a, Integer axis) {
        Objects.requireNonNull(a, "nancumprod: a is null");
        if (!a.live("nancumprod").dtype().isInexact()) return axis == null ? a.cumprod() : a.cumprod(axis);
        try (NDArray nan = a.isnan();
                NDArray r = where(nan, 1, a)) {
            return axis == null ? r.cumprod() : r.cumprod(axis);
        }
    }

    /**
     * numpy.nanvar(a, axis, keepdims, ddof): the mean of |x - nanmean|^2 over the non-NaN elements,
     * divided by (count - ddof); NaN where that is not positive, as NumPy.
     */
    public static NDArray nanvar(NDArray a, int[] axes, boolean keepdims, int ddof) {
        Objects.requireNonNull(a, "nanvar: a is null");
        int[] ax = axes == null ? allAxes(a.live("nanvar")) : axes;
        if (!a.dtype().isInexact()) return a.var(ax, keepdims, ddof);
        try (NDArray m = nanmean(a, ax, true);
                NDArray d = a.sub(m);
                NDArray ad = d.abs();
                NDArray sq = ad.mul(ad);
                NDArray nan = a.isnan();
                NDArray sq0 = where(nan, 0, sq);
                NDArray ss = sq0.sum(ax, keepdims);
                NDArray ok = nan.logicalNot();
                NDArray count = reduce(Reduction.COUNT_NONZERO, ok, ax, keepdims);
                NDArray dof = count.sub(ddof);
                NDArray bad = dof.le(0);
                NDArray dofT = dof.astype(ss.dtype());
                NDArray v = ss.div(dofT)) {
            return where(bad, Double.NaN, v);
        }
    }

    /** numpy.nanstd: the square root of nanvar. */
    public static NDArray nanstd(NDArray a, int[] axes, boolean keepdims, int ddof) {
        try (NDArray v = nanvar(a, axes, keepdims, ddof)) {
            return v.sqrt();
        }
    }

    /**
     * numpy.nanargmax (max true) or nanargmin: the index of the extreme ignoring NaNs (NaN replaced by
     * -inf or +inf); an all-NaN slice is an error, as NumPy's "All-NaN slice encountered".
     */
    public static NDArray nanarg(NDArray a, Integer axis, boolean max) {
        String op = max ? "nanargmax" : "nanargmin";
        Objects.requireNonNull(a, op + ": a is null");
        if (!a.live(op).dtype().isInexact())
            return max ? (axis == null ? a.argmax() : a.argmax(axis)) : (axis == null ? a.argmin() : a.argmin(axis));
        if (a.dtype().isComplex())
            throw new DTypeException(op + ": complex arrays are not supported, got " + a.dtype());
        try (NDArray nan = a.isnan();
                NDArray all = axis == null ? nan.all() : nan.all(new int[] {axis}, false);
                NDArray any = all.any()) {
            if (a.size() > 0 && any.toBooleanArray()[0]) throw new NdException(op + ": All-NaN slice encountered");
            try (NDArray r = where(nan, max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY, a)) {
                return max
                        ? (axis == null ? r.argmax() : r.argmax(axis))
                        : (axis == null ? r.argmin() : r.argmin(axis));
            }
        }
    }

    private static NDArray reduce(Reduction op, NDArray a, int[] axes, boolean keepdims) {
        return Providers.reductions(a).reduce(op, a, axes, keepdims, null, 0);
    }

    // numpy.where(cond, x, y): x where cond, else y
    private static NDArray where(NDArray cond, Object x, Object y) {
        return Providers.ufuncs(cond, x, y).where(cond, x, y, null);
    }

    private static int[] allAxes(NDArray a) {
        int[] all = new int[a.ndim()];
        for (int i = 0; i < all.length; i++) all[i] = i;
        return all;
    }
}
