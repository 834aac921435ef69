package org.ndgpu.routines;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclHostileValuesTest extends HostileValuesConformance {
    @Override
    protected Device device() { return Backends.openclCpu(); }
}
