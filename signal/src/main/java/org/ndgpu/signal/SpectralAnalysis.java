package org.ndgpu.signal;

import java.util.Objects;
import java.util.function.BiFunction;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;

/**
 * scipy.signal's spectral estimates, a part of {@code Nd.signal()} ({@link Signal} implements it):
 * periodogram, welch, csd and coherence, with SciPy's parameters in its order. Each returns the
 * frequencies and the estimate as a {@link Spectrum}.
 *
 * <pre>{@code
 * try (Spectrum s = Nd.signal().welch(x, 1000.0)) { NDArray psd = s.pxx(); }
 * }</pre>
 */
public interface SpectralAnalysis {
    /** scipy.signal.periodogram(x): boxcar window, fs 1, along the last axis: {@code signal.periodogram(x)}. */
    default Spectrum periodogram(NDArray x) {
        return periodogram(x, 1.0);
    }

    /** scipy.signal.periodogram(x, fs): {@code signal.periodogram(x, 1000.0)}. */
    default Spectrum periodogram(NDArray x, double fs) {
        return periodogram(x, fs, "boxcar", null, "constant", true, "density", -1);
    }

    /**
     * scipy.signal.periodogram(x, fs, window, nfft, detrend, return_onesided, scaling, axis): one
     * segment of the whole axis (nfft null: its length; a shorter nfft truncates x), detrend
     * "constant", "linear" or "none", scaling "density" or "spectrum":
     * {@code signal.periodogram(x, 8.0, "hann", null, "none", true, "spectrum", -1)}.
     */
    default Spectrum periodogram(
            NDArray x,
            double fs,
            String window,
            Integer nfft,
            String detrend,
            boolean returnOnesided,
            String scaling,
            int axis) {
        String op = "signal.periodogram";
        Objects.requireNonNull(x, op + ": x is null");
        Objects.requireNonNull(window, op + ": window is null");
        x.live(op);
        if (x.ndim() == 0) {
            throw new org.ndgpu.exceptions.ShapeException(
                    op + ": expected an array of at least 1 dimension, got a 0-d array");
        }
        int ax = Spectral.axis(op, x, axis);
        long n = x.shape()[ax];
        if (x.size() == 0 || n == 0) {
            return Spectral.csd(
                    op,
                    x,
                    null,
                    fs,
                    null,
                    window,
                    Double.NaN,
                    1,
                    0,
                    null,
                    detrend,
                    returnOnesided,
                    scaling,
                    axis,
                    "mean");
        }
        if (nfft != null && nfft < 1) throw new NdException(op + ": expected nfft >= 1, got " + nfft);
        if (nfft != null && nfft < n) {
            StringBuilder idx = new StringBuilder();
            for (int d = 0; d < x.ndim(); d++) idx.append(d > 0 ? "," : "").append(d == ax ? "0:" + nfft : ":");
            try (NDArray cut = x.get(idx.toString())) {
                return Spectral.csd(
                        op,
                        cut,
                        null,
                        fs,
                        null,
                        window,
                        Double.NaN,
                        nfft,
                        0,
                        null,
                        detrend,
                        returnOnesided,
                        scaling,
                        axis,
                        "mean");
            }
        }
        return Spectral.csd(
                op,
                x,
                null,
                fs,
                null,
                window,
                Double.NaN,
                Math.toIntExact(n),
                0,
                nfft,
                detrend,
                returnOnesided,
                scaling,
                axis,
                "mean");
    }

    /** scipy.signal.welch(x): hann segments of 256 (or the axis's length), half overlapping: {@code signal.welch(x)}. */
    default Spectrum welch(NDArray x) {
        return welch(x, 1.0);
    }

    /** scipy.signal.welch(x, fs): {@code signal.welch(x, 1000.0)}. */
    default Spectrum welch(NDArray x, double fs) {
        return welch(x, fs, "hann", null, null, null, "constant", true, "density", -1, "mean");
    }

