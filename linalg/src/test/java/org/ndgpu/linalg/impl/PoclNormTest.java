package org.ndgpu.linalg.impl;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclNormTest extends NormConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
