package org.ndgpu.random;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclRandomTest extends RandomConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
