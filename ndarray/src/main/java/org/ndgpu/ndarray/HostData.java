package org.ndgpu.ndarray;

import static java.lang.foreign.ValueLayout.*;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.nio.ByteOrder;
import org.ndgpu.exceptions.DTypeException;

/** Host-side conversions between little-endian element bytes and Java arrays and values. */
public final class HostData {
    private HostData() {}

    static final ValueLayout.OfShort I16 = JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfInt I32 = JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong I64 = JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfFloat F32 = JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfDouble F64 = JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** Element i as a double (complex: the real part). */
    public static double getDouble(MemorySegment s, DType d, long i) {
        long o = i * d.itemsize();
        return switch (d) {
            case BOOL, UINT8 -> Byte.toUnsignedInt(s.get(JAVA_BYTE, o));
            case INT8 -> s.get(JAVA_BYTE, o);
            case INT16 -> s.get(I16, o);
            case UINT16 -> Short.toUnsignedInt(s.get(I16, o));
            case INT32 -> s.get(I32, o);
            case UINT32 -> Integer.toUnsignedLong(s.get(I32, o));
            case INT64 -> s.get(I64, o);
            case UINT64 -> unsignedToDouble(s.get(I64, o));
            case FLOAT16 -> Float.float16ToFloat(s.get(I16, o));
            case FLOAT32, COMPLEX64 -> s.get(F32, o);
            case FLOAT64, COMPLEX128 -> s.get(F64, o);
            default -> s.get(I64, o); // datetime64 and timedelta64: their int64 count of units
        };
    }

    /** The value of a uint64's bits, rounded to the nearest double as a C conversion of an unsigned long. */
    public static double unsignedToDouble(long bits) {
        if (bits >= 0) return bits;
        // halve with the lost bit kept as a sticky bit, so the one rounding to double is the right one
        return (double) ((bits >>> 1) | (bits & 1)) * 2.0;
    }

    /** The bits of a double cast to uint64 as NumPy's loop does on x86: exact below 2^64, negatives wrap through int64, 2^64 and beyond give 0, NaN 2^63. */
    public static long doubleToUnsigned(double v) {
        if (Double.isNaN(v)) return Long.MIN_VALUE; // x86's "integer indefinite": 2^63
        if (v >= 0x1p63) return v >= 0x1p64 ? 0 : (long) (v - 0x1p63) ^ Long.MIN_VALUE;
        return (long) v;
    }

    /** The imaginary part of element i (0 for real dtypes). */
    public static double getImag(MemorySegment s, DType d, long i) {
        long o = i * d.itemsize();
        return switch (d) {
            case COMPLEX64 -> s.get(F32, o + 4);
            case COMPLEX128 -> s.get(F64, o + 8);
            default -> 0;
        };
    }

    /** Every element in order as a double; a complex element as two, its real then imaginary part. */
    public static double[] interleaved(MemorySegment s, DType d) {
        long n = count(s, d);
        double[] out = new double[length(d.isComplex() ? 2 * n : n, Double.BYTES)];
        for (int i = 0; i < n; i++) {
            if (d.isComplex()) {
                out[2 * i] = getDouble(s, d, i);
                out[2 * i + 1] = getImag(s, d, i);
            } else {
                out[i] = getDouble(s, d, i);
            }
        }
        return out;
    }

    /** Element i as a long, exactly for integer dtypes (uint64: its 64 bits); floats truncate as a C cast. */
    public static long getLong(MemorySegment s, DType d, long i) {
        long o = i * d.itemsize();
        return switch (d) {
            case BOOL, UINT8 -> Byte.toUnsignedInt(s.get(JAVA_BYTE, o));
            case INT8 -> s.get(JAVA_BYTE, o);
            case INT16 -> s.get(I16, o);
            case UINT16 -> Short.toUnsignedInt(s.get(I16, o));
            case INT32 -> s.get(I32, o);
            case UINT32 -> Integer.toUnsignedLong(s.get(I32, o));
            case INT64, UINT64 -> s.get(I64, o); // uint64: the 64 bits, as Java keeps an unsigned long
            default -> d.isTime() ? s.get(I64, o) : (long) getDouble(s, d, i); // datetimes: their counts, exactly
        };
    }

