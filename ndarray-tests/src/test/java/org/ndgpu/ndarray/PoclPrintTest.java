package org.ndgpu.ndarray;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclPrintTest extends PrintConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
