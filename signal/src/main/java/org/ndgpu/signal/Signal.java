package org.ndgpu.signal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * scipy.signal on the device, as cupyx.scipy.signal: {@code Nd.signal()}. SciPy's function names
 * in lowerCamelCase and its positional parameters in its order; the short forms take SciPy's
 * defaults. Real float32 and float64 inputs (integers compute in float64 and round back, as SciPy's
 * FFT path does); complex input is refused for now. Results with two parts are records
 * ({@link Spectrum}).
 *
 * <pre>{@code
 * NDArray y = Nd.signal().fftconvolve(x, kernel, ConvMode.SAME);
 * NDArray c = Nd.signal().correlate2d(image, template, ConvMode.VALID);
 * try (Spectrum s = Nd.signal().welch(x, 1000.0)) { ... s.f() ... s.pxx() ... }
 * }</pre>
 */
public final class Signal {
    private static final Signal INSTANCE = new Signal();

    private Signal() {}

    /** The namespace ({@code Nd.signal()} returns it). */
    public static Signal get() {
        return INSTANCE;
    }

    // ---------------------------------------------------------------- convolutions

    /** scipy.signal.convolve(in1, in2): the full n-D convolution, method auto: {@code signal.convolve(x, h)}. */
    public NDArray convolve(NDArray in1, NDArray in2) {
        return convolve(in1, in2, ConvMode.FULL, ConvMethod.AUTO);
    }

    /** scipy.signal.convolve(in1, in2, mode): {@code signal.convolve(x, h, ConvMode.SAME)}. */
    public NDArray convolve(NDArray in1, NDArray in2, ConvMode mode) {
        return convolve(in1, in2, mode, ConvMethod.AUTO);
    }

    /**
     * scipy.signal.convolve(in1, in2, mode, method): in1 and in2 of one ndim, the result of their
     * promoted dtype: {@code signal.convolve(x, h, ConvMode.VALID, ConvMethod.DIRECT)}.
     */
    public NDArray convolve(NDArray in1, NDArray in2, ConvMode mode, ConvMethod method) {
        return Convolutions.convolve("signal.convolve", in1, in2, mode, method, false);
    }

    /** scipy.signal.correlate(in1, in2): the full n-D cross-correlation: {@code signal.correlate(x, h)}. */
    public NDArray correlate(NDArray in1, NDArray in2) {
        return correlate(in1, in2, ConvMode.FULL, ConvMethod.AUTO);
    }

    /** scipy.signal.correlate(in1, in2, mode): {@code signal.correlate(x, h, ConvMode.SAME)}. */
    public NDArray correlate(NDArray in1, NDArray in2, ConvMode mode) {
        return correlate(in1, in2, mode, ConvMethod.AUTO);
    }

    /**
     * scipy.signal.correlate(in1, in2, mode, method): {@code z[k] = sum_j in1[k + j - (n2 - 1)] in2[j]}
     * in full coordinates: {@code signal.correlate(x, h, ConvMode.VALID, ConvMethod.FFT)}.
     */
    public NDArray correlate(NDArray in1, NDArray in2, ConvMode mode, ConvMethod method) {
        return Convolutions.convolve("signal.correlate", in1, in2, mode, method, true);
    }

    /** scipy.signal.fftconvolve(in1, in2): the full convolution through FFTs: {@code signal.fftconvolve(x, h)}. */
    public NDArray fftconvolve(NDArray in1, NDArray in2) {
        return fftconvolve(in1, in2, ConvMode.FULL, null);
    }

    /** scipy.signal.fftconvolve(in1, in2, mode): {@code signal.fftconvolve(x, h, ConvMode.SAME)}. */
    public NDArray fftconvolve(NDArray in1, NDArray in2, ConvMode mode) {
        return fftconvolve(in1, in2, mode, null);
    }

    /**
     * scipy.signal.fftconvolve(in1, in2, mode, axes): over {@code axes} only (null: every axis), the
     * other axes broadcast; float32 stays float32, integers give float64:
     * {@code signal.fftconvolve(rows, h, ConvMode.FULL, new int[] {1})}.
     */
    public NDArray fftconvolve(NDArray in1, NDArray in2, ConvMode mode, int[] axes) {
        return Convolutions.fftconvolve("signal.fftconvolve", in1, in2, mode, axes);
    }

    /** scipy.signal.oaconvolve(in1, in2): {@code signal.oaconvolve(x, h)}. */
    public NDArray oaconvolve(NDArray in1, NDArray in2) {
        return oaconvolve(in1, in2, ConvMode.FULL, null);
    }

    /** scipy.signal.oaconvolve(in1, in2, mode): {@code signal.oaconvolve(x, h, ConvMode.SAME)}. */
    public NDArray oaconvolve(NDArray in1, NDArray in2, ConvMode mode) {
        return oaconvolve(in1, in2, mode, null);
    }

