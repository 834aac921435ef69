package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Arrays dropped without close() (NumPy's style) do not pile up: the pool brings the collector in
 * early when what arrays hold grows ({@link MemoryPool#reclaim()}), and an allocation that does not
 * fit collects, waits for the Cleaner and tries again before it throws.
 */
public class ReclaimTest extends PerDeviceTest {
    private static final int N = 1 << 16; // 256 KiB of float32

    private static float[] start() {
        float[] v = new float[N];
        for (int i = 0; i < N; i++) v[i] = (i % 1000) * 0.5f - 200;
        return v;
    }

    /** One step of the loop, on the host: t = t * 0.5 + 0.25 ten times. */
    private static void step(float[] t) {
        for (int k = 0; k < 10; k++) for (int i = 0; i < t.length; i++) t[i] = t[i] * 0.5f + 0.25f;
    }

    /** One step on the device, its 20 temporaries never closed; the result copied into {@code o}. */
    private static void step(NDArray o) {
        NDArray t = o;
        for (int k = 0; k < 10; k++) t = t.mul(0.5f).add(0.25f);
        Nd.copyto(o, t);
    }

    /** Collects until what arrays hold settles (other tests' dropped arrays), so that a limit means what it says. */
    private static void settle(MemoryPool pool) throws InterruptedException {
        long last = -1;
        for (int k = 0; k < 50 && pool.usedBytes() != last; k++) {
            last = pool.usedBytes();
            System.gc();
            Thread.sleep(20);
        }
        pool.freeAllBlocks();
    }

    @Test
    void aLoopOfDroppedTemporariesFinishesUnderAPoolLimitFarBelowItsTotal() throws InterruptedException {
        MemoryPool pool = device().memoryPool();
        long oldLimit = pool.limit();
        float[] host = start();
        NDArray o = Nd.array(host);
        settle(pool);
        long limit = pool.totalBytes() + (16L << 20);
        int steps = 150; // 150 x 20 x 256 KiB = 750 MiB allocated, 16 MiB allowed
        try {
            pool.setLimit(limit);
            step(o);
            step(host);
            assertArrayEquals(host, o.toFloatArray(), "after one step");
            for (int s = 1; s < steps; s++) {
                step(o);
                step(host);
                assertTrue(pool.totalBytes() <= limit, pool.toString());
            }
            assertArrayEquals(host, o.toFloatArray(), "after " + steps + " steps");
        } finally {
            pool.setLimit(oldLimit);
        }
    }

    @Test
    void withTheEarlyReclaimOffAnAllocationPastTheLimitWaitsForTheCleaner() throws InterruptedException {
        // only allocations that do not fit bring the collector in here: each waits for the blocks the
        // Cleaner returns, on a collection run on the reclaim thread, rather than failing
        MemoryPool pool = device().memoryPool();
        long oldLimit = pool.limit();
        long oldReclaim = pool.reclaim();
        int n = 1 << 18; // 1 MiB of float32
        float[] host = new float[n];
        for (int i = 0; i < n; i++) host[i] = (i % 777) * 0.25f - 90;
        NDArray o = Nd.array(host);
        settle(pool);
        long limit = pool.totalBytes() + (6L << 20); // six temporaries at a time
        int steps = 24; // 24 x 20 x 1 MiB = 480 MiB allocated
        try {
            pool.setReclaim(Long.MAX_VALUE);
            pool.setLimit(limit);
            for (int s = 0; s < steps; s++) {
                NDArray t = o;
                for (int k = 0; k < 10; k++) t = t.mul(0.5f).add(0.25f);
                Nd.copyto(o, t);
                step(host);
                assertTrue(pool.totalBytes() <= limit, pool.toString());
            }
            assertArrayEquals(host, o.toFloatArray(), "after " + steps + " steps");
        } finally {
            pool.setLimit(oldLimit);
            pool.setReclaim(oldReclaim);
        }
    }

    @Test
    void growthOfWhatArraysHoldBringsTheCollectorInWithoutTheCaller() throws InterruptedException {
        MemoryPool pool = device().memoryPool();
        long oldReclaim = pool.reclaim();
        float[] host = start();
        NDArray o = Nd.array(host);
        settle(pool);
        long before = pool.usedBytes();
        long asked = pool.collectionsRequested();
        try {
            pool.setReclaim(2L << 20);
            for (int s = 0; s < 60; s++) { // 300 MiB dropped; the test itself never collects
                step(o);
                step(host);
            }
            assertTrue(pool.collectionsRequested() > asked, "no collection was asked for: " + pool);
            // the background collection returns what was dropped; a bounded wait, not a timing. The
            // pool asks as arrays are made, so the program goes on making some (1 MiB, dropped)
            for (int k = 0; k < 250 && pool.usedBytes() > before + (8L << 20); k++) {
                Nd.empty(DType.UINT8, 1 << 20);
                Thread.sleep(20);
            }
            assertTrue(
                    pool.usedBytes() <= before + (8L << 20),
                    "held before " + before + ", now " + pool.usedBytes() + " after " + pool.collectionsRequested()
                            + " collections asked for");
            assertArrayEquals(host, o.toFloatArray());
        } finally {
            pool.setReclaim(oldReclaim);
        }
    }

    @Test
    void setReclaimRefusesWhatIsNoSize() {
        MemoryPool pool = device().memoryPool();
        long old = pool.reclaim();
        for (long bad : new long[] {0, -1, Long.MIN_VALUE}) {
            var e = assertThrows(NdException.class, () -> pool.setReclaim(bad));
            assertTrue(e.getMessage().contains("setReclaim") && e.getMessage().contains(String.valueOf(bad)));
        }
        assertEquals(old, pool.reclaim());
        pool.setReclaim(Long.MAX_VALUE); // never
        try (NDArray a = Nd.zeros(DType.FLOAT32, 4)) {
            assertEquals(0f, a.toFloatArray()[3]);
        } finally {
            pool.setReclaim(old);
        }
    }
}
