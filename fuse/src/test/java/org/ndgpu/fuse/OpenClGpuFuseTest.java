package org.ndgpu.fuse;

import org.junit.jupiter.api.Tag;
import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

@Tag("gpu")
class OpenClGpuFuseTest extends FuseConformance {
    @Override
    protected Device device() { return Backends.openclGpu(); }
}
