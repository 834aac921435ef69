package org.ndgpu.routines.statistics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ranges;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.routines.manipulation.Joining;
import org.ndgpu.routines.sorting.Sorting;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Reduction;

/**
 * numpy.nanquantile, nanpercentile and nanmedian (method 'linear'): the lanes are sorted along the
 * axis on the device (NaN last), each lane's count of non-NaN values gives its own position
 * q * (count - 1), and the two neighbours are gathered by flat index and blended as NumPy's _lerp
 * (nanmedian takes their mean, as NumPy's);
 * an all-NaN lane gives NaN. Several q stack along a new first axis, as NumPy. Integer input gives
 * float64; a single q keeps a float dtype, several q (float64, as NumPy's array q) give float64.
 */
public final class NanQuantiles {
    private NanQuantiles() {}

    /** numpy.nanquantile(a, q, axis, keepdims) for one q in [0, 1]; axis null works on the flattened array. */
    public static NDArray nanquantile(String op, NDArray a, double q, Integer axis, boolean keepdims) {
        a.live(op);
        checkQ(op, q);
        return lanes(op, a, new double[] {q}, axis, keepdims, false);
    }

    /** numpy.nanquantile(a, [q...], axis, keepdims): shape (len(q),) + the reduced shape. */
    public static NDArray nanquantile(String op, NDArray a, double[] q, Integer axis, boolean keepdims) {
        a.live(op);
        if (q.length == 0) throw new NdException(op + ": expected at least one quantile, got none");
        for (double v : q) checkQ(op, v);
        return lanes(op, a, q, axis, keepdims, true);
    }

    /** numpy.nanpercentile(a, [p...], axis, keepdims): {@link #nanquantile} of each p / 100. */
    public static NDArray nanpercentile(String op, NDArray a, double[] p, Integer axis, boolean keepdims) {
        java.util.Objects.requireNonNull(p, op + ": p is null");
        double[] q = new double[p.length];
        for (int i = 0; i < p.length; i++) q[i] = p[i] / 100;
        return nanquantile(op, a, q, axis, keepdims);
    }

    private static void checkQ(String op, double q) {
        if (!(q >= 0 && q <= 1)) {
            boolean pct = op.equals("nanpercentile");
            throw new NdException(op + ": "
                    + (pct ? "percentiles must be in the range [0, 100]" : "quantiles must be in" + " the range [0, 1]")
                    + ", got " + (pct ? q * 100 : q));
        }
    }

