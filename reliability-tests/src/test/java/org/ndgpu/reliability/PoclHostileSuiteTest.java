package org.ndgpu.reliability;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclHostileSuiteTest extends HostileSuite {
    @Override protected Device device() { return Backends.openclCpu(); }
}
