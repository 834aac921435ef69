package org.ndgpu.reliability;

import org.junit.jupiter.api.Tag;

@Tag("gpu")
class OpenClGpuHostileSuiteTest extends HostileSuite {
    @Override protected String deviceKind() { return "opencl-gpu"; }
}
