package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.config.Config;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Native handles and the pool under misuse: a closed Stream or Event refuses every use with a
 * DeviceException before any native call (these crashed the JVM: a launch on a released OpenCL
 * queue, an event released twice), close() twice does nothing, and the pool refuses sizes no
 * device has and limits that mean nothing, with its counters intact afterwards.
 */
public class HandleTest extends PerDeviceTest {

    @Test
    void aClosedStreamRefusesEveryUse() {
        Stream s = Stream.create(device());
        try (NDArray a = Nd.arange(0.0, 8.0, 1.0)) {
            device().synchronize(); // a was made on the default stream, which s is not ordered after (OpenCL queues)
            try (var _ = s.use()) {
                NDArray b = a.astype(DType.FLOAT32); // a kernel queued on s
                s.synchronize();
                assertArrayEquals(new float[] {0, 1, 2, 3, 4, 5, 6, 7}, b.toFloatArray());
                s.close(); // still this thread's current stream
                var e = assertThrows(
                        DeviceException.class, () -> a.astype(DType.INT32), "a launch on the closed stream");
                assertTrue(e.getMessage().contains("closed"), e.getMessage());
                assertThrows(DeviceException.class, () -> Nd.zeros(4), "an allocation and fill on the closed stream");
                assertThrows(
                        DeviceException.class, () -> Nd.array(new float[] {1, 2}), "a copy in on the closed stream");
            }
            s.close(); // twice: nothing
            assertTrue(s.isClosed());
            assertThrows(DeviceException.class, s::use);
            assertThrows(DeviceException.class, s::synchronize);
            assertThrows(DeviceException.class, s::record);
            // outside the scope the default stream works again, and the array is intact
            assertArrayEquals(new double[] {0, 1, 2, 3, 4, 5, 6, 7}, a.copy().toDoubleArray());
        }
        device().defaultStream().close(); // the default stream is never released
        try (NDArray c = Nd.ones(3)) {
            assertArrayEquals(new double[] {1, 1, 1}, c.toDoubleArray());
        }
    }

    @Test
    void aClosedEventRefusesEveryUse() {
        Event start = Event.record();
        try (NDArray a = Nd.ones(1000)) {
            a.astype(DType.FLOAT32).close();
        }
        Event end = Event.record();
        end.synchronize();
        assertTrue(start.elapsedMillis(end) >= 0);
        end.close();
        end.close(); // twice: nothing
        assertTrue(end.isClosed());
        assertThrows(DeviceException.class, end::synchronize);
        assertThrows(DeviceException.class, () -> start.elapsedMillis(end));
        assertThrows(DeviceException.class, () -> end.elapsedMillis(start));
        assertThrows(NullPointerException.class, () -> start.elapsedMillis(null));
        start.close();
    }

    @Test
    void thePoolRefusesSizesNoDeviceHas() {
        MemoryPool pool = device().memoryPool();
        long used = pool.usedBytes();
        for (long n : new long[] {
            Long.MAX_VALUE - 10, Long.MAX_VALUE, 1L << 62, device().facts().globalMemoryBytes() + 1
        }) {
            var e = assertThrows(DeviceOutOfMemoryException.class, () -> Nd.empty(DType.UINT8, n), "uint8 x " + n);
            assertTrue(e.getMessage().contains(String.valueOf(n)), e.getMessage());
        }
        assertEquals(used, pool.usedBytes(), "nothing was counted");
        assertTrue(pool.usedBytes() >= 0 && pool.totalBytes() >= pool.usedBytes());
        for (long n : new long[] {Long.MAX_VALUE - 10, 1L << 40}) {
            assertTrue(
                    FreeBlocks.round(n) >= n,
                    "round never wraps below the request: " + n + " -> " + FreeBlocks.round(n));
        }
        try (NDArray ok = Nd.full(7, DType.UINT8, 1000)) {
            for (long v : ok.toLongArray()) assertEquals(7, v);
        }
    }

    @Test
    void theLimitMustBePositiveAndHolds() {
        MemoryPool pool = device().memoryPool();
        long before = pool.limit();
        try {
            for (long bad : new long[] {0, -1, Long.MIN_VALUE}) {
                var e = assertThrows(NdException.class, () -> pool.setLimit(bad));
                assertTrue(
                        e.getMessage().contains("setLimit") && e.getMessage().contains(String.valueOf(bad)),
                        e.getMessage());
            }
            assertEquals(before, pool.limit(), "a refused limit changes nothing");
            pool.freeAllBlocks();
            pool.setLimit(pool.totalBytes() + (8L << 20));
            List<NDArray> held = new ArrayList<>();
            try {
                held.add(Nd.zeros(DType.UINT8, 4L << 20));
                assertThrows(
                        DeviceOutOfMemoryException.class,
                        () -> held.add(Nd.zeros(DType.UINT8, 6L << 20)),
                        "past the limit");
                assertTrue(pool.totalBytes() <= pool.limit());
            } finally {
                held.forEach(NDArray::close);
            }
        } finally {
            pool.setLimit(before);
        }
        for (String bad : new String[] {"0", "-1g", "0.0", "nan", "-0.5", "lots"}) {
            assertThrows(
                    NdException.class,
                    () -> {
                        System.setProperty("ndgpu.pool.limit", bad);
                        try {
                            Config.poolLimit(1L << 30);
                        } finally {
                            System.clearProperty("ndgpu.pool.limit");
                        }
                    },
                    "ndgpu.pool.limit=" + bad);
        }
    }

    /** PoCL's buffers are the process's own heap: freeing the pool must lower the resident size. */
    @Test
    void freeAllBlocksGivesHostMemoryBack() throws Exception {
        assumeFalse(device().isGpu(), "a GPU's memory is not the process's");
        MemoryPool pool = device().memoryPool();
        pool.freeAllBlocks();
        long base = rssKiB();
        List<NDArray> many = new ArrayList<>();
        for (int i = 0; i < 20_000; i++)
            many.add(Nd.full(1.5f, DType.FLOAT32, 1000 + (i % 7) * 128)); // 4-8 KiB each: heap, not mmap
        long live = rssKiB();
        many.forEach(NDArray::close);
        pool.freeAllBlocks();
        long after = rssKiB();
        assertTrue(live - base > 50_000, "the arrays took resident memory: " + base + " -> " + live + " KiB");
        assertTrue(
                after < base + (live - base) / 2,
                "freeAllBlocks gave at least half of it back: " + base + " -> " + live + " -> " + after + " KiB");
    }

    private static long rssKiB() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", ""));
        }
        throw new AssertionError("no VmRSS in /proc/self/status");
    }
}