    /** Writes a value (cast as numpy.astype) as element i. */
    public static void put(MemorySegment s, DType d, long i, double re, double im, long exact, boolean isExact) {
        long o = i * d.itemsize();
        long iv = isExact ? exact : d == DType.UINT64 ? doubleToUnsigned(re) : (long) re;
        switch (d) {
            case BOOL -> s.set(JAVA_BYTE, o, (byte) (isExact ? (exact != 0 ? 1 : 0) : (re != 0 || im != 0 ? 1 : 0)));
            case UINT8, INT8 -> s.set(JAVA_BYTE, o, (byte) iv);
            case INT16, UINT16 -> s.set(I16, o, (short) iv);
            case INT32, UINT32 -> s.set(I32, o, (int) iv);
            case INT64, UINT64 -> s.set(I64, o, iv);
            case FLOAT16 -> s.set(I16, o, Float.floatToFloat16((float) (isExact ? exact : re)));
            case FLOAT32 -> s.set(F32, o, (float) (isExact ? exact : re));
            case FLOAT64 -> s.set(F64, o, isExact ? exact : re);
            case COMPLEX64 -> {
                s.set(F32, o, (float) (isExact ? exact : re));
                s.set(F32, o + 4, (float) im);
            }
            case COMPLEX128 -> {
                s.set(F64, o, isExact ? exact : re);
                s.set(F64, o + 8, im);
            }
            default -> s.set(I64, o, iv); // datetime64 and timedelta64: their int64 count of units
        }
    }

    static long count(MemorySegment s, DType d) {
        return s.byteSize() / d.itemsize();
    }

    // a Java array's length for n elements copied off the device, checked as every host array is (Sizes)
    private static int length(long n, int itemBytes) {
        return Sizes.hostLength("host copy", "elements", n, itemBytes);
    }

    static float[] toFloats(MemorySegment s, DType d) {
        float[] out = new float[length(count(s, d), Float.BYTES)];
        if (d == DType.FLOAT32) MemorySegment.copy(s, F32, 0, out, 0, out.length);
        else for (int i = 0; i < out.length; i++) out[i] = (float) getDouble(s, d, i);
        return out;
    }

    static double[] toDoubles(MemorySegment s, DType d) {
        double[] out = new double[length(count(s, d), Double.BYTES)];
        if (d == DType.FLOAT64) MemorySegment.copy(s, F64, 0, out, 0, out.length);
        else for (int i = 0; i < out.length; i++) out[i] = getDouble(s, d, i);
        return out;
    }

    static long[] toLongs(MemorySegment s, DType d) {
        long[] out = new long[length(count(s, d), Long.BYTES)];
        if (d == DType.INT64) MemorySegment.copy(s, I64, 0, out, 0, out.length);
        else for (int i = 0; i < out.length; i++) out[i] = getLong(s, d, i);
        return out;
    }

    static int[] toInts(MemorySegment s, DType d) {
        int[] out = new int[length(count(s, d), Integer.BYTES)];
        if (d == DType.INT32) MemorySegment.copy(s, I32, 0, out, 0, out.length);
        else for (int i = 0; i < out.length; i++) out[i] = (int) getLong(s, d, i);
        return out;
    }

    static boolean[] toBooleans(MemorySegment s, DType d) {
        boolean[] out = new boolean[length(count(s, d), 1)];
        for (int i = 0; i < out.length; i++) out[i] = getDouble(s, d, i) != 0 || getImag(s, d, i) != 0;
        return out;
    }

    /** The Java value of element 0. */
    static Object scalar(MemorySegment s, DType d) {
        return element(s, d, 0);
    }

    private static Object element(MemorySegment s, DType d, long i) {
        long o = i * d.itemsize();
        return switch (d) {
            case BOOL -> s.get(JAVA_BYTE, o) != 0;
            case UINT8 -> (short) Byte.toUnsignedInt(s.get(JAVA_BYTE, o));
            case INT8 -> s.get(JAVA_BYTE, o);
            case INT16 -> s.get(I16, o);
            case UINT16 -> Short.toUnsignedInt(s.get(I16, o));
            case INT32 -> s.get(I32, o);
            case UINT32 -> Integer.toUnsignedLong(s.get(I32, o));
            case INT64, UINT64 -> s.get(I64, o);
            case FLOAT16 -> Float.float16ToFloat(s.get(I16, o));
            case FLOAT32 -> s.get(F32, o);
            case FLOAT64 -> s.get(F64, o);
            case COMPLEX64, COMPLEX128 -> new double[] {getDouble(s, d, i), getImag(s, d, i)};
            default -> s.get(I64, o); // datetime64 and timedelta64: their int64 count of units
        };
    }

