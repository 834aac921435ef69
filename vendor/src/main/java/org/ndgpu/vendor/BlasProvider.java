package org.ndgpu.vendor;

import org.ndgpu.device.Device;

/**
 * Makes a {@link Blas} for the devices of one backend. Registered in
 * {@code META-INF/services/org.ndgpu.vendor.BlasProvider}; the first provider that supports
 * a device serves it. Example: {@code ClBlastProvider} serves every OpenCL device.
 */
public interface BlasProvider {
    /** True if this provider can serve {@code device}. */
    boolean supports(Device device);

    /** A BLAS bound to {@code device}; called once per device. */
    Blas create(Device device);
}
