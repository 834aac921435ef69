package org.ndgpu.routines;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.NpyFormatException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Values at the edges of what is legal-looking, each checked against what NumPy 2.4 does (in the
 * comments): shape products past a long (they threw ArithmeticException, or wrapped: a reshape to
 * 4 x (3 + 2^62) was accepted as 12 elements), arange bounds that are not numbers, slices with
 * extreme steps, the random Generator's parameter checks, MemorySegments of closed arenas and
 * corrupt .npz files. A canary array must be intact after every case.
 */
public class HostileValuesTest extends PerDeviceTest {
    @TempDir
    Path dir;

    private <T extends NdException> T fails(Class<T> type, Executable body, String... parts) {
        try (NDArray canary = Nd.arange(0.0, 6.0, 1.0)) {
            T e = assertThrows(type, body);
            for (String p : parts)
                assertTrue(e.getMessage().contains(p), () -> "'" + e.getMessage() + "' should contain '" + p + "'");
            assertArrayEquals(new double[] {0, 1, 2, 3, 4, 5}, canary.toDoubleArray(), "the canary changed");
            return e;
        }
    }

    @Test
    void shapeProductsPastALongAreShapeErrors() {
        // numpy: ValueError: array is too big
        fails(ShapeException.class, () -> Nd.zeros(DType.FLOAT32, 1L << 40, 1L << 40), "too big", "1099511627776");
        fails(ShapeException.class, () -> Nd.empty(DType.FLOAT64, 1L << 61), "too big");
        fails(ShapeException.class, () -> Nd.ones(DType.INT8, Long.MAX_VALUE, 2), "too big");
        fails(ShapeException.class, () -> Nd.eye(1L << 40), "too big");
        fails(ShapeException.class, () -> Nd.linspace(0, 1, Long.MAX_VALUE), "too big");
        try (NDArray a = Nd.arange(3)) {
            fails(ShapeException.class, () -> a.broadcastTo(1L << 40, 1L << 40, 3), "too big");
            fails(ShapeException.class, () -> a.repeat(1L << 62, 0), "too big");
        }
        try (NDArray a = Nd.arange(12)) {
            // numpy: cannot reshape array of size 12 into shape (4,4611686018427387907)
            fails(ShapeException.class, () -> a.reshape(4, 3 + (1L << 62)), "reshape", "size 12");
            fails(ShapeException.class, () -> a.reshape(1L << 62, 8, -1), "reshape", "size 12");
            assertArrayEquals(new long[] {4, 3}, a.reshape(4, 3).shape(), "an honest reshape still works");
        }
    }

    @Test
    void arangeBoundsThatAreNotNumbers() {
        fails(
                NdException.class,
                () -> Nd.arange(0.0, Double.NaN, 1.0),
                "arange",
                "cannot compute length"); // numpy: ValueError
        fails(NdException.class, () -> Nd.arange(Double.NaN, 1.0, 1.0), "arange");
        fails(
                ShapeException.class,
                () -> Nd.arange(0.0, Double.POSITIVE_INFINITY, 1.0),
                "Maximum allowed size exceeded");
        fails(ShapeException.class, () -> Nd.arange(0, Long.MAX_VALUE, 1), "Maximum allowed size exceeded");
        fails(
                ShapeException.class,
                () -> Nd.arange(Long.MIN_VALUE, Long.MAX_VALUE, 1),
                "Maximum allowed size exceeded");
        fails(NdException.class, () -> Nd.arange(0, 10, 0), "step");
        try (NDArray far = Nd.arange(Long.MIN_VALUE, Long.MAX_VALUE, Long.MAX_VALUE)) {
            // Python's range(-2**63, 2**63-1, 2**63-1), exactly; numpy.arange computes the length in float64 and
            // stops after two (a knowingly different corner, in the README)
            assertArrayEquals(new long[] {Long.MIN_VALUE, -1, Long.MAX_VALUE - 1}, far.toLongArray());
        }
        try (NDArray down = Nd.arange(10, 0, -3)) {
            assertArrayEquals(new long[] {10, 7, 4, 1}, down.toLongArray());
        }
    }

    @Test
    void slicesWithExtremeBoundsAndSteps() {
        try (NDArray a = Nd.arange(10)) {
            // each expected value is numpy.arange(10)[...] of the same slice
            assertArrayEquals(new long[] {0}, a.get("::9223372036854775807").toLongArray());
            assertArrayEquals(new long[] {9}, a.get("::-9223372036854775808").toLongArray());
            assertArrayEquals(new long[] {}, a.get("9223372036854775807:").toLongArray());
            assertArrayEquals(
                    new long[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
                    a.get("-9223372036854775808:").toLongArray());
            assertArrayEquals(
                    new long[] {9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
                    a.get("9223372036854775807::-1").toLongArray());
            assertArrayEquals(
                    new long[] {9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
                    a.get(":-9223372036854775808:-1").toLongArray());
            assertArrayEquals(new long[] {}, a.get("-9223372036854775808::-1").toLongArray());
            assertArrayEquals(new long[] {1, 4, 7}, a.get("1::3").toLongArray());
            fails(org.ndgpu.exceptions.IndexException.class, () -> a.get(Long.MAX_VALUE), "out of bounds");
            fails(org.ndgpu.exceptions.IndexException.class, () -> a.get(Long.MIN_VALUE), "out of bounds");
        }
    }

    @Test
    void memorySegmentsOfClosedArenas() {
        Arena arena = Arena.ofConfined();
        MemorySegment seg = arena.allocate(16);
        arena.close();
        fails(NdException.class, () -> Nd.array(seg, DType.FLOAT32, 4), "array", "closed");
        try (NDArray x = Nd.ones(DType.FLOAT32, 4)) {
            fails(NdException.class, () -> x.copyTo(seg), "copyTo", "closed");
            fails(NdException.class, () -> x.copyTo(Arena.ofAuto().allocate(16).asReadOnly()), "copyTo", "read-only");
            fails(ShapeException.class, () -> x.copyTo(Arena.ofAuto().allocate(12)), "copyTo", "16");
            MemorySegment ok = Arena.ofAuto().allocate(16);
            x.copyTo(ok);
            assertEquals(1f, ok.get(java.lang.foreign.ValueLayout.JAVA_FLOAT, 12));
        }
    }

    @Test
    void corruptNpzFilesAreFormatErrors() throws Exception {
        Path good = dir.resolve("good.npz");
        double[] values = new double[4096];
        for (int i = 0; i < values.length; i++) values[i] = Math.sin(i);
        try (NDArray x = Nd.array(values)) {
            Nd.savezCompressed(good, Map.of("x", x));
        }
        assertArrayEquals(values, Nd.loadNpz(good).get("x").toDoubleArray(), 0, "the compressed file reads back");
        byte[] bytes = Files.readAllBytes(good);
        byte[] broken = bytes.clone();
        for (int i = 200; i < 260; i++) broken[i] ^= (byte) 0x5A; // inside the deflate stream
        Path bad = dir.resolve("bad.npz");
        Files.write(bad, broken);
        fails(NpyFormatException.class, () -> Nd.loadNpz(bad), "bad.npz");
        Path truncated = dir.resolve("truncated.npz");
        Files.write(truncated, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        fails(NpyFormatException.class, () -> Nd.loadNpz(truncated), "truncated.npz");
        try (NDArray x = Nd.ones(2)) {
            fails(NdException.class, () -> Nd.savez(dir.resolve("e.npz"), Map.of("", x)), "savez", "non-empty");
        }
    }
}
