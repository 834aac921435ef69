package org.ndgpu.vendor;

import org.ndgpu.device.Device;

/**
 * Makes a {@link Solver} for devices of one backend; registered in
 * {@code META-INF/services/org.ndgpu.vendor.SolverProvider}. Among the providers that
 * support a device the highest priority wins: the host (EJML) solver serves every device at
 * priority 0, so a device library (cuSOLVER) takes over by registering with a higher one.
 */
public interface SolverProvider {
    /** True if this provider can serve {@code device}. */
    boolean supports(Device device);

    /** Higher wins; the host solver is 0. */
    int priority();

    /** A solver bound to {@code device}; called once per device. */
    Solver create(Device device);
}
