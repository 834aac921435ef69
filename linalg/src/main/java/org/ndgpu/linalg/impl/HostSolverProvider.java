package org.ndgpu.linalg.impl;

import org.ndgpu.device.Device;
import org.ndgpu.vendor.Solver;
import org.ndgpu.vendor.SolverProvider;

/** The EJML host solver, for every device, at priority 0 (a device library outranks it). */
public final class HostSolverProvider implements SolverProvider {
    @Override
    public boolean supports(Device device) {
        return true;
    }

    @Override
    public int priority() {
        return 0;
    }

    @Override
    public Solver create(Device device) {
        return new HostSolver(device);
    }
}
