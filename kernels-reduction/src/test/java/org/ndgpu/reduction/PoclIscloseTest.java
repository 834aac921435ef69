package org.ndgpu.reduction;


import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclIscloseTest extends IscloseConformance {
    @Override
    protected Device device() { return Backends.openclCpu(); }
}
