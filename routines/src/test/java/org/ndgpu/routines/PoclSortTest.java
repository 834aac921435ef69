package org.ndgpu.routines;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclSortTest extends SortConformance {
    @Override protected Device device() { return Backends.openclCpu(); }
}
