package org.ndgpu.routines.sets;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.routines.UniqueAll;
import org.ndgpu.routines.UniqueCounts;
import org.ndgpu.routines.UniqueInverse;
import org.ndgpu.routines.indexing.Masking;
import org.ndgpu.routines.manipulation.Joining;
import org.ndgpu.routines.math.Differences;
import org.ndgpu.routines.sorting.Sorting;

/**
 * NumPy 2's array-API unique functions: numpy.unique_all, unique_counts, unique_inverse and
 * unique_values, that is numpy.unique with {@code equal_nan=False} (each NaN is its own value) and
 * the indices, inverse and counts asked for. All on the device from one stable argsort of the
 * flattened input: a run starts where a sorted element differs from the one before it (NaN differs
 * from everything); the first index of each run in the argsort is the value's first occurrence, the
 * run lengths are the counts, and the running count of run starts scattered back through the
 * argsort is the inverse.
 */
public final class UniqueIndices {
    private UniqueIndices() {}

    /** numpy.unique_all(x). */
    public static UniqueAll all(String op, NDArray x) {
        x.live(op);
        try (var _ = x.device().use();
                Runs r = runs(op, x)) {
            return new UniqueAll(r.values(), r.indices(), r.inverse(x.shape()), r.counts());
        }
    }

    /**
     * numpy.unique(x, return_index, return_inverse, return_counts, equal_nan): the sorted distinct
     * values and the arrays asked for (null for the others): the first index of each value in the
     * flattened input, the inverse in x's shape (NumPy 2), the counts. With {@code equalNan} the NaNs
     * are one value (NumPy's default), its index the first NaN's.
     */
    public static UniqueAll unique(
            String op, NDArray x, boolean returnIndex, boolean returnInverse, boolean returnCounts, boolean equalNan) {
        x.live(op);
        try (var _ = x.device().use();
                Runs r = runs(op, x, equalNan)) {
            NDArray values = r.values(), indices = null, inverse = null;
            try {
                indices = returnIndex ? r.indices() : null;
                inverse = returnInverse ? r.inverse(x.shape()) : null;
                return new UniqueAll(values, indices, inverse, returnCounts ? r.counts() : null);
            } catch (RuntimeException e) {
                values.close();
                if (indices != null) indices.close();
                if (inverse != null) inverse.close();
                throw e;
            }
        }
    }

    /** numpy.unique_counts(x). */
    public static UniqueCounts counts(String op, NDArray x) {
        x.live(op);
        try (var _ = x.device().use();
                Runs r = runs(op, x)) {
            return new UniqueCounts(r.values(), r.counts());
        }
    }

    /** numpy.unique_inverse(x): the inverse in x's shape, as NumPy 2. */
    public static UniqueInverse inverse(String op, NDArray x) {
        x.live(op);
        try (var _ = x.device().use();
                Runs r = runs(op, x)) {
            return new UniqueInverse(r.values(), r.inverse(x.shape()));
        }
    }

    /**
     * numpy.unique_values(x): the distinct values, each NaN its own. NumPy 2.3 gives them in no set
     * order ("may vary"); these are sorted.
     */
    public static NDArray values(String op, NDArray x) {
        x.live(op);
        try (var _ = x.device().use();
                Runs r = runs(op, x)) {
            return r.values();
        }
    }

    /** The sorted flat input, its argsort, the run-start flags and their positions. */
    private record Runs(NDArray perm, NDArray sorted, NDArray flags, NDArray starts, List<NDArray> temps)
            implements AutoCloseable {
        NDArray values() {
            return sorted.take(starts);
        }

        NDArray indices() {
            return perm.take(starts);
        }

        NDArray counts() {
            try (NDArray end = Creation.full(sorted.size(), DType.INT64, 1);
                    NDArray bounds = Joining.concatenate("unique_counts", List.of(starts, end), 0)) {
                return Differences.diff("unique_counts", bounds, 1, -1);
            }
        }

        NDArray inverse(long[] shape) {
            NDArray inv = Creation.empty(DType.INT64, Order.C, sorted.size());
            try (NDArray c = flags.cumsum();
                    NDArray rank = c.sub(1);
                    NDArray rank64 = rank.astype(DType.INT64)) {
                if (sorted.size() > 0) inv.put(perm, rank64);
                NDArray shaped = inv.reshape(shape);
                inv.close();
                return shaped;
            } catch (RuntimeException e) {
                inv.close();
                throw e;
            }
        }

        @Override
        public void close() {
            temps.forEach(NDArray::close);
        }
    }

    private static Runs runs(String op, NDArray x) {
        return runs(op, x, false);
    }

    // equalNan: NaNs (sorted last) make one run, as numpy.unique's default equal_nan=True
    private static Runs runs(String op, NDArray x, boolean equalNan) {
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray flat = t(temps, x.ravel());
            long n = flat.size();
            NDArray perm = t(temps, Sorting.sort(op, flat, 0, true));
            NDArray sorted = t(temps, flat.take(perm));
            NDArray flags;
            if (n == 0) flags = t(temps, Creation.zeros(DType.BOOL, 0));
            else {
                NDArray first = t(temps, Creation.ones(DType.BOOL, 1));
                NDArray tail = t(temps, sorted.get("1:"));
                NDArray head = t(temps, sorted.get(":-1"));
                NDArray differs = t(temps, tail.ne(head));
                if (equalNan && x.dtype().isInexact()) {
                    NDArray bothNan = t(temps, t(temps, tail.isnan()).logicalAnd(t(temps, head.isnan())));
                    differs = t(temps, differs.logicalAnd(t(temps, bothNan.logicalNot())));
                }
                flags = t(temps, Joining.concatenate(op, List.of(first, differs), 0));
            }
            NDArray starts = t(temps, Masking.flatnonzero(op, flags));
            return new Runs(perm, sorted, flags, starts, temps);
        } catch (RuntimeException e) {
            temps.forEach(NDArray::close);
            throw e;
        }
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
