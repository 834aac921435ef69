package org.ndgpu.reliability;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclFuzzTest extends FuzzConformance {
    @Override
    protected Device device() {
        return Backends.openclCpu();
    }
}
