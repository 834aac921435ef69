package org.ndgpu.ndarray;

import org.ndgpu.exceptions.DTypeException;

/** Java numbers meeting arrays: NumPy 2's weak scalars (NEP 50). */
public final class Scalars {
    private Scalars() {}

    /** Throws when an integer value does not fit an integer dtype, as NumPy 2 does for uint8 + 300. */
    public static void checkFits(String op, long v, DType d) {
        long[] b = bounds(d);
        if (b != null && (v < b[0] || v > b[1])) {
            throw new DTypeException(op + ": Python integer " + v + " out of bounds for " + d + " (expected " + b[0]
                    + ".." + (d == DType.UINT64 ? Long.toUnsignedString(-1L) : String.valueOf(b[1])) + ")");
        }
    }

    /** The smallest and largest value a Java long can give an integer dtype; null for the others. */
    private static long[] bounds(DType d) {
        return switch (d) {
            case UINT8 -> new long[] {0, 255};
            case INT8 -> new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
            case INT16 -> new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
            case INT32 -> new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
            case UINT16 -> new long[] {0, 65535};
            case UINT32 -> new long[] {0, 0xFFFFFFFFL};
            case UINT64 ->
                new long[] {0, Long.MAX_VALUE}; // a Java long holds no more; messages give uint64's own range
            default -> null;
        };
    }

    /**
     * The dtype a Java value takes beside an array of dtype {@code array} (NEP 50): an integer takes
     * an integer or float array's dtype (and must fit an integer one), a float takes a float or
     * complex array's dtype, else the default float64; a boolean stays bool.
     */
    public static DType weak(String op, Object value, DType array) {
        DType d = promoted(op, value, array);
        if (isJavaInteger(value)) checkFits(op, ((Number) value).longValue(), d);
        return d;
    }

    /**
     * As {@link #weak}, without checking that an integer fits: a ufunc's loop may take another dtype
     * (int8_array / 1000 runs float64's); its caller then checks the loop's dtypes (UfuncLoops.checkScalarsFit).
     */
    public static DType promoted(String op, Object value, DType array) {
        switch (value) {
            case Boolean b -> {
                return array;
            }
            case Long l -> {
                return integerWeak(op, l, array);
            }
            case Integer i -> {
                return integerWeak(op, i, array);
            }
            case Short s -> {
                return integerWeak(op, s, array);
            }
            case Byte b -> {
                return integerWeak(op, b, array);
            }
            case Float f -> {
                return array.isInexact() ? array : DType.FLOAT64;
            }
            case Double dv -> {
                return array.isInexact() ? array : DType.FLOAT64;
            }
            default ->
                throw new DTypeException(op + ": expected an NDArray or a Java number, got "
                        + (value == null ? "null" : value.getClass().getSimpleName()));
        }
    }

    private static DType integerWeak(String op, long v, DType array) {
        if (array.isBool()) return DType.INT64;
        if (array.isInteger() && comparesByValue(op) && !fits(v, array)) return DType.INT64;
        return array;
    }

    /**
     * True for the comparisons, which NumPy 2 evaluates by value when a Python integer does not fit the
     * array's integer dtype (uint32_array &lt; -1 is all False, int8_array == 300 all False) where arithmetic
     * raises OverflowError: such an integer takes int64 (beside uint64, NumPy's mixed loop by value).
     */
    public static boolean comparesByValue(String op) {
        Ufunc u = Ufunc.of(op);
        return u != null && u.isComparison();
    }

    /** True for the Java integer types (Long, Integer, Short, Byte): the values NumPy would see as Python integers. */
    public static boolean isJavaInteger(Object v) {
        return v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte;
    }

    /** Whether integer v fits dtype d as {@link #checkFits} asks (always, for a dtype that is not an integer). */
    public static boolean fits(long v, DType d) {
        if (d == null) throw new NullPointerException("fits: d is null");
        long[] b = bounds(d);
        return b == null || (v >= b[0] && v <= b[1]);
    }
}
