package org.ndgpu.elementwise;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclElementwiseKernelTest extends ElementwiseKernelConformance {
    @Override
    protected Device device() { return Backends.openclCpu(); }
}
