package org.ndgpu.ndarray;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclViewTest extends ViewConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
