package org.ndgpu.reduction;

import org.junit.jupiter.api.Tag;
import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

@Tag("gpu")
class CudaMaskTest extends MaskConformance {
    @Override
    protected Device device() { return Backends.cuda(); }
}
