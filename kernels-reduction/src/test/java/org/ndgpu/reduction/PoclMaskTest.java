package org.ndgpu.reduction;


import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclMaskTest extends MaskConformance {
    @Override
    protected Device device() { return Backends.openclCpu(); }
}
