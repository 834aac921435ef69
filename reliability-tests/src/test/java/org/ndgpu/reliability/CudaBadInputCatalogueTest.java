package org.ndgpu.reliability;

import org.junit.jupiter.api.Tag;
import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

/** The catalogue on CUDA; RawKernel cases written in OpenCL C are translated by the CUDA path only if it can, so they compile there too. */
@Tag("gpu")
class CudaBadInputCatalogueTest extends BadInputCatalogue {
    @Override protected Device device() { return Backends.cuda(); }
}
