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
 * Bad calls of the second part of Nd.signal() (stft, istft, spectrogram, upfirdn, resample_poly,
 * decimate, sosfilt with zi, sosfilt_zi, sosfiltfilt) on every tested device: each is an
 * NdException (or a NullPointerException naming the parameter) naming the function, what it
 * expected and what it got, the inputs left as they were; and the legal edges (empty inputs, NaN,
 * nperseg longer than the input, a round trip) give SciPy's answers.
 */
class SignalMoreHostileTest extends PerDeviceTest {
    private static final Signal S = Nd.signal();

    private static void raises(Class<? extends Throwable> type, Executable call, String... words) {
        Throwable e = assertThrows(type, call);
        for (String w : words) assertTrue(e.getMessage().contains(w), e.getMessage());
    }

    @Test
    void badShortTimeCallsNameTheFunction() {
        NDArray x = Nd.arange(64).astype(DType.FLOAT64);
        double[] before = x.toDoubleArray();
        raises(ShapeException.class, () -> S.stft(Nd.array(2.5)), "signal.stft", "0-d");
        raises(NullPointerException.class, () -> S.stft(null), "signal.stft", "x");
        raises(DTypeException.class, () -> S.stft(x.gt(3)), "signal.stft", "boolean");
        raises(DTypeException.class, () -> S.spectrogram(x.astype(DType.FLOAT16)), "signal.spectrogram", "float16");
        raises(
                AxisException.class,
                () -> S.stft(x, 1, "hann", 16, null, null, null, true, "zeros", true, 1, "spectrum"),
                "signal.stft",
                "axis 1");
        raises(NdException.class, () -> S.stft(x, 0.0, 16), "signal.stft", "fs > 0");
        raises(NdException.class, () -> S.stft(x, Double.NaN, 16), "fs > 0", "NaN");
        raises(
                NdException.class,
                () -> S.stft(x, 1, "hann", 16, 16, null, null, true, "zeros", true, -1, "spectrum"),
                "noverlap must be less than nperseg",
                "16 >= 16");
        raises(
                NdException.class,
                () -> S.stft(x, 1, "hann", 16, null, 8, null, true, "zeros", true, -1, "spectrum"),
                "nfft must be greater than or equal to nperseg");
        raises(
                NdException.class,
                () -> S.stft(x, 1, "hann", 16, null, null, null, true, "mirror", true, -1, "spectrum"),
                "boundary",
                "'mirror'");
        raises(
                NdException.class,
                () -> S.stft(x, 1, "hann", 16, null, null, null, true, "zeros", true, -1, "density"),
                "scaling",
                "'density'");
        raises(
                NdException.class,
                () -> S.stft(x, 1, "hann", 0, null, null, null, true, "zeros", true, -1, "spectrum"),
                "nperseg must be a positive integer");
        raises(
                NdException.class,
                () -> S.stft(x, 1, "hanning", 16, null, null, null, true, "zeros", true, -1, "spectrum"),
                "'hanning'");
        raises(
                NdException.class,
                () -> S.stft(
                        x, 1, Nd.ones(DType.FLOAT64, 100), null, null, null, null, true, "zeros", true, -1, "spectrum"),
                "window is longer than input signal");
        raises(
                NdException.class,
                () -> S.spectrogram(x, 1, "hann", 16, null, null, "constant", true, "density", -1, "power"),
                "signal.spectrogram",
                "mode",
                "'power'");
        raises(
                NullPointerException.class,
                () -> S.spectrogram(x, 1, (String) null, 16, null, null, null, true, "density", -1, "psd"),
                "window");
        // istft
        raises(ShapeException.class, () -> S.istft(x), "signal.istft", "at least 2-D", "1-D");
        NDArray z = Nd.ones(DType.COMPLEX128, 9, 5);
        raises(
                NdException.class,
                () -> S.istft(z, 1, "hann", null, null, null, true, true, 0, 0, "spectrum"),
                "signal.istft",
                "differing time and frequency axes");
        raises(
                AxisException.class,
                () -> S.istft(z, 1, "hann", null, null, null, true, true, 2, 0, "spectrum"),
                "axis 2");
        raises(
                NdException.class,
                () -> S.istft(z, 1, "hann", 16, 16, null, true, true, -1, -2, "spectrum"),
                "noverlap must be less than nperseg");
        raises(
                NdException.class,
                () -> S.istft(z, 1, "hann", 16, null, null, true, true, -1, -2, "psd2"),
                "scaling",
                "'psd2'");
        raises(
                NdException.class,
                () -> S.istft(z, 1, Nd.ones(DType.FLOAT64, 5), null, null, null, true, true, -1, -2, "spectrum"),
                "window must have length of 16");
        assertArrayEquals(before, x.toDoubleArray(), "the input is untouched");
        NDArray closed = Nd.ones(DType.FLOAT32, 40);
        closed.close();
        raises(ArrayClosedException.class, () -> S.stft(closed), "signal.stft");
        raises(ArrayClosedException.class, () -> S.spectrogram(closed), "signal.spectrogram");
    }

