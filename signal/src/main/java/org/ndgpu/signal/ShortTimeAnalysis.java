package org.ndgpu.signal;

import org.ndgpu.ndarray.NDArray;

/**
 * scipy.signal's legacy short-time Fourier functions, a part of {@code Nd.signal()} ({@link Signal}
 * implements it): stft, istft and spectrogram, with SciPy's parameters in its order (null for a
 * default that depends on others). Real float32 and float64 input and complex input (then
 * two-sided, as SciPy switches); the transforms run on the device through module fft.
 *
 * <pre>{@code
 * try (Stft s = Nd.signal().stft(x, 1000.0, 256);
 *         TimeSignal back = Nd.signal().istft(s.zxx(), 1000.0)) { ... }
 * }</pre>
 */
public interface ShortTimeAnalysis {
    /** scipy.signal.stft(x): periodic hann segments of 256 (at most x's length), half overlapping: {@code signal.stft(x)}. */
    default Stft stft(NDArray x) {
        return stft(x, 1.0, 256);
    }

    /** scipy.signal.stft(x, fs, nperseg=nperseg): {@code signal.stft(x, 1000.0, 128)}. */
    default Stft stft(NDArray x, double fs, int nperseg) {
        return stft(x, fs, "hann", nperseg, null, null, null, true, "zeros", true, -1, "spectrum");
    }

    /**
     * scipy.signal.stft(x, fs, window, nperseg, noverlap, nfft, detrend, return_onesided, boundary,
     * padded, axis, scaling): a named window (periodic), noverlap null for nperseg / 2, nfft null for
     * nperseg, detrend null/"none", "constant" or "linear", boundary "zeros", "even", "odd",
     * "constant" or null, scaling "spectrum" or "psd":
     * {@code signal.stft(x, 1e3, "hamming", 64, 48, 128, null, true, "even", true, 0, "psd")}.
     */
    default Stft stft(
            NDArray x,
            double fs,
            String window,
            Integer nperseg,
            Integer noverlap,
            Integer nfft,
            String detrend,
            boolean returnOnesided,
            String boundary,
            boolean padded,
            int axis,
            String scaling) {
        if (window == null) throw new NullPointerException("signal.stft: window is null");
        return ShortTimeFourier.analyse(
                x,
                new ShortTimeFourier.Request(
                        "signal.stft",
                        fs,
                        null,
                        window,
                        Double.NaN,
                        nperseg,
                        noverlap,
                        nfft,
                        detrend,
                        returnOnesided,
                        boundary,
                        padded,
                        axis,
                        scaling,
                        "stft"));
    }

    /**
     * scipy.signal.stft with a window array (its length is nperseg; nperseg null or equal):
     * {@code signal.stft(x, 1e3, signal.getWindow("kaiser", 8.0, 64, true), null, null, null, null,
     * true, "zeros", true, -1, "spectrum")}.
     */
    default Stft stft(
            NDArray x,
            double fs,
            NDArray window,
            Integer nperseg,
            Integer noverlap,
            Integer nfft,
            String detrend,
            boolean returnOnesided,
            String boundary,
            boolean padded,
            int axis,
            String scaling) {
        if (window == null) throw new NullPointerException("signal.stft: window is null");
        return ShortTimeFourier.analyse(
                x,
                new ShortTimeFourier.Request(
                        "signal.stft",
                        fs,
                        window,
                        null,
                        Double.NaN,
                        nperseg,
                        noverlap,
                        nfft,
                        detrend,
                        returnOnesided,
                        boundary,
                        padded,
                        axis,
                        scaling,
                        "stft"));
    }

    /** scipy.signal.istft(Zxx): one-sided, periodic hann, boundary cut: {@code signal.istft(s.zxx())}. */
    default TimeSignal istft(NDArray zxx) {
        return istft(zxx, 1.0);
    }

    /** scipy.signal.istft(Zxx, fs): {@code signal.istft(s.zxx(), 1000.0)}. */
    default TimeSignal istft(NDArray zxx, double fs) {
        return istft(zxx, fs, "hann", null, null, null, true, true, -1, -2, "spectrum");
    }