    private static NDArray lanes(String op, NDArray a, double[] qs, Integer axis, boolean keepdims, boolean several) {
        if (a.dtype().isComplex()) throw new NdException(op + ": complex input is not supported, got " + a.dtype());
        // NumPy's lerp subtracts the neighbours; its nanmedian (a mean) takes bool
        if (a.dtype() == DType.BOOL && !op.equals("nanmedian"))
            throw new DTypeException(
                    op + ": "
                            + "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead; got bool");
        List<NDArray> temps = new ArrayList<>();
        try (var _ = a.device().use()) {
            DType outType = !a.dtype().isInexact() || several ? DType.FLOAT64 : a.dtype();
            NDArray x =
                    a.dtype() == DType.FLOAT32 || a.dtype() == DType.FLOAT64 ? a : t(temps, a.astype(DType.FLOAT64));
            NDArray src = axis == null ? t(temps, x.reshape(-1)) : x;
            int ax = Shapes.axis(op, axis == null ? 0 : axis, src.ndim());
            long n = src.shape()[ax];
            // the lanes as rows of a C-contiguous (m, n) matrix, NaN last in each
            NDArray moved = t(temps, src.moveaxis(new int[] {ax}, new int[] {-1}));
            long[] laneShape = Arrays.copyOf(moved.shape(), moved.ndim() - 1);
            long m = 1;
            for (long d : laneShape) m *= d;
            List<NDArray> results = new ArrayList<>();
            try {
                if (n == 0 || m == 0) {
                    for (int i = 0; i < qs.length; i++) results.add(Creation.full(Double.NaN, x.dtype(), laneShape));
                } else {
                    NDArray rows = t(temps, t(temps, moved.reshape(m, n)).copy());
                    NDArray sorted = t(temps, Sorting.sort(op, rows, 1, false));
                    NDArray flat = t(temps, sorted.reshape(-1));
                    NDArray ok = t(temps, t(temps, rows.isnan()).logicalNot());
                    NDArray count = t(
                            temps,
                            Providers.reductions(ok)
                                    .reduce(Reduction.COUNT_NONZERO, ok, new int[] {1}, false, null, 0));
                    NDArray empty = t(temps, count.eq(0));
                    NDArray last = t(temps, t(temps, count.sub(1)).astype(DType.FLOAT64));
                    NDArray base = t(temps, Ranges.arange(0, m * n, n));
                    for (double q : qs)
                        results.add(
                                op.equals("nanmedian")
                                        ? middle(flat, last, empty, base, temps)
                                        : one(q, flat, last, empty, base, several, temps));
                }
                NDArray out;
                if (results.size() == 1 && !several) {
                    out = results.getFirst().reshape(laneShape);
                } else {
                    List<NDArray> shaped = new ArrayList<>();
                    try {
                        for (NDArray r : results) shaped.add(r.reshape(laneShape));
                        out = Joining.stack(op, shaped, 0);
                    } finally {
                        shaped.forEach(NDArray::close);
                    }
                }
                if (out.dtype() != outType) {
                    try (NDArray wide = out) {
                        out = wide.astype(outType);
                    }
                }
                if (!keepdims) return out;
                long[] kept = a.shape();
                if (axis == null) Arrays.fill(kept, 1);
                else kept[ax] = 1;
                long[] shape = several ? concat(qs.length, kept) : kept;
                try (NDArray o = out) {
                    return o.reshape(shape);
                }
            } finally {
                results.forEach(NDArray::close);
            }
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    // one q over every lane: positions q * (count - 1), floor and the next one, blended by NumPy's _lerp;
    // several q (a float64 array in NumPy) take the difference in the data's dtype and blend in float64
    private static NDArray one(
            double q, NDArray flat, NDArray last, NDArray empty, NDArray base, boolean wide, List<NDArray> temps) {
        NDArray pos = t(temps, t(temps, last.mul(q)).maximum(0.0));
        NDArray lo = t(temps, pos.floor());
        NDArray hi = t(temps, t(temps, lo.add(1)).minimum(t(temps, last.maximum(0.0))));
        NDArray frac = t(temps, pos.sub(lo));
        if (!wide) frac = t(temps, frac.astype(flat.dtype()));
        NDArray loIdx = t(temps, t(temps, lo.astype(DType.INT64)).add(base));
        NDArray hiIdx = t(temps, t(temps, hi.astype(DType.INT64)).add(base));
        NDArray low = t(temps, flat.take(loIdx)), high = t(temps, flat.take(hiIdx));
        NDArray diff = t(temps, high.sub(low));
        if (wide && flat.dtype() != DType.FLOAT64) {
            low = t(temps, low.astype(DType.FLOAT64));
            high = t(temps, high.astype(DType.FLOAT64));
            diff = t(temps, diff.astype(DType.FLOAT64));
        }
        NDArray fromLow = t(temps, low.add(t(temps, diff.mul(frac))));
        NDArray fromHigh = t(
                temps, high.sub(t(temps, diff.mul(t(temps, t(temps, frac.neg()).add(1))))));
        NDArray upper = t(temps, frac.ge(0.5));
        NDArray blended = t(temps, where(upper, fromHigh, fromLow));
        return where(empty, Double.NaN, blended);
    }

    // numpy.nanmedian takes the mean of the middle non-NaN element(s) of each lane, not the lerp,
    // whose 0 * inf or inf - inf would give NaN next to an infinity: (low + high) / 2 for an even
    // count (NaN only for -inf with inf, as NumPy), the middle element itself for an odd one
    private static NDArray middle(NDArray flat, NDArray last, NDArray empty, NDArray base, List<NDArray> temps) {
        NDArray half = t(temps, t(temps, last.maximum(0.0)).mul(0.5));
        NDArray lo = t(temps, half.floor()), hi = t(temps, half.ceil());
        NDArray loIdx = t(temps, t(temps, lo.astype(DType.INT64)).add(base));
        NDArray hiIdx = t(temps, t(temps, hi.astype(DType.INT64)).add(base));
        NDArray low = t(temps, flat.take(loIdx)), high = t(temps, flat.take(hiIdx));
        NDArray mean = t(temps, t(temps, low.add(high)).div(2));
        NDArray odd = t(temps, lo.eq(hi));
        return where(empty, Double.NaN, t(temps, where(odd, low, mean)));
    }

    private static long[] concat(long first, long[] rest) {
        long[] s = new long[rest.length + 1];
        s[0] = first;
        System.arraycopy(rest, 0, s, 1, rest.length);
        return s;
    }

    private static NDArray where(NDArray cond, Object x, Object y) {
        return Providers.ufuncs(cond, x, y).where(cond, x, y, null);
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