    @Test
    void badResamplingCallsNameTheFunction() {
        NDArray x = Nd.arange(40).astype(DType.FLOAT64);
        NDArray h = Nd.array(new double[] {0.25, 0.5, 0.25});
        raises(NdException.class, () -> S.upfirdn(h, x, 0, 1), "signal.upfirdn", "up and down must be >= 1", "0");
        raises(ShapeException.class, () -> S.upfirdn(Nd.zeros(DType.FLOAT64, 0), x), "signal.upfirdn", "non-zero");
        raises(ShapeException.class, () -> S.upfirdn(Nd.ones(DType.FLOAT64, 2, 2), x), "1-D");
        raises(ShapeException.class, () -> S.upfirdn(h, Nd.array(1.0)), "0-d");
        raises(AxisException.class, () -> S.upfirdn(h, x, 1, 1, 2, "constant", 0), "signal.upfirdn", "axis 2");
        raises(NdException.class, () -> S.upfirdn(h, x, 1, 1, -1, "wrap", 0), "mode 'wrap'", "not supported");
        raises(NullPointerException.class, () -> S.upfirdn(null, x), "signal.upfirdn", "h");
        raises(NdException.class, () -> S.resamplePoly(x, 0, 2), "signal.resample_poly", ">= 1");
        raises(
                NdException.class,
                () -> S.resamplePoly(x, 3, 2, 0, "kaiser", 5.0, "mean", 1.0),
                "cval has no effect",
                "'mean'");
        raises(NdException.class, () -> S.resamplePoly(x, 3, 2, 0, "kaiser", 5.0, "line", null), "padtype", "'line'");
        raises(NdException.class, () -> S.resamplePoly(x, 3, 2, 0, "kaiser", 5.0, "median", null), "median");
        raises(NdException.class, () -> S.resamplePoly(x, 3, 2, 0, "kaiser", Double.NaN, "constant", null), "beta");
        raises(AxisException.class, () -> S.resamplePoly(x, 3, 2, 1), "signal.resample_poly", "axis 1");
        raises(NdException.class, () -> S.decimate(x, 0), "signal.decimate", "q", "0");
        raises(NdException.class, () -> S.decimate(x, 2, null, "butter", -1, true), "ftype", "'butter'");
        raises(NdException.class, () -> S.decimate(Nd.ones(DType.FLOAT64, 20), 2), "signal.decimate", "padlen", "27");
        raises(ShapeException.class, () -> S.decimate(Nd.array(3.0), 2), "0-d");
        NDArray closed = Nd.ones(DType.FLOAT32, 40);
        closed.close();
        raises(ArrayClosedException.class, () -> S.resamplePoly(closed, 2, 1), "signal.resample_poly");
        raises(ArrayClosedException.class, () -> S.decimate(closed, 2), "signal.decimate");
    }

