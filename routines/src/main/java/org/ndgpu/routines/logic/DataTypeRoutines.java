package org.ndgpu.routines.logic;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.Casting;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Scalars;

/**
 * NumPy's data type routines of promotion and casting, on the host: numpy.promote_types, can_cast,
 * result_type (NumPy 2's rules, Java numbers weak), min_scalar_type and common_type. They read the
 * core's promotion lattice ({@link DType#promote}, {@link DType#promoteAll}) and casting rules.
 */
public final class DataTypeRoutines {
    private DataTypeRoutines() {}

    /** numpy.promote_types(a, b): the smallest dtype both cast to safely: {@code promoteTypes(INT8, UINT8)} is INT16. */
    public static DType promoteTypes(DType a, DType b) {
        Objects.requireNonNull(a, "promote_types: a is null");
        Objects.requireNonNull(b, "promote_types: b is null");
        return DType.promote(a, b);
    }

    /**
     * numpy.can_cast(from, to, casting): whether the cast is allowed under the rule ("safe" is
     * NumPy's default): {@code canCast(INT64, FLOAT64, Casting.SAFE)} is true.
     */
    public static boolean canCast(DType from, DType to, Casting casting) {
        Objects.requireNonNull(from, "can_cast: from is null");
        Objects.requireNonNull(to, "can_cast: to is null");
        Objects.requireNonNull(casting, "can_cast: casting is null");
        return casting.allows(from, to);
    }

    /**
     * numpy.result_type(*arrays_and_dtypes) with NumPy 2's rules: DTypes and NDArrays are strong and
     * promote; Java numbers and booleans are weak (NEP 50), so {@code resultType(FLOAT32, 2.0)} is
     * FLOAT32 and {@code resultType(INT8, 1.5)} FLOAT64; Java numbers alone give int64, float64 or bool.
     */
    public static DType resultType(Object... arraysAndDtypes) {
        Objects.requireNonNull(arraysAndDtypes, "result_type: arraysAndDtypes is null");
        if (arraysAndDtypes.length == 0)
            throw new DTypeException("result_type: expected at least one array or dtype, got none");
        List<DType> strongs = new ArrayList<>();
        for (Object o : arraysAndDtypes) {
            DType d = switch (o) {
                case DType t -> t;
                case NDArray a -> a.live("result_type").dtype();
                case null ->
                    throw new DTypeException("result_type: expected an NDArray, a DType or a Java number, got null");
                default -> null;
            };
            if (d != null) strongs.add(d);
        }
        DType strong = DType.promoteAll(strongs);
        DType r = strong;
        for (Object o : arraysAndDtypes) {
            if (o instanceof DType || o instanceof NDArray) continue;
            if (!(o instanceof Number || o instanceof Boolean))
                throw new DTypeException("result_type: expected an NDArray, a DType or a Java number, got "
                        + o.getClass().getSimpleName());
            if (strong != null && strong.isTime()) {
                r = promoteWeak("result_type", strong, o);
                continue;
            }
            r = r == null
                    ? DType.ofJavaValue(o)
                    : (strong == null ? DType.promote(r, DType.ofJavaValue(o)) : Scalars.weak("result_type", o, r));
        }
        return r;
    }

    /**
     * numpy.min_scalar_type(a): the smallest dtype that holds the value (an unsigned type for a
     * non-negative integer; float16 for any float within its range); an NDArray of one or more
     * dimensions gives its own dtype: {@code minScalarType(300)} is UINT16.
     */
    public static DType minScalarType(Object a) {
        return switch (a) {
            case null ->
                throw new DTypeException("min_scalar_type: expected a Java number, boolean or NDArray, got null");
            case NDArray x when x.live("min_scalar_type").ndim() > 0 -> x.dtype();
            case NDArray x -> minOfZeroD(x);
            case DType d -> d;
            case Boolean b -> DType.BOOL;
            case Float f -> minFloat(f);
            case Double d -> minFloat(d);
            case Number n -> minInteger(n.longValue());
            default ->
                throw new DTypeException("min_scalar_type: expected a Java number, boolean or NDArray, got "
                        + a.getClass().getSimpleName());
        };
    }

    // a 0-d array by its value, as NumPy
    private static DType minOfZeroD(NDArray x) {
        DType d = x.dtype();
        if (d.isBool() || d.isComplex()) return d;
        if (d.isInteger()) {
            long v = x.toLongArray()[0];
            return d == DType.UINT64 && v < 0 ? DType.UINT64 : minInteger(v);
        }
        return minFloat(x.doubleValue());
    }

    private static DType minInteger(long v) {
        if (v >= 0)
            return v <= 0xFF
                    ? DType.UINT8
                    : v <= 0xFFFF ? DType.UINT16 : v <= 0xFFFFFFFFL ? DType.UINT32 : DType.UINT64;
        return v >= Byte.MIN_VALUE
                ? DType.INT8
                : v >= Short.MIN_VALUE ? DType.INT16 : v >= Integer.MIN_VALUE ? DType.INT32 : DType.INT64;
    }

    // NumPy's thresholds check range only, not precision (65000 and 3.4e38); NaN and infinities are float16
    private static DType minFloat(double v) {
        double m = Math.abs(v);
        if (!Double.isFinite(v) || m < 65000.0) return DType.FLOAT16;
        return m < 3.4e38 ? DType.FLOAT32 : DType.FLOAT64;
    }

    /**
     * numpy.common_type(*arrays): the inexact type of them all, integers counting as float64 and any
     * complex input making it complex: {@code commonType(ints, f32)} is FLOAT64.
     */
    public static DType commonType(NDArray... arrays) {
        Objects.requireNonNull(arrays, "common_type: arrays is null");
        int precision = 0; // bytes of the real part: 2, 4 or 8
        boolean complex = false;
        for (NDArray a : arrays) {
            Objects.requireNonNull(a, "common_type: an array is null");
            DType d = a.live("common_type").dtype();
            if (d.isBool())
                throw new DTypeException("common_type: can't get common type for non-numeric array, got bool");
            complex |= d.isComplex();
            precision = Math.max(precision, d.isInteger() ? 8 : d.real().itemsize());
        }
        if (precision == 0) return DType.FLOAT16;
        if (complex) return precision <= 4 ? DType.COMPLEX64 : DType.COMPLEX128;
        return precision == 2 ? DType.FLOAT16 : precision == 4 ? DType.FLOAT32 : DType.FLOAT64;
    }

    // the dtype a Java value takes beside a datetime or timedelta array: an integer takes its dtype, nothing else does
    private static DType promoteWeak(String op, DType time, Object value) {
        if (Scalars.isJavaInteger(value) || value instanceof Boolean) return time;
        throw new DTypeException(op + ": expected a Java integer beside " + time + ", got "
                + (value == null ? "null" : value.getClass().getSimpleName() + " " + value));
    }
}
