package org.ndgpu.reduction;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

@org.junit.jupiter.api.Tag("gpu")
class CudaReductionFeatureTest extends ReductionFeatureConformance {
    @Override
    protected Device device() { return Backends.cuda(); }
}
