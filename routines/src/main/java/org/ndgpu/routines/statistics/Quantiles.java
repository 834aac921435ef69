package org.ndgpu.routines.statistics;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.routines.sorting.Sorting;
import org.ndgpu.spi.Providers;

/**
 * numpy.quantile, percentile and median (method 'linear'): the array is sorted along the axis on the
 * device (NaN last), the two neighbours of position q * (n - 1) are gathered with take and blended;
 * a slice holding any NaN gives NaN, as in NumPy. Integer input gives float64, float input keeps its dtype
 * (float16 is computed in float64 and rounded back).
 */
public final class Quantiles {
    private Quantiles() {}

    /** numpy.quantile(a, q, axis) for one q in [0, 1]; {@code axis} null works on the flattened array. */
    public static NDArray quantile(String op, NDArray a, double q, Integer axis, boolean keepdims) {
        a.live(op);
        if (!(q >= 0 && q <= 1)) throw new NdException(op + ": quantiles must be in the range [0, 1], got " + q);
        List<NDArray> temps = new ArrayList<>();
        try (var _ = a.device().use()) {
            NDArray x = a.dtype().isInexact() && a.dtype() != DType.FLOAT16 ? a : t(temps, a.astype(DType.FLOAT64));
            if (x.dtype().isComplex()) throw new NdException(op + ": complex input is not supported, got " + a.dtype());
            NDArray src = axis == null ? t(temps, x.ravel()) : x;
            int ax = axis == null ? 0 : Shapes.axis(op, axis, src.ndim());
            long n = src.shape()[ax];
            NDArray out;
            if (n == 0) {
                // NumPy: the median of nothing is NaN (with a RuntimeWarning); a quantile of nothing is an IndexError
                if (!op.equals("median")) throw new NdException(op + ": cannot take a quantile of an empty axis " + ax);
                long[] s = src.shape(), kept = new long[s.length - 1];
                for (int d = 0, m = 0; d < s.length; d++) if (d != ax) kept[m++] = s[d];
                out = Creation.full(Double.NaN, x.dtype(), kept);
            } else {
                NDArray sorted = t(temps, Sorting.sort(op, src, ax, false));
                double pos = q * (n - 1);
                long lo = (long) Math.floor(pos), hi = Math.min(lo + 1, n - 1);
                double frac = pos - lo;
                NDArray low = t(temps, sorted.take(lo, ax)), high = t(temps, sorted.take(hi, ax));
                // NumPy's _lerp: low + (high - low) * frac, computed from the top when frac >= 0.5
                NDArray diff = t(temps, high.sub(low));
                NDArray blended = frac < 0.5
                        ? t(temps, low.add(t(temps, diff.mul(frac))))
                        : t(temps, high.sub(t(temps, diff.mul(1 - frac))));
                // NaN sorts last: a slice with any NaN has one at its end
                NDArray last = t(temps, sorted.take(n - 1, ax));
                NDArray hasNan = t(temps, last.isnan());
                out = Providers.ufuncs(hasNan, Double.NaN, blended).where(hasNan, Double.NaN, blended, null);
            }
            if (a.dtype() == DType.FLOAT16) { // computed in float64; NumPy keeps float16
                try (NDArray wide = out) {
                    out = wide.astype(DType.FLOAT16);
                }
            }
            if (!keepdims) return out;
            long[] shape = a.shape();
            if (axis == null) java.util.Arrays.fill(shape, 1);
            else shape[ax] = 1;
            try (NDArray o = out) {
                return o.reshape(shape);
            }
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
