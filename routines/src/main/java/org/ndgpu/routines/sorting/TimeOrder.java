package org.ndgpu.routines.sorting;

import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.DTypeException;
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

    /**
     * numpy.searchsorted where a or v is a datetime or timedelta array: both in their common unit (two
     * datetimes, or timedeltas and integers, as NumPy), searched by their keys, so NaT sorts last.
     */
    static NDArray searchsorted(String op, NDArray a, NDArray v, String side) {
        DType x = a.dtype(), y = v.dtype();
        boolean integer = y.isInteger() || y.isBool(), integerA = x.isInteger() || x.isBool();
        boolean ok = (x.isDatetime() && y.isDatetime())
                || (x.isTimedelta() && (y.isTimedelta() || integer))
                || (integerA && y.isTimedelta());
        DType t = null;
        if (ok) {
            try {
                t = DType.promote(x, y);
            } catch (DTypeException e) {
                ok = false;
            }
        }
        if (!ok)
            throw new DTypeException(op + ": expected values comparable with the sorted " + x
                    + " (two datetime64, or timedelta64 with timedelta64 or integers), got " + y);
        try (NDArray at = a.dtype() == t ? a.view(a.shape(), a.strides(), a.offset()) : a.astype(t);
                NDArray vt = v.dtype() == t ? v.view(v.shape(), v.strides(), v.offset()) : v.astype(t);
                NDArray ka = key(at);
                NDArray kv = key(vt)) {
            return Sorting.searchsorted(op, ka, kv, side);
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
