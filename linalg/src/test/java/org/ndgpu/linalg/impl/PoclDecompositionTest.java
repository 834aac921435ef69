package org.ndgpu.linalg.impl;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclDecompositionTest extends DecompositionConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
