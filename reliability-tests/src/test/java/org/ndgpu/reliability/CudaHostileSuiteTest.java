package org.ndgpu.reliability;

import org.junit.jupiter.api.Tag;

@Tag("gpu")
class CudaHostileSuiteTest extends HostileSuite {
    @Override protected String deviceKind() { return "cuda"; }
}