    @Test
    void badSectionFiltersNameTheFunction() {
        NDArray x = Nd.arange(64).astype(DType.FLOAT64);
        NDArray sos = Nd.array(new double[] {0.2, 0.4, 0.2, 1.0, -0.3, 0.1}).reshape(1, 6);
        raises(
                ShapeException.class,
                () -> S.sosfiltfilt(Nd.ones(DType.FLOAT64, 2, 5), x),
                "signal.sosfiltfilt",
                "(n_sections, 6)");
        raises(
                NdException.class,
                () -> S.sosfiltfilt(Nd.array(new double[] {1, 0, 0, 2, 0, 0}).reshape(1, 6), x),
                "sos[:, 3] should be all ones");
        raises(
                NdException.class,
                () -> S.sosfiltZi(
                        Nd.array(new double[] {1, 0, Double.NaN, 1, 0, 0}).reshape(1, 6)),
                "signal.sosfilt_zi",
                "finite");
        raises(NdException.class, () -> S.sosfiltfilt(sos, Nd.ones(DType.FLOAT64, 9)), "padlen", "9");
        raises(NdException.class, () -> S.sosfiltfilt(sos, x, -1, "mirror", null), "padtype", "'mirror'");
        raises(AxisException.class, () -> S.sosfiltfilt(sos, x, 3, "odd", null), "signal.sosfiltfilt", "axis 3");
        raises(
                ShapeException.class,
                () -> S.sosfilt(sos, x, -1, Nd.zeros(DType.FLOAT64, 2)),
                "signal.sosfilt",
                "zi",
                "[1, 2]",
                "[2]");
        raises(NullPointerException.class, () -> S.sosfilt(sos, x, -1, null), "zi");
        raises(NdException.class, () -> S.freqzSos(sos, 0, false, 1.0), "signal.freqz_sos", "worN", "0");
        raises(NdException.class, () -> S.sosfreqz(sos, 8, false, -1.0), "signal.sosfreqz", "fs > 0");
        raises(NdException.class, () -> S.correlationLags(-1, 3, ConvMode.FULL), "signal.correlation_lags", "-1");
        raises(NullPointerException.class, () -> S.correlationLags(3, 3, null), "mode");
        NDArray unpaired = S.hilbert(Nd.array(new double[] {1, 2, 3, 4})); // complex roots without conjugates
        NDArray poles = Nd.array(new double[] {0.5, -0.5});
        raises(NdException.class, () -> S.zpk2sos(unpaired, poles, 1), "signal.zpk2sos", "conjugate");
        raises(NdException.class, () -> S.zpk2tf(unpaired, poles, 1), "signal.zpk2tf", "conjugate");
        raises(NdException.class, () -> S.zpk2sos(poles, poles, Double.NaN), "signal.zpk2sos", "k must be finite");
        raises(ShapeException.class, () -> S.zpk2sos(Nd.ones(DType.FLOAT64, 2, 2), x, 1), "signal.zpk2sos", "1-D");
        raises(NullPointerException.class, () -> S.zpk2tf(null, x, 1), "signal.zpk2tf", "z");
        raises(NdException.class, () -> S.kaiserBeta(Double.NaN), "signal.kaiser_beta", "NaN");
        raises(ShapeException.class, () -> S.medfilt2d(x), "signal.medfilt2d", "2-D", "1-D");
        raises(NdException.class, () -> S.medfilt2d(Nd.ones(DType.FLOAT64, 4, 4), new int[] {2}), "signal.medfilt2d");
        raises(DTypeException.class, () -> S.sawtooth(x.astype(DType.COMPLEX64)), "signal.sawtooth", "complex64");
        raises(NullPointerException.class, () -> S.square(null), "signal.square", "t");
        raises(
                NdException.class,
                () -> S.unitImpulse(new long[] {4}, new long[] {4}),
                "signal.unit_impulse",
                "index 4");
        raises(NdException.class, () -> S.unitImpulse(new long[] {4, 4}, new long[] {1, 2, 3}), "one per dimension");
        raises(ShapeException.class, () -> S.unitImpulse(-2), "signal.unit_impulse", "negative");
        raises(
                NdException.class,
                () -> S.lfiltic(Nd.array(new double[] {1, 2}), Nd.array(new double[] {0, 1}), x, null),
                "signal.lfiltic",
                "non-zero");
        raises(ShapeException.class, () -> S.lfiltic(x.reshape(8, 8), x, x, null), "signal.lfiltic", "b must be 1-D");
        raises(NullPointerException.class, () -> S.lfiltic(x, x, null, null), "signal.lfiltic", "y");
        raises(NdException.class, () -> S.cheby2(4, -3, 0.2), "signal.cheby2", "rs > 0");
        raises(NdException.class, () -> S.cheby2(4, Double.NaN, 0.2), "signal.cheby2", "NaN");
        raises(NdException.class, () -> S.butterSos(4, new double[] {1.2}, "low", null), "signal.butter", "1.2");
        raises(NdException.class, () -> S.cheby1Sos(4, 0.5, new double[] {0.2}, "notch", null), "'notch'");
        raises(ShapeException.class, () -> S.sos2tf(Nd.ones(DType.FLOAT64, 6)), "signal.sos2tf", "(n_sections, 6)");
        raises(DTypeException.class, () -> S.sos2tf(Nd.ones(DType.COMPLEX64, 1, 6)), "signal.sos2tf", "complex64");
        raises(
                DTypeException.class,
                () -> S.lfilter(Nd.ones(DType.COMPLEX64, 2), Nd.ones(DType.FLOAT64, 1), x),
                "signal.lfilter",
                "complex filter coefficients");
    }

