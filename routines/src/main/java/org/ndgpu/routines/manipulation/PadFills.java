package org.ndgpu.routines.manipulation;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ranges;
import org.ndgpu.ndarray.Views;
import org.ndgpu.routines.statistics.Quantiles;

/**
 * numpy.pad's modes that fill each side from the axis's values: maximum, minimum, mean and median (of the
 * whole axis, NumPy's default stat_length) and linear_ramp (from 0, NumPy's default end_values, to the
 * edge). As NumPy's _pad, axis by axis in order, so the statistics of a later axis see the earlier axes'
 * padding; a mean or median of an integer array rounded half to even, a ramp of one floored (NumPy's
 * linspace with an integer dtype). Composed from the reductions, the ufuncs and concatenate.
 */
final class PadFills {
    private PadFills() {}

    static final List<String> MODES = List.of("maximum", "minimum", "mean", "median", "linear_ramp");

    /** a padded by widths {before, after} per axis in {@code mode}, one of {@link #MODES}. */
    static NDArray pad(String op, NDArray a, long[][] w, String mode) {
        NDArray cur = a.copy();
        try (var _ = a.device().use()) {
            for (int d = 0; d < a.ndim(); d++) {
                if (w[d][0] == 0 && w[d][1] == 0) continue;
                List<NDArray> parts = new ArrayList<>(), temps = new ArrayList<>();
                try {
                    if (w[d][0] > 0) parts.add(t(temps, side(cur, d, w[d][0], mode, true, temps)));
                    parts.add(cur);
                    if (w[d][1] > 0) parts.add(t(temps, side(cur, d, w[d][1], mode, false, temps)));
                    NDArray next = Joining.concatenate(op, parts, d);
                    cur.close();
                    cur = next;
                } finally {
                    temps.forEach(NDArray::close);
                }
            }
            return cur;
        } catch (RuntimeException e) {
            cur.close();
            throw e;
        }
    }

    // one side's values: shape of cur with axis d `width` long
    private static NDArray side(NDArray cur, int d, long width, String mode, boolean before, List<NDArray> temps) {
        long[] shape = cur.shape(), one = cur.shape();
        shape[d] = width;
        one[d] = 1;
        DType dt = cur.dtype();
        if (mode.equals("linear_ramp")) {
            long n = cur.shape(d);
            NDArray edge = t(temps, Views.slab(cur, d, before ? 0 : n - 1, 1));
            // np.linspace(0, edge, width, endpoint=False, dtype=dt): in result_type(edge, float), step = edge / width,
            // or (k / width) edge where a step is zero (NumPy's special case for subnormals), + 0, floored for integers
            DType ct = dt.isInexact() ? dt : DType.FLOAT64;
            NDArray e = dt == ct ? edge : t(temps, edge.astype(ct));
            long[] ks = new long[shape.length];
            java.util.Arrays.fill(ks, 1);
            ks[d] = width;
            NDArray k =
                    t(temps, t(temps, Ranges.arange(0, (double) width, 1, ct)).reshape(ks));
            NDArray step = t(temps, e.div(width));
            boolean anyZero = t(temps, t(temps, step.eq(0)).any()).toBooleanArray()[0];
            NDArray y = anyZero ? t(temps, t(temps, k.div(width)).mul(e)) : t(temps, k.mul(step));
            y = t(temps, y.add(0));
            if (!before) y = t(temps, y.flip(d));
            if (!dt.isInexact()) y = t(temps, y.floor());
            return y.astype(dt);
        }
        NDArray stat = switch (mode) {
            case "maximum" -> t(temps, cur.max(d));
            case "minimum" -> t(temps, cur.min(d));
            case "mean" -> t(temps, cur.mean(d));
            default -> t(temps, Quantiles.quantile("median", cur, 0.5, d, false));
        };
        // NumPy's _round_if_needed: an integer array's mean and median rounded half to even
        if (!dt.isInexact() && stat.dtype().isInexact()) stat = t(temps, stat.rint());
        NDArray s1 = t(temps, stat.reshape(one));
        NDArray typed = s1.dtype() == dt ? s1 : t(temps, s1.astype(dt));
        NDArray wide = t(temps, typed.broadcastTo(shape));
        return wide.copy();
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
