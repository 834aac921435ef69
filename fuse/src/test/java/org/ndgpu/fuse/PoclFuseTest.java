package org.ndgpu.fuse;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclFuseTest extends FuseConformance {
    @Override
    protected Device device() { return Backends.openclCpu(); }
}
