package org.ndgpu.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.spark.ExceptionFailure;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.Devices;
import org.ndgpu.fuse.Fuse;
import org.ndgpu.fuse.Fused;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.spark.examples.SumOfSquares;

/**
 * On the GPU host with two GPUs: local-cluster with two executors, one GPU each, the GPUs found by the
 * shipped discovery script (getGpusResources.sh, nvidia-smi). Each worker claims one of its addresses.
 */
@Tag("gpu")
class SparkGpuClusterGpuTest {
    record Seen(int block, String executor, String device, double value) implements java.io.Serializable {}

    static Path discovery(String name) {
        Path dir = Path.of(System.getProperty("java.io.tmpdir"))
                .resolve("ndgpu-spark-" + name + "-" + ProcessHandle.current().pid());
        Path shipped = LocalCluster.shippedDiscoveryScript(dir);
        return LocalCluster.oneGpuEach(dir, "'" + shipped + "' | grep -o '\"[0-9][0-9]*\"' | tr -d '\"'");
    }

    static void assumeTwoCudaGpus() {
        long cuda = Device.list().stream()
                .filter(d -> d.backendName().equals("cuda") && d.isGpu())
                .count();
        assumeTrue(cuda >= 2, "needs two CUDA GPUs, found " + cuda + " " + Device.problems());
    }

    /** The per-block function: a fused expression (one kernel) and its sum, captured and shipped. */
    static Fused<NDArray> fused() {
        return Fuse.of((NDArray x) -> x.sin().mul(x.cos()).add(x.mul(x)).sum()).named("sincos_sq_sum");
    }

    @Test
    void eachExecutorHasItsOwnGpuAndTheResultEqualsOneGpus() throws Exception {
        assumeTwoCudaGpus();
        List<float[]> blocks = SumOfSquares.blocks(8, 1 << 20, 23);
        Fused<NDArray> f = fused();
        List<Seen> seen;
        try (JavaSparkContext sc = LocalCluster.start("SparkGpuClusterGpuTest", 2, 4096, discovery("two"))) {
            seen = GpuPartitions.map(
                            sc.parallelize(blocks, 8),
                            (NDArray x) -> new Seen(
                                    TaskContext.getPartitionId(),
                                    SparkEnv.get().executorId(),
                                    SparkGpu.device().id(),
                                    ((Number) f.call(x).item()).doubleValue()))
                    .collect();
        }
        Map<String, String> deviceOf = new HashMap<>();
        for (Seen s : seen) {
            String before = deviceOf.putIfAbsent(s.executor(), s.device());
            assertTrue(
                    before == null || before.equals(s.device()),
                    "executor " + s.executor() + " used " + before + " and " + s.device());
        }
        assertEquals(2, deviceOf.size(), "executors " + deviceOf);
        assertNotEquals(
                deviceOf.values().stream().toList().get(0),
                deviceOf.values().stream().toList().get(1),
                "both executors on one GPU: " + deviceOf);
        // one GPU in this JVM computes the same blocks with the same fused kernel
        Device one = Devices.all().getFirst();
        try (var _ = one.use()) {
            for (int b = 0; b < blocks.size(); b++) {
                double here = ((Number) f.call(Nd.array(blocks.get(b))).item()).doubleValue();
                assertEquals(
                        here,
                        seen.get(b).value(),
                        1e-6 * Math.abs(here),
                        "block " + b + " on " + seen.get(b).device());
            }
        }
    }

    /**
     * A device fault in one task fails that task with a message naming the kernel, and Spark runs the task
     * again on the other executor (spark.excludeOnFailure.enabled keeps it off the faulted one).
     */
    @Test
    void aDeviceFaultFailsTheTaskNamingTheKernelAndSparkRetriesElsewhere() throws Exception {
        assumeTwoCudaGpus();
        RawKernel poke = new RawKernel(
                "extern \"C\" __global__ void poke(float* p, long long stride) { p[(long long) threadIdx.x * stride] = 1.0f; }",
                "poke");
        List<float[]> blocks = SumOfSquares.blocks(2, 1 << 16, 5);
        List<String> failures = new CopyOnWriteArrayList<>();
        List<Seen> seen;
        try (JavaSparkContext sc = LocalCluster.start(
                "SparkGpuFaultTest",
                2,
                4096,
                discovery("fault"),
                "spark.task.maxFailures",
                "4",
                "spark.excludeOnFailure.enabled",
                "true")) {
            sc.sc().addSparkListener(new SparkListener() {
                @Override
                public void onTaskEnd(SparkListenerTaskEnd end) {
                    if (end.reason() instanceof ExceptionFailure e)
                        failures.add(end.taskInfo().executorId() + "|" + e.toErrorString());
                }
            });
            var k = SumOfSquares.SUM_SQ;
            seen = GpuPartitions.map(sc.parallelize(blocks, 2), (NDArray x) -> {
                        TaskContext t = TaskContext.get();
                        if (t.partitionId() == 0 && t.attemptNumber() == 0)
                            poke.launch(new long[] {1}, new long[] {32}, x, 1L << 40);
                        return new Seen(
                                t.partitionId(),
                                SparkEnv.get().executorId(),
                                SparkGpu.device().id(),
                                ((Number) k.call(x).item()).doubleValue());
                    })
                    .collect();
        }
        assertTrue(!failures.isEmpty(), "no task failed");
        String first = failures.getFirst();
        assertTrue(first.contains("poke") && first.contains("CUDA_ERROR_ILLEGAL_ADDRESS"), first);
        String faulted = first.substring(0, first.indexOf('|'));
        assertNotEquals(faulted, seen.getFirst().executor(), "block 0 was retried on the executor whose GPU faulted");
        for (int b = 0; b < 2; b++) {
            double want = SumOfSquares.host(List.of(blocks.get(b)));
            assertEquals(want, seen.get(b).value(), 1e-12 * want, "block " + b);
        }
    }
}
