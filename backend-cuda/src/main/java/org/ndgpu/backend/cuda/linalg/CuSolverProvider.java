package org.ndgpu.backend.cuda.linalg;

import org.ndgpu.backend.cuda.CudaBackend;
import org.ndgpu.device.Device;
import org.ndgpu.vendor.Solver;
import org.ndgpu.vendor.SolverProvider;

/**
 * Serves CUDA devices with cuSOLVER (libcusolver.so.12 or .11, by soname) at priority 10, above
 * the host solver's 0. Where libcusolver cannot be opened it serves nothing and
 * {@link #problem()} says why; the host solver then serves the device, as its README says.
 */
public final class CuSolverProvider implements SolverProvider {
    @Override
    public boolean supports(Device device) {
        return device.backend() instanceof CudaBackend && CuSolverHandle.API.available();
    }

    @Override
    public int priority() {
        return 10;
    }

    @Override
    public Solver create(Device device) {
        return new CuSolver(device);
    }

    /** Why cuSOLVER is unavailable, or null when it loaded. */
    public static String problem() {
        return CuSolverHandle.API.problem();
    }
}
