package org.ndgpu.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.BarrierTaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.nccl.ReduceOp;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * SparkGpu.barrier on two real executors (local-cluster[2,1,1536]), one PoCL device each: the host
 * collective through BarrierTaskContext.allGather (NCCL on a CUDA host), with a task that fails on
 * the stage's first attempt between two collectives; Spark retries the stage, which opens a fresh
 * collective, and every task's allReduce equals the same sum on one device of this JVM.
 */
class BarrierTest {
    /** What a task returns: its rank, its device, its collective's kind, its float64 and int64 allReduce results. */
    record Out(int rank, String device, String collective, double[] sum, long[] isum, int attempt)
            implements Serializable {}

    @Test
    void barrierAllReduceOnTwoExecutorsSurvivesAFailedAttempt() {
        Path dir = Path.of(System.getProperty("java.io.tmpdir"))
                .resolve("ndgpu-spark-barrier-" + ProcessHandle.current().pid());
        List<Out> outs = allReduceWithAFailedAttempt("BarrierTest", LocalCluster.oneGpuEach(dir, "echo 0 1"), 1000);
        // one device each: opencl:0 and opencl:1 on PoCL, two GPUs (NCCL) on a GPU host
        assertEquals(2, outs.stream().map(Out::device).distinct().count(), "devices " + outs);
    }

    /**
     * Two executors (their gpu addresses from {@code discovery}) all-reduce two random float64 and int64
     * arrays of {@code len} in one barrier stage whose rank 1 fails between two collectives on the first
     * attempt; asserts that the stage was retried and that both ranks hold the sum one device of this JVM
     * makes. SparkBarrierGpuTest runs it on two GPUs.
     */
    static List<Out> allReduceWithAFailedAttempt(String name, Path discovery, int len) {
        SplittableRandom random = new SplittableRandom(0xba77_1e2L);
        List<double[]> parts = new ArrayList<>();
        for (int p = 0; p < 2; p++) parts.add(random.doubles(len, -3, 3).toArray());
        List<Out> outs;
        try (JavaSparkContext sc = LocalCluster.start(
                name, 2, 1536, discovery, "spark.task.maxFailures", "4", "spark.stage.maxConsecutiveAttempts", "4")) {
            JavaRDD<double[]> rdd = sc.parallelize(parts, 2);
            outs = SparkGpu.barrier(rdd, (rows, comm) -> {
                        double[] mine = rows.next();
                        Device d = comm.device();
                        NDArray x = NDArray.fromHost(d, DType.FLOAT64, new long[] {len}, MemorySegment.ofArray(mine));
                        long[] ints = new long[len];
                        for (int i = 0; i < len; i++) ints[i] = Math.round(mine[i] * 1e6);
                        NDArray n = NDArray.fromHost(d, DType.INT64, new long[] {len}, MemorySegment.ofArray(ints));
                        comm.allReduce(x, ReduceOp.SUM);
                        int attempt = BarrierTaskContext.get().stageAttemptNumber();
                        // rank 1 dies between two collectives on the first attempt: rank 0 waits in the second
                        if (attempt == 0 && comm.rank() == 1) throw new IllegalStateException("injected failure");
                        comm.allReduce(n, ReduceOp.SUM);
                        comm.barrier();
                        String kind = comm.getClass().getSimpleName();
                        return List.of(new Out(comm.rank(), d.id(), kind, x.toDoubleArray(), n.toLongArray(), attempt))
                                .iterator();
                    })
                    .collect();
        }
        assertEquals(2, outs.size());
        // the same sum on one device of this JVM (two terms: the order cannot change it)
        double[] expected = Nd.array(parts.get(0)).add(Nd.array(parts.get(1))).toDoubleArray();
        long[] iexpected = new long[len];
        for (int i = 0; i < len; i++)
            iexpected[i] = Math.round(parts.get(0)[i] * 1e6) + Math.round(parts.get(1)[i] * 1e6);
        for (Out o : outs) {
            assertTrue(o.attempt() >= 1, "the stage was not retried: attempt " + o.attempt());
            assertArrayEquals(expected, o.sum(), 0, "rank " + o.rank());
            assertArrayEquals(iexpected, o.isum(), "rank " + o.rank());
        }
        return outs;
    }

    @Test
    void hostileArguments() {
        assertThrows(NullPointerException.class, () -> SparkGpu.barrier(null, (rows, comm) -> rows));
        var e = assertThrows(NullPointerException.class, () -> SparkGpu.barrier(null, null));
        assertTrue(e.getMessage().contains("SparkGpu.barrier"), e.getMessage());
    }
}
