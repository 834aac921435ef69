package org.ndgpu.elementwise;


import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclUfuncTest extends UfuncConformance {
    @Override
    protected Device device() { return Backends.openclCpu(); }
}
