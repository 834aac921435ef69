/**
 * scipy.signal on the device, as {@code Nd.signal()}: n-D convolutions and correlations, direct (a
 * generated elementwise kernel) or through module fft's transforms, the named windows and the
 * spectral estimates (periodogram, welch, csd, coherence) built on them, the short-time transforms
 * (stft, istft, spectrogram), the linear filters and their design, and the multirate functions
 * (upfirdn, resample_poly, decimate).
 */
module org.ndgpu.signal {
    requires transitive org.ndgpu.ndarray;
    requires org.ndgpu.elementwise;
    requires org.ndgpu.fft;

    exports org.ndgpu.signal;
}
