package org.ndgpu.routines;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclJoiningTest extends JoiningConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
