package org.ndgpu.examples;

import org.junit.jupiter.api.Tag;
import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

/** The examples on the CUDA device (the GPU host), the CUDA dialect of the raw kernels included. */
@Tag("gpu")
class CudaExamplesTest extends ExamplesConformance {
    @Override
    protected Device device() { return Backends.cuda(); }
}
