package org.ndgpu.ndarray;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclBadInputTest extends BadInputConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
