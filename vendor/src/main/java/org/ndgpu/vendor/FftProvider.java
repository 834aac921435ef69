package org.ndgpu.vendor;

import org.ndgpu.device.Device;

/**
 * Makes a {@link VendorFft} for the devices of one backend; registered in
 * {@code META-INF/services/org.ndgpu.vendor.FftProvider} (and with {@code provides} on the module
 * path). Module fft asks the providers once and keeps what the first one that supports a device
 * made for it; a device no provider supports runs ndgpu's own FFT kernels. Example:
 * {@code CuFftProvider} in backend-cuda serves every CUDA device with cuFFT.
 */
public interface FftProvider {
    /**
     * True if {@code device} is one this provider's library would serve (a device of its backend).
     * Loads nothing: the library is looked for by {@link VendorFft#available()}.
     */
    boolean supports(Device device);

    /** The library bound to {@code device}; called once per device, and cheap: it loads nothing. */
    VendorFft create(Device device);
}
