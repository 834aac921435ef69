package org.ndgpu.examples;

import org.junit.jupiter.api.Tag;
import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

/** The examples on the OpenCL GPU (NVIDIA's platform on the GPU host). */
@Tag("gpu")
class OpenClGpuExamplesTest extends ExamplesConformance {
    @Override
    protected Device device() { return Backends.openclGpu(); }
}