    /**
     * scipy.signal.oaconvolve(in1, in2, mode, axes): SciPy's overlap-add result, computed as
     * fftconvolve (one transform of the whole length; the same values to rounding):
     * {@code signal.oaconvolve(x, h, ConvMode.VALID, null)}.
     */
    public NDArray oaconvolve(NDArray in1, NDArray in2, ConvMode mode, int[] axes) {
        return Convolutions.fftconvolve("signal.oaconvolve", in1, in2, mode, axes);
    }

    /** scipy.signal.convolve2d(in1, in2): full, zero fill: {@code signal.convolve2d(image, k)}. */
    public NDArray convolve2d(NDArray in1, NDArray in2) {
        return convolve2d(in1, in2, ConvMode.FULL, Boundary.FILL, 0);
    }

    /** scipy.signal.convolve2d(in1, in2, mode): {@code signal.convolve2d(image, k, ConvMode.SAME)}. */
    public NDArray convolve2d(NDArray in1, NDArray in2, ConvMode mode) {
        return convolve2d(in1, in2, mode, Boundary.FILL, 0);
    }

    /**
     * scipy.signal.convolve2d(in1, in2, mode, boundary, fillvalue): 2-D inputs, in1 extended past
     * its edges by the boundary: {@code signal.convolve2d(image, k, ConvMode.SAME, Boundary.SYMM, 0)}.
     */
    public NDArray convolve2d(NDArray in1, NDArray in2, ConvMode mode, Boundary boundary, double fillvalue) {
        return Convolutions.convolve2d("signal.convolve2d", in1, in2, mode, boundary, fillvalue, false);
    }

    /** scipy.signal.correlate2d(in1, in2): {@code signal.correlate2d(image, template)}. */
    public NDArray correlate2d(NDArray in1, NDArray in2) {
        return correlate2d(in1, in2, ConvMode.FULL, Boundary.FILL, 0);
    }

    /** scipy.signal.correlate2d(in1, in2, mode): {@code signal.correlate2d(image, template, ConvMode.VALID)}. */
    public NDArray correlate2d(NDArray in1, NDArray in2, ConvMode mode) {
        return correlate2d(in1, in2, mode, Boundary.FILL, 0);
    }

    /**
     * scipy.signal.correlate2d(in1, in2, mode, boundary, fillvalue):
     * {@code signal.correlate2d(image, t, ConvMode.SAME, Boundary.WRAP, 0)}.
     */
    public NDArray correlate2d(NDArray in1, NDArray in2, ConvMode mode, Boundary boundary, double fillvalue) {
        return Convolutions.convolve2d("signal.correlate2d", in1, in2, mode, boundary, fillvalue, true);
    }

    /** scipy.signal.choose_conv_method(in1, in2): for mode full: {@code signal.chooseConvMethod(x, h)}. */
    public ConvMethod chooseConvMethod(NDArray in1, NDArray in2) {
        return chooseConvMethod(in1, in2, ConvMode.FULL);
    }

    /**
     * scipy.signal.choose_conv_method(in1, in2, mode): DIRECT or FFT by SciPy's operation-count
     * model (its constants), DIRECT for integers whose sums could pass 2^52:
     * {@code signal.chooseConvMethod(x, h, ConvMode.SAME)}.
     */
    public ConvMethod chooseConvMethod(NDArray in1, NDArray in2, ConvMode mode) {
        String op = "signal.choose_conv_method";
        Objects.requireNonNull(in1, op + ": in1 is null");
        Objects.requireNonNull(in2, op + ": in2 is null");
        Objects.requireNonNull(mode, op + ": mode is null");
        in1.live(op);
        in2.live(op);
        if (in1.ndim() != in2.ndim()) {
            throw new org.ndgpu.exceptions.ShapeException(
                    op + ": in1 and in2 should have the same dimensionality, got " + in1.ndim() + " and " + in2.ndim());
        }
        if (in1.dtype().isComplex() || in2.dtype().isComplex()) {
            throw new org.ndgpu.exceptions.DTypeException(op + ": complex input is not supported yet");
        }
        if (in1.size() == 0 || in2.size() == 0) return ConvMethod.DIRECT;
        return Convolutions.choose(in1, in2, mode);
    }

    // ---------------------------------------------------------------- windows

    /** scipy.signal.get_window(window, Nx): the periodic window, float64: {@code signal.getWindow("hann", 256)}. */
    public NDArray getWindow(String window, int nx) {
        return getWindow(window, nx, true);
    }

    /**
     * scipy.signal.get_window(window, Nx, fftbins): fftbins true for the periodic window, false for
     * the symmetric one; boxcar, triang, bartlett, hann, hamming, blackman and tukey (alpha 0.5), with
     * SciPy's aliases and its '_periodic' and '_symmetric' suffixes:
     * {@code signal.getWindow("hamming", 64, false)}.
     */
    public NDArray getWindow(String window, int nx, boolean fftbins) {
        return toDevice(Windows.get("signal.get_window", window, Double.NaN, nx, fftbins));
    }

