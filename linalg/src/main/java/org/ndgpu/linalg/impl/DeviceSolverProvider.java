package org.ndgpu.linalg.impl;

import org.ndgpu.backend.Dialect;
import org.ndgpu.config.Config;
import org.ndgpu.device.Device;
import org.ndgpu.spi.Solver;
import org.ndgpu.spi.SolverProvider;

/**
 * ndgpu's own factorizations ({@link DeviceSolver}) for OpenCL devices, and for CUDA devices where
 * {@code ndgpu.linalg.solver=own} asks for them; at priority 20, above cuSOLVER's 10 and the host's
 * 0, so on a CUDA device the setting decides and on an OpenCL device nothing else competes.
 */
public final class DeviceSolverProvider implements SolverProvider {
    @Override
    public boolean supports(Device device) {
        return device.backend().dialect() == Dialect.OPENCL || Config.linalgOwnKernels();
    }

    @Override
    public int priority() {
        return 20;
    }

    @Override
    public Solver create(Device device) {
        return new DeviceSolver(device);
    }
}
