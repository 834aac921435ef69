package org.ndgpu.ndarray;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclTakeTest extends TakeConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
