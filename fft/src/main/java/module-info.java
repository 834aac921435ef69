/**
 * The implementation of {@code Nd.fft()} (org.ndgpu.fft, in ndarray): numpy.fft on the device,
 * through the FFT library a backend brings ({@code FftProvider}: cuFFT from backend-cuda on CUDA,
 * where libcufft loads) and ndgpu's own Stockham and Bluestein kernels elsewhere. Nothing is
 * exported; ServiceLoader finds it.
 */
module org.ndgpu.fft {
    requires org.ndgpu.ndarray;

    uses org.ndgpu.spi.FftProvider;

    provides org.ndgpu.fft.Fft with org.ndgpu.fft.impl.FftLibrary;
}
