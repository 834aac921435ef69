package org.ndgpu.reduction;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;


class PoclReductionFeatureTest extends ReductionFeatureConformance {
    @Override
    protected Device device() { return Backends.openclCpu(); }
}
