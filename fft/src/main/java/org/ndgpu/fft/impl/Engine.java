package org.ndgpu.fft.impl;

import org.ndgpu.config.Config;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Who computes the transforms on one device: the FFT library its backend brings
 * ({@link VendorEngine}: cuFFT on CUDA where libcufft loads), ndgpu's own kernels ({@link OwnFft})
 * everywhere else. Every method takes C-contiguous rows on
 * the current stream of {@code in}'s device and scales the result by {@code scale}. The optional
 * paths return false when this engine has none, and the caller composes them from {@link #c2c}.
 */
interface Engine {
    /** out = DFT(in) over rows of n complex points (batch rows), forward or inverse, times scale. */
    void c2c(NDArray in, NDArray out, long batch, long n, boolean inverse, double scale);

    /** The n // 2 + 1 first points of the DFT of real rows of n points. */
    default boolean r2c(NDArray in, NDArray out, long batch, long n, double scale) {
        return false;
    }

    /** The real inverse DFT of n points from Hermitian rows of n // 2 + 1 points; {@code in} may be overwritten. */
    default boolean c2r(NDArray in, NDArray out, long batch, long n, double scale) {
        return false;
    }

    /**
     * A transform of a strided view without copying it first: {@code v} has the axis last, n points
     * and the complex dtype; false (nothing run) when this engine cannot read that layout.
     */
    default boolean c2cStrided(NDArray v, NDArray out, long n, boolean inverse, double scale) {
        return false;
    }

    /** A transform over the trailing axes {@code dims} (1 to 3 of them) of contiguous complex data. */
    default boolean c2cTrailing(NDArray in, NDArray out, long batch, long[] dims, boolean inverse, double scale) {
        return false;
    }

    /**
     * The longest complex transform of {@code dtype} this engine runs in one trip through global
     * memory on {@code device} (the rest take several), or 0 where the engine does not say: what
     * a caller weighs when a long transform competes with many short ones.
     */
    default long onePassLength(Device device, DType dtype) {
        return 0;
    }

    /**
     * The engine of a device: its backend's FFT library where one serves the device and loads (unless
     * ndgpu.fft.engine=own, read only for such a device), else the own kernels.
     */
    static Engine of(Device device) {
        VendorEngine vendor = VendorEngine.of(device);
        if (vendor != null && !Config.fftOwnKernels() && vendor.available()) return vendor;
        return Own.INSTANCE;
    }

    /** The own kernels, on any backend. */
    enum Own implements Engine {
        INSTANCE;

        @Override
        public void c2c(NDArray in, NDArray out, long batch, long n, boolean inverse, double scale) {
            OwnFft.c2c(in, out, batch, n, inverse, scale);
        }

        @Override
        public boolean r2c(NDArray in, NDArray out, long batch, long n, double scale) {
            return OwnFft.r2c(in, out, batch, n, scale);
        }

        @Override
        public long onePassLength(Device device, DType dtype) {
            return FftPlan.capacity(device, dtype);
        }

        @Override
        public boolean c2cTrailing(NDArray in, NDArray out, long batch, long[] dims, boolean inverse, double scale) {
            return OwnFft.c2cTrailing(in, out, batch, dims, inverse, scale);
        }
    }
}
