package org.ndgpu.spark.examples;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.reduction.ReductionKernel;
import org.ndgpu.spark.GpuPartitions;

/**
 * A distributed sum of squares over an RDD of float32 blocks: each block goes to its task's GPU in
 * one transfer, a ReductionKernel (accumulating in float64) reduces it there, and Spark adds the
 * per-block sums. The kernel object is captured by the closure and travels to the executors.
 *
 * <pre>
 * spark-submit --class org.ndgpu.spark.examples.SumOfSquares ... [blocks] [blockLength]
 * </pre>
 */
public final class SumOfSquares {
    private SumOfSquares() {}

    /** The kernel: x * x summed in float64, one value per call. */
    public static final ReductionKernel SUM_SQ =
            new ReductionKernel("T x", "float64 y", "(double) x * (double) x", "a + b", "y = a", "0", "sum_sq");

    /** Blocks of seeded uniform(-1, 1) float32 values (a host copy the driver can check against). */
    public static List<float[]> blocks(int count, int length, long seed) {
        var r = new SplittableRandom(seed);
        List<float[]> out = new ArrayList<>(count);
        for (int b = 0; b < count; b++) {
            float[] x = new float[length];
            for (int i = 0; i < length; i++) x[i] = (float) (r.nextDouble() * 2 - 1);
            out.add(x);
        }
        return out;
    }

    /** The sum of squares of every value of {@code blocks}, computed on the executors' GPUs. */
    public static double run(JavaRDD<float[]> blocks) {
        ReductionKernel k = SUM_SQ; // captured: it travels as its definition
        JavaRDD<Double> sums =
                GpuPartitions.map(blocks, (NDArray x) -> ((Number) k.call(x).item()).doubleValue());
        return sums.reduce(Double::sum);
    }

    /** The same sum with a plain loop on the driver: the check. */
    public static double host(List<float[]> blocks) {
        double s = 0;
        for (float[] b : blocks) for (float v : b) s += (double) v * v;
        return s;
    }

    public static void main(String[] args) throws java.io.IOException {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 64;
        int length = args.length > 1 ? Integer.parseInt(args[1]) : 1 << 20;
        try (SparkSession spark =
                SparkSession.builder().appName("ndgpu SumOfSquares").getOrCreate()) {
            var sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
            List<float[]> data = blocks(count, length, 42);
            double gpu = run(sc.parallelize(data, Math.max(1, sc.defaultParallelism())));
            double host = host(data);
            System.out.printf(
                    "sum of squares: %.6f (GPU) vs %.6f (host), relative error %.2e%n",
                    gpu, host, Math.abs(gpu - host) / host);
        }
    }
}
