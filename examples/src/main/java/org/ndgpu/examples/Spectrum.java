package org.ndgpu.examples;

import java.io.PrintStream;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * A noisy signal's spectrum: two sines (50 Hz at amplitude 1, 120 Hz at amplitude 0.5) under
 * Gaussian noise of standard deviation 0.8, sampled at 1024 Hz, and the two frequencies found again
 * as the two tallest peaks of {@code |rfft(x)|} against {@code rfftfreq(n, 1 / fs)}, as numpy.fft's
 * tutorial does. The noise is louder than the quieter sine in the time domain; in the spectrum both
 * stand far above it.
 *
 * <p>Run: {@code ./nd demo Spectrum} or {@code ./nd run org.ndgpu.examples.Spectrum [n]}
 */
public final class Spectrum implements Example {
    /** Samples per second. */
    public static final double FS = 1024;

    private final int n;

    /** 2^20 samples (1024 s). */
    public Spectrum() {
        this(1 << 20);
    }

    /** {@code n} samples. */
    public Spectrum(int n) {
        this.n = n;
    }

    @Override
    public String title() {
        return "the spectrum of " + n + " noisy samples: two sines found with rfft";
    }

    @Override
    public Result run(PrintStream out) {
        Device device = Device.current();
        Nd.random().seed(21);
        NDArray t = Nd.arange(0, n, 1).div(FS); // seconds, float64
        NDArray x = t.mul(2 * Math.PI * 50)
                .sin()
                .add(t.mul(2 * Math.PI * 120).sin().mul(0.5))
                .add(Nd.random().normal(0, 0.8, DType.FLOAT64, n));
        Nd.fft().rfft(x).close(); // warm-up: compile
        var timed = Timing.of(() -> Nd.fft().rfft(x));
        NDArray magnitude = timed.value().abs();
        double[] mag = magnitude.toDoubleArray();
        double[] freqs = Nd.fft().rfftfreq(n, 1 / FS).toDoubleArray();
        // the two tallest bins, the zero frequency excluded (the noise's mean)
        int first = -1, second = -1;
        for (int k = 1; k < mag.length; k++) {
            if (first < 0 || mag[k] > mag[first]) {
                second = first;
                first = k;
            } else if (second < 0 || mag[k] > mag[second]) {
                second = k;
            }
        }
        double lo = Math.min(freqs[first], freqs[second]), hi = Math.max(freqs[first], freqs[second]);
        double noiseFloor = median(mag);
        out.printf("  peaks at %.3f Hz and %.3f Hz; tallest %.0f, median bin %.1f%n", lo, hi, mag[first], noiseFloor);
        return Result.on(name(), device)
                .value("spectrum dtype", timed.value().dtype().toString())
                .value("bins", mag.length)
                .value("lower peak (Hz)", lo)
                .value("higher peak (Hz)", hi)
                .value("peak / median bin", mag[second] / noiseFloor)
                .millis("rfft", timed.millis());
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        java.util.Arrays.sort(s);
        return s[s.length / 2];
    }

    /** Runs it on the current device and prints the result. */
    public static void main(String[] args) {
        Examples.main(new Spectrum(args.length > 0 ? Integer.parseInt(args[0]) : 1 << 20));
    }
}
