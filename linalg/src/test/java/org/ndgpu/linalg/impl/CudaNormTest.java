package org.ndgpu.linalg.impl;

import org.junit.jupiter.api.Tag;
import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

@Tag("gpu")
class CudaNormTest extends NormConformance {
    @Override protected Device device() { return Backends.cuda(); }
}