    /**
     * scipy.signal.welch(x, fs, window, nperseg, noverlap, nfft, detrend, return_onesided, scaling,
     * axis, average) with a named window (nperseg null: 256; noverlap null: nperseg / 2; nfft null:
     * nperseg); average "mean" only: {@code signal.welch(x, 1e3, "hann", 1024, null, null, "constant", true,
     * "density", -1, "mean")}.
     */
    default Spectrum welch(
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
            String average) {
        return Spectral.csd(
                "signal.welch",
                x,
                null,
                fs,
                null,
                SpectralAnalysis.name("signal.welch", window),
                Double.NaN,
                nperseg,
                noverlap,
                nfft,
                detrend,
                returnOnesided,
                scaling,
                axis,
                average);
    }

    /**
     * scipy.signal.welch with a window array (its length is nperseg; nperseg null or equal):
     * {@code signal.welch(x, 1e3, signal.getWindow("kaiser", 8.0, 512, true), null, null, null,
     * "constant", true, "density", -1, "mean")}.
     */
    default Spectrum welch(
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
            String average) {
        Objects.requireNonNull(window, "signal.welch: window is null");
        return Spectral.csd(
                "signal.welch",
                x,
                null,
                fs,
                window,
                null,
                Double.NaN,
                nperseg,
                noverlap,
                nfft,
                detrend,
                returnOnesided,
                scaling,
                axis,
                average);
    }

    /** scipy.signal.csd(x, y): the cross spectral density, complex: {@code signal.csd(x, y)}. */
    default Spectrum csd(NDArray x, NDArray y) {
        return csd(x, y, 1.0);
    }

    /** scipy.signal.csd(x, y, fs): {@code signal.csd(x, y, 1000.0)}. */
    default Spectrum csd(NDArray x, NDArray y, double fs) {
        return csd(x, y, fs, "hann", null, null, null, "constant", true, "density", -1, "mean");
    }

    /**
     * scipy.signal.csd(x, y, fs, window, nperseg, noverlap, nfft, detrend, return_onesided,
     * scaling, axis, average): conj(X) Y averaged over the segments (the shorter input zero-padded):
     * {@code signal.csd(x, y, 1e3, "hann", 256, null, null, "constant", true, "density", -1, "mean")}.
     */
    default Spectrum csd(
            NDArray x,
            NDArray y,
            double fs,
            String window,
            Integer nperseg,
            Integer noverlap,
            Integer nfft,
            String detrend,
            boolean returnOnesided,
            String scaling,
            int axis,
            String average) {
        Objects.requireNonNull(y, "signal.csd: y is null");
        return Spectral.csd(
                "signal.csd",
                x,
                y,
                fs,
                null,
                SpectralAnalysis.name("signal.csd", window),
                Double.NaN,
                nperseg,
                noverlap,
                nfft,
                detrend,
                returnOnesided,
                scaling,
                axis,
                average);
    }

    /** scipy.signal.coherence(x, y): the magnitude-squared coherence: {@code signal.coherence(x, y)}. */
    default Spectrum coherence(NDArray x, NDArray y) {
        return coherence(x, y, 1.0, "hann", null, null, null, "constant", -1);
    }

    /**
     * scipy.signal.coherence(x, y, fs, window, nperseg, noverlap, nfft, detrend, axis):
     * |Pxy|^2 / (Pxx Pyy): {@code signal.coherence(x, y, 1e3, "hann", 256, null, null, "constant", -1)}.
     */
    default Spectrum coherence(
            NDArray x,
            NDArray y,
            double fs,
            String window,
            Integer nperseg,
            Integer noverlap,
            Integer nfft,
            String detrend,
            int axis) {
        String op = "signal.coherence";
        Objects.requireNonNull(y, op + ": y is null");
        String w = name(op, window);
        // the three spectra share every setting; only the pair of signals differs
        BiFunction<NDArray, NDArray, Spectrum> csd = (a, b) -> Spectral.csd(
                op, a, b, fs, null, w, Double.NaN, nperseg, noverlap, nfft, detrend, true, "density", axis, "mean");
        try (Spectrum xx = csd.apply(x, null);
                Spectrum yy = csd.apply(y, null);
                Spectrum xy = csd.apply(x, y);
                NDArray mag = xy.pxx().abs();
                NDArray mag2 = mag.mul(mag);
                NDArray q = mag2.div(xx.pxx())) {
            return new Spectrum(xx.f().copy(), q.div(yy.pxx()));
        }
    }

    private static String name(String op, String window) {
        if (window == null) throw new NullPointerException(op + ": window is null");
        return window;
    }
}
