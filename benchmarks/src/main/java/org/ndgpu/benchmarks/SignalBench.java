package org.ndgpu.benchmarks;

import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.signal.ConvMethod;
import org.ndgpu.signal.ConvMode;

/**
 * scipy.signal on float32 signals, beside {@code .gpu/cupy_signal_anchors.py} (the same calls in
 * cupyx.scipy.signal): issue 40's fftconvolve of 2^22 with 2^12, lfilter of 2^24 samples (order 8,
 * Butterworth; float64 coefficients give a float64 result, float32 ones a float32 result) and welch of 2^26 samples, with a direct convolution and a 2-D correlation for scale. Device time of one call, median after
 * warm-up; GB/s of the inputs read once and the output written once.
 */
public final class SignalBench {
    private SignalBench() {}

    /** Prints the table on the current device; an argument scales the lengths down by 2^k (default 0). */
    public static void main(String[] args) {
        int shrink = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        Bench.header("SignalBench");
        var s = Nd.signal();
        long n = 1L << (22 - shrink), k = 1L << (12 - shrink), w = 1L << (26 - shrink), f = 1L << (24 - shrink);
        try (NDArray x = Nd.random().seed(40).uniform(-1, 1, DType.FLOAT32, n);
                NDArray h = Nd.random().seed(41).uniform(-1, 1, DType.FLOAT32, k);
                NDArray h31 = Nd.random().seed(42).uniform(-1, 1, DType.FLOAT32, 31);
                NDArray long1 = Nd.random().seed(43).uniform(-1, 1, DType.FLOAT32, w);
                NDArray image = Nd.random().seed(44).uniform(0, 1, DType.FLOAT32, 2048, 2048);
                NDArray box = Nd.ones(DType.FLOAT32, 5, 5);
                NDArray s24 = Nd.random().seed(45).uniform(-1, 1, DType.FLOAT32, f);
                var ba = s.butter(8, 0.2)) {
            Bench.row(
                    "fftconvolve 2^" + (22 - shrink) + " with 2^" + (12 - shrink) + " f32",
                    Bench.deviceMsOf(() -> s.fftconvolve(x, h), 10, 3),
                    4.0 * (2 * n + k));
            Bench.row(
                    "fftconvolve 2^" + (22 - shrink) + " with 31 f32",
                    Bench.deviceMsOf(() -> s.fftconvolve(x, h31), 10, 3),
                    4.0 * 2 * n);
            Bench.row(
                    "convolve direct 2^" + (22 - shrink) + " with 31 same f32",
                    Bench.deviceMsOf(() -> s.convolve(x, h31, ConvMode.SAME, ConvMethod.DIRECT), 10, 3),
                    4.0 * 2 * n);
            Bench.row(
                    "lfilter 2^" + (24 - shrink) + " order 8 f32",
                    Bench.deviceMsOf(() -> s.lfilter(ba.b(), ba.a(), s24), 5, 2),
                    4.0 * f + 8.0 * f);
            try (NDArray b32 = ba.b().astype(DType.FLOAT32);
                    NDArray a32 = ba.a().astype(DType.FLOAT32)) {
                Bench.row(
                        "lfilter 2^" + (24 - shrink) + " order 8 f32 coefficients",
                        Bench.deviceMsOf(() -> s.lfilter(b32, a32, s24), 5, 2),
                        4.0 * f + 4.0 * f);
            }
            Bench.row(
                    "welch 2^" + (26 - shrink) + " nperseg 256 f32",
                    Bench.deviceMsOf(() -> s.welch(long1, 1.0), 5, 2),
                    4.0 * w);
            Bench.row(
                    "correlate2d 5x5 same 2048^2 f32",
                    Bench.deviceMsOf(() -> s.correlate2d(image, box, ConvMode.SAME), 10, 3),
                    4.0 * 2 * 2048 * 2048);
        }
    }
}
