package org.ndgpu.vendor;

import org.ndgpu.device.Device;

/**
 * Makes a {@link VendorSparse} for the devices of one backend; registered in
 * {@code META-INF/services/org.ndgpu.vendor.SparseProvider} (and with {@code provides} on the module
 * path). Module sparse asks the providers once and keeps what the first one that supports a device
 * made for it; a device no provider supports runs ndgpu's own sparse kernels. Example:
 * {@code CuSparseProvider} in backend-cuda serves every CUDA device with cuSPARSE.
 */
public interface SparseProvider {
    /**
     * True if {@code device} is one this provider's library would serve (a device of its backend).
     * Loads nothing: the library is looked for by {@link VendorSparse#available()}.
     */
    boolean supports(Device device);

    /** The library bound to {@code device}; called once per device, and cheap: it loads nothing. */
    VendorSparse create(Device device);
}
