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
 * DType.of("datetime64[s]").unit();          // DateUnit.s: one constant per unit, docs/datetime.md
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
    COMPLEX128("complex128", 16, 'c', "<c16", "complex128"),
    /** numpy.datetime64 with the generic unit (NaT M8): int64 storage. */
    DATETIME64("datetime64", 8, 'M', "<M8", "int64", DateUnit.GENERIC),
    /** numpy.datetime64[Y] (years): int64 storage, NaT is Long.MIN_VALUE. */
    DATETIME64_Y("datetime64[Y]", 8, 'M', "<M8[Y]", "int64", DateUnit.Y),
    /** numpy.datetime64[M] (months): int64 storage, NaT is Long.MIN_VALUE. */
    DATETIME64_M("datetime64[M]", 8, 'M', "<M8[M]", "int64", DateUnit.M),
    /** numpy.datetime64[W] (weeks): int64 storage, NaT is Long.MIN_VALUE. */
    DATETIME64_W("datetime64[W]", 8, 'M', "<M8[W]", "int64", DateUnit.W),
    /** numpy.datetime64[D] (days): int64 storage, NaT is Long.MIN_VALUE. */
    DATETIME64_D("datetime64[D]", 8, 'M', "<M8[D]", "int64", DateUnit.D),
    /** numpy.datetime64[h] (hours): int64 storage, NaT is Long.MIN_VALUE. */
    DATETIME64_h("datetime64[h]", 8, 'M', "<M8[h]", "int64", DateUnit.h),
    /** numpy.datetime64[m] (minutes): int64 storage, NaT is Long.MIN_VALUE. */
    DATETIME64_m("datetime64[m]", 8, 'M', "<M8[m]", "int64", DateUnit.m),
    /** numpy.datetime64[s] (seconds): int64 storage, NaT is Long.MIN_VALUE. */
    DATETIME64_s("datetime64[s]", 8, 'M', "<M8[s]", "int64", DateUnit.s),
    /** numpy.datetime64[ms] (milliseconds): int64 storage, NaT is Long.MIN_VALUE. */
    DATETIME64_ms("datetime64[ms]", 8, 'M', "<M8[ms]", "int64", DateUnit.ms),
    /** numpy.datetime64[us] (microseconds): int64 storage, NaT is Long.MIN_VALUE. */
    DATETIME64_us("datetime64[us]", 8, 'M', "<M8[us]", "int64", DateUnit.us),
    /** numpy.datetime64[ns] (nanoseconds): int64 storage, NaT is Long.MIN_VALUE. */
    DATETIME64_ns("datetime64[ns]", 8, 'M', "<M8[ns]", "int64", DateUnit.ns),
    /** numpy.datetime64[ps] (picoseconds): int64 storage, NaT is Long.MIN_VALUE. */
    DATETIME64_ps("datetime64[ps]", 8, 'M', "<M8[ps]", "int64", DateUnit.ps),
    /** numpy.datetime64[fs] (femtoseconds): int64 storage, NaT is Long.MIN_VALUE. */
    DATETIME64_fs("datetime64[fs]", 8, 'M', "<M8[fs]", "int64", DateUnit.fs),
    /** numpy.datetime64[as] (attoseconds): int64 storage, NaT is Long.MIN_VALUE. */
    DATETIME64_as("datetime64[as]", 8, 'M', "<M8[as]", "int64", DateUnit.as),
    /** numpy.timedelta64 with the generic unit (plain m8): int64 storage. */
    TIMEDELTA64("timedelta64", 8, 'm', "<m8", "int64", DateUnit.GENERIC),
    /** numpy.timedelta64[Y] (years): int64 storage, NaT is Long.MIN_VALUE. */
    TIMEDELTA64_Y("timedelta64[Y]", 8, 'm', "<m8[Y]", "int64", DateUnit.Y),
    /** numpy.timedelta64[M] (months): int64 storage, NaT is Long.MIN_VALUE. */
    TIMEDELTA64_M("timedelta64[M]", 8, 'm', "<m8[M]", "int64", DateUnit.M),
    /** numpy.timedelta64[W] (weeks): int64 storage, NaT is Long.MIN_VALUE. */
    TIMEDELTA64_W("timedelta64[W]", 8, 'm', "<m8[W]", "int64", DateUnit.W),
    /** numpy.timedelta64[D] (days): int64 storage, NaT is Long.MIN_VALUE. */
    TIMEDELTA64_D("timedelta64[D]", 8, 'm', "<m8[D]", "int64", DateUnit.D),
    /** numpy.timedelta64[h] (hours): int64 storage, NaT is Long.MIN_VALUE. */
    TIMEDELTA64_h("timedelta64[h]", 8, 'm', "<m8[h]", "int64", DateUnit.h),
    /** numpy.timedelta64[m] (minutes): int64 storage, NaT is Long.MIN_VALUE. */
    TIMEDELTA64_m("timedelta64[m]", 8, 'm', "<m8[m]", "int64", DateUnit.m),
    /** numpy.timedelta64[s] (seconds): int64 storage, NaT is Long.MIN_VALUE. */
    TIMEDELTA64_s("timedelta64[s]", 8, 'm', "<m8[s]", "int64", DateUnit.s),
    /** numpy.timedelta64[ms] (milliseconds): int64 storage, NaT is Long.MIN_VALUE. */
    TIMEDELTA64_ms("timedelta64[ms]", 8, 'm', "<m8[ms]", "int64", DateUnit.ms),
    /** numpy.timedelta64[us] (microseconds): int64 storage, NaT is Long.MIN_VALUE. */
    TIMEDELTA64_us("timedelta64[us]", 8, 'm', "<m8[us]", "int64", DateUnit.us),
    /** numpy.timedelta64[ns] (nanoseconds): int64 storage, NaT is Long.MIN_VALUE. */
    TIMEDELTA64_ns("timedelta64[ns]", 8, 'm', "<m8[ns]", "int64", DateUnit.ns),
    /** numpy.timedelta64[ps] (picoseconds): int64 storage, NaT is Long.MIN_VALUE. */
    TIMEDELTA64_ps("timedelta64[ps]", 8, 'm', "<m8[ps]", "int64", DateUnit.ps),
    /** numpy.timedelta64[fs] (femtoseconds): int64 storage, NaT is Long.MIN_VALUE. */
    TIMEDELTA64_fs("timedelta64[fs]", 8, 'm', "<m8[fs]", "int64", DateUnit.fs),
    /** numpy.timedelta64[as] (attoseconds): int64 storage, NaT is Long.MIN_VALUE. */
    TIMEDELTA64_as("timedelta64[as]", 8, 'm', "<m8[as]", "int64", DateUnit.as);

    private final String numpyName;
    private final int itemsize;
    private final char kind;
    private final String descr;
    private final String ctype;
    private final DateUnit unit;

    DType(String numpyName, int itemsize, char kind, String descr, String ctype) {
        this(numpyName, itemsize, kind, descr, ctype, null);
    }

    DType(String numpyName, int itemsize, char kind, String descr, String ctype, DateUnit unit) {
        this.numpyName = numpyName;
        this.itemsize = itemsize;
        this.kind = kind;
        this.descr = descr;
        this.ctype = ctype;
        this.unit = unit;
    }

    /** NumPy's name: "float32". */
    public String numpyName() {
        return numpyName;
    }

    /** Bytes per element. */
    public int itemsize() {
        return itemsize;
    }

    /** NumPy's kind character: b (bool), u, i, f, c, M (datetime64), m (timedelta64). */
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

    /** True for the datetime64 dtypes, every unit: {@code DType.of("M8[s]").isDatetime()} is true. */
    public boolean isDatetime() {
        return kind == 'M';
    }

    /** True for the timedelta64 dtypes, every unit. */
    public boolean isTimedelta() {
        return kind == 'm';
    }

    /** True for datetime64 and timedelta64 (int64 storage with a {@link #unit()}). */
    public boolean isTime() {
        return unit != null;
    }

    /**
     * The unit of a datetime64 or timedelta64 dtype, null for the others, as numpy.datetime_data's
     * first item: {@code DType.of("m8[ms]").unit()} is {@link DateUnit#ms}.
     */
    public DateUnit unit() {
        return unit;
    }

    /** numpy.dtype('datetime64[unit]'): {@code DType.datetime64(DateUnit.s)} is {@code DATETIME64_s}. */
    public static DType datetime64(DateUnit unit) {
        return TimeTypes.of('M', unit);
    }

    /** numpy.dtype('timedelta64[unit]'): {@code DType.timedelta64(DateUnit.ms)} is {@code TIMEDELTA64_ms}. */
    public static DType timedelta64(DateUnit unit) {
        return TimeTypes.of('m', unit);
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
        DType time = TimeTypes.parse(n);
        if (time != null) return time;
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
        if (from == to) return true;
        if (from.isTime() || to.isTime()) return TimeTypes.canCast(from, to, false);
        if (from == BOOL) return true;
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
        if (a.isTime() || b.isTime()) return TimeTypes.promote(a, b);
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
            case Complex c -> COMPLEX128;
            case null -> throw new DTypeException("dtype: expected a Java number or boolean, got null");
            default ->
                throw new DTypeException("dtype: expected a Java number or boolean, got "
                        + value.getClass().getSimpleName());
        };
    }

    /**
     * The dtype NumPy 2 promotes {@code strongs} to all together, not pairwise (int8, uint8, float16
     * give float16, where int8 with uint8 first would give int16, then float32): the first type of the
     * safe-casting lattice all cast to safely, or the time dtypes' promotion; null when there are none.
     */
    public static DType promoteAll(java.util.List<DType> strongs) {
        java.util.Objects.requireNonNull(strongs, "promoteAll: strongs is null");
        DType[] ts = new DType[strongs.size()];
        for (int i = 0; i < ts.length; i++) {
            // the list may come from raw or unchecked code: name what it holds instead of failing on a cast
            if (!(((Object) strongs.get(i)) instanceof DType d))
                throw new DTypeException("promoteAll: expected a list of dtypes, got " + strongs.get(i) + " at " + i);
            ts[i] = d;
        }
        if (ts.length == 0) return null;
        boolean time = false;
        for (DType d : ts) time |= d.isTime();
        if (time) {
            DType r = ts[0];
            for (int i = 1; i < ts.length; i++) r = promote(r, ts[i]);
            return r;
        }
        for (DType c : ORDER) {
            boolean all = true;
            for (DType d : ts) all &= canCastSafely(d, c);
            if (all) return c;
        }
        return null;
    }
}
