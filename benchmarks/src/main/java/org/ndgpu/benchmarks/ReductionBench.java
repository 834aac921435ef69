package org.ndgpu.benchmarks;

import java.util.Locale;
import java.util.function.Supplier;
import org.ndgpu.Nd;
import org.ndgpu.config.Config;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.reduction.ReductionKernel;

/**
 * GPU throughput of the reductions (issue 5's targets), timed with device events: warm-up, then the
 * median of 20 runs, reported as GB/s of input read.
 *
 * <pre>
 * java -cp benchmarks.jar:... org.ndgpu.benchmarks.ReductionBench [device-id ...]   # default: cuda:0 and the first OpenCL GPU
 * </pre>
 */
public final class ReductionBench {
    private ReductionBench() {}

    private static final int RUNS = 20, WARMUP = 3;

    /** Prints the table on the current device ({@code -Dndgpu.device=cuda:0} to choose). */
    public static void main(String[] args) {
        String chosen = Config.device();
        String[] ids = args.length > 0
                ? args
                : chosen != null
                        ? new String[] {Device.current().id()}
                        : Device.list().stream()
                                .filter(Device::isGpu)
                                .map(Device::id)
                                .toArray(String[]::new);
        if (ids.length == 0) {
            System.err.println("ReductionBench: no GPU found: " + Device.list() + " " + Device.problems());
            System.exit(1);
        }
        System.out.printf(
                Locale.ROOT,
                "%-12s %-44s %10s %10s %14s %11s%n",
                "device",
                "case",
                "median ms",
                "GB/s",
                "back-to-back",
                "host/call");
        for (String id : ids) {
            Device dev = Device.get(id);
            try (var _ = dev.use()) {
                run(dev);
            }
        }
    }

    private static void run(Device dev) {
        Nd.random().seed(1);
        var l2 = new ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm");
        // the built-in float32 sum accumulates in float64 (accuracy); this one in float32, as l2norm: the cost of the
        // wider sum
        var sum32 = new ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "sum32");
        try (NDArray v = Nd.random().uniform(0, 1, DType.FLOAT32, 1L << 28)) {
            report(dev, "sum of 2^28 float32", v.nbytes(), v::sum);
            report(dev, "ReductionKernel l2norm of 2^28 float32", v.nbytes(), () -> l2.call(v));
            report(dev, "ReductionKernel sum, float32 accumulator", v.nbytes(), () -> sum32.call(v));
        }
        try (NDArray m = Nd.random().uniform(0, 1, DType.FLOAT32, 16384, 16384)) {
            report(dev, "sum(axis=0) of 16384x16384 float32", m.nbytes(), () -> m.sum(0));
            report(dev, "sum(axis=1) of 16384x16384 float32", m.nbytes(), () -> m.sum(1));
        }
    }

    private static void report(Device dev, String name, long bytes, Supplier<NDArray> op) {
        // -Dbench.sample=true: where the calling thread spends the warm-up and timed calls (the GPU host's runtime has
        // no JFR)
        StackSampler sampler = Boolean.getBoolean("bench.sample") ? StackSampler.start(Thread.currentThread()) : null;
        Bench.Timing t = Bench.timeOf(op, RUNS, WARMUP); // dev is current: run() is called inside dev.use()
        if (sampler != null) sampler.stopAndPrint(name, 12);
        double piped = Bench.pipelinedMsOf(op, RUNS);
        System.out.printf(
                Locale.ROOT,
                "%-12s %-44s %10.3f %10.1f %9.1f GB/s %8.1f us%n",
                dev.id(),
                name,
                t.deviceMs(),
                bytes / (t.deviceMs() * 1e-3) / 1e9,
                bytes / (piped * 1e-3) / 1e9,
                t.hostMs() * 1e3);
    }
}
