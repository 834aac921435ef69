package org.ndgpu.routines;

import org.junit.jupiter.api.Tag;
import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

@Tag("gpu")
class OpenClGpuSortTest extends SortConformance {
    @Override protected Device device() { return Backends.openclGpu(); }
}
