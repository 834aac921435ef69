package org.ndgpu.benchmarks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.Event;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Square matmuls of one dtype and size and nothing else, each timed by device events, for a
 * profiler on the GPU host (which kernels cuBLAS picks, and their times) and for comparing with
 * CuPy run for run ({@code .gpu/gemm_probe.py} is the CuPy twin):
 *
 * <pre>
 * ncu --metrics gpu__time_duration.sum .device/run org.ndgpu.benchmarks.GemmProbe float64 8192 3
 * .device/run org.ndgpu.benchmarks.GemmProbe float64 8192 20 a.npy b.npy   # CuPy's own operands
 * </pre>
 *
 * Operands are uniform [0, 1) as CuPy's anchors use, or read from two .npy files.
 */
public final class GemmProbe {
    private GemmProbe() {}

    public static void main(String[] args) {
        DType dt = DType.of(args.length > 0 ? args[0] : "float64");
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 8192;
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        boolean fromFiles = args.length > 4;
        try (NDArray a = fromFiles
                        ? Nd.load(Path.of(args[3]))
                        : Nd.random().seed(1).uniform(0, 1, dt, n, n);
                NDArray b = fromFiles
                        ? Nd.load(Path.of(args[4]))
                        : Nd.random().seed(2).uniform(0, 1, dt, n, n)) {
            List<Double> ms = matmulMillis(a, b, reps);
            System.out.printf(
                    "GemmProbe %s %d on %s%s: %s%n",
                    a.dtype(), n, Device.current(), fromFiles ? " (operands from files)" : "", summary(ms, n));
        }
    }

    /** Device milliseconds of each of {@code reps} products a @ b, by events; the device finished after. */
    static List<Double> matmulMillis(NDArray a, NDArray b, int reps) {
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < reps; i++) {
            try (Event s = Event.record()) {
                NDArray c = a.matmul(b);
                try (Event e = Event.record()) {
                    ms.add(s.elapsedMillis(e));
                }
                c.close();
            }
        }
        Device.current().synchronize();
        return ms;
    }

    /** "median M ms = R TFLOP/s; each: [...]" for n^3 products. */
    static String summary(List<Double> ms, int n) {
        double median = Bench.median(ms);
        return String.format(
                "median %.3f ms = %.2f TFLOP/s; each: %s",
                median,
                2.0 * n * n * n / (median * 1e-3) / 1e12,
                ms.stream().map(v -> Math.round(v * 100) / 100.0).toList());
    }
}
