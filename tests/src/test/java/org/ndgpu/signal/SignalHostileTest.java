package org.ndgpu.signal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Bad calls of Nd.signal() on every tested device: each is an NdException (or a
 * NullPointerException naming the parameter) naming the function, what it expected and what it
 * got, and the inputs are left as they were; and the legal edges (0-d and empty inputs, NaN, one
 * sample) give SciPy's answers.
 */
class SignalHostileTest extends PerDeviceTest {
    private static final Signal S = Nd.signal();

    private static void raises(Class<? extends Throwable> type, Executable call, String... words) {
        Throwable e = assertThrows(type, call);
        for (String w : words) assertTrue(e.getMessage().contains(w), e.getMessage());
    }

    @Test
    void badConvolutionsNameTheFunctionAndLeaveTheInputs() {
        NDArray x = Nd.arange(12).astype(DType.FLOAT32).reshape(3, 4);
        NDArray h = Nd.array(new double[] {1, 2, 3});
        float[] before = x.toFloatArray();
        raises(ShapeException.class, () -> S.convolve(x, h), "signal.convolve", "same dimensionality", "2 and 1");
        raises(ShapeException.class, () -> S.fftconvolve(x, h), "signal.fftconvolve", "same dimensionality");
        raises(
                ShapeException.class,
                () -> S.correlate(x, Nd.ones(DType.FLOAT32, 2, 5), ConvMode.VALID),
                "signal.correlate",
                "at least as large");
        raises(
                DTypeException.class,
                () -> S.convolve2d(x.astype(DType.COMPLEX64), x, ConvMode.SAME, Boundary.FILL, 1.5),
                "signal.convolve2d",
                "complex",
                "fillvalue 0");
        raises(DTypeException.class, () -> S.correlate(h.gt(1), h), "signal.correlate", "boolean");
        raises(DTypeException.class, () -> S.oaconvolve(h.astype(DType.FLOAT16), h), "signal.oaconvolve", "float16");
        raises(ShapeException.class, () -> S.convolve2d(h, h), "signal.convolve2d", "2-D", "1-D");
        raises(
                AxisException.class,
                () -> S.fftconvolve(x, x, ConvMode.FULL, new int[] {2}),
                "signal.fftconvolve",
                "axis 2");
        raises(NdException.class, () -> S.fftconvolve(x, x, ConvMode.FULL, new int[] {1, -1}), "unique");
        raises(
                ShapeException.class,
                () -> S.fftconvolve(x, Nd.ones(DType.FLOAT32, 2, 4), ConvMode.FULL, new int[] {1}),
                "incompatible shapes");
        raises(NullPointerException.class, () -> S.convolve(null, h), "signal.convolve", "in1");
        raises(NullPointerException.class, () -> S.convolve(h, null), "in2");
        raises(NullPointerException.class, () -> S.convolve(h, h, null), "mode");
        raises(NullPointerException.class, () -> S.convolve(h, h, ConvMode.FULL, null), "method");
        raises(NullPointerException.class, () -> S.correlate2d(x, x, ConvMode.FULL, null, 0), "boundary");
        raises(NdException.class, () -> ConvMode.of("middle"), "full, same, valid", "'middle'");
        raises(NdException.class, () -> ConvMethod.of("fast"), "auto, direct, fft");
        raises(NdException.class, () -> Boundary.of("reflect"), "fill, wrap, symm");
        assertArrayEquals(before, x.toFloatArray(), "the input is untouched");
        NDArray closed = Nd.ones(DType.FLOAT32, 4);
        closed.close();
        raises(ArrayClosedException.class, () -> S.convolve(closed, h), "signal.convolve");
    }

