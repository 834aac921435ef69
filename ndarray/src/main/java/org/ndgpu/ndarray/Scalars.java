package org.ndgpu.ndarray;

import java.util.Set;
import org.ndgpu.DTypeException;

/** Java numbers meeting arrays: NumPy 2's weak scalars (NEP 50). */
public final class Scalars {
    private Scalars() { }

    /** Throws when an integer value does not fit an integer dtype, as NumPy 2 does for uint8 + 300. */
    public static void checkFits(String op, long v, DType d) {
        long[] r = range(d);
        if (r != null && (v < r[0] || v > r[1])) {
            throw new DTypeException(op + ": Python integer " + v + " out of bounds for " + d + " (expected " + r[0] + ".." + r[1] + ")");
        }
    }

    /** The values a Java long can give an integer dtype, {lo, hi}; null for the other dtypes. */
    private static long[] range(DType d) {
        return switch (d) {
            case UINT8 -> new long[]{0, 255};
            case INT8 -> new long[]{Byte.MIN_VALUE, Byte.MAX_VALUE};
            case INT16 -> new long[]{Short.MIN_VALUE, Short.MAX_VALUE};
            case INT32 -> new long[]{Integer.MIN_VALUE, Integer.MAX_VALUE};
            case UINT16 -> new long[]{0, 65535};
            case UINT32 -> new long[]{0, 0xFFFFFFFFL};
            case UINT64 -> new long[]{0, Long.MAX_VALUE};   // a Java long holds no more
            default -> null;
        };
    }

    // NumPy 2 compares an integer array with an out-of-range Python integer by value (a uint16 array == -1 is
    // all False, a uint64 array > -1 all True) instead of raising
    private static final Set<String> COMPARISONS = Set.of("equal", "not_equal", "less", "less_equal", "greater", "greater_equal");

    /**
     * The dtype a Java value takes beside an array of dtype {@code array} (NEP 50): an integer takes
     * an integer or float array's dtype (and must fit an integer one, except in a comparison, where
     * it keeps int64), a float takes a float or complex array's dtype, else the default float64; a
     * boolean stays bool.
     */
    public static DType weak(String op, Object value, DType array) {
        switch (value) {
            case Boolean b -> { return array; }
            case Long l -> { return integerWeak(op, l, array); }
            case Integer i -> { return integerWeak(op, i, array); }
            case Short s -> { return integerWeak(op, s, array); }
            case Byte b -> { return integerWeak(op, b, array); }
            case Float f -> { return array.isInexact() ? array : DType.FLOAT64; }
            case Double dv -> { return array.isInexact() ? array : DType.FLOAT64; }
            default -> throw new DTypeException(op + ": expected an NDArray or a Java number, got "
                    + (value == null ? "null" : value.getClass().getSimpleName()));
        }
    }

    private static DType integerWeak(String op, long v, DType array) {
        if (array.isBool()) return DType.INT64;
        if (array.isInteger()) {
            long[] r = range(array);
            // the number keeps int64: its comparison loops with every integer dtype (uint64 too) are exact
            if (r != null && (v < r[0] || v > r[1]) && COMPARISONS.contains(op)) return DType.INT64;
            checkFits(op, v, array);
        }
        return array;
    }
}
