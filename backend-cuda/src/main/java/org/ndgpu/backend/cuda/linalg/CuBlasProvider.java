package org.ndgpu.backend.cuda.linalg;

import org.ndgpu.backend.cuda.CudaBackend;
import org.ndgpu.device.Device;
import org.ndgpu.vendor.Blas;
import org.ndgpu.vendor.BlasProvider;

/**
 * Serves CUDA devices with cuBLAS. Where libcublas cannot be opened (no CUDA toolkit on the
 * machine) it serves nothing, and {@link #problem()} says why; matmul on such a device then runs
 * ndgpu's own GEMM kernel only for the integer dtypes and says that no BLAS is available for floats.
 */
public final class CuBlasProvider implements BlasProvider {
    @Override
    public boolean supports(Device device) {
        return device.backend() instanceof CudaBackend && CuBlas.API.available();
    }

    @Override
    public Blas create(Device device) {
        return new CuBlas(device);
    }

    /** Why cuBLAS is unavailable, or null when it loaded. */
    public static String problem() {
        return CuBlas.API.problem();
    }
}
