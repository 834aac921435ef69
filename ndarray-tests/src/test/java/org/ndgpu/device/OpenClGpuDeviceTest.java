package org.ndgpu.device;

import org.junit.jupiter.api.Tag;
import org.ndgpu.testing.Backends;

@Tag("gpu")
class OpenClGpuDeviceTest extends DeviceConformance {
    @Override protected Device device() { return Backends.openclGpu(); }
}
