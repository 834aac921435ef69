package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.config.Config;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Host-device copies across the staging chunks of the OpenCL backend: the chunk is set to 4 KiB
 * and the buffers to 3 ({@code ndgpu.opencl.stagingChunk}, {@code stagingSlots}, taken up again
 * after {@link Device#reset()}), so that copies of a few KiB cross many chunks and reuse every
 * buffer. Sizes around the chunk, every dtype, heap and native host memory, offsets into device
 * buffers, and copies between kernels on one stream (a read sees the kernels queued before it, a
 * kernel sees the writes queued before it). On CUDA the same cases run through its own staging.
 * Each case: fresh random data, the output poisoned first, compared byte for byte.
 */
public class TransferTest extends PerDeviceTest {
    private static final int CHUNK = 4096;
    private static final byte POISON = (byte) 0xA5;
    private final SplittableRandom random = new SplittableRandom(0x7eaf_5a11L);

    @BeforeEach
    void smallChunks() {
        System.setProperty(Config.OPENCL_STAGING_CHUNK.property(), "4k");
        System.setProperty(Config.OPENCL_STAGING_SLOTS.property(), "3");
        device().reset();
    }

    @AfterEach
    void defaultChunks() {
        System.clearProperty(Config.OPENCL_STAGING_CHUNK.property());
        System.clearProperty(Config.OPENCL_STAGING_SLOTS.property());
        device().reset();
    }

    /** Byte sizes: empty, one, around one chunk, 3.5 chunks (more than the 3 buffers), 20 chunks and a bit. */
    private static long[] byteSizes() {
        return new long[] {0, 1, CHUNK - 1, CHUNK, CHUNK + 1, CHUNK * 7 / 2, 20L * CHUNK + 7};
    }

    private MemorySegment randomBytes(DType d, long elements, Arena arena, boolean heap) {
        long n = elements * d.itemsize();
        MemorySegment s = heap
                ? MemorySegment.ofArray(new byte[Math.toIntExact(n)])
                : arena.allocate(Math.max(n, 1), 16).asSlice(0, n);
        for (long i = 0; i < n; i++) {
            byte b = d == DType.BOOL ? (byte) random.nextInt(2) : (byte) random.nextInt(256);
            if (b == POISON && d != DType.BOOL) b = 0x5A; // a poisoned byte that came back unwritten must show
            s.set(ValueLayout.JAVA_BYTE, i, b);
        }
        return s;
    }

    private static MemorySegment poisoned(long bytes, Arena arena, boolean heap) {
        MemorySegment s = heap
                ? MemorySegment.ofArray(new byte[Math.toIntExact(bytes)])
                : arena.allocate(Math.max(bytes, 1), 16).asSlice(0, bytes);
        return s.fill(POISON);
    }

    private static void assertSameBytes(MemorySegment expected, MemorySegment got, String what) {
        assertEquals(expected.byteSize(), got.byteSize(), what);
        long at = expected.mismatch(got);
        if (at >= 0) {
            throw new AssertionError(what + ": first difference at byte " + at + " of " + expected.byteSize()
                    + " (chunk " + at / CHUNK + "): expected " + expected.get(ValueLayout.JAVA_BYTE, at) + ", got "
                    + got.get(ValueLayout.JAVA_BYTE, at));
        }
    }

    @Test
    void roundTripsOfEveryDtypeAndSizeThroughHeapAndNativeMemory() {
        for (DType d : DType.values()) {
            for (long bytes : byteSizes()) {
                long n = Math.max(bytes / d.itemsize(), bytes == 0 ? 0 : 1);
                for (boolean heapIn : new boolean[] {true, false}) {
                    boolean heapOut = !heapIn;
                    String what = d + " x " + n + " (" + n * d.itemsize() + " bytes) from "
                            + (heapIn ? "heap" : "native") + " to " + (heapOut ? "heap" : "native");
                    try (Arena arena = Arena.ofConfined()) {
                        MemorySegment src = randomBytes(d, n, arena, heapIn);
                        MemorySegment out = poisoned(src.byteSize(), arena, heapOut);
                        try (NDArray a = Nd.array(src, d, n)) {
                            a.copyTo(out);
                        }
                        assertSameBytes(src, out, what);
                    }
                }
            }
        }
    }

    @Test
    void javaArraysRoundTrip() {
        for (long bytes : byteSizes()) {
            int n = (int) Math.max(bytes / 4, bytes == 0 ? 0 : 1);
            float[] f = new float[n];
            int[] i = new int[n];
            for (int k = 0; k < n; k++) {
                f[k] = (float) (random.nextDouble() * 2e3 - 1e3);
                i[k] = random.nextInt();
            }
            double[] d = new double[Math.max(n / 2, bytes == 0 ? 0 : 1)];
            long[] l = new long[d.length];
            for (int k = 0; k < d.length; k++) {
                d[k] = random.nextDouble() * 2 - 1;
                l[k] = random.nextLong();
            }
            try (NDArray af = Nd.array(f);
                    NDArray ai = Nd.array(i);
                    NDArray ad = Nd.array(d);
                    NDArray al = Nd.array(l)) {
                float[] fo = new float[n];
                java.util.Arrays.fill(fo, Float.NaN);
                assertArrayEquals(f, af.toFloatArray(fo), "float[" + n + "]");
                double[] dout = new double[d.length];
                java.util.Arrays.fill(dout, Double.NaN);
                assertArrayEquals(d, ad.toDoubleArray(dout), "double[" + d.length + "]");
                assertArrayEquals(i, ai.toIntArray(), "int[" + n + "]");
                assertArrayEquals(l, al.toLongArray(), "long[" + l.length + "]");
            }
        }
    }

    /** Writes into and reads out of the middle of a device buffer, at offsets that are not multiples of anything. */
    @Test
    void copiesAtOffsetsTouchOnlyTheirRange() {
        Backend backend = device().backend();
        BackendStream stream = device().currentStream().backendStream();
        long total = 6L * CHUNK + 101;
        for (long off : new long[] {0, 3, CHUNK - 1, CHUNK + 5}) {
            for (long bytes : new long[] {1, CHUNK - 1, CHUNK, CHUNK + 1, CHUNK * 7 / 2}) {
                if (off + bytes > total) continue;
                String what = bytes + " bytes at offset " + off;
                try (Arena arena = Arena.ofConfined();
                        NDArray a = Nd.array(randomBytes(DType.UINT8, total, arena, false), DType.UINT8, total)) {
                    MemorySegment before = poisoned(total, arena, true);
                    a.copyTo(before);
                    MemorySegment part = randomBytes(DType.UINT8, bytes, arena, (off & 1) == 0);
                    backend.copyIn(stream, part, a.buffer(), a.offset() + off, bytes);
                    MemorySegment after = poisoned(total, arena, false);
                    a.copyTo(after);
                    MemorySegment expected = arena.allocate(total).copyFrom(before);
                    expected.asSlice(off, bytes).copyFrom(part);
                    assertSameBytes(expected, after, "write of " + what);
                    // a C-contiguous view with an offset reads from the middle of the buffer
                    try (NDArray view = a.get(off + ":" + (off + bytes))) {
                        MemorySegment got = poisoned(bytes, arena, (off & 1) != 0);
                        view.copyTo(got);
                        assertSameBytes(part, got, "read of " + what);
                    }
                }
            }
        }
    }

    /**
     * Write, kernel, write, kernel, read on one stream, with no synchronization between them: each
     * kernel must see the write before it and not the one after it, and each read the kernels before it.
     */
    @Test
    void copiesStayOrderedWithKernels() {
        Backend backend = device().backend();
        int rows = 37, cols = 61; // 2257 floats: 2.2 chunks of 4 KiB
        for (int round = 0; round < 5; round++) {
            float[] first = randomFloats(rows * cols);
            float[] second = randomFloats(rows * cols);
            try (NDArray a = Nd.array(first);
                    NDArray m = a.reshape(rows, cols);
                    NDArray t = m.T().copy()) {
                // overwrite a while the transpose kernel that read it may still be queued
                backend.copyIn(
                        device().currentStream().backendStream(),
                        MemorySegment.ofArray(second),
                        a.buffer(),
                        a.offset(),
                        a.nbytes());
                try (NDArray wide = a.astype(DType.FLOAT64)) {
                    float[] gotT = t.toFloatArray(new float[rows * cols]);
                    for (int j = 0; j < cols; j++) {
                        for (int i = 0; i < rows; i++) {
                            if (gotT[j * rows + i] != first[i * cols + j]) {
                                assertEquals(
                                        first[i * cols + j],
                                        gotT[j * rows + i],
                                        "round " + round + ": transpose [" + j + ", " + i + "]");
                            }
                        }
                    }
                    double[] gotWide = wide.toDoubleArray(new double[rows * cols]);
                    for (int k = 0; k < gotWide.length; k++) {
                        if (gotWide[k] != second[k])
                            assertEquals(
                                    second[k],
                                    gotWide[k],
                                    "round " + round + ": astype after the second write [" + k + "]");
                    }
                    assertArrayEquals(second, a.toFloatArray(), "round " + round + ": the second write");
                }
            }
        }
    }

    private float[] randomFloats(int n) {
        float[] f = new float[n];
        for (int k = 0; k < n; k++) f[k] = (float) (random.nextDouble() * 200 - 100);
        return f;
    }

    /** Sizes and offsets that do not fit are NdExceptions, never a crash or a copy of other memory. */
    @Test
    void copiesOutsideTheBufferOrTheSegmentAreRefused() {
        Backend backend = device().backend();
        BackendStream stream = device().currentStream().backendStream();
        try (Arena arena = Arena.ofConfined();
                NDArray a = Nd.zeros(DType.UINT8, 3L * CHUNK)) {
            long size = a.nbytes();
            MemorySegment big = poisoned(4L * CHUNK, arena, false);
            MemorySegment small = poisoned(CHUNK, arena, false);
            long base = a.offset();
            assertRefused(
                    () -> backend.copyIn(stream, small, a.buffer(), base, 2L * CHUNK), "more than the segment holds");
            assertRefused(
                    () -> backend.copyOut(stream, a.buffer(), base, small, 2L * CHUNK), "more than the segment holds");
            assertRefused(() -> backend.copyIn(stream, big, a.buffer(), base, Long.MAX_VALUE), "Long.MAX_VALUE bytes");
            assertRefused(() -> backend.copyOut(stream, a.buffer(), base, big, -1), "negative bytes");
            assertRefused(() -> backend.copyIn(stream, big, a.buffer(), -1, 16), "a negative offset");
            assertRefused(
                    () -> backend.copyOut(stream, a.buffer(), Long.MAX_VALUE - 8, big, 16), "an offset past the end");
            assertRefused(
                    () -> backend.copyOut(
                            stream,
                            a.buffer(),
                            base,
                            MemorySegment.ofArray(new byte[CHUNK * 2]).asReadOnly(),
                            CHUNK * 2),
                    "a read-only segment");
            // and the device still works
            MemorySegment data = randomBytes(DType.UINT8, size, arena, true);
            backend.copyIn(stream, data, a.buffer(), base, size);
            MemorySegment out = poisoned(size, arena, true);
            a.copyTo(out);
            assertSameBytes(data, out, "after the refused copies");
        }
    }

    private static void assertRefused(org.junit.jupiter.api.function.Executable copy, String what) {
        NdException e = assertThrows(NdException.class, copy, what);
        assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), what);
    }
}
