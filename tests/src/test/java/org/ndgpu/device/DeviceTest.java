package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.ndgpu.Nd;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The device layer: Device.list/get/current/use, the memory pool (used and total bytes,
 * freeAllBlocks, the limit), the Cleaner for arrays never closed, the on-disk program cache (a bad
 * entry is recompiled), and Stream/Event basics.
 */
public class DeviceTest extends PerDeviceTest {

    @Test
    void listGetCurrentUse() {
        Device d = device();
        assertTrue(Device.list().contains(d));
        assertSame(d, Device.get(d.id()));
        assertSame(d, Device.get(d.id().toUpperCase(java.util.Locale.ROOT)));
        assertSame(d, Device.current(), "DeviceTestBase makes the suite's device current");
        for (Device other : Device.list()) {
            try (var _ = other.use()) {
                assertSame(other, Device.current());
                try (var _ = d.use();
                        NDArray a = Nd.zeros(2)) {
                    assertSame(d, Device.current());
                    assertSame(d, a.device());
                }
                assertSame(other, Device.current());
            }
        }
        assertSame(d, Device.current());
        assertTrue(d.toString().contains(d.id()) && d.toString().contains(d.name()));
        assertTrue(d.facts().globalMemoryBytes() > 0);
    }

    @Test
    void unknownDeviceListsWhatExists() {
        DeviceException e = assertThrows(DeviceException.class, () -> Device.get("opencl:99"));
        assertTrue(e.getMessage().contains("opencl:99"), e.getMessage());
        for (Device d : Device.list()) assertTrue(e.getMessage().contains(d.id()), e.getMessage());
        assertThrows(DeviceException.class, () -> Device.get("tpu:0"));
    }

    @Test
    void poolCountsUsedAndTotalBytes() {
        MemoryPool pool = device().memoryPool();
        long used0 = pool.usedBytes();
        NDArray a = Nd.empty(DType.FLOAT32, 1 << 18); // 1 MiB
        assertTrue(pool.usedBytes() >= used0 + (1 << 20), pool.toString());
        assertTrue(pool.totalBytes() >= pool.usedBytes());
        NDArray view = a.get("::2");
        a.close();
        assertTrue(pool.usedBytes() >= used0 + (1 << 20), "a view keeps the memory in use: " + pool);
        view.close();
        assertEquals(used0, pool.usedBytes(), "closing the last user returns the memory");
        long total = pool.totalBytes();
        try (NDArray _ = Nd.empty(DType.FLOAT32, 1 << 18)) {
            assertEquals(total, pool.totalBytes(), "a cached block of the same size is reused");
        }
        pool.freeAllBlocks();
        assertEquals(pool.usedBytes(), pool.totalBytes(), "after freeAllBlocks only blocks in use are held: " + pool);
    }

    @Test
    void limitThrowsWithSizesThenAFittingAllocationSucceeds() {
        MemoryPool pool = device().memoryPool();
        long old = pool.limit();
        try (NDArray bystander = Nd.arange(5)) {
            pool.freeAllBlocks();
            pool.setLimit(pool.totalBytes() + (4L << 20));
            DeviceOutOfMemoryException e =
                    assertThrows(DeviceOutOfMemoryException.class, () -> Nd.empty(DType.UINT8, 8L << 20));
            assertTrue(
                    e.getMessage().contains(String.valueOf(8L << 20))
                            && e.getMessage().contains(String.valueOf(pool.limit())),
                    e.getMessage());
            assertTrue(e.getMessage().contains(device().id()), e.getMessage());
            try (NDArray fits = Nd.zeros(DType.UINT8, 2L << 20)) {
                assertEquals(2L << 20, fits.nbytes());
            }
            assertArrayEquals(new long[] {0, 1, 2, 3, 4}, bystander.toLongArray());
        } finally {
            pool.setLimit(old);
        }
    }

    @Test
    @Timeout(300) // a Cleaner that never releases fails here; the waits below read no clock
    void cleanerReleasesArraysNeverClosed() throws InterruptedException {
        MemoryPool pool = device().memoryPool();
        long used0 = pool.usedBytes();
        long each = 1 << 20;
        long peak = 0;
        for (int i = 0; i < 300; i++) {
            Nd.empty(DType.UINT8, each); // dropped without close()
            peak = Math.max(peak, pool.usedBytes() - used0);
            if (i % 20 == 19) awaitReleased(pool, used0);
        }
        // each batch was back before the next began: never more than one batch held
        assertTrue(
                peak <= 20 * each, "300 MiB dropped in batches of 20 MiB, " + (peak >> 20) + " MiB held at the peak");
    }

