package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.MemoryPool;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.Backends;
import org.ndgpu.testing.DeviceTestBase;

/**
 * Out of memory on PoCL, through a pool limit: past it, DeviceOutOfMemoryException with the sizes;
 * cached blocks are freed before giving up; the next allocation that fits succeeds; statistics
 * return to their baseline. (The GPU form, past the real device memory, is CudaOutOfMemoryTest.)
 */
class PoclOutOfMemoryTest extends DeviceTestBase {
    private static final long MIB = 1L << 20;

    @Override
    protected Device device() {
        return Backends.openclCpu();
    }

    @Test
    void pastThePoolLimitThrowsWithSizesAndRecovers() {
        MemoryPool pool = device().memoryPool();
        long oldLimit = pool.limit();
        long baseUsed = PoolState.settle(pool);
        pool.freeAllBlocks();
        long baseTotal = pool.totalBytes();
        NDArray keep = Nd.arange(0.0, 100.0, 1.0, DType.FLOAT64);
        try {
            pool.setLimit(pool.totalBytes() + 64 * MIB);
            NDArray a = Nd.full(1.5f, DType.FLOAT32, 10 * MIB); // 40 MiB: fits
            var e = assertThrows(DeviceOutOfMemoryException.class, () -> Nd.empty(DType.FLOAT32, 10 * MIB));
            String msg = e.getMessage();
            assertTrue(
                    msg.contains(device().id())
                            && msg.contains("allocate")
                            && msg.contains(String.valueOf(40 * MIB))
                            && msg.contains("limit of " + pool.limit())
                            && msg.contains("in use"),
                    msg);
            // the failed allocation took nothing, and the live arrays are intact
            assertEquals(1.5f, a.get(10 * MIB - 1).toFloatArray()[0]);
            assertEquals(4950.0, keep.sum().doubleValue());
            // freeing a array makes room: the next allocation that fits succeeds (from the cache)
            a.close();
            NDArray b = Nd.full(2.0f, DType.FLOAT32, 10 * MIB);
            assertEquals(2.0f * 10 * MIB, b.sum().doubleValue(), 1e3);
            b.close();
            // cached blocks (40 MiB now) are freed when a bigger request would not fit beside them
            assertTrue(pool.freeBytes() >= 40 * MIB, pool.toString());
            NDArray c = Nd.zeros(DType.FLOAT32, 12 * MIB); // 48 MiB: fits only after the cache is freed
            assertEquals(0.0, c.max().doubleValue());
            c.close();
            // a request bigger than the whole limit: clear message, nothing leaked
            var e2 = assertThrows(DeviceOutOfMemoryException.class, () -> Nd.empty(DType.FLOAT64, 100 * MIB));
            assertTrue(e2.getMessage().contains(String.valueOf(800 * MIB)), e2.getMessage());
            assertArrayEquals(new double[] {0, 1, 2}, keep.get("0:3").toDoubleArray());
        } finally {
            keep.close();
            pool.setLimit(oldLimit);
        }
        assertTrue(
                PoolState.settle(pool) <= baseUsed, "used bytes back to baseline: " + pool + " baseline " + baseUsed);
        pool.freeAllBlocks();
        assertTrue(pool.totalBytes() <= baseTotal, "total bytes back to baseline: " + pool + " baseline " + baseTotal);
    }
}
