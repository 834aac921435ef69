package org.ndgpu.benchmarks;

import java.util.Locale;
import java.util.function.Supplier;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.reduction.ReductionKernel;

/**
 * The cost of checked mode ({@code ndgpu.debug}): the same ElementwiseKernel and ReductionKernel
 * with raw parameters, timed with the mode off and on, on one device. Each row is the median of
 * 20 runs after warm-up (device events), with the host time per call; {@code .gpu/cupy_checked_anchors.py}
 * prints CuPy's figures for the same kernels (CuPy has no checked mode: its row is the unchecked one).
 *
 * <pre>
 * java -Dndgpu.device=cuda:0 -cp ... org.ndgpu.benchmarks.CheckedModeBench
 * </pre>
 */
public final class CheckedModeBench {
    private CheckedModeBench() {}

    private static final int RUNS = 20, WARMUP = 3;
    private static final long N = 1L << 24;

    /** Prints the table on the current device ({@code -Dndgpu.device=cuda:0} to choose). */
    public static void main(String[] args) {
        System.out.printf(
                Locale.ROOT,
                "%-12s %-46s %6s %10s %10s %10s%n",
                "device",
                "case",
                "debug",
                "median ms",
                "GB/s",
                "host/call");
        run(Device.current());
    }

    private static void run(Device dev) {
        Nd.random().seed(1);
        // a gather through a raw parameter (every element read once, as the transpose of a 2048 x 8192
        // matrix: i is 32-bit where the size allows, so the index stays within it) and a 3-point stencil
        var gather =
                new ElementwiseKernel("raw T x, int64 n", "T y", "y = x[(i % 2048) * 8192 + i / 2048]", "bench_gather");
        var stencil = new ElementwiseKernel(
                "raw T x, int64 n",
                "T y",
                "y = (x[i > 0 ? i - 1 : 0] + x[i] + x[i + 1 < n ? i + 1 : n - 1]) * 0.25f",
                "bench_stencil");
        // a weighted sum: the weights are a raw parameter indexed by the reduction's own index
        var weighted =
                new ReductionKernel("T x, raw T w", "T y", "x * w[_j % 1024]", "a + b", "y = a", "0", "bench_wsum");
        try (NDArray x = Nd.random().uniform(-1, 1, DType.FLOAT32, N);
                NDArray w = Nd.random().uniform(-1, 1, DType.FLOAT32, 1024)) {
            // off, on, off again: the first rounds of a fresh JVM also pay for its JIT
            for (String debug : new String[] {"false", "true", "false", "true"}) {
                System.setProperty("ndgpu.debug", debug);
                report(dev, debug, "ElementwiseKernel raw gather, 2^24 float32", 2 * x.nbytes(), () -> into(gather, x));
                report(
                        dev,
                        debug,
                        "ElementwiseKernel raw 3-point stencil, 2^24 f32",
                        2 * x.nbytes(),
                        () -> into(stencil, x));
                report(dev, debug, "ReductionKernel x * raw w, 2^24 float32", x.nbytes(), () -> weighted.call(x, w));
            }
        } finally {
            System.clearProperty("ndgpu.debug");
        }
    }

    /** The kernel's output is as long as x: it has only raw inputs, so the output is passed (CuPy: size=N). */
    private static NDArray into(ElementwiseKernel k, NDArray x) {
        NDArray y = Nd.empty(DType.FLOAT32, N);
        k.call(x, N, y);
        return y;
    }

    private static void report(Device dev, String debug, String name, long bytes, Supplier<NDArray> op) {
        Bench.Timing t = Bench.timeOf(op, RUNS, WARMUP);
        System.out.printf(
                Locale.ROOT,
                "%-12s %-46s %6s %10.3f %10.1f %8.1f us%n",
                dev.id(),
                name,
                debug,
                t.deviceMs(),
                bytes / (t.deviceMs() * 1e-3) / 1e9,
                t.hostMs() * 1e3);
    }
}
