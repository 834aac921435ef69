package org.ndgpu.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;

/** GpuPartitions.map and SparkGpu in local[2]: results against plain Java loops, and what a bad call says. */
class GpuPartitionsTest {
    private static SparkSession spark;
    private static JavaSparkContext sc;

    @BeforeAll
    static void start() {
        spark = LocalSpark.start("GpuPartitionsTest");
        sc = LocalSpark.context(spark);
    }

    static List<float[]> floatBlocks(long seed, int count, int length) {
        Random r = new Random(seed);
        List<float[]> out = new ArrayList<>();
        for (int b = 0; b < count; b++) {
            float[] x = new float[length + b]; // blocks of different lengths
            for (int i = 0; i < x.length; i++) x[i] = (float) (r.nextGaussian() * 3);
            out.add(x);
        }
        return out;
    }

    @Test
    void sumOfSquaresEqualsAJavaLoop() {
        List<float[]> blocks = floatBlocks(11, 12, 5000);
        double expected = 0;
        for (float[] b : blocks) for (float v : b) expected += (double) v * v;
        JavaRDD<Double> parts = GpuPartitions.map(
                sc.parallelize(blocks, 4),
                x -> ((Number) x.astype(DType.FLOAT64).square().sum().item()).doubleValue());
        double got = parts.reduce(Double::sum);
        assertEquals(12, parts.count());
        assertTrue(Math.abs(got - expected) <= 1e-12 * expected, got + " vs " + expected);
    }

    @Test
    void everyBlockTypeRoundTrips() {
        Random r = new Random(5);
        double[] d = r.doubles(1000, -5, 5).toArray();
        int[] i = r.ints(1000, -1000, 1000).toArray();
        long[] l = r.longs(1000, -1L << 40, 1L << 40).toArray();
        float[] f = floatBlocks(3, 1, 1000).getFirst();
        double[] d2 = GpuPartitions.map(
                        sc.parallelize(List.of(d), 1), x -> x.mul(2).add(1).toDoubleArray())
                .first();
        int[] i2 = GpuPartitions.map(
                        sc.parallelize(List.of(i), 1), x -> x.mul(3).toIntArray())
                .first();
        long[] l2 = GpuPartitions.map(
                        sc.parallelize(List.of(l), 1), x -> x.sub(7).toLongArray())
                .first();
        float[] f2 = GpuPartitions.map(
                        sc.parallelize(List.of(f), 1), x -> x.neg().toFloatArray())
                .first();
        for (int k = 0; k < 1000; k++) {
            assertEquals(d[k] * 2 + 1, d2[k], 1e-12 * Math.abs(d[k] * 2 + 1) + 1e-15);
            assertEquals(i[k] * 3, i2[k]);
            assertEquals(l[k] - 7, l2[k]);
            assertEquals(-f[k], f2[k]);
        }
        // an empty block is a (0,) array, not an error
        assertArrayEquals(
                new float[0],
                GpuPartitions.map(
                                sc.parallelize(List.of(new float[0]), 1),
                                x -> x.mul(2).toFloatArray())
                        .first());
    }

    @Test
    void tasksRunOnTheDefaultDeviceWithoutAGpuResource() {
        String expected = Device.current().id();
        List<String> ids = sc.parallelize(List.of(1, 2, 3, 4), 4)
                .map(k -> SparkGpu.run(d -> d.id() + "|" + Device.current().id()))
                .collect();
        for (String s : ids) assertEquals(expected + "|" + expected, s);
    }

    @Test
    void hostileCalls() {
        JavaRDD<float[]> ok = sc.parallelize(floatBlocks(1, 2, 10), 1);
        assertTrue(assertThrows(NullPointerException.class, () -> GpuPartitions.map(null, x -> 1))
                .getMessage()
                .contains("rdd is null"));
        assertTrue(assertThrows(NullPointerException.class, () -> GpuPartitions.map(ok, null))
                .getMessage()
                .contains("fn is null"));
        assertTrue(assertThrows(NdException.class, SparkGpu::device)
                .getMessage()
                .contains("no Spark task runs in this thread"));
        // a block that is not a primitive array, a null block, and an NDArray returned: the task fails naming the block
        JavaRDD<Object> strings = sc.parallelize(List.<Object>of("x"), 1);
        assertTrue(failure(() -> GpuPartitions.map(strings, x -> 1).collect())
                .contains("GpuPartitions.map: block 0 of partition 0 is a String"));
        List<float[]> withNull = new ArrayList<>();
        withNull.add(new float[] {1});
        withNull.add(null);
        assertTrue(failure(() ->
                        GpuPartitions.map(sc.parallelize(withNull, 1), x -> 1).collect())
                .contains("block 1 of partition 0 is null"));
        assertTrue(failure(() -> GpuPartitions.map(ok, x -> x.mul(2)).collect())
                .contains("fn returned an NDArray for block 0"));
        // an error in fn is the task's error, with its own message
        assertTrue(failure(() -> GpuPartitions.map(ok, x -> x.reshape(3, 7)).collect())
                .contains("reshape"));
    }

    @Test
    void forAddressMapsIndicesAndIdsAndRefusesTheRest() {
        List<Device> all = org.ndgpu.device.Devices.all();
        assertEquals(all.getFirst(), SparkGpu.forAddress("0", all, null));
        assertEquals(all.getLast(), SparkGpu.forAddress(" " + (all.size() - 1) + " ", all, null));
        assertEquals(all.getFirst(), SparkGpu.forAddress(all.getFirst().id(), all, null));
        // CUDA_VISIBLE_DEVICES applies to CUDA devices only: these are OpenCL ones
        assertEquals(all.getFirst(), SparkGpu.forAddress("0", all, "3,4"));
        assertTrue(assertThrows(
                        org.ndgpu.exceptions.DeviceException.class,
                        () -> SparkGpu.forAddress(String.valueOf(all.size()), all, null))
                .getMessage()
                .contains("is past this executor's devices"));
        assertTrue(assertThrows(
                        org.ndgpu.exceptions.DeviceException.class, () -> SparkGpu.forAddress("GPU-8f3a", all, null))
                .getMessage()
                .contains("neither a GPU index"));
        assertTrue(assertThrows(org.ndgpu.exceptions.DeviceException.class, () -> SparkGpu.forAddress("-1", all, null))
                .getMessage()
                .contains("neither a GPU index"));
        assertTrue(
                assertThrows(org.ndgpu.exceptions.DeviceException.class, () -> SparkGpu.forAddress("cuda:9", all, null))
                        .getMessage()
                        .contains("names no device of this executor"));
        assertThrows(NullPointerException.class, () -> SparkGpu.forAddress(null, all, null));
        assertThrows(NullPointerException.class, () -> SparkGpu.run(null));
    }

    /** The message of the job failure {@code job} raises (Spark wraps the task's exception). */
    static String failure(Runnable job) {
        Exception e = assertThrows(Exception.class, job::run);
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) sb.append(t).append('\n');
        return sb.toString();
    }
}
