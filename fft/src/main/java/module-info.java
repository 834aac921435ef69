/**
 * The implementation of {@code Nd.fft()} (org.ndgpu.fft, in ndarray): numpy.fft on the device,
 * through cuFFT on CUDA where libcufft loads and ndgpu's own Stockham and Bluestein kernels
 * elsewhere. Nothing is exported; ServiceLoader finds it. The CUDA backend is needed only on CUDA
 * (static: an OpenCL-only application leaves it out), and the cuFFT binding needs
 * {@code --enable-native-access=org.ndgpu.fft}.
 */
module org.ndgpu.fft {
    requires org.ndgpu.ndarray;
    requires static org.ndgpu.backend.cuda;

    provides org.ndgpu.fft.Fft with org.ndgpu.fft.impl.FftLibrary;
    provides org.ndgpu.spi.OptionalLibrary with org.ndgpu.fft.impl.CuFftCheck;
}
