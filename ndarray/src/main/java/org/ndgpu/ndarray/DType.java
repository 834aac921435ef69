package org.ndgpu.ndarray;

import java.util.Locale;
import org.ndgpu.exceptions.DTypeException;

/**
 * The element types of an array, named and promoted as NumPy 2 does.
 *
 * <pre>{@code
 * DType.FLOAT32.itemsize();                 // 4
 * DType.promote(DType.INT32, DType.FLOAT32) // FLOAT64, as numpy.result_type
 * DType.of("float32");                      // also "f4", "<f4", "float", "int"
 * }</pre>
 */
public enum DType {
    /** numpy.bool_: one byte, 0 or 1. */
    BOOL("bool", 1, 'b', "|b1", "nd_bool"),
    /** numpy.uint8. */
    UINT8("uint8", 1, 'u', "|u1", "uint8"),
    /** numpy.int8. */
    INT8("int8", 1, 'i', "|i1", "int8"),
    /** numpy.int16. */
    INT16("int16", 2, 'i', "<i2", "int16"),
    /** numpy.uint16. */
    UINT16("uint16", 2, 'u', "<u2", "uint16"),
    /** numpy.int32; a Java {@code int[]} becomes INT32. */
    INT32("int32", 4, 'i', "<i4", "int32"),
    /** numpy.uint32. */
    UINT32("uint32", 4, 'u', "<u4", "uint32"),
    /** numpy.int64; {@code Nd.arange(10)} and a Java {@code long[]} give INT64. */
    INT64("int64", 8, 'i', "<i8", "int64"),
    /**
     * numpy.uint64. Java has no unsigned long: host reads give a {@code long} with the same 64 bits
     * (read it with {@link Long#toUnsignedString(long)}), and printing shows the unsigned value.
     */
    UINT64("uint64", 8, 'u', "<u8", "uint64"),
    /** numpy.float16 (computed in float32). */
    FLOAT16("float16", 2, 'f', "<f2", "float16"),
    /** numpy.float32; a Java {@code float[]} becomes FLOAT32. */
    FLOAT32("float32", 4, 'f', "<f4", "float32"),
    /** numpy.float64, the default of {@code Nd.zeros(3, 4)}; a Java {@code double[]} becomes FLOAT64. */
    FLOAT64("float64", 8, 'f', "<f8", "float64"),
    /** numpy.complex64: two float32. */
    COMPLEX64("complex64", 8, 'c', "<c8", "complex64"),
    /** numpy.complex128: two float64. */
    COMPLEX128("complex128", 16, 'c', "<c16", "complex128");

    private final String numpyName;
    private final int itemsize;
    private final char kind;
    private final String descr;
    private final String ctype;

    DType(String numpyName, int itemsize, char kind, String descr, String ctype) {
        this.numpyName = numpyName;
        this.itemsize = itemsize;
        this.kind = kind;
        this.descr = descr;
        this.ctype = ctype;
    }

    /** NumPy's name: "float32". */
    public String numpyName() {
        return numpyName;
    }

    /** Bytes per element. */
    public int itemsize() {
        return itemsize;
    }

    /** NumPy's kind character: b (bool), u, i, f, c. */
    public char kind() {
        return kind;
    }

    /** The .npy descr string, little-endian: "&lt;f4". */
    public String descr() {
        return descr;
    }

    /** The storage type's name in generated kernel source (a typedef of the dialect prelude). */
    public String ctype() {
        return ctype;
    }

    /** True for BOOL. */
    public boolean isBool() {
        return kind == 'b';
    }

    /** True for the signed and unsigned integer types: {@code DType.UINT8.isInteger()} is true. */
    public boolean isInteger() {
        return kind == 'i' || kind == 'u';
    }

    /** True for the signed integers. */
    public boolean isSigned() {
        return kind == 'i';
    }

    /** True for FLOAT16, FLOAT32, FLOAT64. */
    public boolean isFloating() {
        return kind == 'f';
    }

    /** True for COMPLEX64 and COMPLEX128. */
    public boolean isComplex() {
        return kind == 'c';
    }

    /** True for float and complex dtypes (NumPy's "inexact"). */
    public boolean isInexact() {
        return kind == 'f' || kind == 'c';
    }

    /** The real dtype of a complex one (complex64 -> float32); the dtype itself otherwise. */
    public DType real() {
        return switch (this) {
            case COMPLEX64 -> FLOAT32;
            case COMPLEX128 -> FLOAT64;
            default -> this;
        };
    }

    @Override
    public String toString() {
        return numpyName;
    }

