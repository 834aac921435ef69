package org.ndgpu.backend.opencl.blas;

import org.ndgpu.backend.opencl.OpenClHandles;
import org.ndgpu.device.Device;
import org.ndgpu.vendor.Blas;
import org.ndgpu.vendor.BlasProvider;

/** Serves every OpenCL device with CLBlast (through jocl-blast). */
public final class ClBlastProvider implements BlasProvider {
    @Override
    public boolean supports(Device device) {
        return OpenClHandles.isOpenCl(device.backend());
    }

    @Override
    public Blas create(Device device) {
        return new ClBlast(device);
    }
}
