package org.ndgpu.benchmarks;

import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.MemoryPool;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Scope;

/**
 * Temporaries left to the collector, closed by hand, or released by a scope, beside {@code
 * .gpu/cupy_temporaries_anchors.py} (CuPy's eager loop of the same step): a step is {@code t =
 * t.mul(0.5f).add(0.25f)} ten times, then {@code Nd.copyto(o, t)} (20 operations). Each style runs
 * 24,000 steps in windows of 2,000; a row gives the median and the worst window's microseconds per
 * step and the most bytes the pool had in use at a window's end. Then the dropped style with 16 MiB
 * arrays: the slowest step against the median step, and whether any allocation failed.
 *
 * <p>On the GPU host: {@code .gpu/bench.sh TemporariesBench}.
 */
public final class TemporariesBench {
    private TemporariesBench() {}

    /** How a step treats its temporaries. */
    enum Style {
        DROPPED,
        CLOSED,
        SCOPE
    }

    static void step(NDArray x, NDArray o, Style style) {
        switch (style) {
            case DROPPED -> {
                NDArray t = x;
                for (int i = 0; i < 10; i++) t = t.mul(0.5f).add(0.25f);
                Nd.copyto(o, t);
            }
            case CLOSED -> {
                NDArray t = x;
                for (int i = 0; i < 10; i++) {
                    NDArray m = t.mul(0.5f);
                    if (t != x) t.close();
                    t = m.add(0.25f);
                    m.close();
                }
                Nd.copyto(o, t);
                t.close();
            }
            case SCOPE -> {
                try (Scope _ = Nd.scope()) {
                    NDArray t = x;
                    for (int i = 0; i < 10; i++) t = t.mul(0.5f).add(0.25f);
                    Nd.copyto(o, t);
                }
            }
        }
    }

    /**
     * Prints the table on the current device ({@code -Dndgpu.device=cuda:0} to choose); the
     * arguments, both optional: the windows of 2,000 small steps (12), the 16 MiB steps (2,000).
     */
    public static void main(String[] args) {
        Bench.header("TemporariesBench");
        int windows = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        MemoryPool pool = Device.current().memoryPool();
        try (NDArray x = Nd.random().seed(3).uniform(0, 1, DType.FLOAT32, 4096);
                NDArray o = Nd.empty(DType.FLOAT32, 4096)) {
            for (Style style : new Style[] {Style.CLOSED, Style.DROPPED, Style.SCOPE}) {
                for (int i = 0; i < 200; i++) step(x, o, style); // compiles, warms the call path a little
                double[] us = new double[windows];
                long maxUsed = 0;
                for (int w = 0; w < windows; w++) {
                    Device.current().synchronize();
                    long t0 = System.nanoTime();
                    for (int i = 0; i < 2000; i++) step(x, o, style);
                    Device.current().synchronize();
                    us[w] = (System.nanoTime() - t0) / 1e3 / 2000;
                    maxUsed = Math.max(maxUsed, pool.usedBytes());
                }
                double[] sorted = us.clone();
                java.util.Arrays.sort(sorted);
                System.out.printf(
                        "%-44s %8.2f us/step (worst window %.2f), pool in use at most %.1f MiB, %d collections asked%n",
                        "20-op step 4096 f32, temporaries " + style.name().toLowerCase(java.util.Locale.ROOT),
                        sorted[windows / 2],
                        sorted[windows - 1],
                        maxUsed / 1048576.0,
                        pool.collectionsRequested());
            }
        }
        long n = 4L << 20; // 16 MiB of float32
        try (NDArray x = Nd.random().seed(4).uniform(0, 1, DType.FLOAT32, n);
                NDArray o = Nd.empty(DType.FLOAT32, n)) {
            int steps = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
            double[] us = new double[steps];
            for (int i = 0; i < steps; i++) {
                long t0 = System.nanoTime();
                step(x, o, Style.DROPPED);
                Device.current().synchronize();
                us[i] = (System.nanoTime() - t0) / 1e3;
            }
            double[] sorted = us.clone();
            java.util.Arrays.sort(sorted);
            double median = sorted[steps / 2];
            int over = 0;
            for (double u : us) if (u > 3 * median) over++;
            System.out.printf(
                    "%-44s %8.1f us/step median, slowest %.1f (%.2fx), 99.9th %.1f, %d steps over 3x, pool total %.0f MiB%n",
                    "20-op step 16 MiB f32, temporaries dropped",
                    median,
                    sorted[steps - 1],
                    sorted[steps - 1] / median,
                    sorted[Math.min(steps - 1, (int) (steps * 0.999))],
                    over,
                    pool.totalBytes() / 1048576.0);
        }
    }
}
