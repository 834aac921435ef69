package org.ndgpu.reliability;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclThreadsTest extends ThreadsConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
