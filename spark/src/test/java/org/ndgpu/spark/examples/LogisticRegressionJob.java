package org.ndgpu.spark.examples;

import java.io.Serializable;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.nccl.Collective;
import org.ndgpu.nccl.ReduceOp;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.spark.SparkGpu;

/**
 * Data-parallel logistic regression on Spark: each partition holds a block of rows on its task's
 * device, and every step of full-batch gradient descent all-reduces the blocks' gradients
 * {@code X_i^T (sigmoid(X_i w) - y_i)} between the tasks of one barrier stage
 * ({@link SparkGpu#barrier}: NCCL between GPUs, the host elsewhere), so each task updates the same
 * weights. {@link #singleDevice} runs the same steps on all rows on one device: the weights agree to
 * rounding (the sum of the blocks' gradients against one matmul over all rows).
 */
public final class LogisticRegressionJob {
    /** Gradient-descent steps. */
    public static final int STEPS = 30;
    /** The step size. */
    public static final double RATE = 0.5;

    private LogisticRegressionJob() {}

    /** A block of rows: {@code x} is rows x features in C order, {@code y} 0 or 1 per row. */
    public record Block(double[] x, double[] y, int features) implements Serializable {
        NDArray xOn(Device d) {
            return NDArray.fromHost(d, DType.FLOAT64, new long[] {y.length, features}, MemorySegment.ofArray(x));
        }

        NDArray yOn(Device d) {
            return NDArray.fromHost(d, DType.FLOAT64, new long[] {y.length, 1}, MemorySegment.ofArray(y));
        }
    }

    /** {@code blocks} blocks of {@code rows} rows, labels drawn from a logistic model with random weights. */
    public static List<Block> blocks(int blocks, int rows, int features, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] truth = r.doubles(features, -1, 1).toArray();
        List<Block> out = new ArrayList<>();
        for (int b = 0; b < blocks; b++) {
            double[] x = r.doubles((long) rows * features, -1, 1).toArray();
            double[] y = new double[rows];
            for (int i = 0; i < rows; i++) {
                double z = 0;
                for (int f = 0; f < features; f++) z += x[i * features + f] * truth[f];
                y[i] = r.nextDouble() < 1 / (1 + Math.exp(-z)) ? 1 : 0;
            }
            out.add(new Block(x, y, features));
        }
        return out;
    }

    /** The weights after {@link #STEPS} steps, trained on one task per partition (one block each). */
    public static double[] train(JavaRDD<Block> rdd, long totalRows) {
        List<double[]> w = SparkGpu.barrier(rdd, (Iterator<Block> it, Collective comm) -> {
                    Block b = it.next();
                    Device d = comm.device();
                    NDArray x = b.xOn(d), y = b.yOn(d);
                    NDArray weights = Nd.zeros(b.features(), 1);
                    for (int s = 0; s < STEPS; s++) weights = step(x, y, weights, comm, RATE / totalRows);
                    return List.of(weights.toDoubleArray()).iterator();
                })
                .collect();
        return w.getFirst();
    }

    /** The same steps on all blocks' rows on the current device. */
    public static double[] singleDevice(List<Block> blocks) {
        int features = blocks.getFirst().features();
        int rows = blocks.stream().mapToInt(b -> b.y().length).sum();
        double[] x = new double[rows * features], y = new double[rows];
        int at = 0;
        for (Block b : blocks) {
            System.arraycopy(b.x(), 0, x, at * features, b.x().length);
            System.arraycopy(b.y(), 0, y, at, b.y().length);
            at += b.y().length;
        }
        Block all = new Block(x, y, features);
        Device d = Device.current();
        NDArray xs = all.xOn(d), ys = all.yOn(d);
        NDArray weights = Nd.zeros(features, 1);
        for (int s = 0; s < STEPS; s++)
            weights = weights.sub(gradient(xs, ys, weights).mul(RATE / rows));
        return weights.toDoubleArray();
    }

    /**
     * One step of a task: its block's gradient, all-reduced so that every task holds the whole
     * gradient, and the update {@code w - scale * g} (scale: the rate over all tasks' rows).
     * SparkBarrierBench times this step on one executor and on two.
     */
    public static NDArray step(NDArray x, NDArray y, NDArray weights, Collective comm, double scale) {
        NDArray g = gradient(x, y, weights);
        comm.allReduce(g, ReduceOp.SUM);
        return weights.sub(g.mul(scale));
    }

    /** {@code X^T (sigmoid(X w) - y)}. */
    private static NDArray gradient(NDArray x, NDArray y, NDArray w) {
        NDArray p = Nd.reciprocal(Nd.exp(x.matmul(w).mul(-1.0)).add(1.0));
        return x.T().matmul(p.sub(y));
    }
}
