/**
 * numpy.fft on the device, as {@code Nd.fft()}: the {@code Fft} namespace, through cuFFT on CUDA where
 * libcufft loads and ndgpu's own Stockham and Bluestein kernels elsewhere. Module routines' convolve
 * finds its real FFTs through the core's RealFft. The CUDA backend is needed only on CUDA
 * (static: an OpenCL-only application leaves it out), and the cuFFT binding needs
 * {@code --enable-native-access=org.ndgpu.fft}.
 */
@SuppressWarnings("module") // org.ndgpu, named in a qualified export, is built after this module
module org.ndgpu.fft {
    requires org.ndgpu.ndarray;
    requires static org.ndgpu.backend.cuda;

    exports org.ndgpu.fft;
    exports org.ndgpu.fft.impl to org.ndgpu; // the facade Nd reaches FftLibrary directly

    provides org.ndgpu.spi.RealFft with org.ndgpu.fft.impl.FftLibrary;
    provides org.ndgpu.spi.OptionalLibrary with org.ndgpu.fft.impl.CuFftCheck;
}
