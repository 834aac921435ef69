package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.Backends;
import org.ndgpu.testing.DeviceTestBase;

/** Past the real device memory (e.g. 200 GB on a 141 GB H200): DeviceOutOfMemoryException with sizes, then normal work. */
@Tag("gpu")
class CudaOutOfMemoryTest extends DeviceTestBase {
    @Override
    protected Device device() {
        return Backends.cuda();
    }

    @Test
    void pastTheDeviceMemoryThenNormalWork() {
        long dev = device().facts().globalMemoryBytes();
        long elems = (dev + (dev >> 2)) / 4; // 125% of the device, float32
        NDArray keep = Nd.arange(0.0, 1000.0, 1.0, DType.FLOAT32);
        var e = assertThrows(DeviceOutOfMemoryException.class, () -> Nd.empty(DType.FLOAT32, elems));
        assertTrue(e.getMessage().contains(device().id()) && e.getMessage().contains("allocate"), e.getMessage());
        assertEquals(499500.0, keep.sum().doubleValue(), 1);
        NDArray big = Nd.ones(DType.FLOAT32, 1L << 28); // 1 GiB still fits
        assertEquals((double) (1L << 28), big.sum().doubleValue(), 1e3);
        big.close();
        keep.close();
    }
}
