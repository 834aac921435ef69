package org.ndgpu.linalg.impl;

import org.junit.jupiter.api.Tag;
import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

@Tag("gpu")
class OpenClGpuDecompositionTest extends DecompositionConformance {
    @Override protected Device device() { return Backends.openclGpu(); }
}
