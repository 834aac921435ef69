package org.ndgpu.benchmarks;

import java.util.Locale;
import java.util.function.Supplier;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * What the trust work (issue 35) costs where it adds device work: the NaN check before inv, solve
 * and det (one reduction and one read per call), and convolve's FFT path, which now also bounds
 * each output's rounding error and sums the few it cannot trust directly. Each row is the median of
 * 20 calls after warm-up (device events), with the host time per call; {@code .gpu/cupy_trust_anchors.py}
 * prints CuPy's figures for the same calls, and {@code .gpu/bench_ab.sh TrustBench} runs it on an
 * earlier build beside this one (the class uses only the public API).
 *
 * <pre>
 * java -cp ... org.ndgpu.benchmarks.TrustBench          # on the default device (-Dndgpu.device=cuda:0)
 * </pre>
 */
public final class TrustBench {
    private TrustBench() {}

    private static final int RUNS = 20, WARMUP = 3;

    /** Prints the table on the current device. */
    public static void main(String[] args) {
        Device dev = Device.current();
        System.out.printf(Locale.ROOT, "%-12s %-44s %10s %10s%n", "device", "case", "median ms", "host/call");
        Nd.random().seed(3);
        try (NDArray small = Nd.random().uniform(-1, 1, DType.FLOAT64, 64, 64);
                NDArray batch = Nd.random().uniform(-1, 1, DType.FLOAT64, 1000, 8, 8);
                NDArray big = Nd.random().uniform(-1, 1, DType.FLOAT64, 2048, 2048);
                NDArray rhs = Nd.random().uniform(-1, 1, DType.FLOAT64, 2048)) {
            report(dev, "inv 64x64 float64", () -> Nd.linalg().inv(small));
            report(dev, "inv (1000, 8, 8) float64", () -> Nd.linalg().inv(batch));
            report(dev, "det (1000, 8, 8) float64", () -> Nd.linalg().det(batch));
            report(dev, "solve 2048x2048 float64, b (2048,)", () -> Nd.linalg().solve(big, rhs));
        }
        try (NDArray a32 = Nd.random().uniform(-1, 1, DType.FLOAT32, 1L << 20);
                NDArray v32 = Nd.random().uniform(-1, 1, DType.FLOAT32, 4096);
                NDArray a64 = a32.astype(DType.FLOAT64);
                NDArray v64 = v32.astype(DType.FLOAT64);
                NDArray s32 = Nd.random().uniform(-1, 1, DType.FLOAT32, 1L << 16);
                NDArray k32 = Nd.random().uniform(-1, 1, DType.FLOAT32, 63)) {
            report(dev, "convolve 2^20 * 4096 float32", () -> Nd.convolve(a32, v32));
            report(dev, "convolve 2^20 * 4096 float64", () -> Nd.convolve(a64, v64));
            report(dev, "convolve 2^16 * 63 float32", () -> Nd.convolve(s32, k32));
        }
    }

    private static void report(Device dev, String name, Supplier<NDArray> op) {
        Bench.Timing t = Bench.timeOf(op, RUNS, WARMUP);
        System.out.printf(Locale.ROOT, "%-12s %-44s %10.3f %8.1f us%n", dev.id(), name, t.deviceMs(), t.hostMs() * 1e3);
    }
}