    /**
     * Looks a dtype up by NumPy name, alias or typestring: "float32", "f4", "&lt;f4", "float"
     * (float64), "int" (int64), "bool", "complex", "half", "double".
     */
    public static DType of(String name) {
        if (name == null) throw new DTypeException("dtype: expected a dtype name, got null");
        String n = name.strip();
        // single-letter codes are case-sensitive in NumPy: upper case is unsigned
        switch (n) {
            case "B" -> {
                return UINT8;
            }
            case "H" -> {
                return UINT16;
            }
            case "I" -> {
                return UINT32;
            }
            case "L", "Q" -> {
                return UINT64;
            }
            default -> {}
        }
        n = n.toLowerCase(Locale.ROOT);
        for (DType d : values()) {
            if (d.numpyName.equals(n)
                    || d.descr.equals(n)
                    || d.descr.substring(1).equals(n)
                    || ("=" + d.descr.substring(1)).equals(n)) return d;
        }
        return switch (n) {
            case "float", "double", "d" -> FLOAT64;
            case "single", "f" -> FLOAT32;
            case "half", "e" -> FLOAT16;
            case "int", "long", "l", "q" -> INT64;
            case "intc" -> INT32;
            case "short", "h" -> INT16;
            case "byte", "b" -> INT8;
            case "ubyte" -> UINT8;
            case "ushort" -> UINT16;
            case "uintc" -> UINT32;
            case "uint", "ulong", "ulonglong", "uintp" -> UINT64;
            case "bool_", "?", "b1" -> BOOL;
            case "complex", "cdouble", "d_complex" -> COMPLEX128;
            case "csingle" -> COMPLEX64;
            default ->
                throw new DTypeException("dtype: unknown dtype '" + name + "'; expected one of "
                        + java.util.Arrays.toString(values()).toLowerCase(Locale.ROOT));
        };
    }

    // NumPy's safe-casting lattice, and promotion as the first dtype (in this order) both cast to.
    private static final DType[] ORDER = {
        BOOL, UINT8, INT8, UINT16, INT16, UINT32, INT32, UINT64, INT64, FLOAT16, FLOAT32, FLOAT64, COMPLEX64, COMPLEX128
    };

    /** numpy.can_cast(from, to, casting="safe"). */
    public static boolean canCastSafely(DType from, DType to) {
        java.util.Objects.requireNonNull(from, "DType.canCastSafely: from is null");
        java.util.Objects.requireNonNull(to, "DType.canCastSafely: to is null");
        if (from == to || from == BOOL) return true;
        if (to == BOOL) return false;
        if (from.isInteger()) {
            // an integer fits an integer type that holds its range; float16 takes the 8-bit integers,
            // float32 (and complex64) the 16-bit ones, float64 every integer (NumPy counts int64 as safe)
            if (to.isInteger()) {
                if (from.kind == 'u')
                    return to.kind == 'u' ? to.itemsize >= from.itemsize : to.itemsize > from.itemsize;
                return to.kind == 'i' && to.itemsize >= from.itemsize;
            }
            return switch (to) {
                case FLOAT16 -> from.itemsize == 1;
                case FLOAT32, COMPLEX64 -> from.itemsize <= 2;
                default -> true;
            };
        }
        return switch (from) {
            case FLOAT16 -> to == FLOAT32 || to == FLOAT64 || to.isComplex();
            case FLOAT32 -> to == FLOAT64 || to.isComplex();
            case FLOAT64 -> to == COMPLEX128;
            case COMPLEX64 -> to == COMPLEX128;
            default -> false;
        };
    }

    /** numpy.result_type(a, b) for two array dtypes (NumPy 2). */
    public static DType promote(DType a, DType b) {
        java.util.Objects.requireNonNull(a, "DType.promote: a is null");
        java.util.Objects.requireNonNull(b, "DType.promote: b is null");
        if (a == b) return a;
        for (DType d : ORDER) {
            if (canCastSafely(a, d) && canCastSafely(b, d)) return d;
        }
        throw new AssertionError("no promotion for " + a + " and " + b);
    }

    /** The dtype NumPy gives a Java value when it stands alone (a "strong" scalar). */
    public static DType ofJavaValue(Object value) {
        return switch (value) {
            case Boolean b -> BOOL;
            case Byte b -> INT8;
            case Short s -> INT16;
            case Integer i -> INT64;
            case Long l -> INT64;
            case Float f -> FLOAT64;
            case Double d -> FLOAT64;
            case null -> throw new DTypeException("dtype: expected a Java number or boolean, got null");
            default ->
                throw new DTypeException("dtype: expected a Java number or boolean, got "
                        + value.getClass().getSimpleName());
        };
    }
}
