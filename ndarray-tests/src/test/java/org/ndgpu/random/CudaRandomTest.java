package org.ndgpu.random;

import org.junit.jupiter.api.Tag;
import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

@Tag("gpu")
class CudaRandomTest extends RandomConformance {
    @Override protected Device device() { return Backends.cuda(); }
}
