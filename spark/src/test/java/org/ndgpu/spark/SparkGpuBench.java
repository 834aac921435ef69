package org.ndgpu.spark;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.ndgpu.Nd;
import org.ndgpu.fuse.Fuse;
import org.ndgpu.fuse.Fused;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The two-GPU scaling benchmark of issue 19: GiB of float32 blocks, per block a fused expression and a
 * reduction, on local-cluster with 1 executor and then 2 (one GPU each, from the shipped discovery script).
 * The blocks are made on the executors' GPUs from their index (Philox: the same numbers on any device), so
 * the 16 GiB never pass through the driver or the host's memory. Prints one row per configuration and the
 * speed-up; the two sums must agree.
 *
 * <pre>
 * SparkGpuBench [GiB=16] [blockMiB=256] [rounds=64]     (rounds: how many times the fused body repeats)
 * </pre>
 */
public final class SparkGpuBench {
    private SparkGpuBench() {}

    /** sin/cos/tanh rounds then the sum: one fused kernel per block, GPU-bound for rounds in the tens. */
    static Fused<NDArray> body(int rounds) {
        return Fuse.of((NDArray x) -> {
                    NDArray y = x;
                    for (int r = 0; r < rounds; r++)
                        y = y.sin().mul(y.cos()).add(x).tanh();
                    return y.astype(DType.FLOAT64).sum();
                })
                .named("bench_body");
    }

    static double job(JavaSparkContext sc, int blocks, long blockLength, Fused<NDArray> f) {
        JavaRDD<Integer> ids = sc.parallelize(IntStream.range(0, blocks).boxed().toList(), blocks);
        return ids.map(b -> SparkGpu.run(d -> {
                    Nd.random().seed(b);
                    try (NDArray x = Nd.random().uniform(-1, 1, DType.FLOAT32, blockLength);
                            NDArray s = f.call(x)) {
                        return ((Number) s.item()).doubleValue();
                    }
                }))
                .reduce(Double::sum);
    }

    public static void main(String[] args) throws Exception {
        double gib = args.length > 0 ? Double.parseDouble(args[0]) : 16;
        int blockMiB = args.length > 1 ? Integer.parseInt(args[1]) : 256;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 64;
        long blockLength = blockMiB * (1L << 20) / 4;
        int blocks = (int) Math.ceil(gib * 1024 / blockMiB);
        Fused<NDArray> f = body(rounds);
        System.out.printf(
                "SparkGpuBench: %d blocks of %d MiB float32 (%.2f GiB), fused body of %d rounds + a float64 sum%n",
                blocks, blockMiB, blocks * (double) blockMiB / 1024, rounds);
        System.out.println("| executors (1 GPU each) | seconds | GiB/s | sum |");
        System.out.println("|---|---|---|---|");
        double[] seconds = new double[3];
        double[] sums = new double[3];
        for (int executors : List.of(1, 2)) {
            Path dir = Path.of(System.getProperty("java.io.tmpdir"))
                    .resolve("ndgpu-spark-bench-" + executors + "-"
                            + ProcessHandle.current().pid());
            Path shipped = LocalCluster.shippedDiscoveryScript(dir);
            Path script = LocalCluster.oneGpuEach(dir, "'" + shipped + "' | grep -o '\"[0-9][0-9]*\"' | tr -d '\"'");
            try (JavaSparkContext sc = LocalCluster.start("SparkGpuBench-" + executors, executors, 4096, script)) {
                job(sc, 2 * executors, 1 << 20, f); // warm-up: every executor compiles the kernels once
                long t0 = System.nanoTime();
                sums[executors] = job(sc, blocks, blockLength, f);
                seconds[executors] = (System.nanoTime() - t0) / 1e9;
            }
            System.out.printf(
                    "| %d | %.2f | %.2f | %.6e |%n",
                    executors,
                    seconds[executors],
                    blocks * (double) blockMiB / 1024 / seconds[executors],
                    sums[executors]);
        }
        System.out.printf("speed-up, 2 executors vs 1: %.2fx%n", seconds[1] / seconds[2]);
        double rel = Math.abs(sums[1] - sums[2]) / Math.max(1e-300, Math.abs(sums[1]));
        System.out.printf("sums agree to %.1e (relative)%n", rel);
        if (rel > 1e-9) throw new AssertionError("the 1- and 2-executor sums differ: " + sums[1] + " vs " + sums[2]);
    }
}
