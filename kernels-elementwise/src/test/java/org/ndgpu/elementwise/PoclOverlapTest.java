package org.ndgpu.elementwise;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclOverlapTest extends OverlapConformance {
    @Override
    protected Device device() { return Backends.openclCpu(); }
}
