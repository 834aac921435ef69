package org.ndgpu.device;

import org.junit.jupiter.api.Tag;
import org.ndgpu.testing.Backends;

@Tag("gpu")
class CudaHandleTest extends HandleConformance {
    @Override
    protected Device device() { return Backends.cuda(); }
}
