package org.ndgpu.signal;

import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;

/**
 * scipy.signal's linear filters and their design, a part of {@code Nd.signal()} ({@link Signal}
 * implements it): lfilter (parallel over blocks of the signal, on the device), lfilter_zi, sosfilt,
 * sosfilt_zi, filtfilt, sosfiltfilt, and the Butterworth and Chebyshev type I and II designs (on the
 * host, as SciPy's, returned as float64 arrays on the current device, 'ba' or second-order
 * sections), sos2tf.
 *
 * <pre>{@code
 * try (Coefficients f = Nd.signal().butter(4, 0.2)) { NDArray y = Nd.signal().lfilter(f.b(), f.a(), x); }
 * }</pre>
 */
public interface Filtering {
    /** scipy.signal.lfilter(b, a, x) along the last axis: {@code signal.lfilter(b, a, x)}. */
    default NDArray lfilter(NDArray b, NDArray a, NDArray x) {
        return lfilter(b, a, x, -1);
    }

    /**
     * scipy.signal.lfilter(b, a, x, axis): the IIR filter {@code a[0] y[n] = sum b[k] x[n-k] - sum a[k] y[n-k]}
     * (k >= 1 in the second sum) along the axis, from rest; float64 unless b, a and x are all float32:
     * {@code signal.lfilter(b, a, x, 0)}.
     */
    default NDArray lfilter(NDArray b, NDArray a, NDArray x, int axis) {
        FilterResult r = Lfilter.apply("signal.lfilter", b, a, x, axis, null);
        return r.y();
    }

    /**
     * scipy.signal.lfilter(b, a, x, axis, zi): from the state zi (x's shape with the axis of length
     * max(len(a), len(b)) - 1), returning the output and the final state:
     * {@code signal.lfilter(b, a, x, -1, signal.lfilterZi(b, a).mul(x.get("0")))}.
     */
    default FilterResult lfilter(NDArray b, NDArray a, NDArray x, int axis, NDArray zi) {
        if (zi == null) throw new NullPointerException("signal.lfilter: zi is null");
        return Lfilter.apply("signal.lfilter", b, a, x, axis, zi);
    }

    /**
     * scipy.signal.lfilter_zi(b, a): the initial state for a step response's steady state (scale it
     * by x[0] to start lfilter without a transient): {@code signal.lfilterZi(b, a)}.
     */
    default NDArray lfilterZi(NDArray b, NDArray a) {
        double[][] ba = Lfilter.coefficients("signal.lfilter_zi", b, a);
        if (ba[0].length < 2) {
            throw new NdException(
                    "signal.lfilter_zi: expected a filter of order >= 1 (b or a of length >= 2), got order 0");
        }
        return Lfilter.doubles(Device.current(), Design.lfilterZi(ba[0], ba[1]));
    }

    /**
     * scipy.signal.lfiltic(b, a, y, x): lfilter's initial state from the past outputs y and inputs
     * x (newest first; x null for zeros), made on the host: {@code signal.lfiltic(b, a, yPast, xPast)}.
     */
    default NDArray lfiltic(NDArray b, NDArray a, NDArray y, NDArray x) {
        return ZeroPhase.lfiltic(b, a, y, x);
    }

    /** scipy.signal.sosfilt(sos, x) along the last axis: {@code signal.sosfilt(sos, x)}. */
    default NDArray sosfilt(NDArray sos, NDArray x) {
        return sosfilt(sos, x, -1);
    }

    /**
     * scipy.signal.sosfilt(sos, x, axis): the second-order sections (rows b0 b1 b2 a0 a1 a2 of sos,
     * shape (n_sections, 6)) applied in turn: {@code signal.sosfilt(sos, x, 0)}.
     */
    default NDArray sosfilt(NDArray sos, NDArray x, int axis) {
        String op = "signal.sosfilt";
        if (sos == null) throw new NullPointerException(op + ": sos is null");
        sos.live(op);
        if (sos.ndim() != 2 || sos.shape()[1] != 6) {
            throw new ShapeException(
                    op + ": sos array must be shape (n_sections, 6), got " + java.util.Arrays.toString(sos.shape()));
        }
        if (sos.shape()[0] == 0) throw new ShapeException(op + ": sos has no sections");
        NDArray y = null;
        for (long s = 0; s < sos.shape()[0]; s++) {
            try (NDArray b = sos.get(s + ",0:3");
                    NDArray a = sos.get(s + ",3:6")) {
                NDArray next =
                        Lfilter.apply(op, b, a, y == null ? x : y, axis, null).y();
                if (y != null) y.close();
                y = next;
            }
        }
        return y;
    }

    /**
     * scipy.signal.sosfilt(sos, x, axis, zi): from the states zi (shape (n_sections, ..., 2, ...),
     * x's shape with the axis of length 2), returning the output and the final states:
     * {@code signal.sosfilt(sos, x, -1, signal.sosfiltZi(sos).mul(x.get("0")))}.
     */
    default FilterResult sosfilt(NDArray sos, NDArray x, int axis, NDArray zi) {
        return ZeroPhase.sosfilt("signal.sosfilt", sos, x, axis, zi);
    }

