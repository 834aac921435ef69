package org.ndgpu.fft.impl;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Measures where routines' correlate should switch from the direct kernel to the FFT
 * (Convolution.FFT_MIN_SHORTER): both methods on float32, "valid" mode, for longer lengths 2^16,
 * 2^20, 2^22 and shorter lengths 16 to 2048, wall time until the device is done, median of 5 after 2
 * warm-ups. Not a test: run it where the crossover is chosen,
 * {@code .device/run org.ndgpu.fft.impl.ConvolveCrossover} on the GPU host, or
 * {@code java -cp ... org.ndgpu.fft.impl.ConvolveCrossover} here on PoCL.
 */
public final class ConvolveCrossover {
    private ConvolveCrossover() {}

    /** Prints one row per (n, k): direct ms, FFT ms, and which is faster. */
    public static void main(String[] args) throws Exception {
        Class<?> c = Class.forName("org.ndgpu.routines.math.Convolution");
        Method direct = c.getDeclaredMethod("direct", NDArray.class, NDArray.class, int.class);
        Method viaFft = c.getDeclaredMethod(
                "viaFft", NDArray.class, NDArray.class, int.class, DType.class, org.ndgpu.fft.Fft.class);
        direct.setAccessible(true);
        viaFft.setAccessible(true);
        int maxLog = args.length > 0 ? Integer.parseInt(args[0]) : 22;
        System.out.println("ConvolveCrossover on " + Device.current());
        System.out.printf("%10s %6s %12s %12s  %s%n", "n", "k", "direct ms", "fft ms", "faster");
        for (int log = 16; log <= maxLog; log += 2) {
            long n = 1L << log;
            try (NDArray a = Nd.random().uniform(-1, 1, DType.FLOAT32, n)) {
                for (long k = 16; k <= 2048; k *= 2) {
                    try (NDArray v = Nd.random().uniform(-1, 1, DType.FLOAT32, k)) {
                        double d = time(() -> (NDArray) direct.invoke(null, a, v, 0));
                        double f = time(() -> (NDArray) viaFft.invoke(null, a, v, 0, DType.FLOAT32, Nd.fft()));
                        System.out.printf("%10d %6d %12.4f %12.4f  %s%n", n, k, d, f, d <= f ? "direct" : "fft");
                    }
                }
            }
        }
    }

    private interface Call {
        NDArray run() throws Exception;
    }

    private static double time(Call call) throws Exception {
        for (int i = 0; i < 2; i++) call.run().close();
        Device.current().synchronize();
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            long t0 = System.nanoTime();
            NDArray r = call.run();
            Device.current().synchronize();
            ms.add((System.nanoTime() - t0) / 1e6);
            r.close();
        }
        ms.sort(null);
        return ms.get(2);
    }
}
