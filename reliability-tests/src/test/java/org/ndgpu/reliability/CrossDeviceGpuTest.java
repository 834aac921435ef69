package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.Backends;

/**
 * Arrays of two devices in one call: a DeviceException naming both devices, nothing moved silently.
 * Needs two devices (cuda:0 and NVIDIA's OpenCL on the GPU host); PoCL alone is one device, so
 * this is a gpu test.
 */
@Tag("gpu")
class CrossDeviceGpuTest {
    @Test
    void arraysOfTwoDevicesAreRefused() {
        Device cuda = Backends.cuda(), cl = Backends.openclGpu();
        NDArray a, b;
        try (var _ = cuda.use()) {
            a = Nd.ones(DType.FLOAT32, 4);
        }
        try (var _ = cl.use()) {
            b = Nd.ones(DType.FLOAT32, 4);
        }
        for (var call : new org.junit.jupiter.api.function.Executable[] {
            () -> a.add(b),
            () -> Nd.where(true, a, b),
            () -> a.matmul(b),
            () -> new org.ndgpu.elementwise.ElementwiseKernel(
                            "float32 x, float32 y", "float32 z", "z = x + y", "rel_xdev")
                    .call(a, b)
        }) {
            var e = assertThrows(DeviceException.class, call);
            assertTrue(e.getMessage().contains(cuda.id()) && e.getMessage().contains(cl.id()), e.getMessage());
        }
        assertArrayEquals(new float[] {1, 1, 1, 1}, a.toFloatArray());
        assertArrayEquals(new float[] {1, 1, 1, 1}, b.toFloatArray());
    }

    /** Operations that make work buffers of their own make them on the input's device, whatever device is current. */
    @Test
    void helpersFollowTheirInputsDevice() {
        Device cuda = Backends.cuda(), cl = Backends.openclGpu();
        NDArray x;
        try (var _ = cl.use()) {
            x = Nd.array(new double[] {3, -1, 2, Double.NaN, 0});
        }
        try (var _ = cuda.use()) { // current: cuda; x lives on OpenCL
            for (NDArray r : new NDArray[] {
                Nd.sort(x),
                x.argsort(),
                x.take(new long[] {4, 0}),
                x.get(x.gt(0)),
                Nd.unique(x),
                Nd.concatenate(x, x),
                Nd.repeat(x, 2),
                Nd.diff(x),
                Nd.linalg().norm(x, 1.0)
            }) {
                assertTrue(r.device() == cl, "result on " + r.device().id());
                r.close();
            }
            assertArrayEquals(new double[] {-1, 0, 2, 3, Double.NaN}, Nd.sort(x).toDoubleArray());
        }
    }
}
