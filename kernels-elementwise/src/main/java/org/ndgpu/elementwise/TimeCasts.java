package org.ndgpu.elementwise;

import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.DateUnit;
import org.ndgpu.ndarray.NDArray;

/**
 * Casting copies to, from and between datetime64 and timedelta64, as numpy's astype: between
 * units the counts are converted (floored towards the coarser unit; datetimes through the calendar
 * between days and months), numbers become counts of the unit (a float truncated, NaN NaT), and a
 * datetime or timedelta becomes its int64 count (NaT is int64's minimum).
 */
final class TimeCasts {
    private TimeCasts() {}

    /** {@code out[...] = src} converted, where either is a datetime or timedelta. */
    static void castInto(CoreKernelLibrary lib, NDArray src, NDArray out) {
        DType f = src.dtype(), t = out.dtype();
        NDArray outRaw = t.isTime() ? TimeKernels.raw(out) : out;
        if (f.isTime() && t.isTime()) {
            if (t.unit() == DateUnit.GENERIC && f.unit() != DateUnit.GENERIC) {
                throw new DTypeException("astype: expected a unit to cast " + f + " to, got " + t
                        + " (Cannot cast from specific units to generic units)");
            }
            NDArray r = TimeKernels.convert(TimeKernels.raw(src), f.unit(), t.unit(), f.isDatetime(), "astype");
            lib.castInto(r, outRaw);
        } else if (f.isTime()) {
            lib.castInto(TimeKernels.raw(src), out);
        } else if (f.isInexact()) {
            NDArray x = f == DType.FLOAT64 ? src : src.astype(DType.FLOAT64);
            TimeKernels.FROM_FLOAT.call(x, outRaw);
        } else {
            lib.castInto(src, outRaw);
        }
    }
}
