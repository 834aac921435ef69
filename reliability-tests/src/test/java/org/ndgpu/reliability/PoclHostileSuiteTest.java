package org.ndgpu.reliability;


class PoclHostileSuiteTest extends HostileSuite {
    @Override protected String deviceKind() { return "opencl-cpu"; }
}