    @Test
    void badWindowsAndSpectraNameTheFunction() {
        NDArray x = Nd.arange(64).astype(DType.FLOAT64);
        raises(NdException.class, () -> S.getWindow("hanning", 8), "signal.get_window", "'hanning'");
        raises(NdException.class, () -> S.getWindow("hann", 0), "Nx > 0", "0");
        raises(NdException.class, () -> S.getWindow("kaiser", 8), "'kaiser' must have a parameter", "beta");
        raises(NdException.class, () -> S.getWindow("hann", 2.0, 8, true), "does not allow parameters");
        raises(NdException.class, () -> S.getWindow("gaussian", -1.0, 8, true), "std", "> 0");
        raises(NdException.class, () -> S.getWindow("kaiser", Double.NaN, 8, true), "NaN");
        raises(NullPointerException.class, () -> S.getWindow(null, 8), "window");
        raises(
                AxisException.class,
                () -> S.welch(x, 1, "hann", null, null, null, "constant", true, "density", 1, "mean"),
                "signal.welch",
                "axis 1");
        raises(NdException.class, () -> S.welch(x, 0.0), "signal.welch", "fs > 0", "0.0");
        raises(
                NdException.class,
                () -> S.welch(x, 1, "hann", 16, 16, null, "constant", true, "density", -1, "mean"),
                "noverlap must be less than nperseg");
        raises(
                NdException.class,
                () -> S.welch(x, 1, "hann", 16, null, 8, "constant", true, "density", -1, "mean"),
                "nfft must be greater than or equal to nperseg");
        raises(
                NdException.class,
                () -> S.welch(x, 1, "hann", 0, null, null, "constant", true, "density", -1, "mean"),
                "nperseg must be a positive integer");
        raises(
                NdException.class,
                () -> S.welch(x, 1, "hann", 16, null, null, "cubic", true, "density", -1, "mean"),
                "detrend",
                "'cubic'");
        raises(
                NdException.class,
                () -> S.welch(x, 1, "hann", 16, null, null, "constant", true, "power", -1, "mean"),
                "scaling",
                "'power'");
        raises(
                NdException.class,
                () -> S.welch(x, 1, "hann", 16, null, null, "constant", true, "density", -1, "median"),
                "median",
                "not supported");
        raises(
                NdException.class,
                () -> S.welch(x, 1, Nd.ones(DType.FLOAT64, 8), 16, null, null, "constant", true, "density", -1, "mean"),
                "different from length of window");
        raises(ShapeException.class, () -> S.welch(Nd.array(2.5)), "signal.welch", "0-d");
        raises(DTypeException.class, () -> S.periodogram(x.astype(DType.COMPLEX128)), "complex");
        raises(NdException.class, () -> S.periodogram(x, 1, "boxcar", 0, "constant", true, "density", -1), "nfft");
        raises(NullPointerException.class, () -> S.csd(x, null), "signal.csd", "y");
        NDArray closed = Nd.ones(DType.FLOAT32, 4);
        closed.close();
        raises(ArrayClosedException.class, () -> S.welch(closed), "signal.welch");
    }

    @Test
    void badFiltersNameTheFunction() {
        NDArray x = Nd.arange(64).astype(DType.FLOAT64);
        NDArray b = Nd.array(new double[] {0.5, 0.5});
        NDArray a = Nd.array(new double[] {1.0, -0.3});
        raises(NdException.class, () -> S.lfilter(b, Nd.array(new double[] {0.0, 1.0}), x), "signal.lfilter", "a[0]");
        raises(NdException.class, () -> S.lfilter(b, Nd.array(new double[] {1.0, Double.NaN}), x), "finite");
        raises(ShapeException.class, () -> S.lfilter(Nd.ones(DType.FLOAT64, 2, 2), a, x), "1-D");
        raises(NdException.class, () -> S.lfilter(Nd.ones(DType.FLOAT64, 80), a, x), "order up to 64");
        raises(AxisException.class, () -> S.lfilter(b, a, x, 1), "signal.lfilter", "axis 1");
        raises(ShapeException.class, () -> S.lfilter(b, a, x, -1, Nd.ones(DType.FLOAT64, 3)), "zi", "[1]", "[3]");
        raises(ShapeException.class, () -> S.lfilter(b, a, Nd.array(1.5)), "0-d");
        raises(NullPointerException.class, () -> S.lfilter(b, a, x, -1, null), "zi");
        raises(
                NdException.class,
                () -> S.lfilterZi(Nd.array(new double[] {2}), Nd.array(new double[] {4})),
                "signal.lfilter_zi",
                "order");
        raises(
                ShapeException.class,
                () -> S.sosfilt(Nd.ones(DType.FLOAT64, 2, 5), x),
                "signal.sosfilt",
                "(n_sections, 6)");
        raises(NdException.class, () -> S.butter(4, 1.5), "signal.butter", "0 < Wn < 1", "1.5");
        raises(NdException.class, () -> S.butter(4, new double[] {0.1}, "bandpass", null), "2 elements");
        raises(NdException.class, () -> S.butter(4, new double[] {0.1}, "notch", null), "btype", "'notch'");
        raises(NdException.class, () -> S.butter(-1, 0.2), "N >= 0");
        raises(NdException.class, () -> S.cheby1(4, -1, 0.2), "signal.cheby1", "rp > 0");
        raises(
                NdException.class,
                () -> S.firwin(30, new double[] {0.3}, "hamming", false, true, null),
                "signal.firwin",
                "even number");
        raises(
                NdException.class,
                () -> S.firwin(31, new double[] {0.5, 0.2}, "hamming", true, true, null),
                "increasing");
        raises(NdException.class, () -> S.filtfilt(b, a, Nd.ones(DType.FLOAT64, 5)), "signal.filtfilt", "padlen", "6");
        raises(NdException.class, () -> S.filtfilt(b, a, x, -1, "mirror", null), "padtype", "'mirror'");
        raises(NdException.class, () -> S.freqz(b, a, 0, false, 1.0), "signal.freqz", "worN");
        raises(NdException.class, () -> S.detrend(x, -1, "quadratic"), "signal.detrend", "'quadratic'");
        raises(NdException.class, () -> S.hilbert(x, 0, -1), "signal.hilbert", "N must be positive");
        raises(DTypeException.class, () -> S.hilbert(x.astype(DType.COMPLEX64)), "complex");
        raises(NdException.class, () -> S.resample(x, 0), "signal.resample", "num");
        raises(NdException.class, () -> S.medfilt(x, new int[] {4}), "signal.medfilt", "odd", "4");
        raises(NdException.class, () -> S.medfilt(x, new int[] {301}), "signal.medfilt", "255");
        raises(NdException.class, () -> S.medfilt(x, new int[] {3, 3}), "one size or one per axis");
        raises(NdException.class, () -> S.wiener(x, new int[] {0}, null), "signal.wiener", "at least 1");
        raises(NdException.class, () -> S.savgolFilter(x, 5, 5), "signal.savgol_filter", "polyorder");
        raises(NdException.class, () -> S.savgolFilter(x, 99, 2), "window_length", "99 > 64");
        raises(NdException.class, () -> S.savgolFilter(x, 5, 2, 0, 1, -1, "mirror", 0), "mode", "'mirror'");
        raises(NdException.class, () -> S.savgolCoeffs(5, 2, -1, 1), "signal.savgol_coeffs", "deriv");
        raises(ShapeException.class, () -> S.findPeaks(Nd.ones(DType.FLOAT64, 2, 3)), "signal.find_peaks", "1-D");
        raises(NdException.class, () -> S.findPeaks(x, null, 0, null), "distance", "0");
        raises(NdException.class, () -> S.findPeaks(x, new double[] {1, 2, 3}, null, null), "height", "got 3");
    }

