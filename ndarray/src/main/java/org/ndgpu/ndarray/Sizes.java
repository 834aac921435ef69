package org.ndgpu.ndarray;

import org.ndgpu.exceptions.ShapeException;

/**
 * Overflow-checked arithmetic on the counts a caller controls (bins, repeats, reps, lengths,
 * shapes), done once here and before anything is allocated, on the host or the device. A count
 * that does not fit a 64-bit number, a byte size past 2^63 - 1, or a Java array past what the JVM
 * can hold is a {@link ShapeException} naming the operation and the sizes (NumPy's "array is too
 * big" ValueError or its MemoryError), never an ArithmeticException, a wrapped negative size or an
 * OutOfMemoryError.
 *
 * <pre>{@code
 * long n = Sizes.count("tile", outShape);                      // the product, checked
 * long len = Sizes.add("concatenate", "the length of axis 0", a, b);
 * Sizes.bytes("fft", outShape, DType.COMPLEX128);              // before NDArray.empty
 * double[] edges = new double[Sizes.hostLength("histogram", "bin edges", bins + 1, 8)];
 * }</pre>
 */
public final class Sizes {
    private Sizes() {}

    /** The most elements a Java array holds (the JVM's limit is a few below Integer.MAX_VALUE). */
    public static final int MAX_JAVA_ARRAY = Integer.MAX_VALUE - 8;

    /** The number of elements of {@code shape}: its product, or a ShapeException when that passes a long. */
    public static long count(String op, long[] shape) {
        long n = 1;
        for (long d : shape) {
            long p = n * d;
            // factors below 2^31 cannot overflow (multiplyHigh is a long interpreted routine in a fresh JVM); else
            // Math.multiplyExact's test, without its exception: the full product's high half is the low half's sign
            if (((n | d) >>> 31) != 0 && Math.multiplyHigh(n, d) != (p >> 63)) {
                throw new ShapeException(prefix(op) + "array is too big: shape " + Shapes.str(shape)
                        + " has more elements than a 64-bit count holds (at most " + Long.MAX_VALUE + ")");
            }
            n = p;
        }
        return n;
    }

    /** {@code a * b} for two counts, or a ShapeException naming {@code what} and both. */
    public static long multiply(String op, String what, long a, long b) {
        long p = a * b;
        if (((a | b) >>> 31) != 0 && Math.multiplyHigh(a, b) != (p >> 63)) { // as count's test
            throw new ShapeException(prefix(op) + "array is too big: " + what + " " + a + " x " + b
                    + " is more than a 64-bit count holds (at most " + Long.MAX_VALUE + ")");
        }
        return p;
    }

    /** {@code a + b} for two counts, or a ShapeException naming {@code what} and both. */
    public static long add(String op, String what, long a, long b) {
        long s = a + b;
        if (((a ^ s) & (b ^ s)) < 0) {
            throw new ShapeException(prefix(op) + "array is too big: " + what + " " + a + " + " + b
                    + " is more than a 64-bit count holds (at most " + Long.MAX_VALUE + ")");
        }
        return s;
    }

    /**
     * The elements of an array of {@code shape} and {@code dtype}, checked as {@link #count} and
     * further so that its bytes fit a long: what an operation calls on its result's shape before it
     * allocates it.
     */
    public static long bytes(String op, long[] shape, DType dtype) {
        long n = count(op, shape);
        int item = dtype.itemsize();
        if (n > Long.MAX_VALUE / item) {
            throw new ShapeException(prefix(op) + "array is too big: shape " + Shapes.str(shape) + " of " + dtype
                    + " needs more than 2^63 - 1 bytes");
        }
        return n * item;
    }

    /**
     * The length of a Java array of {@code n} elements of {@code itemBytes} bytes that {@code op}
     * builds on the host ({@code what}: what they are): a ShapeException when n is negative, past
     * {@link #MAX_JAVA_ARRAY}, or more bytes than the Java heap can ever hold ({@code -Xmx}), so
     * that a caller's count cannot end in an OutOfMemoryError.
     */
    public static int hostLength(String op, String what, long n, int itemBytes) {
        if (n < 0) throw new ShapeException(prefix(op) + "negative number of " + what + ": " + n);
        if (n > MAX_JAVA_ARRAY) {
            throw new ShapeException(prefix(op) + n + " " + what + " do not fit a Java array on the host (at most "
                    + MAX_JAVA_ARRAY + ")");
        }
        long heap = Runtime.getRuntime().maxMemory();
        if (n * itemBytes > heap) {
            throw new ShapeException(prefix(op) + n + " " + what + " take " + n * itemBytes
                    + " bytes on the host, more than the " + "Java heap's limit of " + heap + " bytes (-Xmx)");
        }
        return (int) n;
    }

    private static String prefix(String op) {
        return op == null ? "" : op + ": ";
    }
}
