package org.ndgpu.raw;

import org.junit.jupiter.api.Tag;
import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

@Tag("gpu")
class CudaJavaKernelTest extends JavaKernelConformance {
    @Override protected Device device() { return Backends.cuda(); }
}
