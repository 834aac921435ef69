package org.ndgpu.linalg.impl;

import java.util.Comparator;
import java.util.ServiceLoader;
import org.ndgpu.backend.Dialect;
import org.ndgpu.config.Config;
import org.ndgpu.device.Device;
import org.ndgpu.vendor.Solver;
import org.ndgpu.vendor.SolverProvider;

/**
 * ndgpu's own factorizations ({@link DeviceSolver}) on every device, at priority 20, above
 * cuSOLVER's 10 and the host's 0: the device solver stands in front of the best other provider
 * (its fallback) and decides per stack which of the two factors it. On OpenCL devices and where
 * {@code ndgpu.linalg.solver=own} asks (CUDA) every order it takes runs on ndgpu's kernels; on CUDA
 * by default only stacks of small matrices do, and cuSOLVER keeps the large ones.
 */
public final class DeviceSolverProvider implements SolverProvider {
    @Override
    public boolean supports(Device device) {
        return true;
    }

    @Override
    public int priority() {
        return 20;
    }

    @Override
    public Solver create(Device device) {
        Solver fallback = ServiceLoader.load(SolverProvider.class, SolverProvider.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get)
                .filter(p -> !(p instanceof DeviceSolverProvider) && p.supports(device))
                .max(Comparator.comparingInt(SolverProvider::priority))
                .map(p -> p.create(device))
                .orElseGet(() -> new HostSolver(device));
        boolean own = device.backend().dialect() == Dialect.OPENCL || Config.linalgOwnKernels();
        return new DeviceSolver(device, fallback, own);
    }
}
