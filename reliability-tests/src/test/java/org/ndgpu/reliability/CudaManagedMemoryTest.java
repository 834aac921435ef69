package org.ndgpu.reliability;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.MemoryAdvice;
import org.ndgpu.device.MemoryLocation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.Backends;
import org.ndgpu.testing.DeviceTestBase;

/**
 * cuMemAllocManaged on a CUDA GPU with large arrays: a float32 array of a quarter of the GPU's
 * memory is filled, prefetched, advised, summed, added to in place and read on the host; and, only
 * where {@code -Dndgpu.test.managedFactor=1.1} asks for it, an array larger than the GPU (the driver
 * pages it). Oversubscribing managed memory on a GPU that other work shares can stall that GPU,
 * so the second test runs only on a host given to it (ManagedMemoryBench measures 1.5 times).
 */
@Tag("gpu")
class CudaManagedMemoryTest extends DeviceTestBase {
    @Override
    protected Device device() {
        return Backends.cuda();
    }

    private void sumAddAndView(double factor) {
        assumeTrue(device().facts().managedMemory(), device().id() + " has no managed memory");
        long n = (long) (device().facts().globalMemoryBytes() * factor) / 4;
        var pool = device().managedMemoryPool();
        long before = pool.usedBytes();
        try (var _ = Nd.managedMemory()) {
            NDArray a = Nd.ones(DType.FLOAT32, n);
            assertTrue(a.isManaged());
            a.prefetch(MemoryLocation.DEVICE);
            a.advise(MemoryAdvice.SET_PREFERRED_LOCATION, MemoryLocation.DEVICE);
            a.advise(MemoryAdvice.SET_ACCESSED_BY, MemoryLocation.HOST);
            assertEquals((double) n, a.sum().doubleValue(), n * 1e-4);
            Nd.add(a, 1f, a);
            assertEquals(2.0 * n, a.sum().doubleValue(), n * 2e-4);
            a.advise(MemoryAdvice.UNSET_PREFERRED_LOCATION, MemoryLocation.DEVICE);
            a.prefetch(MemoryLocation.HOST);
            assertEquals(2f, a.get("-1:").hostView().get(JAVA_FLOAT, 0));
            a.hostView().setAtIndex(JAVA_FLOAT, 0, 5f);
            assertEquals(5.0, a.get("0").doubleValue(), 0.0);
            a.close();
        }
        assertEquals(before, pool.usedBytes());
        pool.freeAllBlocks();
        assertEquals(pool.usedBytes(), pool.totalBytes());
    }

    @Test
    void aQuarterOfTheDeviceSumsAddsAndIsViewedOnTheHost() {
        sumAddAndView(0.25);
    }

    @Test
    void anArrayLargerThanTheDeviceWhereAsked() {
        String factor = System.getProperty("ndgpu.test.managedFactor");
        assumeTrue(factor != null, "-Dndgpu.test.managedFactor=1.1 runs an array past the device's memory");
        sumAddAndView(Double.parseDouble(factor));
    }
}
