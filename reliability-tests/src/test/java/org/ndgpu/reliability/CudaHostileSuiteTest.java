package org.ndgpu.reliability;

import org.junit.jupiter.api.Tag;
import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

@Tag("gpu")
class CudaHostileSuiteTest extends HostileSuite {
    @Override protected Device device() { return Backends.cuda(); }
}