    /**
     * Collects until what arrays hold is back to {@code used0}: the collector finds the dropped
     * arrays, and the Cleaner, on a thread of its own that a busy machine may run only later, returns
     * their blocks. Waited for, not timed: the test's timeout reports a Cleaner that never releases.
     * Arrays other tests dropped may come back meanwhile, so at most {@code used0}.
     */
    private static void awaitReleased(MemoryPool pool, long used0) throws InterruptedException {
        while (pool.usedBytes() > used0) {
            System.gc();
            Thread.sleep(10);
        }
    }

    @Test
    void blocksOfAClosedStreamAreReusedAndFreedSafely() {
        NDArray kept;
        try (Stream s = Stream.create();
                var _ = s.use()) {
            Nd.arange(1000).close(); // cached on s
            kept = Nd.arange(2000); // still alive when s closes
        }
        kept.close(); // released after its stream is gone
        try (NDArray again = Nd.arange(1000)) { // reuses a block of the closed stream
            assertEquals(999, again.toLongArray()[999]);
        }
        device().memoryPool().freeAllBlocks(); // must not wait on the released queue
    }

    @Test
    void streamsAndEvents() {
        try (Stream s = Stream.create();
                var _ = s.use()) {
            assertSame(s, Stream.current());
            Event start = Event.record();
            NDArray a = Nd.arange(100_000).astype(DType.FLOAT64);
            Event end = Event.record();
            end.synchronize();
            double ms = start.elapsedMillis(end);
            assertTrue(ms >= 0 && Double.isFinite(ms), "elapsed " + ms);
            s.synchronize();
            assertEquals(99_999.0, a.toDoubleArray()[99_999]);
            a.close();
            start.close();
            end.close();
        }
        assertSame(device().defaultStream(), Stream.current());
        device().synchronize();
    }

    // ------------------------------------------------------------------ launch arguments

    /**
     * One kernel launched again and again with some arguments changed and some not, as the
     * OpenCL backend skips clSetKernelArg for values equal to the last launch's (buffers by
     * identity): every launch must see its own arguments. The Java loop is the oracle.
     */
    @Test
    void eachLaunchSeesItsOwnArguments() {
        Device d = device();
        String src = d.backend().dialect().prelude() + "\n"
                + "ND_KERNEL void nd_test_axpb(ND_GLOBAL float* out, ND_GLOBAL const float* x, float a, float b, int n) {\n"
                + "    int i = (int)ND_GLOBAL_ID();\n    if (i < n) out[i] = a * x[i] + b;\n}\n";
        var k = d.programs().kernel("axpb", src, List.of(), "nd_test_axpb");
        var s = d.currentStream().backendStream();
        var r = new java.util.SplittableRandom(11);
        float[] hx = new float[64], hy = new float[64];
        for (int i = 0; i < 64; i++) {
            hx[i] = (float) r.nextDouble(-1, 1);
            hy[i] = (float) r.nextDouble(-1, 1);
        }
        // {a, b, n, which input, which output}: repeats, one change at a time, back and forth
        float[][] plan = {
            {2, 1, 64, 0, 0},
            {2, 1, 64, 0, 0},
            {3, 1, 64, 0, 0},
            {3, -0.0f, 64, 0, 0},
            {3, 0.0f, 64, 0, 1},
            {3, 0.0f, 64, 1, 1},
            {3, 0.0f, 17, 1, 0},
            {2, 1, 64, 0, 0},
            {Float.NaN, 1, 64, 1, 0},
            {0.5f, 1, 64, 1, 1}
        };
        try (NDArray x = Nd.array(hx);
                NDArray y = Nd.array(hy);
                NDArray o0 = Nd.empty(DType.FLOAT32, 64);
                NDArray o1 = Nd.empty(DType.FLOAT32, 64)) {
            NDArray[] ins = {x, y}, outs = {o0, o1};
            float[][] hin = {hx, hy};
            for (int step = 0; step < plan.length; step++) {
                float a = plan[step][0], b = plan[step][1];
                int n = (int) plan[step][2], in = (int) plan[step][3], out = (int) plan[step][4];
                outs[out].fill(-7.0); // poison
                d.backend()
                        .launch(
                                s,
                                k,
                                new long[] {1},
                                new long[] {64},
                                0,
                                LaunchArgs.of(5)
                                        .buffer(outs[out].buffer())
                                        .buffer(ins[in].buffer())
                                        .f32(a)
                                        .f32(b)
                                        .i32(n));
                float[] got = outs[out].toFloatArray();
                for (int i = 0; i < 64; i++) {
                    float want = i < n ? a * hin[in][i] + b : -7.0f;
                    if (Float.isNaN(want))
                        assertTrue(
                                Float.isNaN(got[i]),
                                "step " + step + " element " + i + ": NaN expected, got " + got[i]);
                    else assertEquals(want, got[i], Math.abs(want) * 1e-6f + 1e-7f, "step " + step + " element " + i);
                }
            }
        }
    }

    // ------------------------------------------------------------------ program cache

