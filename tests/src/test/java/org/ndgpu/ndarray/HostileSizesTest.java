package org.ndgpu.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The core's one checked size arithmetic ({@link Sizes}) and the calls that route a caller's counts
 * through it: a product, sum or byte size past a long, or a Java array past what the JVM holds, is
 * a ShapeException naming the operation and the sizes, before anything is allocated (never an
 * ArithmeticException, a wrapped size, an OutOfMemoryError or a message naming an inner step).
 */
public class HostileSizesTest extends PerDeviceTest {
    private static <T extends NdException> T raises(Class<T> type, Executable call, String... parts) {
        T e = assertThrows(type, call);
        for (String p : parts)
            assertTrue(e.getMessage().contains(p), () -> "'" + e.getMessage() + "' should contain '" + p + "'");
        return e;
    }

    @Test
    void checkedArithmetic() {
        assertEquals(24, Sizes.count("op", new long[] {2, 3, 4}));
        assertEquals(0, Sizes.count("op", new long[] {0, Long.MAX_VALUE, 5}));
        assertEquals(Long.MAX_VALUE, Sizes.count("op", new long[] {Long.MAX_VALUE}));
        raises(
                ShapeException.class,
                () -> Sizes.count("tile", new long[] {1L << 32, 1L << 31}),
                "tile: array is too big",
                "(4294967296, 2147483648)");
        raises(ShapeException.class, () -> Sizes.count("op", new long[] {3, 3074457345618258603L}), "op:");
        assertEquals(Long.MAX_VALUE - 1, Sizes.multiply("op", "n", 2, (Long.MAX_VALUE - 1) / 2));
        raises(
                ShapeException.class,
                () -> Sizes.multiply("kron", "rows", 3, 1L << 62),
                "kron: array is too big: rows 3 x 4611686018427387904");
        raises(ShapeException.class, () -> Sizes.multiply("op", "n", -3, 1L << 62), "op: array is too big: n -3 x");
        assertEquals(Long.MAX_VALUE, Sizes.add("op", "n", Long.MAX_VALUE - 1, 1));
        raises(
                ShapeException.class,
                () -> Sizes.add("bincount", "max(x) + 1:", Long.MAX_VALUE, 1),
                "bincount: array is too big: max(x) + 1: 9223372036854775807 + 1");
        assertEquals(Long.MAX_VALUE / 8 * 8, Sizes.bytes("op", new long[] {Long.MAX_VALUE / 8}, DType.FLOAT64));
        raises(
                ShapeException.class,
                () -> Sizes.bytes("fft", new long[] {1L << 60}, DType.COMPLEX128),
                "fft: array is too big",
                "complex128");
        assertEquals(100, Sizes.hostLength("op", "edges", 100, 8));
        raises(
                ShapeException.class,
                () -> Sizes.hostLength("histogram", "bin edges", 1L << 31, 1),
                "histogram: 2147483648 bin edges",
                "Java array");
        // what the heap can never hold is refused before new double[n] could throw OutOfMemoryError
        long tooMuch = Runtime.getRuntime().maxMemory() / 8 + 1;
        if (tooMuch <= Sizes.MAX_JAVA_ARRAY)
            raises(
                    ShapeException.class,
                    () -> Sizes.hostLength("fftfreq", "frequencies", tooMuch, 8),
                    "fftfreq:",
                    "-Xmx");
    }

    @Test
    void broadcastShapesWhoseProductPassesALong() {
        // numpy.broadcast_shapes((2**40, 1), (1, 2**40)): ValueError: broadcast dimensions too large
        raises(
                ShapeException.class,
                () -> Shapes.broadcast("add", new long[] {1L << 40, 1}, new long[] {1, 1L << 40}),
                "add:",
                "too big");
        raises(
                ShapeException.class,
                () -> Shapes.broadcast(
                        "where", new long[] {1L << 21, 1, 1}, new long[] {1L << 21, 1}, new long[] {1L << 21}),
                "where:",
                "(2097152, 2097152, 2097152)");
        assertArrayEquals(
                new long[] {1L << 31, 1L << 31},
                Shapes.broadcast("add", new long[] {1L << 31, 1}, new long[] {1, 1L << 31}));
    }

    @Test
    void creationNamesItself() {
        raises(ShapeException.class, () -> Nd.eye(1L << 40, 1L << 40, 0, DType.FLOAT64), "eye:", "too big");
        raises(ShapeException.class, () -> Nd.eye(-1, 3, 0, DType.FLOAT64), "eye:", "negative");
        raises(ShapeException.class, () -> Nd.linspace(0, 1, Long.MAX_VALUE), "linspace:", "too big");
        // numpy.broadcast_to(x, (2**40,) * 3): ValueError: array is too big
        raises(
                ShapeException.class,
                () -> Nd.ones(1).broadcastTo(1L << 40, 1L << 40, 1L << 40),
                "broadcast_to:",
                "too big");
        try (NDArray huge = Nd.ones(1).broadcastTo(1L << 62)) {
            raises(ShapeException.class, huge::copy, "copy:", "too big");
            raises(ShapeException.class, () -> huge.astype(DType.COMPLEX128), "astype:", "too big");
        }
    }

    @Test
    void hostCopiesCheckTheirLengthFirst() {
        try (NDArray big = Nd.ones(1).broadcastTo(1L << 40);
                NDArray big32 = Nd.ones(DType.FLOAT32, 1).broadcastTo(1L << 40)) {
            // of another dtype these went through a host buffer of 8 TiB before any check
            raises(ShapeException.class, big::toLongArray, "toLongArray:", "1099511627776", "Java array");
            raises(ShapeException.class, big::toIntArray, "toIntArray:", "Java array");
            raises(ShapeException.class, big32::toDoubleArray, "toDoubleArray:", "Java array");
            raises(ShapeException.class, big::toBooleanArray, "toBooleanArray:", "Java array");
            raises(ShapeException.class, big::toArray, "toArray:", "Java array");
        }
    }

    @Test
    void uint64RangeInMessages() {
        // numpy: OverflowError: Python integer -1 out of bounds for uint64
        raises(
                DTypeException.class,
                () -> Nd.full(-1L, DType.UINT64, 2),
                "out of bounds for uint64",
                "0..18446744073709551615");
        raises(
                DTypeException.class,
                () -> Scalars.checkFits("add", -1, DType.UINT64),
                "add:",
                "0..18446744073709551615");
        raises(DTypeException.class, () -> Scalars.checkFits("add", 300, DType.UINT8), "0..255");
        raises(DTypeException.class, () -> Scalars.checkFits("add", -129, DType.INT8), "-128..127");
        try (NDArray top = Nd.full(Long.MAX_VALUE, DType.UINT64, 1)) {
            assertArrayEquals(new long[] {Long.MAX_VALUE}, top.toLongArray());
        }
    }
}
