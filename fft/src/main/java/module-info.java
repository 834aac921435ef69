/**
 * numpy.fft on the device, as {@code Nd.fft()}: the {@code Fft} namespace, through the FFT library
 * a backend brings ({@code FftProvider}: cuFFT from backend-cuda on CUDA, where libcufft loads) and
 * ndgpu's own Stockham and Bluestein kernels elsewhere. Module routines' convolve finds its real
 * FFTs through the core's RealFft.
 */
@SuppressWarnings("module") // org.ndgpu, named in a qualified export, is built after this module
module org.ndgpu.fft {
    requires org.ndgpu.ndarray;
    requires org.ndgpu.vendor;
    requires org.ndgpu.elementwise; // its kernels: templates and the launch-argument builder

    uses org.ndgpu.vendor.FftProvider;

    exports org.ndgpu.fft;
    exports org.ndgpu.fft.impl to
            org.ndgpu, // the facade Nd reaches FftLibrary directly
            org.ndgpu.signal; // as do scipy.signal's FFT convolutions and spectra

    provides org.ndgpu.spi.RealFft with
            org.ndgpu.fft.impl.FftLibrary;
}
