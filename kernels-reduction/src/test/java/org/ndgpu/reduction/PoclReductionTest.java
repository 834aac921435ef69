package org.ndgpu.reduction;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclReductionTest extends ReductionConformance {
    @Override
    protected Device device() { return Backends.openclCpu(); }
}
