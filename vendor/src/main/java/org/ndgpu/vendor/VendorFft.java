package org.ndgpu.vendor;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * A device's own FFT library (cuFFT on CUDA), bound to one device, found through
 * {@link FftProvider}s. Module fft runs numpy.fft on it where it is {@link #available()} and on
 * ndgpu's own kernels everywhere else; it lays the data out, checks arguments and normalizes.
 *
 * <p>Conventions, the same for every implementation: arrays are on this library's device and of a
 * complex dtype (complex64 or complex128) or, for the real side of {@link #r2c} and {@link #c2r},
 * its real dtype; inputs are C-contiguous rows except in {@link #c2cStrided}; work goes to the
 * device's current stream; results are not normalized (the inverse transform is not divided by n,
 * as cuFFT and FFTW): the caller scales. A method that answers false ran nothing: the library has
 * no such transform or cannot read that layout, and the caller composes it from {@link #c2c}.
 * Calls may come from several threads at once.
 */
public interface VendorFft {
    /**
     * Whether the library can serve the device: it is looked for on the first call (once for all
     * devices); false when it cannot be loaded, and the own kernels then serve the device.
     */
    boolean available();

    /** The library and where it was loaded from, for tests and benchmarks: "cuFFT 12.0.0 (libcufft.so.12 (dlopen))". */
    String describe();

    /** out = DFT(in) over {@code batch} rows of {@code n} complex points, forward or ({@code inverse}) backward. */
    void c2c(NDArray in, NDArray out, long batch, long n, boolean inverse);

    /** The n // 2 + 1 first points of the DFT of {@code batch} real rows of n points. */
    boolean r2c(NDArray in, NDArray out, long batch, long n);

    /** The real inverse DFT of n points from Hermitian rows of n // 2 + 1 points; {@code in} may be overwritten. */
    boolean c2r(NDArray in, NDArray out, long batch, long n);

    /**
     * The transform of a strided view without copying it first: {@code v} has the axis last and n
     * points, {@code out} is C-contiguous of v's shape; false when the library cannot read that layout.
     */
    boolean c2cStrided(NDArray v, NDArray out, long n, boolean inverse);

    /**
     * The longest complex transform of {@code dtype} (complex64 or complex128) the library runs in one
     * kernel, one trip through global memory; 0 (the default) where it does not say, and callers
     * then plan as for ndgpu's own kernels.
     */
    default long onePassLength(DType dtype) {
        return 0;
    }

    /** One transform over the trailing axes {@code dims} (1 to 3 of them) of {@code batch} contiguous blocks. */
    boolean c2cTrailing(NDArray in, NDArray out, long batch, long[] dims, boolean inverse);
}
