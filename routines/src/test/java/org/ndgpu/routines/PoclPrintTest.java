package org.ndgpu.routines;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclPrintTest extends PrintConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
