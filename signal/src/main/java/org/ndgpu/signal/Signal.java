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
 * FFT path does); complex input for the convolutions, the filters with real coefficients, the
 * short-time transforms and the resampling (each function's documentation says where it is
 * refused). Results with several parts are records ({@link Spectrum}, {@link Stft}).
 *
 * <pre>{@code
 * NDArray y = Nd.signal().fftconvolve(x, kernel, ConvMode.SAME);
 * NDArray c = Nd.signal().correlate2d(image, template, ConvMode.VALID);
 * try (Spectrum s = Nd.signal().welch(x, 1000.0)) { ... s.f() ... s.pxx() ... }
 * }</pre>
 */
public final class Signal implements SpectralAnalysis, Filtering, ShortTimeAnalysis, Multirate {
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
        if (in1.size() == 0 || in2.size() == 0) return ConvMethod.DIRECT;
        return Convolutions.choose(in1, in2, mode);
    }

    /**
     * scipy.signal.correlation_lags(in1_len, in2_len, mode): the lag of each output of correlate in
     * that mode, int64: {@code signal.correlationLags(100, 30, ConvMode.SAME)}.
     */
    public NDArray correlationLags(long in1Len, long in2Len, ConvMode mode) {
        return Convolutions.correlationLags(in1Len, in2Len, mode);
    }

    // ---------------------------------------------------------------- analytic signal and trends

    /** scipy.signal.hilbert(x): the analytic signal along the last axis, complex: {@code signal.hilbert(x)}. */
    public NDArray hilbert(NDArray x) {
        return hilbert(x, null, -1);
    }

    /** scipy.signal.hilbert(x, N, axis): with N Fourier components (null: the axis's length): {@code signal.hilbert(x, 1024, 0)}. */
    public NDArray hilbert(NDArray x, Integer n, int axis) {
        return Transforms.hilbert(x, n, axis);
    }

    /** scipy.signal.detrend(data): the least-squares line removed along the last axis: {@code signal.detrend(x)}. */
    public NDArray detrend(NDArray data) {
        return detrend(data, -1, "linear");
    }

    /** scipy.signal.detrend(data, axis, type): type "linear" or "constant" (the mean): {@code signal.detrend(x, 0, "constant")}. */
    public NDArray detrend(NDArray data, int axis, String type) {
        return Transforms.detrend(data, axis, type);
    }

    /** scipy.signal.resample(x, num): num samples by the Fourier method along axis 0: {@code signal.resample(x, 200)}. */
    public NDArray resample(NDArray x, int num) {
        return resample(x, num, 0);
    }

    /** scipy.signal.resample(x, num, axis=axis) of a real signal (no window, no t): {@code signal.resample(x, 200, -1)}. */
    public NDArray resample(NDArray x, int num, int axis) {
        return Transforms.resample(x, num, axis);
    }

    /** scipy.signal.find_peaks(x): every local maximum (a plateau's middle), as int64 indices: {@code signal.findPeaks(x)}. */
    public Peaks findPeaks(NDArray x) {
        return findPeaks(x, null, null, null);
    }

    /**
     * scipy.signal.find_peaks(x, height=, distance=, prominence=): the peaks at least height high,
     * distance apart (the higher kept) and prominence prominent, null for a condition not set
     * (height and prominence: the minimum, or the minimum and maximum). The selection runs on the
     * host, SciPy's being sequential: {@code signal.findPeaks(x, new double[] {0.5}, 10, new double[] {0.2})}.
     */
    public Peaks findPeaks(NDArray x, double[] height, Integer distance, double[] prominence) {
        return PeakFinding.find(x, height, distance, prominence);
    }

    /** scipy.signal.medfilt(volume): the median of each 3-wide window (zero padded) on every axis: {@code signal.medfilt(x)}. */
    public NDArray medfilt(NDArray volume) {
        return medfilt(volume, null);
    }

    /**
     * scipy.signal.medfilt(volume, kernel_size): odd sizes, one for every axis or one per axis, at
     * most 255 values in a window; integer input keeps its dtype: {@code signal.medfilt(image, new int[] {5, 3})}.
     */
    public NDArray medfilt(NDArray volume, int[] kernelSize) {
        return LocalFilters.medfilt(volume, kernelSize);
    }

    /** scipy.signal.medfilt2d(input): the 3 x 3 median of a 2-D array, zero padded: {@code signal.medfilt2d(image)}. */
    public NDArray medfilt2d(NDArray input) {
        return medfilt2d(input, null);
    }

    /** scipy.signal.medfilt2d(input, kernel_size): odd sizes, one or two: {@code signal.medfilt2d(image, new int[] {5, 3})}. */
    public NDArray medfilt2d(NDArray input, int[] kernelSize) {
        return LocalFilters.medfilt("signal.medfilt2d", input, kernelSize);
    }

    /**
     * scipy.signal.zpk2sos(z, p, k): second-order sections of the digital filter of zeros z and
     * poles p (1-D, real or complex, conjugates paired) and gain k, SciPy's pairing 'nearest' and
     * order, float64: {@code signal.zpk2sos(z, p, 0.5)}.
     */
    public NDArray zpk2sos(NDArray z, NDArray p, double k) {
        return Sections.zpk2sos(z, p, k);
    }

    /** scipy.signal.zpk2tf(z, p, k): b = k poly(z), a = poly(p), float64: {@code signal.zpk2tf(z, p, 0.5)}. */
    public Coefficients zpk2tf(NDArray z, NDArray p, double k) {
        return Sections.zpk2tf(z, p, k);
    }

    /** scipy.signal.kaiser_beta(a): the Kaiser window's beta for a dB of attenuation: {@code signal.kaiserBeta(65.0)}. */
    public double kaiserBeta(double a) {
        return Sections.kaiserBeta(a);
    }

    /** scipy.signal.kaiser_atten(numtaps, width): the attenuation of a Kaiser FIR filter, dB: {@code signal.kaiserAtten(101, 0.05)}. */
    public double kaiserAtten(int numtaps, double width) {
        return 2.285 * (numtaps - 1) * Math.PI * width + 7.95;
    }

    /** scipy.signal.wiener(im): the Wiener filter over 3-wide windows, noise estimated, float64: {@code signal.wiener(image)}. */
    public NDArray wiener(NDArray im) {
        return wiener(im, null, null);
    }

    /**
     * scipy.signal.wiener(im, mysize, noise): window sizes (null: 3 on every axis; one for all or one
     * per axis) and the noise power (null: the mean local variance): {@code signal.wiener(image, new int[] {5}, 0.1)}.
     */
    public NDArray wiener(NDArray im, int[] mysize, Double noise) {
        return LocalFilters.wiener(im, mysize, noise);
    }

    /**
     * scipy.signal.savgol_coeffs(window_length, polyorder, deriv, delta): the Savitzky-Golay
     * convolution coefficients, float64 (made on the host): {@code signal.savgolCoeffs(11, 3, 0, 1.0)}.
     */
    public NDArray savgolCoeffs(int windowLength, int polyorder, int deriv, double delta) {
        return Lfilter.doubles(
                Device.current(), Savgol.coeffs("signal.savgol_coeffs", windowLength, polyorder, deriv, delta));
    }

    /** scipy.signal.savgol_filter(x, window_length, polyorder): along the last axis, mode 'interp': {@code signal.savgolFilter(x, 11, 3)}. */
    public NDArray savgolFilter(NDArray x, int windowLength, int polyorder) {
        return savgolFilter(x, windowLength, polyorder, 0, 1.0, -1, "interp", 0.0);
    }

    /**
     * scipy.signal.savgol_filter(x, window_length, polyorder, deriv, delta, axis, mode, cval): mode
     * "interp" (the edges from the polynomial fitted to the first and last windows), "constant" or
     * "wrap": {@code signal.savgolFilter(x, 9, 2, 1, 0.01, 0, "constant", 0.0)}.
     */
    public NDArray savgolFilter(
            NDArray x, int windowLength, int polyorder, int deriv, double delta, int axis, String mode, double cval) {
        return Savgol.filter(x, windowLength, polyorder, deriv, delta, axis, mode, cval);
    }

    // ---------------------------------------------------------------- waveforms

    /** scipy.signal.sawtooth(t): the sawtooth of period 2 pi rising from -1 to 1: {@code signal.sawtooth(t)}. */
    public NDArray sawtooth(NDArray t) {
        return sawtooth(t, 1.0);
    }

    /**
     * scipy.signal.sawtooth(t, width): rising over width of each period, falling over the rest,
     * NaN for a width outside [0, 1]; float64, as SciPy's: {@code signal.sawtooth(t, 0.5)}.
     */
    public NDArray sawtooth(NDArray t, double width) {
        return Waveforms.wave("signal.sawtooth", t, width, false);
    }

    /** scipy.signal.square(t): the square wave of period 2 pi, duty 0.5: {@code signal.square(t)}. */
    public NDArray square(NDArray t) {
        return square(t, 0.5);
    }

    /** scipy.signal.square(t, duty): 1 over duty of each period, -1 over the rest: {@code signal.square(t, 0.25)}. */
    public NDArray square(NDArray t, double duty) {
        return Waveforms.wave("signal.square", t, duty, true);
    }

    /** scipy.signal.unit_impulse(shape): float64 zeros with a 1 at the origin: {@code signal.unitImpulse(8)}. */
    public NDArray unitImpulse(long... shape) {
        return Waveforms.unitImpulse(shape, null, false);
    }

    /**
     * scipy.signal.unit_impulse(shape, idx): the 1 at idx (one index for every axis, or one per
     * axis; negative from the end): {@code signal.unitImpulse(new long[] {5, 5}, new long[] {2, 3})}.
     */
    public NDArray unitImpulse(long[] shape, long[] idx) {
        return Waveforms.unitImpulse(shape, idx, false);
    }

    /** scipy.signal.unit_impulse(shape, 'mid'): the 1 at shape // 2: {@code signal.unitImpulseMid(9)}. */
    public NDArray unitImpulseMid(long... shape) {
        return Waveforms.unitImpulse(shape, null, true);
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
}
