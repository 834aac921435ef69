package org.ndgpu.routines;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclTilingTest extends TilingConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
