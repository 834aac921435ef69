package org.ndgpu.ndarray;

import org.ndgpu.DTypeException;

/** Java numbers meeting arrays: NumPy 2's weak scalars (NEP 50). */
public final class Scalars {
    private Scalars() { }

    /** Throws when an integer value does not fit an integer dtype, as NumPy 2 does for uint8 + 300. */
    public static void checkFits(String op, long v, DType d) {
        long lo, hi;
        switch (d) {
            case UINT8 -> { lo = 0; hi = 255; }
            case INT8 -> { lo = Byte.MIN_VALUE; hi = Byte.MAX_VALUE; }
            case INT16 -> { lo = Short.MIN_VALUE; hi = Short.MAX_VALUE; }
            case INT32 -> { lo = Integer.MIN_VALUE; hi = Integer.MAX_VALUE; }
            case UINT16 -> { lo = 0; hi = 65535; }
            case UINT32 -> { lo = 0; hi = 0xFFFFFFFFL; }
            case UINT64 -> { lo = 0; hi = Long.MAX_VALUE; }   // a Java long holds no more
            default -> { return; }
        }
        if (v < lo || v > hi) {
            throw new DTypeException(op + ": Python integer " + v + " out of bounds for " + d + " (expected " + lo + ".." + hi + ")");
        }
    }

    /**
     * The dtype a Java value takes beside an array of dtype {@code array} (NEP 50): an integer takes
     * an integer or float array's dtype (and must fit an integer one), a float takes a float or
     * complex array's dtype, else the default float64; a boolean stays bool.
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
        if (array.isInteger()) checkFits(op, v, array);
        return array;
    }
}
