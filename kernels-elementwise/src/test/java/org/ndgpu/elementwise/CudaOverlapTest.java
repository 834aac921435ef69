package org.ndgpu.elementwise;

import org.junit.jupiter.api.Tag;
import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

@Tag("gpu")
class CudaOverlapTest extends OverlapConformance {
    @Override
    protected Device device() { return Backends.cuda(); }
}
