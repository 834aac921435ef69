package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.MemoryLocation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.Backends;
import org.ndgpu.testing.DeviceTestBase;

/**
 * Managed memory past the device: a float32 array of 1.1 times the GPU's memory (the driver pages
 * it; the host backs the tenth that does not fit) is filled, summed, added to in place and summed
 * again, with prefetches between, and its memory goes back to the pool when it is closed. The
 * benchmark (ManagedMemoryBench) runs 1.5 times; a test keeps the host's share small.
 */
@Tag("gpu")
class CudaManagedMemoryTest extends DeviceTestBase {
    @Override
    protected Device device() {
        return Backends.cuda();
    }

    @Test
    void anArrayLargerThanTheDeviceSumsAndAdds() {
        assumeTrue(device().facts().managedMemory(), device().id() + " has no managed memory");
        long dev = device().facts().globalMemoryBytes();
        long n = (dev + dev / 10) / 4;
        var pool = device().managedMemoryPool();
        try (var _ = Nd.managedMemory()) {
            NDArray a = Nd.ones(DType.FLOAT32, n);
            assertTrue(a.isManaged());
            a.prefetch(MemoryLocation.DEVICE);
            assertEquals((double) n, a.sum().doubleValue(), n * 1e-4);
            Nd.add(a, 1f, a);
            assertEquals(2.0 * n, a.sum().doubleValue(), n * 2e-4);
            a.prefetch(MemoryLocation.HOST);
            device().synchronize();
            assertEquals(2f, a.get("-1:").hostView().get(java.lang.foreign.ValueLayout.JAVA_FLOAT, 0));
            a.close();
        }
        assertEquals(0, pool.usedBytes());
        pool.freeAllBlocks();
        assertEquals(0, pool.totalBytes());
    }
}
