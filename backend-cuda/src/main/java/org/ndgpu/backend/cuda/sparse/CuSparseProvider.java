package org.ndgpu.backend.cuda.sparse;

import org.ndgpu.backend.cuda.CudaBackend;
import org.ndgpu.device.Device;
import org.ndgpu.vendor.SparseProvider;
import org.ndgpu.vendor.VendorSparse;

/**
 * Serves CUDA devices with cuSPARSE (libcusparse.so.12 or .11, by soname). The library is looked
 * for on the first sparse product on a CUDA device (or the first {@code Device.problems()} call),
 * not here; where it cannot be opened the device runs ndgpu's own sparse kernels and
 * {@link CuSparseCheck} says why.
 */
public final class CuSparseProvider implements SparseProvider {
    /** For ServiceLoader. */
    public CuSparseProvider() {}

    @Override
    public boolean supports(Device device) {
        return device.backend() instanceof CudaBackend;
    }

    @Override
    public VendorSparse create(Device device) {
        return new CuSparse(device);
    }
}
