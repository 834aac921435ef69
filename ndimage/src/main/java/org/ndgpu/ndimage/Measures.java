package org.ndgpu.ndimage;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * SciPy's answers from the per-bin folds of {@link LabelStats}, in its two shapes: a single group
 * (no labels, the positive labels, or one index: {@code single_group} in SciPy, where a NaN makes
 * the minimum NaN and an empty group has no minimum), and one value per index (SciPy's sorted
 * selection, where the minimum passes over NaN unless all are NaN, the maximum is NaN when any is,
 * and a label with no element gives 0, or for the median SciPy's first sorted value).
 */
final class Measures {
    private Measures() {}

    /** The statistics that give one number per group. */
    enum Stat {
        SUM("sum_labels"),
        MEAN("mean"),
        VARIANCE("variance"),
        STD("standard_deviation"),
        MIN("minimum"),
        MAX("maximum"),
        MEDIAN("median");

        final String op;

        Stat(String name) {
            this.op = "ndimage." + name;
        }
    }

    /** The single-group forms: labels null (the whole array), index null (the positive labels) or one index. */
    static double single(Stat s, NDArray input, NDArray labels, Long index) {
        try (LabelStats.Groups g = LabelStats.groups(s.op, input, labels, index == null ? null : new long[] {index})) {
            LabelStats.Folded f = LabelStats.fold(g);
            long c = f.count()[0];
            return switch (s) {
                case SUM -> f.sum()[0];
                case MEAN -> f.sum()[0] / c;
                case VARIANCE -> variance(g, f)[0];
                case STD -> Math.sqrt(variance(g, f)[0]);
                case MIN, MAX -> {
                    if (c == 0) throw empty(s.op, index);
                    yield f.nan()[0] > 0 ? Double.NaN : s == Stat.MIN ? f.min()[0] : f.max()[0];
                }
                case MEDIAN -> c == 0 || f.nan()[0] > 0 ? Double.NaN : LabelStats.medians(g, f.count())[0];
            };
        }
    }

    /** One value per index (a float64 array; the input's dtype for minimum and maximum). */
    static NDArray perIndex(Stat s, NDArray input, NDArray labels, long[] index) {
        Objects.requireNonNull(index, s.op + ": index is null");
        Objects.requireNonNull(labels, s.op + ": labels is null (an index list needs labels)");
        try (LabelStats.Groups g = LabelStats.groups(s.op, input, labels, index)) {
            LabelStats.Folded f = LabelStats.fold(g);
            double[] perBin = switch (s) {
                case SUM -> f.sum();
                case MEAN -> divide(f.sum(), f.count());
                case VARIANCE -> variance(g, f);
                case STD -> Arrays.stream(variance(g, f)).map(Math::sqrt).toArray();
                case MIN, MAX -> selected(s, f);
                case MEDIAN -> LabelStats.medians(g, f.count());
            };
            double[] out = new double[index.length];
            double absentMedian = Double.NaN;
            for (int k = 0; k < index.length; k++) {
                int b = Arrays.binarySearch(g.table(), index[k]);
                out[k] = perBin[b];
                if (s == Stat.MEDIAN && f.count()[b] == 0) {
                    if (Double.isNaN(absentMedian)) absentMedian = firstSorted(input, labels);
                    out[k] = absentMedian;
                }
            }
            DType dt = switch (s) {
                case MIN, MAX -> input.dtype();
                case MEDIAN -> input.dtype() == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
                default -> DType.FLOAT64;
            };
            return array(input.device(), out, new long[] {index.length}, dt);
        }
    }

    // SciPy's median of a label with no element reads the first value of its sorted selection: the
    // least value (NaN last) of the least label present
    private static double firstSorted(NDArray input, NDArray labels) {
        if (labels.size() == 0) return Double.NaN;
        long least;
        try (NDArray m = labels.min()) {
            Object item = m.item();
            least = item instanceof Boolean b ? (b ? 1 : 0) : ((Number) item).longValue();
        }
        try (NDArray v = perIndex(Stat.MIN, input, labels, new long[] {least})) {
            return v.astype(DType.FLOAT64).toDoubleArray()[0];
        }
    }

    private static double[] selected(Stat s, LabelStats.Folded f) {
        double[] out = new double[f.count().length];
        for (int b = 0; b < out.length; b++) {
            long c = f.count()[b], nan = f.nan()[b];
            if (c == 0) out[b] = 0;
            else if (s == Stat.MIN) out[b] = nan == c ? Double.NaN : f.min()[b];
            else out[b] = nan > 0 ? Double.NaN : f.max()[b];
        }
        return out;
    }

    private static double[] variance(LabelStats.Groups g, LabelStats.Folded f) {
        double[] mean = divide(f.sum(), f.count());
        return divide(LabelStats.centred(g, mean), f.count());
    }

    private static double[] divide(double[] a, long[] c) {
        double[] out = new double[a.length];
        for (int b = 0; b < a.length; b++) out[b] = a[b] / c[b];
        return out;
    }

    // ---------------------------------------------------------------- extrema and positions

    /** extrema in either form: index null for the single group (labels null: the whole array). */
    static Extrema extrema(String op, NDArray input, NDArray labels, long[] index, boolean single) {
        if (!single) Objects.requireNonNull(labels, op + ": labels is null (an index list needs labels)");
        try (LabelStats.Groups g = LabelStats.groups(op, input, labels, index)) {
            LabelStats.Folded f = LabelStats.fold(g);
            double[] mn, mx;
            if (single) {
                if (f.count()[0] == 0) throw empty(op, index == null ? null : index[0]);
                if (f.nan()[0] > 0) {
                    throw new NdException(op + ": the group holds NaN, which has no position (SciPy fails there too)");
                }
                mn = f.min();
                mx = f.max();
            } else {
                mn = selected(Stat.MIN, f);
                mx = selected(Stat.MAX, f);
            }
            long[][] pos = LabelStats.positions(g, mn, mx);
            long[] shape = input.shape();
            int nd = shape.length;
            int rows = single ? 1 : index.length;
            double[] vmin = new double[rows], vmax = new double[rows];
            double[] pmin = new double[rows * nd], pmax = new double[rows * nd];
            for (int r = 0; r < rows; r++) {
                int b = single ? 0 : Arrays.binarySearch(g.table(), index[r]);
                vmin[r] = mn[b];
                vmax[r] = mx[b];
                unravel(f.count()[b] == 0 ? 0 : pos[0][b], shape, pmin, r * nd);
                unravel(f.count()[b] == 0 ? 0 : pos[1][b], shape, pmax, r * nd);
            }
            Device dev = input.device();
            long[] vs = single ? new long[0] : new long[] {rows};
            long[] ps = single ? new long[] {nd} : new long[] {rows, nd};
            return new Extrema(
                    array(dev, vmin, vs, input.dtype()),
                    array(dev, vmax, vs, input.dtype()),
                    array(dev, pmin, ps, DType.INT64),
                    array(dev, pmax, ps, DType.INT64));
        }
    }

    /** minimum_position or maximum_position of a single group (index null: the positive labels; labels null: all). */
    static long[] position(String op, NDArray input, NDArray labels, Long index, boolean min) {
        try (Extrema e = extrema(op, input, labels, index == null ? null : new long[] {index}, true)) {
            return (min ? e.minimumPositions() : e.maximumPositions()).toLongArray();
        }
    }

    /** minimum_position or maximum_position for a list of labels: rows of coordinates. */
    static NDArray positions(String op, NDArray input, NDArray labels, long[] index, boolean min) {
        Objects.requireNonNull(index, op + ": index is null");
        Extrema e = extrema(op, input, labels, index, false);
        e.minimums().close();
        e.maximums().close();
        (min ? e.maximumPositions() : e.minimumPositions()).close();
        return min ? e.minimumPositions() : e.maximumPositions();
    }

    private static void unravel(long flat, long[] shape, double[] out, int at) {
        for (int d = shape.length - 1; d >= 0; d--) {
            out[at + d] = flat % shape[d];
            flat /= shape[d];
        }
    }

    // ---------------------------------------------------------------- center of mass

    /** center_of_mass: rows of ndim coordinates, one row for the single group, else one per index. */
    static double[] centerOfMass(NDArray input, NDArray labels, long[] index, boolean single) {
        String op = "ndimage.center_of_mass";
        if (input != null && input.ndim() > Window.MAX_DIMS) {
            throw new ShapeException(op + ": at most " + Window.MAX_DIMS + " dimensions, got " + input.ndim());
        }
        try (LabelStats.Groups g = LabelStats.groups(op, input, labels, index)) {
            LabelStats.Folded f = LabelStats.fold(g);
            int nd = input.ndim();
            double[] mom = LabelStats.moments(g, nd);
            int rows = single ? 1 : index.length;
            double[] out = new double[rows * nd];
            for (int r = 0; r < rows; r++) {
                int b = single ? 0 : Arrays.binarySearch(g.table(), index[r]);
                for (int d = 0; d < nd; d++) out[r * nd + d] = mom[b * nd + d] / f.sum()[b];
            }
            return out;
        }
    }

    static NDArray centerOfMassArray(NDArray input, NDArray labels, long[] index) {
        Objects.requireNonNull(index, "ndimage.center_of_mass: index is null");
        Objects.requireNonNull(labels, "ndimage.center_of_mass: labels is null (an index list needs labels)");
        double[] rows = centerOfMass(input, labels, index, false);
        return array(input.device(), rows, new long[] {index.length, input.ndim()}, DType.FLOAT64);
    }

    // ---------------------------------------------------------------- helpers

    private static NdException empty(String op, Long index) {
        return new NdException(op + ": "
                + (index == null ? "the group has no element" : "no element has the label " + index)
                + " (SciPy: a zero-size array has no extreme)");
    }

    /** Host values as a device array of dtype (cast from float64, as SciPy's results are cast). */
    static NDArray array(Device dev, double[] values, long[] shape, DType dt) {
        NDArray f;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment seg = a.allocate(Math.max(1, values.length) * 8L, 8);
            for (int i = 0; i < values.length; i++) seg.setAtIndex(ValueLayout.JAVA_DOUBLE, i, values[i]);
            f = NDArray.fromHost(dev, DType.FLOAT64, shape, seg);
        }
        if (dt == DType.FLOAT64) return f;
        try (f) {
            return f.astype(dt);
        }
    }
}
