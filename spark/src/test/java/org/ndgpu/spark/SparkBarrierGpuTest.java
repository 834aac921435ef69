package org.ndgpu.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.Serializable;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.ndgpu.device.Device;
import org.ndgpu.nccl.Nccl;
import org.ndgpu.nccl.ReduceOp;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * SparkGpu.barrier on the GPU host with two GPUs: local-cluster with two executors, one GPU each (the
 * shipped discovery script), their tasks one NCCL communicator between two processes. A hang in a
 * collective (a rank that never aborts) fails the test at its timeout instead of stopping the suite.
 */
@Tag("gpu")
class SparkBarrierGpuTest {
    /** What a task returns: its rank, device, collective's kind and its arrays after the allReduce. */
    record Sums(int rank, String device, String collective, float[] f32, double[] f64) implements Serializable {}

    static void assumeTwoGpusAndNccl() {
        SparkGpuClusterGpuTest.assumeTwoCudaGpus();
        assumeTrue(Nccl.available(), "needs NCCL: " + Nccl.problem());
    }

    @Test
    @Timeout(value = 240, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void allReduceThroughTheBarrierOnTwoGpusEqualsTheHostSum() {
        assumeTwoGpusAndNccl();
        int len = 1 << 20;
        SplittableRandom random = new SplittableRandom(42);
        List<double[]> parts = new ArrayList<>();
        for (int p = 0; p < 2; p++) parts.add(random.doubles(len, -3, 3).toArray());
        List<Sums> outs;
        try (JavaSparkContext sc =
                LocalCluster.start("SparkBarrierGpuTest", 2, 4096, SparkGpuClusterGpuTest.discovery("barrier"))) {
            outs = SparkGpu.barrier(sc.parallelize(parts, 2), (rows, comm) -> {
                        double[] mine = rows.next();
                        float[] mine32 = new float[len];
                        for (int i = 0; i < len; i++) mine32[i] = (float) mine[i];
                        Device d = comm.device();
                        NDArray x = NDArray.fromHost(d, DType.FLOAT64, new long[] {len}, MemorySegment.ofArray(mine));
                        NDArray y = NDArray.fromHost(d, DType.FLOAT32, new long[] {len}, MemorySegment.ofArray(mine32));
                        comm.allReduce(x, ReduceOp.SUM);
                        comm.allReduce(y, ReduceOp.SUM);
                        return List.of(new Sums(
                                        comm.rank(),
                                        d.id(),
                                        comm.getClass().getSimpleName(),
                                        y.toFloatArray(),
                                        x.toDoubleArray()))
                                .iterator();
                    })
                    .collect();
        }
        assertEquals(2, outs.size());
        assertEquals(2, outs.stream().map(Sums::device).distinct().count(), "both ranks on one GPU: " + outs);
        // two terms: the sum rounds once, in any order, on the host as on the GPUs
        double[] want = new double[len];
        float[] want32 = new float[len];
        for (int i = 0; i < len; i++) {
            want[i] = parts.get(0)[i] + parts.get(1)[i];
            want32[i] = (float) parts.get(0)[i] + (float) parts.get(1)[i];
        }
        for (Sums s : outs) {
            assertEquals("NcclCollective", s.collective(), "rank " + s.rank() + " on " + s.device());
            assertArrayEquals(want, s.f64(), 0, "float64, rank " + s.rank());
            assertArrayEquals(want32, s.f32(), 0, "float32, rank " + s.rank());
        }
    }

    /**
     * BarrierTest's case on two GPUs: rank 1 fails between two NCCL collectives on the stage's first
     * attempt while rank 0 waits in the second; its abort (ncclCommAbort) frees rank 0, Spark retries
     * the stage on fresh communicators, and both ranks' sums equal one GPU's.
     */
    @Test
    @Timeout(value = 240, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aTaskFailingMidCollectiveIsRetriedAndEqualsOneGpu() {
        assumeTwoGpusAndNccl();
        List<BarrierTest.Out> outs = BarrierTest.allReduceWithAFailedAttempt(
                "SparkBarrierGpuRetryTest", SparkGpuClusterGpuTest.discovery("barrier-retry"), 1 << 20);
        assertEquals(2, outs.stream().map(BarrierTest.Out::device).distinct().count(), "devices " + outs);
        for (BarrierTest.Out o : outs) assertEquals("NcclCollective", o.collective(), "rank " + o.rank());
    }
}
