package org.ndgpu.ndarray;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclCastTest extends CastConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