    @Test
    void legalEdgesGiveSciPysAnswers() {
        // an empty input: SciPy's empty results
        try (Stft s = S.stft(Nd.zeros(DType.FLOAT64, 0))) {
            assertEquals(0, s.zxx().size());
        }
        try (NDArray y = S.upfirdn(Nd.array(new double[] {1, 2}), Nd.zeros(DType.FLOAT64, 0))) {
            assertArrayEquals(new double[] {0}, y.toDoubleArray(), 0); // SciPy's one output sample
        }
        try (NDArray y = S.resamplePoly(Nd.zeros(DType.FLOAT64, 0), 2, 3)) {
            assertEquals(0, y.size());
        }
        // a width outside [0, 1] is NaN everywhere; a NaN t gives NaN (sawtooth) and -1 (square), as SciPy's
        try (NDArray t = Nd.array(new double[] {1.0, Double.NaN});
                NDArray bad = S.sawtooth(t, 1.5);
                NDArray saw = S.sawtooth(t);
                NDArray sq = S.square(t)) {
            assertTrue(Double.isNaN(bad.toDoubleArray()[0]));
            assertTrue(Double.isNaN(saw.toDoubleArray()[1]));
            assertEquals(-1, sq.toDoubleArray()[1], 0);
        }
        // NaN reaches the outputs whose taps meet it, and no others
        try (NDArray y = S.upfirdn(Nd.array(new double[] {1, 2}), Nd.array(new double[] {1, Double.NaN, 3}), 2, 1)) {
            double[] v = y.toDoubleArray();
            assertEquals(1, v[0], 0);
            assertEquals(2, v[1], 0);
            assertTrue(Double.isNaN(v[2]) && Double.isNaN(v[3]));
            assertEquals(3, v[4], 0);
            assertEquals(6, v[5], 0);
        }
        // nperseg longer than the input: the input's length, as SciPy's warning says
        try (Stft s = S.stft(Nd.arange(10).astype(DType.FLOAT64), 1.0, 256)) {
            assertEquals(6, s.f().size()); // rfftfreq(10)
        }
        // stft then istft gives the signal back (hann with half overlap meets NOLA)
        double[] xs = new double[101];
        java.util.Random r = new java.util.Random(40);
        for (int i = 0; i < xs.length; i++) xs[i] = r.nextGaussian();
        try (NDArray x = Nd.array(xs);
                Stft s = S.stft(x, 1.0, 16);
                TimeSignal back = S.istft(s.zxx())) {
            double[] y = back.x().toDoubleArray();
            for (int i = 0; i < xs.length; i++) assertEquals(xs[i], y[i], 1e-12, "sample " + i);
        }
    }
}
