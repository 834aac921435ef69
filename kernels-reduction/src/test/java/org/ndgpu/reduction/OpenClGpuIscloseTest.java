package org.ndgpu.reduction;

import org.junit.jupiter.api.Tag;
import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

@Tag("gpu")
class OpenClGpuIscloseTest extends IscloseConformance {
    @Override
    protected Device device() { return Backends.openclGpu(); }
}
