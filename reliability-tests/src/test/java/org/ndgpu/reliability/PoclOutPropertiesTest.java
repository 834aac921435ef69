package org.ndgpu.reliability;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclOutPropertiesTest extends OutProperties {
    @Override
    protected Device device() {
        return Backends.openclCpu();
    }
}
