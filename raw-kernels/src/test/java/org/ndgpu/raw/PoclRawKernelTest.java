package org.ndgpu.raw;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclRawKernelTest extends RawKernelConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
