package org.ndgpu.device;

import org.ndgpu.testing.Backends;

class PoclDeviceTest extends DeviceConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
