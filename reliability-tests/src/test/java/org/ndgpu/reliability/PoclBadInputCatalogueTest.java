package org.ndgpu.reliability;

import org.ndgpu.device.Device;
import org.ndgpu.testing.Backends;

class PoclBadInputCatalogueTest extends BadInputCatalogue {
    @Override protected Device device() { return Backends.openclCpu(); }
}
