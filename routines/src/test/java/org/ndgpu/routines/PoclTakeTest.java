package org.ndgpu.routines;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclTakeTest extends TakeConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
