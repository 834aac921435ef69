package org.ndgpu.signal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * scipy.signal.find_peaks on the host: SciPy's selection is sequential by nature (plateaus walked
 * left to right, peaks removed by distance in order of height, bases found by walking out from each
 * peak), so the signal is read to the host once and the indices and properties go back to the
 * device. SciPy's order of conditions: local maxima, height, distance, prominence.
 */
final class PeakFinding {
    private PeakFinding() {}

    static Peaks find(NDArray xa, double[] height, Integer distance, double[] prominence) {
        String op = "signal.find_peaks";
        Objects.requireNonNull(xa, op + ": x is null");
        xa.live(op);
        if (xa.dtype().isComplex())
            throw new DTypeException(op + ": complex input is not supported, got " + xa.dtype());
        if (xa.ndim() != 1) throw new ShapeException(op + ": x must be a 1-D array, got " + xa.ndim() + "-D");
        if (distance != null && distance < 1)
            throw new NdException(op + ": distance must be greater or equal to 1, got " + distance);
        range(op, "height", height);
        range(op, "prominence", prominence);
        double[] x = xa.astype(DType.FLOAT64).toDoubleArray();
        List<Integer> peaks = localMaxima(x);
        if (height != null) {
            double lo = height[0], hi = height.length > 1 ? height[1] : Double.POSITIVE_INFINITY;
            peaks.removeIf(p -> !(x[p] >= lo && x[p] <= hi));
        }
        if (distance != null) peaks = byDistance(x, peaks, distance);
        int n = peaks.size();
        double[] prom = new double[n];
        long[] left = new long[n], right = new long[n];
        if (prominence != null) {
            for (int i = 0; i < n; i++) prominence(x, peaks.get(i), i, prom, left, right);
            double lo = prominence[0], hi = prominence.length > 1 ? prominence[1] : Double.POSITIVE_INFINITY;
            int m = 0;
            List<Integer> kept = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (prom[i] >= lo && prom[i] <= hi) {
                    kept.add(peaks.get(i));
                    prom[m] = prom[i];
                    left[m] = left[i];
                    right[m] = right[i];
                    m++;
                }
            }
            peaks = kept;
            prom = Arrays.copyOf(prom, m);
            left = Arrays.copyOf(left, m);
            right = Arrays.copyOf(right, m);
        }
        Device d = xa.device();
        long[] idx = peaks.stream().mapToLong(Integer::longValue).toArray();
        double[] h = new double[idx.length];
        for (int i = 0; i < idx.length; i++) h[i] = x[(int) idx[i]];
        return new Peaks(
                longs(d, idx),
                height == null ? null : Lfilter.doubles(d, h),
                prominence == null ? null : Lfilter.doubles(d, prom),
                prominence == null ? null : longs(d, left),
                prominence == null ? null : longs(d, right));
    }

    private static void range(String op, String name, double[] r) {
        if (r == null) return;
        if (r.length < 1 || r.length > 2) {
            throw new NdException(
                    op + ": " + name + " must be one value (the minimum) or two (minimum, maximum), got " + r.length);
        }
        for (double v : r) {
            if (Double.isNaN(v)) throw new NdException(op + ": " + name + " must not be NaN");
        }
    }

    // SciPy's _local_maxima_1d: the midpoint of each flat or sharp peak (edges excluded)
    private static List<Integer> localMaxima(double[] x) {
        List<Integer> mid = new ArrayList<>();
        int i = 1, iMax = x.length - 1;
        while (i < iMax) {
            if (x[i - 1] < x[i]) {
                int ahead = i + 1;
                while (ahead < iMax && x[ahead] == x[i]) ahead++;
                if (x[ahead] < x[i]) {
                    mid.add((i + ahead - 1) / 2);
                    i = ahead;
                }
            }
            i++;
        }
        return mid;
    }

    // SciPy's _select_by_peak_distance: the highest peaks first, each removing its neighbours closer than distance
    private static List<Integer> byDistance(double[] x, List<Integer> peaks, int distance) {
        int n = peaks.size();
        boolean[] keep = new boolean[n];
        Arrays.fill(keep, true);
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        Arrays.sort(order, Comparator.comparingDouble(i -> x[peaks.get(i)]));
        for (int r = n - 1; r >= 0; r--) {
            int j = order[r];
            if (!keep[j]) continue;
            for (int k = j - 1; k >= 0 && peaks.get(j) - peaks.get(k) < distance; k--) keep[k] = false;
            for (int k = j + 1; k < n && peaks.get(k) - peaks.get(j) < distance; k++) keep[k] = false;
        }
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) if (keep[i]) out.add(peaks.get(i));
        return out;
    }

    // SciPy's _peak_prominences with no wlen: walk out each side while the signal stays at or below the peak
    private static void prominence(double[] x, int peak, int at, double[] prom, long[] left, long[] right) {
        int i = peak;
        double leftMin = x[peak];
        left[at] = peak;
        while (i >= 0 && x[i] <= x[peak]) {
            if (x[i] < leftMin) {
                leftMin = x[i];
                left[at] = i;
            }
            i--;
        }
        i = peak;
        double rightMin = x[peak];
        right[at] = peak;
        while (i < x.length && x[i] <= x[peak]) {
            if (x[i] < rightMin) {
                rightMin = x[i];
                right[at] = i;
            }
            i++;
        }
        prom[at] = x[peak] - Math.max(leftMin, rightMin);
    }

    private static NDArray longs(Device device, long[] v) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(Math.max(1, v.length) * 8L, 8);
            for (int i = 0; i < v.length; i++) seg.setAtIndex(ValueLayout.JAVA_LONG, i, v[i]);
            return NDArray.fromHost(device, DType.INT64, new long[] {v.length}, seg.asSlice(0, v.length * 8L));
        }
    }
}