    /**
     * scipy.signal.istft(Zxx, fs, window, nperseg, noverlap, nfft, input_onesided, boundary,
     * time_axis, freq_axis, scaling): the windowed overlap-add of the inverse transforms, divided by
     * the summed squared windows: {@code signal.istft(z, 1e3, "hann", 64, 48, null, true, true, -1, -2, "spectrum")}.
     */
    default TimeSignal istft(
            NDArray zxx,
            double fs,
            String window,
            Integer nperseg,
            Integer noverlap,
            Integer nfft,
            boolean inputOnesided,
            boolean boundary,
            int timeAxis,
            int freqAxis,
            String scaling) {
        if (window == null) throw new NullPointerException("signal.istft: window is null");
        return InverseStft.istft(
                zxx, fs, null, window, nperseg, noverlap, nfft, inputOnesided, boundary, timeAxis, freqAxis, scaling);
    }

    /**
     * scipy.signal.istft with a window array of length nperseg:
     * {@code signal.istft(z, 1e3, w, null, null, null, true, true, -1, -2, "spectrum")}.
     */
    default TimeSignal istft(
            NDArray zxx,
            double fs,
            NDArray window,
            Integer nperseg,
            Integer noverlap,
            Integer nfft,
            boolean inputOnesided,
            boolean boundary,
            int timeAxis,
            int freqAxis,
            String scaling) {
        if (window == null) throw new NullPointerException("signal.istft: window is null");
        return InverseStft.istft(
                zxx, fs, window, null, nperseg, noverlap, nfft, inputOnesided, boundary, timeAxis, freqAxis, scaling);
    }

    /** scipy.signal.spectrogram(x): tukey(0.25) segments of 256, an eighth overlapping, PSD: {@code signal.spectrogram(x)}. */
    default Stft spectrogram(NDArray x) {
        return spectrogram(x, 1.0);
    }

    /** scipy.signal.spectrogram(x, fs): {@code signal.spectrogram(x, 1000.0)}. */
    default Stft spectrogram(NDArray x, double fs) {
        return ShortTimeFourier.analyse(
                x,
                new ShortTimeFourier.Request(
                        "signal.spectrogram",
                        fs,
                        null,
                        "tukey",
                        0.25,
                        null,
                        null,
                        null,
                        "constant",
                        true,
                        null,
                        false,
                        -1,
                        "density",
                        "psd"));
    }

    /**
     * scipy.signal.spectrogram(x, fs, window, nperseg, noverlap, nfft, detrend, return_onesided,
     * scaling, axis, mode): noverlap null for nperseg / 8, mode "psd", "complex", "magnitude",
     * "angle" or "phase" (the angle unwrapped along the frequencies):
     * {@code signal.spectrogram(x, 1e3, "hann", 128, null, null, "constant", true, "density", -1, "magnitude")}.
     */
    default Stft spectrogram(
            NDArray x,
            double fs,
            String window,
            Integer nperseg,
            Integer noverlap,
            Integer nfft,
            String detrend,
            boolean returnOnesided,
            String scaling,
            int axis,
            String mode) {
        if (window == null) throw new NullPointerException("signal.spectrogram: window is null");
        return ShortTimeFourier.analyse(
                x,
                new ShortTimeFourier.Request(
                        "signal.spectrogram",
                        fs,
                        null,
                        window,
                        Double.NaN,
                        nperseg,
                        noverlap,
                        nfft,
                        detrend,
                        returnOnesided,
                        null,
                        false,
                        axis,
                        scaling,
                        ShortTimeFourier.mode(mode)));
    }

    /**
     * scipy.signal.spectrogram with a window array (its length is nperseg):
     * {@code signal.spectrogram(x, 1e3, w, null, null, null, "constant", true, "density", -1, "psd")}.
     */
    default Stft spectrogram(
            NDArray x,
            double fs,
            NDArray window,
            Integer nperseg,
            Integer noverlap,
            Integer nfft,
            String detrend,
            boolean returnOnesided,
            String scaling,
            int axis,
            String mode) {
        if (window == null) throw new NullPointerException("signal.spectrogram: window is null");
        return ShortTimeFourier.analyse(
                x,
                new ShortTimeFourier.Request(
                        "signal.spectrogram",
                        fs,
                        window,
                        null,
                        Double.NaN,
                        nperseg,
                        noverlap,
                        nfft,
                        detrend,
                        returnOnesided,
                        null,
                        false,
                        axis,
                        scaling,
                        ShortTimeFourier.mode(mode)));
    }
}