    private String tinyKernelSource(String tag) {
        return device().backend().dialect().prelude() + "\n// " + tag + "\n"
                + "ND_KERNEL void nd_test_twice(ND_GLOBAL float* x, int n) {\n"
                + "    int i = (int)ND_GLOBAL_ID();\n    if (i < n) x[i] = 2.0f * x[i];\n}\n";
    }

    @Test
    void cacheEntriesRoundTripAndBadOnesAreRejected(@TempDir Path dir) throws Exception {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) 7);
        byte[] payload = "program bytes".getBytes(StandardCharsets.UTF_8);
        Path f = dir.resolve("e.bin");
        ProgramCache.writeEntry(f, key, payload);
        assertArrayEquals(payload, ProgramCache.readEntry(f, key));
        byte[] other = key.clone();
        other[0] = 8;
        assertNull(ProgramCache.readEntry(f, other), "an entry written for another key is foreign");
        byte[] all = Files.readAllBytes(f);
        Files.write(f, Arrays.copyOf(all, all.length - 3));
        assertNull(ProgramCache.readEntry(f, key), "truncated");
        all[all.length - 1] ^= 1;
        Files.write(f, all);
        assertNull(ProgramCache.readEntry(f, key), "a flipped payload bit fails the checksum");
        Files.write(f, "garbage".getBytes(StandardCharsets.UTF_8));
        assertNull(ProgramCache.readEntry(f, key), "garbage");
        Files.write(f, new byte[0]);
        assertNull(ProgramCache.readEntry(f, key), "empty");
        assertNull(ProgramCache.readEntry(dir.resolve("missing.bin"), key), "missing");
        try (var files = Files.list(dir)) {
            assertEquals(
                    List.of("e.bin"), files.map(p -> p.getFileName().toString()).toList(), "no temp files left");
        }
    }

    @Test
    void corruptDiskEntriesAreRecompiled(@TempDir Path dir) throws Exception {
        String old = System.getProperty("ndgpu.cache.dir");
        System.setProperty("ndgpu.cache.dir", dir.toString());
        try {
            String src = tinyKernelSource("cache test " + System.nanoTime());
            ProgramCache first = new ProgramCache(device().backend());
            assertNotNull(first.kernel("t", src, List.of(), "nd_test_twice"));
            List<Path> entries = entries(dir);
            if (device().backend().compile("t", src, List.of()).binary() == null)
                return; // a backend with no binaries caches in memory only
            assertEquals(1, entries.size(), "one entry on disk: " + entries);
            Path entry = entries.getFirst();
            byte[] good = Files.readAllBytes(entry);
            for (byte[] bad : List.of(
                    Arrays.copyOf(good, good.length / 2),
                    "not a program".getBytes(StandardCharsets.UTF_8),
                    flipLast(good))) {
                Files.write(entry, bad);
                ProgramCache fresh = new ProgramCache(device().backend());
                var k = fresh.kernel("t", src, List.of(), "nd_test_twice");
                assertNotNull(k);
                runTwice(k);
                assertTrue(
                        Files.size(entry) > bad.length || !Arrays.equals(Files.readAllBytes(entry), bad),
                        "the bad entry was replaced by a recompiled one");
            }
            // a well-formed entry whose payload is not a program for this device (foreign): load fails, recompiled
            byte[] key = Arrays.copyOfRange(good, 16, 48); // after the 16-byte magic
            ProgramCache.writeEntry(entry, key, "not a program binary".getBytes(StandardCharsets.UTF_8));
            assertNotNull(ProgramCache.readEntry(entry, key));
            runTwice(new ProgramCache(device().backend()).kernel("t", src, List.of(), "nd_test_twice"));
            // a good entry is loaded as is
            ProgramCache warm = new ProgramCache(device().backend());
            runTwice(warm.kernel("t", src, List.of(), "nd_test_twice"));
        } finally {
            if (old == null) System.clearProperty("ndgpu.cache.dir");
            else System.setProperty("ndgpu.cache.dir", old);
        }
    }

    private static byte[] flipLast(byte[] b) {
        byte[] c = b.clone();
        c[c.length - 1] ^= 0x55;
        return c;
    }

    private static List<Path> entries(Path dir) throws Exception {
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            return new ArrayList<>(s.filter(p -> p.toString().endsWith(".bin")).toList());
        }
    }

    private void runTwice(org.ndgpu.backend.BackendKernel k) {
        try (NDArray x = Nd.array(new float[] {1, 2, 3, 4})) {
            Device d = device();
            d.backend()
                    .launch(
                            d.currentStream().backendStream(),
                            k,
                            new long[] {1},
                            new long[] {4},
                            0,
                            LaunchArgs.of(2).buffer(x.buffer()).i32(4));
            assertArrayEquals(new float[] {2, 4, 6, 8}, x.toFloatArray());
        }
    }
}
