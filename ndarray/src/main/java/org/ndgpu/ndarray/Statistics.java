package org.ndgpu.ndarray;

import java.util.Objects;
import org.ndgpu.Nd;

/** Statistics beyond the plain reductions, as NumPy's section "averages and variances": nanmean. */
public final class Statistics {
    private Statistics() { }

    /** numpy.nanmean(a, axis, keepdims): nansum over the count of non-NaN elements (axes null: all). */
    public static NDArray nanmean(NDArray a, int[] axes, boolean keepdims) {
        Objects.requireNonNull(a, "nanmean: a is null");
        if (!a.live("nanmean").dtype().isInexact()) return a.mean(axes == null ? allAxes(a) : axes, keepdims);
        try (NDArray sum = Nd.nansum(a, axes, keepdims); NDArray nan = a.isnan(); NDArray ok = nan.logicalNot();
             NDArray count = Nd.countNonzero(ok, axes, keepdims); NDArray n = count.astype(sum.dtype())) {
            return sum.div(n);                        // in the sum's dtype: float32 stays float32, as NumPy
        }
    }

    private static int[] allAxes(NDArray a) {
        int[] all = new int[a.ndim()];
        for (int i = 0; i < all.length; i++) all[i] = i;
        return all;
    }
}
