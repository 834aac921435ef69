package org.ndgpu.device;

import org.ndgpu.testing.Backends;

class PoclHandleTest extends HandleConformance {
    @Override
    protected Device device() { return Backends.openclCpu(); }
}
