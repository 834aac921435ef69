package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.MemoryPool;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.Backends;
import org.ndgpu.testing.DeviceTestBase;

/**
 * Arrays dropped without close(): the Cleaner returns their memory to the pool, and a pool at its
 * limit asks the collector for them before it gives up, so a loop that never closes stays within
 * the limit. Count with -Dndgpu.leak.arrays=N (default 100,000).
 */
class PoclLeakTest extends DeviceTestBase {
    static final int ARRAYS = Integer.getInteger("ndgpu.leak.arrays", 100_000);

    @Override
    protected Device device() {
        return Backends.openclCpu();
    }

    @Test
    void droppedArraysAreReclaimedAndMemoryStaysBounded() {
        MemoryPool pool = device().memoryPool();
        long oldLimit = pool.limit();
        long baseUsed = PoolState.settle(pool);
        long cap = pool.totalBytes() + (8L << 20);
        long peak = 0;
        double check = 0;
        try {
            // 4 KiB each: 400 MB if nothing were reclaimed, against an 8 MiB allowance
            pool.setLimit(cap);
            for (int i = 0; i < ARRAYS; i++) {
                NDArray a = Nd.empty(DType.FLOAT32, 1024);
                if (i % 1000 == 0) {
                    // now and then a real one, read back, so the loop is not only bookkeeping
                    NDArray b = Nd.array(new float[] {i, 1});
                    check += b.toFloatArray()[0];
                    peak = Math.max(peak, pool.totalBytes());
                }
                assertTrue(a.size() == 1024);
            }
            peak = Math.max(peak, pool.totalBytes());
        } finally {
            pool.setLimit(oldLimit);
        }
        assertTrue(peak <= cap, "pool total " + peak + " exceeded the cap " + cap);
        long after = PoolState.settle(pool);
        assertTrue(
                after <= baseUsed + 4096,
                "used bytes after GC: " + after + ", baseline " + baseUsed + " (" + pool + ")");
        long expected = 0;
        for (int i = 0; i < ARRAYS; i += 1000) expected += i;
        assertEquals((double) expected, check, 0);
    }
}
