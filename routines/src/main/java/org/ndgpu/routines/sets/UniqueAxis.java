package org.ndgpu.routines.sets;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.routines.UniqueAll;
import org.ndgpu.routines.indexing.Masking;
import org.ndgpu.routines.manipulation.Joining;
import org.ndgpu.routines.math.Differences;
import org.ndgpu.routines.sorting.Lexsort;

/**
 * numpy.unique(a, axis=axis): the distinct subarrays along an axis, sorted lexicographically, with
 * the first index of each, the inverse and the counts. As NumPy and CuPy do: the axis moved first and
 * the rest flattened into rows, a lexsort of the rows (column 0 the primary key), then a row starts a
 * run where any of its elements differs from the row before. NumPy compares the rows field by field,
 * so a row holding a NaN equals no other row (its {@code equal_nan} does not apply with an axis), and
 * -0.0 equals 0.0. All on the device; only the number of distinct rows comes back to the host.
 */
public final class UniqueAxis {
    private UniqueAxis() {}

    /** numpy.unique(a, axis=axis): the distinct subarrays along axis, sorted. */
    public static NDArray values(String op, NDArray a, int axis) {
        UniqueAll r = all(op, a, axis);
        r.indices().close();
        r.inverseIndices().close();
        r.counts().close();
        return r.values();
    }

    /** numpy.unique(a, axis=axis) with the return_* flags: what was not asked is null (and not kept). */
    public static UniqueAll asked(
            String op, NDArray a, int axis, boolean returnIndex, boolean returnInverse, boolean returnCounts) {
        UniqueAll all = all(op, a, axis);
        if (!returnIndex) all.indices().close();
        if (!returnInverse) all.inverseIndices().close();
        if (!returnCounts) all.counts().close();
        return new UniqueAll(
                all.values(),
                returnIndex ? all.indices() : null,
                returnInverse ? all.inverseIndices() : null,
                returnCounts ? all.counts() : null);
    }

    /** numpy.unique(a, return_index, return_inverse, return_counts, axis=axis); the inverse is 1-d, as NumPy 2. */
    public static UniqueAll all(String op, NDArray a, int axis) {
        a.live(op);
        int ax = Shapes.axis(op, axis, a.ndim());
        long[] shape = a.shape();
        long n = shape[ax];
        try (var _ = a.device().use()) {
            if (n == 0) {
                return new UniqueAll(a.copy(Order.C), empty64(), empty64(), empty64());
            }
            List<NDArray> temps = new ArrayList<>();
            try {
                NDArray moved = t(temps, a.moveaxis(new int[] {ax}, new int[] {0}));
                long[] rest = Arrays.copyOfRange(moved.shape(), 1, moved.ndim());
                long m = Shapes.size(rest);
                if (m == 0) return allEqual(a, ax, n);
                NDArray rows = t(temps, t(temps, moved.copy(Order.C)).reshape(n, m));
                List<NDArray> keys = new ArrayList<>((int) Math.min(m, Integer.MAX_VALUE));
                for (long j = m - 1; j >= 0; j--) keys.add(t(temps, rows.get(":, " + j)));
                NDArray perm = t(temps, Lexsort.lexsort(op, keys, 0));
                NDArray sorted = t(temps, rows.take(perm, 0));
                NDArray flags;
                if (n == 1) flags = t(temps, Creation.ones(DType.BOOL, 1));
                else {
                    NDArray differs = t(temps, t(temps, sorted.get("1:")).ne(t(temps, sorted.get(":-1"))));
                    flags = t(
                            temps,
                            Joining.concatenate(
                                    op, List.of(t(temps, Creation.ones(DType.BOOL, 1)), t(temps, differs.any(1))), 0));
                }
                NDArray starts = t(temps, Masking.flatnonzero(op, flags));
                long k = starts.size();
                long[] valuesShape = new long[moved.ndim()];
                valuesShape[0] = k;
                System.arraycopy(rest, 0, valuesShape, 1, rest.length);
                NDArray firstRows = t(temps, sorted.take(starts, 0));
                NDArray values = t(temps, firstRows.reshape(valuesShape)).moveaxis(new int[] {0}, new int[] {ax});
                try {
                    return new UniqueAll(values, perm.take(starts), inverse(perm, flags, n), counts(op, starts, n));
                } catch (RuntimeException e) {
                    values.close();
                    throw e;
                }
            } finally {
                temps.forEach(NDArray::close);
            }
        }
    }

    // rows of no element are all equal: one of them, first seen at 0, n times
    private static UniqueAll allEqual(NDArray a, int ax, long n) {
        long[] shape = a.shape();
        shape[ax] = 1;
        return new UniqueAll(
                Creation.empty(a.dtype(), Order.C, shape),
                Creation.zeros(DType.INT64, 1),
                Creation.zeros(DType.INT64, n),
                Creation.full(n, DType.INT64, 1));
    }

    private static NDArray inverse(NDArray perm, NDArray flags, long n) {
        NDArray inv = Creation.empty(DType.INT64, Order.C, n);
        try (NDArray c = flags.cumsum();
                NDArray rank = c.sub(1);
                NDArray rank64 = rank.astype(DType.INT64)) {
            inv.put(perm, rank64);
            return inv;
        } catch (RuntimeException e) {
            inv.close();
            throw e;
        }
    }

    private static NDArray counts(String op, NDArray starts, long n) {
        try (NDArray end = Creation.full(n, DType.INT64, 1);
                NDArray bounds = Joining.concatenate(op, List.of(starts, end), 0)) {
            return Differences.diff(op, bounds, 1, -1);
        }
    }

    private static NDArray empty64() {
        return Creation.zeros(DType.INT64, 0);
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
