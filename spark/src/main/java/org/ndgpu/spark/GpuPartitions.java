package org.ndgpu.spark;

import java.io.Serializable;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;

/**
 * RDD partitions on the task's GPU: each block (a {@code float[]}, {@code double[]}, {@code int[]}
 * or {@code long[]} element of the RDD) is moved to the device of {@link SparkGpu#device()} in one
 * transfer, {@code fn} runs on it with that device current, and what {@code fn} returns (host data)
 * is the element of the result.
 *
 * <pre>{@code
 * JavaRDD<float[]> blocks = sc.parallelize(data, 8);
 * double sumOfSquares = GpuPartitions.map(blocks, x -> ((Number) x.astype(DType.FLOAT64).square().sum().item()).doubleValue())
 *         .reduce(Double::sum);
 * JavaRDD<float[]> scaled = GpuPartitions.map(blocks, x -> x.mul(2).toFloatArray());   // one transfer each way
 * }</pre>
 *
 * <p>Blocks are processed one at a time as Spark pulls them, so a partition never needs to fit on
 * the device at once. The block's device array is closed after {@code fn}; arrays {@code fn} makes
 * are released by their own close() or, failing that, the collector. {@code fn} must return host
 * data (a number, a Java array, a record): an NDArray is device memory of this executor and cannot
 * travel, so returning one is an error.
 */
public final class GpuPartitions {
    private GpuPartitions() {}

    /**
     * A function of one device block, shipped to the executors (so serializable: a lambda whose
     * captured values are serializable; ndgpu's kernel objects are).
     *
     * @param <R> the host value it returns for each block
     */
    @FunctionalInterface
    public interface BlockFunction<R> extends Serializable {
        /** The result for {@code block}, a 1-d array on the task's device. */
        R apply(NDArray block);
    }

    /**
     * A new RDD with {@code fn}'s result for each block of {@code rdd}, computed on each task's GPU.
     * Elements must be {@code float[]} (float32), {@code double[]} (float64), {@code int[]} (int32) or
     * {@code long[]} (int64); anything else, or null, fails the task with a message naming the block.
     */
    public static <T, R> JavaRDD<R> map(JavaRDD<T> rdd, BlockFunction<? extends R> fn) {
        Objects.requireNonNull(rdd, "GpuPartitions.map: rdd is null");
        Objects.requireNonNull(fn, "GpuPartitions.map: fn is null");
        return rdd.mapPartitions(it -> new Blocks<T, R>(it, fn));
    }

    /** The lazy per-partition iterator: one block in, one result out, on the task's device. */
    private static final class Blocks<T, R> implements Iterator<R> {
        private final Iterator<T> in;
        private final BlockFunction<? extends R> fn;
        private final Device device;
        private long index;

        Blocks(Iterator<T> in, BlockFunction<? extends R> fn) {
            this.in = in;
            this.fn = fn;
            this.device = SparkGpu.device();
        }

        @Override
        public boolean hasNext() {
            return in.hasNext();
        }

        @Override
        public R next() {
            if (!in.hasNext()) throw new NoSuchElementException();
            T block = in.next();
            long i = index++;
            try (var _ = device.use();
                    NDArray x = toDevice(block, i)) {
                R r = fn.apply(x);
                if (r instanceof NDArray) {
                    throw new NdException(
                            "GpuPartitions.map: fn returned an NDArray for block " + i + where()
                                    + "; device memory cannot leave the executor: return host data (toFloatArray(), toDoubleArray(), item())");
                }
                device.synchronize();
                return r;
            }
        }

        private static NDArray toDevice(Object block, long i) {
            return switch (block) {
                case float[] f -> Nd.array(f);
                case double[] d -> Nd.array(d);
                case int[] n -> Nd.array(n);
                case long[] n -> Nd.array(n);
                case null ->
                    throw new NdException("GpuPartitions.map: block " + i + where()
                            + " is null; expected float[], double[], int[] or long[]");
                default ->
                    throw new NdException("GpuPartitions.map: block " + i + where() + " is a "
                            + block.getClass().getSimpleName() + "; expected float[], double[], int[] or long[]");
            };
        }

        private static String where() {
            TaskContext t = TaskContext.get();
            return t == null ? "" : " of partition " + t.partitionId();
        }
    }
}
