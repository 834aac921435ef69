package org.ndgpu.ndarray;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclCreationTest extends CreationConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
