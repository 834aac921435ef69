package org.ndgpu.reliability;

import net.jqwik.api.Tag;
import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

@Tag("gpu")
class CudaFuzzTest extends FuzzConformance {
    @Override
    protected Device device() {
        return Backends.cuda();
    }
}
