package org.ndgpu.raw;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclJavaKernelTest extends JavaKernelConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
