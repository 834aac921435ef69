package org.ndgpu.raw;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclVectorizeTest extends VectorizeConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