    @Test
    void legalEdgesGiveSciPysAnswers() {
        // two 0-d inputs: their product, as SciPy's
        assertEquals(6.0, S.convolve(Nd.array(2.0), Nd.array(3.0)).toDoubleArray()[0], 0);
        // an empty input: an empty result, as fftconvolve's
        assertEquals(
                0,
                S.fftconvolve(Nd.zeros(DType.FLOAT64, 0), Nd.ones(DType.FLOAT64, 3))
                        .size());
        // NaN reaches the windows that hold it under method direct, and every output under fft
        NDArray n = Nd.array(new double[] {1, Double.NaN, 3, 4, 5, 6});
        NDArray k = Nd.array(new double[] {1, 1});
        double[] d = S.convolve(n, k, ConvMode.VALID, ConvMethod.DIRECT).toDoubleArray();
        assertTrue(Double.isNaN(d[0]) && Double.isNaN(d[1]));
        assertEquals(7, d[2], 0);
        double[] f = S.convolve(n, k, ConvMode.VALID, ConvMethod.FFT).toDoubleArray();
        assertTrue(Double.isNaN(f[4]));
        // one sample: a window of one, and its periodogram
        assertArrayEquals(new double[] {1}, S.getWindow("hann", 1).toDoubleArray(), 0);
        // integers: the result keeps the integer dtype, exactly
        NDArray i = Nd.array(new double[] {3, -2, 7}).astype(DType.INT32);
        NDArray c = S.convolve(i, i, ConvMode.FULL, ConvMethod.FFT);
        assertEquals(DType.INT32, c.dtype());
        assertArrayEquals(
                new double[] {9, -12, 46, -28, 49}, c.astype(DType.FLOAT64).toDoubleArray(), 0);
    }

    @Test
    void lfilterOfALongSignalEqualsTheSerialRecursion() {
        // 100,003 samples: blocks longer than the fixtures' 256, a short last block, and zi carried through
        int n = 100_003;
        double[] xs = new double[n];
        java.util.Random r = new java.util.Random(40);
        for (int i = 0; i < n; i++) xs[i] = r.nextGaussian();
        try (Coefficients f = S.butter(4, 0.1);
                NDArray x = Nd.array(xs);
                NDArray zi = Nd.array(new double[] {0.3, -0.2, 0.1, 0.05});
                FilterResult got = S.lfilter(f.b(), f.a(), x, -1, zi)) {
            double[] b = f.b().toDoubleArray(), a = f.a().toDoubleArray(), z = {0.3, -0.2, 0.1, 0.05, 0};
            double[] y = got.y().toDoubleArray();
            double scale = 0;
            double[] want = new double[n];
            for (int t = 0; t < n; t++) {
                double yv = b[0] * xs[t] + z[0];
                for (int k = 0; k < 4; k++) z[k] = b[k + 1] * xs[t] + z[k + 1] - a[k + 1] * yv;
                want[t] = yv;
                scale = Math.max(scale, Math.abs(yv));
            }
            for (int t = 0; t < n; t++) assertEquals(want[t], y[t], 1e-9 * scale, "y[" + t + "]");
            assertArrayEquals(java.util.Arrays.copyOf(z, 4), got.zf().toDoubleArray(), 1e-9 * scale);
        }
    }
}