    /**
     * The Java element type of toArray(): float for float32 and float16; for the unsigned dtypes the
     * signed Java type of the same width, holding the same bits (byte for uint8, ..., long for uint64).
     */
    static Class<?> javaType(DType d) {
        return switch (d) {
            case BOOL -> boolean.class;
            case UINT8, INT8 -> byte.class;
            case INT16, UINT16 -> short.class;
            case INT32, UINT32 -> int.class;
            case INT64, UINT64 -> long.class;
            case FLOAT16, FLOAT32 -> float.class;
            case FLOAT64 -> double.class;
            case COMPLEX64 -> float[].class;
            case COMPLEX128 -> double[].class;
            default -> long.class; // datetime64 and timedelta64: their int64 count of units
        };
    }

    static Object nested(MemorySegment s, DType d, long[] shape) {
        if (shape.length == 0) return scalar(s, d);
        int[] dims = new int[shape.length];
        for (int k = 0; k < shape.length; k++) dims[k] = length(shape[k], 1);
        Object root = Array.newInstance(javaType(d), dims);
        long[] counter = {0};
        fill(root, 0, dims, s, d, counter);
        return root;
    }

    private static void fill(Object arr, int level, int[] dims, MemorySegment s, DType d, long[] next) {
        for (int k = 0; k < dims[level]; k++) {
            if (level < dims.length - 1) {
                fill(Array.get(arr, k), level + 1, dims, s, d, next);
                continue;
            }
            long i = next[0]++;
            switch (d) {
                case BOOL -> Array.setBoolean(arr, k, s.get(JAVA_BYTE, i) != 0);
                case UINT8, INT8 -> Array.setByte(arr, k, s.get(JAVA_BYTE, i));
                case INT16, UINT16 -> Array.setShort(arr, k, s.get(I16, i * 2));
                case INT32, UINT32 -> Array.setInt(arr, k, s.get(I32, i * 4));
                case INT64, UINT64 -> Array.setLong(arr, k, s.get(I64, i * 8));
                case FLOAT16, FLOAT32 -> Array.setFloat(arr, k, (float) getDouble(s, d, i));
                case FLOAT64 -> Array.setDouble(arr, k, s.get(F64, i * 8));
                case COMPLEX64 -> Array.set(arr, k, new float[] {(float) getDouble(s, d, i), (float) getImag(s, d, i)});
                case COMPLEX128 -> Array.set(arr, k, new double[] {getDouble(s, d, i), getImag(s, d, i)});
                default -> Array.setLong(arr, k, s.get(I64, i * 8)); // datetime64, timedelta64: int64 counts
            }
        }
    }

    /** A heap segment over a Java primitive array (no copy); boolean[] has none. */
    public static MemorySegment segmentOf(Object primitiveArray) {
        return switch (primitiveArray) {
            case float[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            case int[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case byte[] a -> MemorySegment.ofArray(a);
            default ->
                throw new DTypeException("array: expected a primitive array, got "
                        + primitiveArray.getClass().getSimpleName());
        };
    }

    /** The dtype of a Java primitive array's elements (float[] -> float32, ...), or a DTypeException. */
    public static DType dtypeOfJava(Class<?> component, String op) {
        if (component == float.class) return DType.FLOAT32;
        if (component == double.class) return DType.FLOAT64;
        if (component == int.class) return DType.INT32;
        if (component == long.class) return DType.INT64;
        if (component == short.class) return DType.INT16;
        if (component == byte.class) return DType.INT8;
        if (component == boolean.class) return DType.BOOL;
        if (component == Complex.class) return DType.COMPLEX128;
        throw new DTypeException(op
                + ": expected a Java primitive array (float[], double[], int[], long[], short[], byte[], boolean[])"
                + " or Complex[],"
                + " got elements of " + component.getSimpleName());
    }
}