    /**
     * scipy.signal.get_window((window, param), Nx, fftbins): a window with its parameter: kaiser
     * (beta), gaussian (std), tukey (alpha): {@code signal.getWindow("kaiser", 8.6, 64, true)}.
     */
    public NDArray getWindow(String window, double param, int nx, boolean fftbins) {
        if (Double.isNaN(param)) throw new NdException("signal.get_window: the window's parameter is NaN");
        return toDevice(Windows.get("signal.get_window", window, param, nx, fftbins));
    }

    private static NDArray toDevice(double[] w) {
        Device device = Device.current();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(w.length * 8L, 8);
            for (int i = 0; i < w.length; i++) seg.setAtIndex(ValueLayout.JAVA_DOUBLE, i, w[i]);
            return NDArray.fromHost(device, DType.FLOAT64, new long[] {w.length}, seg);
        }
    }

    // ---------------------------------------------------------------- spectral estimates

    /** scipy.signal.periodogram(x): boxcar window, fs 1, along the last axis: {@code signal.periodogram(x)}. */
    public Spectrum periodogram(NDArray x) {
        return periodogram(x, 1.0);
    }

    /** scipy.signal.periodogram(x, fs): {@code signal.periodogram(x, 1000.0)}. */
    public Spectrum periodogram(NDArray x, double fs) {
        return periodogram(x, fs, "boxcar", null, "constant", true, "density", -1);
    }

    /**
     * scipy.signal.periodogram(x, fs, window, nfft, detrend, return_onesided, scaling, axis): one
     * segment of the whole axis (nfft null: its length; a shorter nfft truncates x), detrend
     * "constant", "linear" or "none", scaling "density" or "spectrum":
     * {@code signal.periodogram(x, 8.0, "hann", null, "none", true, "spectrum", -1)}.
     */
    public Spectrum periodogram(
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
    public Spectrum welch(NDArray x) {
        return welch(x, 1.0);
    }

    /** scipy.signal.welch(x, fs): {@code signal.welch(x, 1000.0)}. */
    public Spectrum welch(NDArray x, double fs) {
        return welch(x, fs, "hann", null, null, null, "constant", true, "density", -1, "mean");
    }

    /**
     * scipy.signal.welch(x, fs, window, nperseg, noverlap, nfft, detrend, return_onesided, scaling,
     * axis, average) with a named window (nperseg null: 256; noverlap null: nperseg / 2; nfft null:
     * nperseg); average "mean" only: {@code signal.welch(x, 1e3, "hann", 1024, null, null, "constant", true,
     * "density", -1, "mean")}.
     */
    public Spectrum welch(
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
                name("signal.welch", window),
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
    public Spectrum welch(
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
    public Spectrum csd(NDArray x, NDArray y) {
        return csd(x, y, 1.0);
    }

    /** scipy.signal.csd(x, y, fs): {@code signal.csd(x, y, 1000.0)}. */
    public Spectrum csd(NDArray x, NDArray y, double fs) {
        return csd(x, y, fs, "hann", null, null, null, "constant", true, "density", -1, "mean");
    }

    /**
     * scipy.signal.csd(x, y, fs, window, nperseg, noverlap, nfft, detrend, return_onesided,
     * scaling, axis, average): conj(X) Y averaged over the segments (the shorter input zero-padded):
     * {@code signal.csd(x, y, 1e3, "hann", 256, null, null, "constant", true, "density", -1, "mean")}.
     */
    public Spectrum csd(
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
                name("signal.csd", window),
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
    public Spectrum coherence(NDArray x, NDArray y) {
        return coherence(x, y, 1.0, "hann", null, null, null, "constant", -1);
    }

    /**
     * scipy.signal.coherence(x, y, fs, window, nperseg, noverlap, nfft, detrend, axis):
     * |Pxy|^2 / (Pxx Pyy): {@code signal.coherence(x, y, 1e3, "hann", 256, null, null, "constant", -1)}.
     */
    public Spectrum coherence(
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
        try (Spectrum xx = Spectral.csd(
                        op,
                        x,
                        null,
                        fs,
                        null,
                        w,
                        Double.NaN,
                        nperseg,
                        noverlap,
                        nfft,
                        detrend,
                        true,
                        "density",
                        axis,
                        "mean");
                Spectrum yy = Spectral.csd(
                        op,
                        y,
                        null,
                        fs,
                        null,
                        w,
                        Double.NaN,
                        nperseg,
                        noverlap,
                        nfft,
                        detrend,
                        true,
                        "density",
                        axis,
                        "mean");
                Spectrum xy = Spectral.csd(
                        op,
                        x,
                        y,
                        fs,
                        null,
                        w,
                        Double.NaN,
                        nperseg,
                        noverlap,
                        nfft,
                        detrend,
                        true,
                        "density",
                        axis,
                        "mean");
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