    /**
     * scipy.signal.sosfilt_zi(sos): the (n_sections, 2) initial states for a step response's steady
     * state, float64 (made on the host): {@code signal.sosfiltZi(sos)}.
     */
    default NDArray sosfiltZi(NDArray sos) {
        return ZeroPhase.sosfiltZi(sos);
    }

    /** scipy.signal.sosfiltfilt(sos, x): forward and backward along the last axis, odd padding: {@code signal.sosfiltfilt(sos, x)}. */
    default NDArray sosfiltfilt(NDArray sos, NDArray x) {
        return sosfiltfilt(sos, x, -1, "odd", null);
    }

    /**
     * scipy.signal.sosfiltfilt(sos, x, axis, padtype, padlen): zero phase through second-order
     * sections, the edges extended by padtype ("odd", "even", "constant", null for none) over padlen
     * samples (null: 3 (2 n_sections + 1), less the sections of order one), each pass started from
     * sosfilt_zi's steady state: {@code signal.sosfiltfilt(sos, x, 0, "even", 30)}.
     */
    default NDArray sosfiltfilt(NDArray sos, NDArray x, int axis, String padtype, Integer padlen) {
        return ZeroPhase.sosfiltfilt(sos, x, axis, padtype, padlen);
    }

    /** scipy.signal.butter(N, Wn): a digital lowpass Butterworth filter, Wn in half-cycles per sample: {@code signal.butter(4, 0.2)}. */
    default Coefficients butter(int n, double wn) {
        return butter(n, new double[] {wn}, "low", null);
    }

    /**
     * scipy.signal.butter(N, Wn, btype, fs=fs) with output 'ba': btype "lowpass", "highpass",
     * "bandpass" or "bandstop" (Wn two edges for the bands), fs null for Wn relative to Nyquist:
     * {@code signal.butter(4, new double[] {50, 200}, "bandpass", 1000.0)}.
     */
    default Coefficients butter(int n, double[] wn, String btype, Double fs) {
        return Filtering.coefficients(Design.iirfilter("signal.butter", n, wn, 0, btype, fs, "butter"));
    }

    /** scipy.signal.cheby1(N, rp, Wn): a lowpass Chebyshev type I filter with rp dB of passband ripple: {@code signal.cheby1(4, 1, 0.3)}. */
    default Coefficients cheby1(int n, double rp, double wn) {
        return cheby1(n, rp, new double[] {wn}, "low", null);
    }

    /**
     * scipy.signal.cheby1(N, rp, Wn, btype, fs=fs) with output 'ba':
     * {@code signal.cheby1(3, 0.5, new double[] {0.1, 0.4}, "bandstop", null)}.
     */
    default Coefficients cheby1(int n, double rp, double[] wn, String btype, Double fs) {
        if (Double.isNaN(rp)) throw new NdException("signal.cheby1: rp is NaN");
        return Filtering.coefficients(Design.iirfilter("signal.cheby1", n, wn, rp, btype, fs, "cheby1"));
    }

    /** scipy.signal.cheby2(N, rs, Wn): a lowpass Chebyshev type II filter with rs dB of stopband attenuation: {@code signal.cheby2(4, 40, 0.3)}. */
    default Coefficients cheby2(int n, double rs, double wn) {
        return cheby2(n, rs, new double[] {wn}, "low", null);
    }

    /**
     * scipy.signal.cheby2(N, rs, Wn, btype, fs=fs) with output 'ba', Wn the edges where the
     * attenuation first reaches rs: {@code signal.cheby2(5, 30, new double[] {0.2, 0.5}, "bandpass", null)}.
     */
    default Coefficients cheby2(int n, double rs, double[] wn, String btype, Double fs) {
        if (Double.isNaN(rs)) throw new NdException("signal.cheby2: rs is NaN");
        return Filtering.coefficients(Design.iirfilter("signal.cheby2", n, wn, rs, btype, fs, "cheby2"));
    }

    /**
     * scipy.signal.sos2tf(sos): the transfer function of the cascade, the sections' polynomials
     * multiplied (on the host), in sos's floating dtype (float64 for integers): {@code signal.sos2tf(sos)}.
     */
    default Coefficients sos2tf(NDArray sos) {
        return ZeroPhase.sos2tf(sos);
    }

    /**
     * scipy.signal.butter(N, Wn, btype, output='sos', fs=fs): the design as (n_sections, 6)
     * second-order sections, float64, in SciPy's order (its zpk2sos, pairing 'nearest'):
     * {@code signal.butterSos(8, new double[] {0.1}, "low", null)}.
     */
    default NDArray butterSos(int n, double[] wn, String btype, Double fs) {
        return Filtering.sos(Design.iirfilterSos("signal.butter", n, wn, 0, btype, fs, "butter"));
    }

