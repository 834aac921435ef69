package org.ndgpu.signal;

import org.ndgpu.ndarray.NDArray;

/**
 * The three arrays scipy.signal.stft and spectrogram return, {@code f, t, Zxx = stft(x)}: the
 * sample frequencies (float64, nfreq), the segment times (float64, nseg) and the transform
 * (complex for stft and spectrogram's mode 'complex', real for its other modes), of x's shape with
 * the axis replaced by nfreq and the segments appended as the last axis. Closing it closes all three.
 *
 * <pre>{@code
 * try (Stft s = Nd.signal().stft(x, 1000.0, 128)) { NDArray mag = s.zxx().abs(); }
 * }</pre>
 *
 * @param f the sample frequencies
 * @param t the times of the segments' centres
 * @param zxx the short-time transform (Sxx for spectrogram)
 */
public record Stft(NDArray f, NDArray t, NDArray zxx) implements AutoCloseable {
    @Override
    public void close() {
        f.close();
        t.close();
        zxx.close();
    }
}
