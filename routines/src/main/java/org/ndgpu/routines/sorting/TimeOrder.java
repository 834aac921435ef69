package org.ndgpu.routines.sorting;

import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The order of datetime64 and timedelta64 values, as NumPy sorts them: by their counts, with NaT
 * last. The int64 storage minus one (with wrap-around) is a key of the same order in which NaT,
 * int64's minimum, becomes its maximum; it is sorted as int64 and turned back by adding one.
 */
public final class TimeOrder {
    private TimeOrder() {}

    private static final ElementwiseKernel TO_KEY =
            new ElementwiseKernel("int64 x", "int64 z", "z = (int64) ((uint64) x - (uint64) 1)", "nd_time_sort_key");

    private static final ElementwiseKernel FROM_KEY = new ElementwiseKernel(
            "int64 x", "int64 z", "z = (int64) ((uint64) x + (uint64) 1)", "nd_time_from_sort_key");

    /** The int64 sort key of a datetime or timedelta array (NaT last), a new array. */
    public static NDArray key(NDArray a) {
        return TO_KEY.call(a.viewAs(DType.INT64));
    }

    /** The values of {@code dtype} back from sorted keys (consumed). */
    public static NDArray fromKey(NDArray key, DType dtype) {
        try (key) {
            return FROM_KEY.call(key).viewAs(dtype);
        }
    }

    /** numpy.sort or argsort of a datetime or timedelta array. */
    static NDArray sort(String op, NDArray a, int axis, boolean indices) {
        try (NDArray k = key(a)) {
            NDArray sorted = Sorting.sort(op, k, axis, indices);
            return indices ? sorted : fromKey(sorted, a.dtype());
        }
    }
}