    /** scipy.signal.cheby1(N, rp, Wn, btype, output='sos', fs=fs): {@code signal.cheby1Sos(8, 0.05, new double[] {0.2}, "low", null)}. */
    default NDArray cheby1Sos(int n, double rp, double[] wn, String btype, Double fs) {
        if (Double.isNaN(rp)) throw new NdException("signal.cheby1: rp is NaN");
        return Filtering.sos(Design.iirfilterSos("signal.cheby1", n, wn, rp, btype, fs, "cheby1"));
    }

    /** scipy.signal.cheby2(N, rs, Wn, btype, output='sos', fs=fs): {@code signal.cheby2Sos(6, 40, new double[] {0.3}, "high", null)}. */
    default NDArray cheby2Sos(int n, double rs, double[] wn, String btype, Double fs) {
        if (Double.isNaN(rs)) throw new NdException("signal.cheby2: rs is NaN");
        return Filtering.sos(Design.iirfilterSos("signal.cheby2", n, wn, rs, btype, fs, "cheby2"));
    }

    /** scipy.signal.filtfilt(b, a, x): forward and backward, odd padding of 3 * max(len(a), len(b)): {@code signal.filtfilt(b, a, x)}. */
    default NDArray filtfilt(NDArray b, NDArray a, NDArray x) {
        return filtfilt(b, a, x, -1, "odd", null);
    }

    /**
     * scipy.signal.filtfilt(b, a, x, axis, padtype, padlen) with method 'pad': zero phase, the
     * edges extended by padtype ("odd", "even", "constant", "none"), each pass started from
     * lfilter_zi's steady state: {@code signal.filtfilt(b, a, x, 0, "even", 20)}.
     */
    default NDArray filtfilt(NDArray b, NDArray a, NDArray x, int axis, String padtype, Integer padlen) {
        return Transforms.filtfilt(b, a, x, axis, padtype, padlen);
    }

    /** scipy.signal.freqz_sos(sos): the cascade's response at 512 frequencies of [0, pi): {@code signal.freqzSos(sos)}. */
    default FrequencyResponse freqzSos(NDArray sos) {
        return freqzSos(sos, 512, false, 2 * Math.PI);
    }

    /**
     * scipy.signal.freqz_sos(sos, worN, whole, fs): the product of the sections' freqz, on the
     * device: {@code signal.freqzSos(sos, 1024, false, 1000.0)}.
     */
    default FrequencyResponse freqzSos(NDArray sos, int worN, boolean whole, double fs) {
        return ZeroPhase.freqzSos("signal.freqz_sos", sos, worN, whole, fs);
    }

    /** scipy.signal.sosfreqz(sos, worN, whole, fs), freqz_sos's older name: {@code signal.sosfreqz(sos, 512, false, 2 * Math.PI)}. */
    default FrequencyResponse sosfreqz(NDArray sos, int worN, boolean whole, double fs) {
        return ZeroPhase.freqzSos("signal.sosfreqz", sos, worN, whole, fs);
    }

    /** scipy.signal.firwin(numtaps, cutoff): a lowpass FIR filter, Hamming window: {@code signal.firwin(31, 0.3)}. */
    default NDArray firwin(int numtaps, double cutoff) {
        return firwin(numtaps, new double[] {cutoff}, "hamming", true, true, null);
    }

    /**
     * scipy.signal.firwin(numtaps, cutoff, window=, pass_zero=, scale=, fs=): the windowed-sinc FIR
     * filter of the bands the cutoffs bound (pass_zero true: the first band passes):
     * {@code signal.firwin(101, new double[] {0.2, 0.5}, "blackman", false, true, null)}.
     */
    default NDArray firwin(int numtaps, double[] cutoff, String window, boolean passZero, boolean scale, Double fs) {
        return Lfilter.doubles(
                Device.current(), Design.firwin("signal.firwin", numtaps, cutoff, window, passZero, scale, fs));
    }

    /** scipy.signal.freqz(b, a): the response at 512 frequencies of [0, pi): {@code signal.freqz(b, a)}. */
    default FrequencyResponse freqz(NDArray b, NDArray a) {
        return freqz(b, a, 512, false, 2 * Math.PI);
    }

    /**
     * scipy.signal.freqz(b, a, worN, whole, fs=fs): worN frequencies of [0, pi) (whole: [0, 2 pi)),
     * in fs's units: {@code signal.freqz(b, a, 1024, false, 1000.0)}.
     */
    default FrequencyResponse freqz(NDArray b, NDArray a, int worN, boolean whole, double fs) {
        return Transforms.freqz(b, a, worN, whole, fs);
    }

    private static NDArray sos(double[][] rows) {
        double[] flat = new double[6 * rows.length];
        for (int s = 0; s < rows.length; s++) System.arraycopy(rows[s], 0, flat, 6 * s, 6);
        try (NDArray d = Lfilter.doubles(Device.current(), flat)) {
            return d.reshape(rows.length, 6);
        }
    }

    private static Coefficients coefficients(double[][] ba) {
        Device d = Device.current();
        return new Coefficients(Lfilter.doubles(d, ba[0]), Lfilter.doubles(d, ba[1]));
    }
}
