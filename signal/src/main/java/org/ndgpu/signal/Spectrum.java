package org.ndgpu.signal;

import org.ndgpu.ndarray.NDArray;

/**
 * The two arrays scipy.signal's spectral estimates return, {@code f, Pxx = welch(x)}: the sample
 * frequencies (float64, length nfreq) and the estimate (nfreq along the input's axis). Closing it
 * closes both.
 *
 * <pre>{@code
 * try (Spectrum s = Nd.signal().welch(x, 1000.0)) { NDArray peak = s.pxx().argmax(); }
 * }</pre>
 *
 * @param f the sample frequencies
 * @param pxx the spectral density or power spectrum (cross spectrum or coherence for csd and coherence)
 */
public record Spectrum(NDArray f, NDArray pxx) implements AutoCloseable {
    @Override
    public void close() {
        f.close();
        pxx.close();
    }
}
