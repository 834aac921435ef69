package org.ndgpu.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkEnv;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.spark.examples.SumOfSquares;

/**
 * Two real executor JVMs (local-cluster[2,1,2048]) on PoCL, each given its own device through Spark's GPU
 * resources (addresses 0 and 1: the two PoCL devices POCL_DEVICES="pthread pthread" shows): kernels travel
 * in closures, tasks report where they ran, and the result equals the same kernel run in this JVM.
 */
class LocalClusterTest {
    /** What one task saw: its executor, the JVM's pid, its device, and its block's sum of squares. */
    record Seen(String executor, long pid, String device, double sum) implements java.io.Serializable {}

    @Test
    void twoExecutorsOneDeviceEachMatchOneJvm() throws Exception {
        Path dir = Path.of(System.getProperty("java.io.tmpdir"))
                .resolve("ndgpu-spark-" + ProcessHandle.current().pid());
        Path script = LocalCluster.oneGpuEach(dir, "echo 0 1");
        List<float[]> blocks = SumOfSquares.blocks(8, 30_000, 17);
        List<Seen> seen;
        try (JavaSparkContext sc = LocalCluster.start("LocalClusterTest", 2, 2048, script)) {
            var k = SumOfSquares.SUM_SQ; // travels to the executors as its definition
            JavaRDD<Seen> rdd = GpuPartitions.map(
                    sc.parallelize(blocks, 4),
                    (NDArray x) -> new Seen(
                            SparkEnv.get().executorId(),
                            ProcessHandle.current().pid(),
                            SparkGpu.device().id(),
                            ((Number) k.call(x).item()).doubleValue()));
            seen = rdd.collect();
        }
        Map<String, String> deviceOf = new HashMap<>();
        for (Seen s : seen) {
            assertNotEquals(ProcessHandle.current().pid(), s.pid(), "a task ran in the driver's JVM");
            String before = deviceOf.putIfAbsent(s.executor(), s.device());
            assertTrue(
                    before == null || before.equals(s.device()),
                    "executor " + s.executor() + " used two devices: " + before + ", " + s.device());
        }
        assertEquals(2, deviceOf.size(), "tasks ran on executors " + deviceOf.keySet());
        assertEquals(
                Set2.of("opencl:0", "opencl:1"),
                Set2.of(deviceOf.values().toArray(String[]::new)),
                "devices " + deviceOf);
        // the same kernel on each block in this JVM, and a plain loop
        for (int b = 0; b < blocks.size(); b++) {
            double here =
                    ((Number) SumOfSquares.SUM_SQ.call(Nd.array(blocks.get(b))).item()).doubleValue();
            assertEquals(here, seen.get(b).sum(), 1e-12 * here, "block " + b);
            double loop = SumOfSquares.host(List.of(blocks.get(b)));
            assertEquals(loop, seen.get(b).sum(), 1e-12 * loop, "block " + b);
        }
    }

    private static final class Set2 {
        static java.util.Set<String> of(String... s) {
            return new java.util.TreeSet<>(List.of(s));
        }
    }
}
