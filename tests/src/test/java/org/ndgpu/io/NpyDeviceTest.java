package org.ndgpu.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;
import org.ndgpu.exceptions.NdIOException;
import org.ndgpu.exceptions.NpyFormatException;
import org.ndgpu.io.NpyFixtures.Fixture;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.HostArray;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Nd.load and Nd.save through the device path (Npy.readToDevice / writeToFile): every fixture,
 * every dtype in C and Fortran order, big-endian files, 0-d and empty arrays, strided arrays, broken
 * files, and the chunking with chunks of a few bytes. The files it writes are compared byte for
 * byte with what the host writer (itself checked against NumPy's bytes in NpyTest) writes.
 */
public class NpyDeviceTest extends PerDeviceTest {
    private static final Path OUT = NpyFixtures.outDir("npy-device");
    private static final long DEFAULT_CHUNK = Npy.chunkBytes;
    private static final DType[] DTYPES = {
        DType.BOOL,
        DType.INT8,
        DType.UINT8,
        DType.INT16,
        DType.INT32,
        DType.INT64,
        DType.FLOAT16,
        DType.FLOAT32,
        DType.FLOAT64,
        DType.COMPLEX64,
        DType.COMPLEX128,
        DType.UINT16,
        DType.UINT32,
        DType.UINT64
    };
    /** Chunk sizes: the default, one smaller than most items (rounded up to one element), and an odd one. */
    private static final long[] CHUNKS = {DEFAULT_CHUNK, 1, 13};

    @AfterEach
    void restoreChunk() {
        Npy.chunkBytes = DEFAULT_CHUNK;
    }

    private static byte[] bytes(NDArray a) {
        return a.toBytes().toArray(ValueLayout.JAVA_BYTE);
    }

    private static NDArray device(DType d, byte[] bytes, long... shape) {
        return Nd.array(MemorySegment.ofArray(bytes), d, shape);
    }

    private static byte[] random(DType d, long n, long seed) {
        byte[] b = new byte[Math.toIntExact(n * d.itemsize())];
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < b.length; i++) b[i] = d == DType.BOOL ? (byte) r.nextInt(2) : (byte) r.nextInt(256);
        return b;
    }

    @Test
    void loadsEveryFixtureWithAnyChunkSize() {
        for (long chunk : CHUNKS) {
            Npy.chunkBytes = chunk;
            for (Fixture f : NpyFixtures.all()) {
                try (NDArray a = Nd.load(f.npy())) {
                    String what = f + " chunk " + chunk;
                    assertEquals(f.dtype(), a.dtype(), what);
                    assertArrayEquals(f.shape(), a.shape(), what);
                    assertTrue(a.isCContiguous(), what);
                    assertArrayEquals(f.expected().toBytes(), bytes(a), what + ": elements in C order, little-endian");
                    // the host reader agrees
                    assertArrayEquals(Npy.read(f.npy()).toCOrder().toBytes(), bytes(a), what);
                }
            }
        }
    }

    @Test
    void bigEndianAndFortranFixturesSwapAcrossChunks() {
        Npy.chunkBytes = 8; // several chunks per array, each of whole elements
        for (String name : List.of(
                "be_float64_3x4_F",
                "be_complex128_2x3_C",
                "be_complex64_2x3_C",
                "be_float16_2x3_C",
                "be_int16_2x3_C",
                "be_int32_2x3_C",
                "be_int64_2x3_C",
                "v3_int64_2x3_F")) {
            Fixture f = NpyFixtures.get(name);
            try (NDArray a = Nd.load(f.npy())) {
                assertArrayEquals(f.expected().toBytes(), bytes(a), name);
            }
        }
    }

    /** Every dtype, C and Fortran, 0-d, 1-d, empty: save writes the host writer's bytes, load gives the array back. */
    @Test
    void roundTripsEveryDtypeAndLayout() throws IOException {
        long[][] shapes = {{}, {0}, {1}, {7}, {2, 0, 3}, {3, 5}, {2, 3, 4}, {1, 6}};
        int seed = 0;
        for (long chunk : CHUNKS) {
            Npy.chunkBytes = chunk;
            for (DType d : DTYPES) {
                for (long[] shape : shapes) {
                    byte[] data = random(d, HostArray.size(shape), seed++);
                    String what = d + " " + HostArray.shapeString(shape) + " chunk " + chunk;
                    try (NDArray c = device(d, data, shape)) {
                        Path p = OUT.resolve("c.npy");
                        Nd.save(p, c);
                        assertArrayEquals(
                                Npy.toBytes(HostArray.of(d, data, shape)),
                                Files.readAllBytes(p),
                                what + ": file bytes");
                        try (NDArray back = Nd.load(p)) {
                            assertArrayEquals(shape, back.shape(), what);
                            assertArrayEquals(data, bytes(back), what);
                        }
                        if (shape.length < 2) continue;
                        // its transpose is F-contiguous: saved in Fortran order, the same bytes as the data
                        try (NDArray t = c.T()) {
                            long[] tShape = t.shape();
                            Path q = OUT.resolve("f.npy");
                            Nd.save(q, t);
                            HostArray expected = new HostArray(d, tShape, true, ByteBuffer.wrap(data));
                            assertArrayEquals(
                                    Npy.toBytes(expected), Files.readAllBytes(q), what + " transposed: file bytes");
                            try (NDArray back = Nd.load(q)) {
                                assertArrayEquals(tShape, back.shape(), what);
                                assertTrue(back.isCContiguous(), what);
                                assertArrayEquals(bytes(t), bytes(back), what + " transposed");
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void stridedArrayIsSavedInCOrder() throws IOException {
        Npy.chunkBytes = 12;
        try (NDArray r = Nd.arange(0, 24);
                NDArray a = r.reshape(4, 6);
                NDArray s = a.view(new long[] {4, 3}, new long[] {48, 16}, 0)) { // a[:, ::2]
            assertFalse(s.isCContiguous());
            Path p = OUT.resolve("strided.npy");
            Nd.save(p, s);
            HostArray h = Npy.read(p);
            assertFalse(h.fortranOrder());
            assertArrayEquals(bytes(s), h.toBytes());
            try (NDArray back = Nd.load(p)) {
                assertArrayEquals(bytes(s), bytes(back));
            }
        }
    }

    @Test
    void brokenFilesFailClearlyAndLeaveOtherArraysIntact() throws IOException {
        Npy.chunkBytes = 8;
        byte[] data = random(DType.FLOAT64, 12, 99);
        try (NDArray keep = device(DType.FLOAT64, data, 3, 4)) {
            Path good = OUT.resolve("good.npy");
            Nd.save(good, keep);
            byte[] file = Files.readAllBytes(good);

            Path truncated = OUT.resolve("truncated.npy");
            Files.write(truncated, Arrays.copyOf(file, file.length - 5));
            String m = assertThrows(NpyFormatException.class, () -> Nd.load(truncated))
                    .getMessage();
            assertContains(m, truncated.toString(), "truncated data", "96 bytes", "file has 91");

            Path extra = OUT.resolve("extra.npy");
            Files.write(extra, Arrays.copyOf(file, file.length + 3));
            m = assertThrows(NpyFormatException.class, () -> Nd.load(extra)).getMessage();
            assertContains(m, extra.toString(), "data size mismatch", "3 bytes after the array");

            Path magic = OUT.resolve("magic.npy");
            byte[] bad = file.clone();
            bad[1] = 'X';
            Files.write(magic, bad);
            assertContains(
                    assertThrows(NpyFormatException.class, () -> Nd.load(magic)).getMessage(), "not a .npy file");

            // a header that claims far more than any device holds fails on the size check, before allocating
            Path lies = OUT.resolve("lies.npy");
            Files.write(
                    lies,
                    NpyErrorTest.npy(
                            1,
                            "{'descr': '<f8', 'fortran_order': False, 'shape': (1099511627776,), }\n",
                            new byte[16]));
            m = assertThrows(NpyFormatException.class, () -> Nd.load(lies)).getMessage();
            assertContains(m, lies.toString(), "truncated data", "8796093022208 bytes", "file has 16");

            Path overflow = OUT.resolve("overflow.npy");
            Files.write(
                    overflow,
                    NpyErrorTest.npy(
                            1,
                            "{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904, 4), }\n",
                            new byte[0]));
            assertContains(
                    assertThrows(NpyFormatException.class, () -> Nd.load(overflow))
                            .getMessage(),
                    "overflows a 64-bit size");

            Path missing = OUT.resolve("no-such.npy");
            assertContains(
                    assertThrows(NdIOException.class, () -> Nd.load(missing)).getMessage(), "no such file");
            Path dir = OUT.resolve("a-folder.npy");
            Files.createDirectories(dir);
            assertThrows(NdIOException.class, () -> Nd.save(dir, keep));

            // the array that was there is unchanged, and the good file still loads
            assertArrayEquals(data, bytes(keep));
            try (NDArray back = Nd.load(good)) {
                assertArrayEquals(data, bytes(back));
            }
        }
    }

    @Test
    void chunkSizeRoundsToWholeElements() throws IOException {
        // 13-byte chunks of 8-byte elements are 8-byte chunks; of 16-byte complex128 one element
        for (long chunk : new long[] {13, 17, 31}) {
            Npy.chunkBytes = chunk;
            for (DType d : new DType[] {DType.INT64, DType.COMPLEX128, DType.FLOAT16}) {
                byte[] data = random(d, 37, chunk);
                try (NDArray a = device(d, data, 37)) {
                    Path p = OUT.resolve("chunks.npy");
                    Nd.save(p, a);
                    try (NDArray back = Nd.load(p)) {
                        assertArrayEquals(data, bytes(back), d + " chunk " + chunk);
                    }
                }
            }
        }
    }

    /**
     * More than 2 GiB (2^29 + 8 float32 = 2 GiB + 32 bytes) saved and loaded through the device
     * path: what a HostArray cannot hold. Tagged "large": excluded from the default run.
     */
    @Test
    @Tag("large")
    void roundTripsMoreThan2GiB() throws IOException {
        long n = (1L << 29) + 8;
        Path p = OUT.resolve("large.npy");
        NDArray made;
        try {
            made = Nd.arange(0.0, (double) n, 1.0, DType.FLOAT32);
        } catch (DeviceOutOfMemoryException e) {
            // PoCL caps one buffer at a quarter of its memory: POCL_MEMORY_LIMIT=12 (GB) lifts it
            Assumptions.abort("this device cannot hold 2 GiB + 32 bytes in one buffer: " + e.getMessage());
            return;
        }
        try (NDArray a = made) {
            Nd.save(p, a);
            long header = Npy.toBytes(HostArray.of(DType.FLOAT32, new byte[0], 0)).length;
            assertEquals(header + n * 4, Files.size(p), "header + 2 GiB + 32 bytes");
            try (NDArray back = Nd.load(p)) {
                assertArrayEquals(new long[] {n}, back.shape());
                assertTrue(Nd.arrayEqual(a, back));
                // the last elements, past the 2 GiB mark, read straight from the file
                try (Arena arena = Arena.ofConfined();
                        var ch = java.nio.channels.FileChannel.open(p);
                        NDArray tail = back.view(new long[] {8}, new long[] {4}, (n - 8) * 4)) {
                    MemorySegment m =
                            ch.map(java.nio.channels.FileChannel.MapMode.READ_ONLY, Files.size(p) - 32, 32, arena);
                    assertArrayEquals(m.toArray(ValueLayout.JAVA_BYTE), bytes(tail));
                }
            }
        } finally {
            Files.deleteIfExists(p);
        }
    }

    private static void assertContains(String message, String... parts) {
        for (String part : parts) assertTrue(message.contains(part), "expected \"" + part + "\" in: " + message);
    }
}
