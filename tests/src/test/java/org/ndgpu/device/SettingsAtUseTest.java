package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.ndgpu.Nd;
import org.ndgpu.config.Config;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Settings are read and checked where they are used, never in a static initializer: a bad value is
 * an NdException of the call that needs it, naming the setting, the value and the form expected
 * (not an ExceptionInInitializerError, then NoClassDefFoundError for the rest of the JVM's life),
 * and once the value is fixed the same classes work again.
 */
public class SettingsAtUseTest extends PerDeviceTest {
    private static final List<Config.Setting> TOUCHED = List.of(
            Config.OPENCL_COPY_THREADS,
            Config.OPENCL_STAGING_SLOTS,
            Config.OPENCL_STAGING_CHUNK,
            Config.POOL_LIMIT,
            Config.CACHE_DIR,
            Config.CACHE_MAX);

    @AfterEach
    void clear() {
        TOUCHED.forEach(s -> System.clearProperty(s.property()));
        device().reset();
    }

    private static void bad(Config.Setting s, String value, Executable use, String expected) {
        System.setProperty(s.property(), value);
        try {
            NdException e = assertThrows(NdException.class, use, s.property() + "=" + value);
            assertTrue(
                    e.getMessage().contains(s.property())
                            && e.getMessage().contains("'" + value + "'")
                            && e.getMessage().contains(expected),
                    e.getMessage());
        } finally {
            System.clearProperty(s.property());
        }
    }

    // a copy past the direct path's 256 KiB goes through the staging buffers
    private static void stagedRoundTrip() {
        double[] data = new double[1 << 16];
        for (int i = 0; i < data.length; i++) data[i] = i * 0.5;
        try (NDArray a = Nd.array(data)) {
            assertArrayEquals(data, a.toDoubleArray());
        }
    }

    @Test
    void openClStagingSettingsAreCheckedAtTheFirstStagedCopy() {
        assumeTrue(device().backendName().equals("opencl"), "the OpenCL backend's staging");
        // copyThreads was read once, when the class was initialized: -1 was then never seen, or failed the class for
        // good
        for (String v : new String[] {"-1", "0", "garbage"}) {
            device().reset();
            bad(Config.OPENCL_COPY_THREADS, v, SettingsAtUseTest::stagedRoundTrip, "a positive integer");
        }
        device().reset();
        bad(Config.OPENCL_STAGING_SLOTS, "0", SettingsAtUseTest::stagedRoundTrip, "integer");
        device().reset();
        bad(Config.OPENCL_STAGING_SLOTS, "1", SettingsAtUseTest::stagedRoundTrip, "an integer >= 2");
        device().reset();
        bad(Config.OPENCL_STAGING_CHUNK, "garbage", SettingsAtUseTest::stagedRoundTrip, "bytes from 1k to 1g");
        device().reset();
        bad(Config.OPENCL_STAGING_CHUNK, "-4m", SettingsAtUseTest::stagedRoundTrip, "bytes from 1k to 1g");
        // fixed: the same classes copy again
        device().reset();
        stagedRoundTrip();
        System.setProperty(Config.OPENCL_COPY_THREADS.property(), "3");
        device().reset();
        stagedRoundTrip();
    }

    @Test
    void thePoolLimitIsReadAtTheFirstAllocationNotWhenTheDeviceIsFound() {
        System.setProperty(Config.POOL_LIMIT.property(), "lots");
        MemoryPool pool = new MemoryPool(device().backend(), "settings test"); // a device made now must not fail
        System.clearProperty(Config.POOL_LIMIT.property());
        bad(
                Config.POOL_LIMIT,
                "lots",
                () -> pool.allocate(1024, device().backend().defaultStream()),
                "expected bytes");
        bad(
                Config.POOL_LIMIT,
                "-1g",
                () -> pool.allocate(1024, device().backend().defaultStream()),
                "expected");
        MemoryPool.Block b = pool.allocate(1024, device().backend().defaultStream());
        assertNotNull(b);
        assertEquals(Long.MAX_VALUE, pool.limit());
        pool.release(b);
        pool.freeAllBlocks();
    }

    @Test
    void theKernelCacheFolderIsReadAtTheFirstCompile(@TempDir Path dir) {
        String src = device().backend().dialect().prelude() + "\n// settings test " + System.nanoTime() + "\n"
                + "ND_KERNEL void nd_test_settings(ND_GLOBAL float* x, int n) {\n"
                + "    int i = (int)ND_GLOBAL_ID();\n    if (i < n) x[i] = 3.0f * x[i];\n}\n";
        System.setProperty(Config.CACHE_DIR.property(), "bad\0folder");
        ProgramCache cache =
                new ProgramCache(device().backend()); // was an InvalidPathException here, when a device was made
        bad(
                Config.CACHE_DIR,
                "bad\0folder",
                () -> cache.kernel("t", src, List.of(), "nd_test_settings"),
                "a folder or none");
        System.setProperty(Config.CACHE_DIR.property(), dir.toString());
        ProgramCache fine = new ProgramCache(device().backend());
        bad(Config.CACHE_MAX, "-1", () -> fine.kernel("t", src, List.of(), "nd_test_settings"), "a positive size");
        assertNotNull(fine.kernel("t", src, List.of(), "nd_test_settings"));
    }
}
