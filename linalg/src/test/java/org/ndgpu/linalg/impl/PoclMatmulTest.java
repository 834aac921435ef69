package org.ndgpu.linalg.impl;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclMatmulTest extends MatmulConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
