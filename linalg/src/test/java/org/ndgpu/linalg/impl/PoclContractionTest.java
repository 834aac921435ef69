package org.ndgpu.linalg.impl;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclContractionTest extends ContractionConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
