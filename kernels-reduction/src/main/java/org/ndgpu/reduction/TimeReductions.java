package org.ndgpu.reduction;

import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.DateUnit;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Reduction;
import org.ndgpu.spi.Scan;

/**
 * The reductions NumPy defines for datetime64 and timedelta64, on the int64 storage: min and max
 * (NaT propagates, as NaN does for floats), argmin and argmax (the first NaT where there is one),
 * and sum and mean of timedeltas (NaT propagates; the mean truncates, as NumPy's division of a
 * timedelta by an integer), nanmin and nanmax (NaT ignored, NaT when all are), and cumsum of
 * timedeltas (NaT from the first NaT on). The others are a DTypeException, as NumPy's missing loops.
 */
final class TimeReductions {
    private TimeReductions() {}

    static NDArray reduce(DeviceReductions runner, Reduction op, NDArray a, int[] axes, boolean keepdims, NDArray out) {
        String name = op.numpyName();
        DType d = a.dtype();
        NDArray raw = a.viewAs(DType.INT64);
        NDArray r = switch (op) {
            case MIN ->
                runner.reduce(Reduction.MIN, raw, axes, keepdims, null, 0).viewAs(d);
            case MAX ->
                natWhereAny(runner, raw, axes, keepdims, runner.reduce(Reduction.MAX, raw, axes, keepdims, null, 0))
                        .viewAs(d);
            // NaT is int64's minimum: the largest value ignores it unless all are NaT, and then is NaT
            case NANMAX ->
                runner.reduce(Reduction.MAX, raw, axes, keepdims, null, 0).viewAs(d);
            case NANMIN -> {
                var u = Providers.ufuncs(raw);
                NDArray seen = runner.reduce(Reduction.ANY, raw.ne(DateUnit.NAT), axes, keepdims, null, 0);
                NDArray keyed = u.where(raw.eq(DateUnit.NAT), Long.MAX_VALUE, raw, null);
                NDArray least = runner.reduce(Reduction.MIN, keyed, axes, keepdims, null, 0);
                yield u.where(seen, least, DateUnit.NAT, null).viewAs(d);
            }
            case ARGMIN -> runner.reduce(Reduction.ARGMIN, raw, axes, keepdims, null, 0);
            case ARGMAX -> {
                NDArray nat = hasNat(runner, raw, axes, keepdims);
                yield Providers.ufuncs(nat)
                        .where(
                                nat,
                                runner.reduce(Reduction.ARGMIN, raw, axes, keepdims, null, 0),
                                runner.reduce(Reduction.ARGMAX, raw, axes, keepdims, null, 0),
                                null);
            }
            case SUM, MEAN -> {
                if (!d.isTimedelta())
                    throw new DTypeException(name + ": expected a timedelta64 array, got " + d
                            + " (ufunc 'add' cannot add two datetime64)");
                NDArray sum = natWhereAny(
                                runner, raw, axes, keepdims, runner.reduce(Reduction.SUM, raw, axes, keepdims, null, 0))
                        .viewAs(d);
                yield op == Reduction.SUM ? sum : sum.div(a.size() == 0 ? 0L : a.size() / Math.max(1, sum.size()));
            }
            default ->
                throw new DTypeException(
                        name + ": expected a numeric array, got " + d
                                + " (NumPy defines only min, max, nanmin, nanmax, argmin, argmax, and sum and mean of timedeltas for it)");
        };
        if (out == null) return r;
        out.set("...", r);
        return out;
    }

    /** numpy.cumsum of a timedelta array: the running sum, NaT from a lane's first NaT on; cumprod is refused. */
    static NDArray scan(Scan op, NDArray a, Integer axis, NDArray out) {
        String name = op.numpyName();
        DType d = a.dtype();
        if (op != Scan.CUMSUM)
            throw new DTypeException(name + ": expected a numeric array, got " + d
                    + " (ufunc 'multiply' has no loop for two datetime64 or two timedelta64)");
        if (!d.isTimedelta())
            throw new DTypeException(name + ": expected a numeric or timedelta64 array, got " + d
                    + " (ufunc 'add' cannot add two datetime64)");
        NDArray raw = a.viewAs(DType.INT64);
        NDArray r;
        // the int64 sums wrap past a NaT; a running count of the NaTs says where the result is NaT
        try (NDArray nat = raw.eq(DateUnit.NAT);
                NDArray seen = Scans.scan(Scan.CUMSUM, nat, axis, null);
                NDArray sum = Scans.scan(Scan.CUMSUM, raw, axis, null)) {
            r = Providers.ufuncs(seen).where(seen, DateUnit.NAT, sum, null).viewAs(d);
        }
        if (out == null) return r;
        try (r) {
            DeviceReductions.checkOut(name, out, a, r.shape(), d);
            out.set("...", r);
            return out;
        }
    }

    // true where a reduced lane holds a NaT (the minimum of the storage is NaT's int64 minimum)
    private static NDArray hasNat(DeviceReductions runner, NDArray raw, int[] axes, boolean keepdims) {
        return runner.reduce(Reduction.MIN, raw, axes, keepdims, null, 0).eq(DateUnit.NAT);
    }

    private static NDArray natWhereAny(
            DeviceReductions runner, NDArray raw, int[] axes, boolean keepdims, NDArray value) {
        NDArray nat = hasNat(runner, raw, axes, keepdims);
        return Providers.ufuncs(nat).where(nat, DateUnit.NAT, value, null);
    }
}
