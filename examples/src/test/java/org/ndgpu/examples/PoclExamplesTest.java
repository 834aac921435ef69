package org.ndgpu.examples;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

/** The examples on PoCL (OpenCL on the CPU): what CI runs. */
class PoclExamplesTest extends ExamplesConformance {
    @Override
    protected Device device() { return Backends.openclCpu(); }
}
