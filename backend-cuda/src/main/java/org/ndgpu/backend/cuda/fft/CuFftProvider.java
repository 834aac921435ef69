package org.ndgpu.backend.cuda.fft;

import org.ndgpu.backend.cuda.CudaBackend;
import org.ndgpu.device.Device;
import org.ndgpu.vendor.FftProvider;
import org.ndgpu.vendor.VendorFft;

/**
 * Serves CUDA devices with cuFFT (libcufft.so.12, .11 or .10, by soname). The library is looked
 * for on the first transform on a CUDA device (or the first {@code Device.problems()} call), not
 * here; where it cannot be opened the device runs ndgpu's own FFT kernels and {@link CuFftCheck}
 * says why.
 */
public final class CuFftProvider implements FftProvider {
    /** For ServiceLoader. */
    public CuFftProvider() {}

    @Override
    public boolean supports(Device device) {
        return device.backend() instanceof CudaBackend;
    }

    @Override
    public VendorFft create(Device device) {
        return new CuFft(device);
    }
}
