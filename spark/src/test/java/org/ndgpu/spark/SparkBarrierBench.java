package org.ndgpu.spark;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.device.Devices;
import org.ndgpu.nccl.Collective;
import org.ndgpu.nccl.Nccl;
import org.ndgpu.nccl.NcclCommunicator;
import org.ndgpu.nccl.ReduceOp;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.spark.examples.LogisticRegressionJob;

/**
 * Issue 42's Spark bars, on local-cluster with two executors (one GPU each, from the shipped discovery
 * script; two PoCL devices elsewhere):
 * <ol>
 * <li>inside {@link SparkGpu#barrier}, each task all-reduces a float32 array of ones in place through
 *     the stage's collective (NCCL between GPUs), each round after a {@code comm.barrier()} and timed to
 *     its device's synchronize; rank 0's median gives the algorithm bandwidth (bytes / time) and the bus
 *     bandwidth ({@code algbw * 2(n-1)/n}, as nccl-tests reports it);</li>
 * <li>after the cluster stops, the same allReduce in this JVM over the same two devices (NCCL's
 *     in-process communicators driven from one thread in a group, as MultiGpuBench does; the host
 *     collective between two threads where NCCL is absent): the bar is barrier / in-process busbw
 *     &gt;= 0.9;</li>
 * <li>the logistic-regression example's step ({@link LogisticRegressionJob#step}: forward, gradient,
 *     allReduce of the gradient, update) on float64 rows made on the executors (the same rows in both
 *     runs), on one task with all rows and on two tasks with half each; the bar is the median step
 *     time of two / one &lt;= 0.55, and the two runs' weights must agree.</li>
 * </ol>
 * Every allReduce's result is checked (ones summed in place k times give 2^k).
 *
 * <pre>
 * SparkBarrierBench [allReduceMiB=256] [rounds=20] [rows=1048576] [features=1024] [steps=30]
 * SparkBarrierBench 1 5 4096 16 5          (two PoCL devices: the host collective, small)
 * </pre>
 */
public final class SparkBarrierBench {
    /** Untimed rounds and steps before the timed ones: kernels compiled, NCCL's channels set up. */
    static final int WARM = 3;
    /** Blocks of rows, each made from its own seed: one task makes all of them, or each of two tasks half. */
    static final int BLOCKS = 8;

    private SparkBarrierBench() {}

    /** One task's timings: its rank, device, collective's kind, per-round milliseconds, and a result. */
    record Timed(int rank, String device, String collective, double[] ms, double[] result) implements Serializable {}

    public static void main(String[] args) {
        int mib = args.length > 0 ? Integer.parseInt(args[0]) : 256;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        long rows = args.length > 2 ? Long.parseLong(args[2]) : 1L << 20;
        int features = args.length > 3 ? Integer.parseInt(args[3]) : 1024;
        int steps = args.length > 4 ? Integer.parseInt(args[4]) : 30;
        if (mib < 1 || rounds < 1 || WARM + rounds > 100)
            throw new IllegalArgumentException("SparkBarrierBench: expected allReduceMiB >= 1 and 1 <= rounds <= "
                    + (100 - WARM) + " (ones doubled per round stay exact in float32), got " + mib + " and "
                    + rounds);
        if (rows < BLOCKS || rows % BLOCKS != 0 || features < 1 || steps < 1)
            throw new IllegalArgumentException("SparkBarrierBench: expected rows a multiple of " + BLOCKS
                    + ", features >= 1 and steps >= 1, got " + rows + ", " + features + ", " + steps);
        List<Device> two = Devices.all();
        if (two.size() < 2)
            throw new IllegalStateException("SparkBarrierBench: needs two devices, found " + two + " "
                    + Device.problems() + " (on PoCL: POCL_DEVICES=\"pthread pthread\")");
        two = two.subList(0, 2);
        long n = mib * (1L << 20) / 4;
        System.out.printf(
                "SparkBarrierBench: allReduce of %d MiB float32 in place, %d rounds (+%d warm-up); logistic "
                        + "regression step on %d x %d float64 rows, %d steps (+%d); devices %s%n",
                mib,
                rounds,
                WARM,
                rows,
                features,
                steps,
                WARM,
                two.stream().map(Device::id).toList());

        Timed[] barrier;
        Timed oneTask, twoTasks;
        Path dir = Path.of(System.getProperty("java.io.tmpdir"))
                .resolve("ndgpu-spark-barrier-bench-" + ProcessHandle.current().pid());
        try (JavaSparkContext sc = LocalCluster.start("SparkBarrierBench", 2, 4096, discovery(dir, two))) {
            barrier = barrierAllReduce(sc, n, rounds);
            oneTask = regression(sc, 1, rows, features, steps)[0];
            twoTasks = regression(sc, 2, rows, features, steps)[0];
        }
        Timed local = inProcessAllReduce(two, n, rounds);

        double expected = Math.pow(2, WARM + rounds);
        for (Timed t : barrier) check("barrier allReduce, rank " + t.rank(), t.result()[0], expected);
        check("in-process allReduce", local.result()[0], expected);
        if (barrier[0].device().equals(barrier[1].device()))
            throw new AssertionError("SparkBarrierBench: both ranks ran on " + barrier[0].device());

        double bytes = 4.0 * n;
        double barrierMs = median(barrier[0].ms()), localMs = median(local.ms());
        System.out.println("| case | median ms | algbw GB/s | busbw GB/s |");
        System.out.println("|---|---|---|---|");
        row("Spark barrier allReduce, 2 executors (" + barrier[0].collective() + "), rank 0", barrierMs, bytes, 2);
        row("  the same, rank 1", median(barrier[1].ms()), bytes, 2);
        row("in-process allReduce, 1 JVM (" + local.collective() + ")", localMs, bytes, 2);
        double bw = localMs / barrierMs;
        System.out.printf(
                "barrier busbw / in-process busbw: %.3fx (bar >= 0.9: %s)%n", bw, bw >= 0.9 ? "met" : "MISSED");

        double oneMs = median(oneTask.ms()), twoMs = median(twoTasks.ms());
        System.out.printf(
                "| logistic regression step, %d x %d float64 (%s) | median ms |%n",
                rows, features, twoTasks.collective());
        System.out.println("|---|---|");
        System.out.printf("| 1 executor, all rows | %.4f |%n", oneMs);
        System.out.printf("| 2 executors, half the rows each | %.4f |%n", twoMs);
        double ratio = twoMs / oneMs;
        System.out.printf(
                "step time, 2 executors / 1: %.3fx (bar <= 0.55: %s)%n", ratio, ratio <= 0.55 ? "met" : "MISSED");
        double diff = 0, scale = 0;
        for (int i = 0; i < features; i++) {
            diff = Math.max(diff, Math.abs(oneTask.result()[i] - twoTasks.result()[i]));
            scale = Math.max(scale, Math.abs(oneTask.result()[i]));
        }
        System.out.printf("weights, 1 vs 2 executors: max difference %.1e (largest weight %.3e)%n", diff, scale);
        if (!(diff <= 1e-9 * scale + 1e-12))
            throw new AssertionError("SparkBarrierBench: the 1- and 2-executor weights differ by " + diff);
    }

    /** The shipped script (nvidia-smi's indices) on a host with two CUDA GPUs, else the first two devices' indices. */
    static Path discovery(Path dir, List<Device> two) {
        if (two.stream().allMatch(d -> d.backend().dialect() == Dialect.CUDA)) {
            Path shipped = LocalCluster.shippedDiscoveryScript(dir);
            return LocalCluster.oneGpuEach(dir, "'" + shipped + "' | grep -o '\"[0-9][0-9]*\"' | tr -d '\"'");
        }
        return LocalCluster.oneGpuEach(dir, "echo 0 1");
    }

    /** Both ranks' timings of {@code rounds} in-place allReduces of n float32 ones, by rank. */
    static Timed[] barrierAllReduce(JavaSparkContext sc, long n, int rounds) {
        List<Timed> out = SparkGpu.barrier(sc.parallelize(List.of(0, 1), 2), (rows, comm) -> {
                    Device d = comm.device();
                    try (NDArray x = Nd.ones(DType.FLOAT32, n)) {
                        double[] ms = new double[rounds];
                        for (int r = 0; r < WARM + rounds; r++) {
                            comm.barrier(); // both ranks start together: the time is the collective's, not a wait
                            long t0 = System.nanoTime();
                            comm.allReduce(x, ReduceOp.SUM);
                            d.synchronize();
                            if (r >= WARM) ms[r - WARM] = (System.nanoTime() - t0) / 1e6;
                        }
                        double lo = ((Number) x.min().item()).doubleValue();
                        double hi = ((Number) x.max().item()).doubleValue();
                        return List.of(new Timed(
                                        comm.rank(), d.id(), kind(comm), ms, new double[] {lo == hi ? lo : -1}))
                                .iterator();
                    }
                })
                .collect();
        Timed[] byRank = new Timed[2];
        for (Timed t : out) byRank[t.rank()] = t;
        return byRank;
    }

    /**
     * The example's steps on {@code tasks} tasks, each with its share of the BLOCKS blocks of rows (made
     * on its device from the blocks' seeds: the same rows for any number of tasks), by rank; rank 0's
     * result is the final weights.
     */
    static Timed[] regression(JavaSparkContext sc, int tasks, long rows, int features, int steps) {
        List<Timed> out = SparkGpu.barrier(
                        sc.parallelize(IntStream.range(0, tasks).boxed().toList(), tasks), (it, comm) -> {
                            Device d = comm.device();
                            NDArray[] xy = rows(comm.rank(), tasks, rows, features);
                            NDArray w = Nd.zeros(DType.FLOAT64, features, 1);
                            double[] ms = new double[steps];
                            for (int s = 0; s < WARM + steps; s++) {
                                long t0 = System.nanoTime();
                                w = LogisticRegressionJob.step(
                                        xy[0], xy[1], w, comm, LogisticRegressionJob.RATE / rows);
                                d.synchronize();
                                if (s >= WARM) ms[s - WARM] = (System.nanoTime() - t0) / 1e6;
                            }
                            xy[0].close();
                            xy[1].close();
                            return List.of(new Timed(comm.rank(), d.id(), kind(comm), ms, w.toDoubleArray()))
                                    .iterator();
                        })
                .collect();
        Timed[] byRank = new Timed[tasks];
        for (Timed t : out) byRank[t.rank()] = t;
        return byRank;
    }

    /** Task {@code task} of {@code tasks}'s rows x and labels y (drawn from a logistic model), on the current device. */
    static NDArray[] rows(int task, int tasks, long rows, int features) {
        long blockRows = rows / BLOCKS;
        Nd.random().seed(BLOCKS); // past the blocks' seeds
        NDArray truth = Nd.random().uniform(-1, 1, DType.FLOAT64, features, 1);
        List<NDArray> xs = new ArrayList<>(), ys = new ArrayList<>();
        for (int b = task * BLOCKS / tasks; b < (task + 1) * BLOCKS / tasks; b++) {
            Nd.random().seed(b);
            NDArray x = Nd.random().uniform(-1, 1, DType.FLOAT64, blockRows, features);
            NDArray u = Nd.random().uniform(0, 1, DType.FLOAT64, blockRows, 1);
            NDArray p = Nd.reciprocal(Nd.exp(x.matmul(truth).mul(-1.0)).add(1.0));
            xs.add(x);
            ys.add(u.lt(p).astype(DType.FLOAT64));
        }
        NDArray x = xs.size() == 1 ? xs.getFirst() : Nd.concatenate(xs, 0);
        NDArray y = ys.size() == 1 ? ys.getFirst() : Nd.concatenate(ys, 0);
        if (xs.size() > 1) xs.forEach(NDArray::close); // the blocks' copies: only the joined rows stay
        return new NDArray[] {x, y};
    }

    /**
     * The same rounds in this JVM over both devices: NCCL's communicators of one process (ncclCommInitAll)
     * driven from this thread in a group, or, where NCCL is absent, the host collective's ranks on two threads.
     */
    static Timed inProcessAllReduce(List<Device> two, long n, int rounds) {
        List<NDArray> x = new ArrayList<>();
        for (Device d : two) {
            try (var _ = d.use()) {
                x.add(Nd.ones(DType.FLOAT32, n));
            }
        }
        boolean nccl = two.stream().allMatch(d -> d.backend().dialect() == Dialect.CUDA) && Nccl.available();
        List<NcclCommunicator> comms = nccl ? Nccl.initAll(two) : List.of();
        List<Collective> ranks = nccl ? List.of() : Collective.threads(two);
        Runnable once = nccl
                ? () -> Nccl.group(() -> {
                    for (int i = 0; i < two.size(); i++) comms.get(i).allReduce(x.get(i), ReduceOp.SUM);
                })
                : () -> Devices.parallel(two, (d, i) -> ranks.get(i).allReduce(x.get(i), ReduceOp.SUM));
        double[] ms = new double[rounds];
        for (int r = 0; r < WARM + rounds; r++) {
            long t0 = System.nanoTime();
            once.run();
            two.forEach(Device::synchronize);
            if (r >= WARM) ms[r - WARM] = (System.nanoTime() - t0) / 1e6;
        }
        double lo = Double.MAX_VALUE, hi = -Double.MAX_VALUE;
        for (NDArray a : x) {
            lo = Math.min(lo, ((Number) a.min().item()).doubleValue());
            hi = Math.max(hi, ((Number) a.max().item()).doubleValue());
        }
        x.forEach(NDArray::close);
        comms.forEach(NcclCommunicator::close);
        ranks.forEach(Collective::close);
        String what = nccl ? "NCCL " + Nccl.version() + ", ncclCommInitAll" : "host collective, 2 threads";
        return new Timed(0, two.getFirst().id(), what, ms, new double[] {lo == hi ? lo : -1});
    }

    private static String kind(Collective comm) {
        return comm.getClass().getSimpleName().startsWith("Nccl") ? "NCCL " + Nccl.version() : "host collective";
    }

    private static void check(String what, double got, double expected) {
        if (got != expected)
            throw new AssertionError("SparkBarrierBench: " + what + " left " + (got == -1 ? "unequal elements" : got)
                    + ", expected every element " + expected);
    }

    private static void row(String what, double ms, double bytes, int ranks) {
        double algbw = bytes / ms / 1e6;
        System.out.printf("| %s | %.4f | %.1f | %.1f |%n", what, ms, algbw, algbw * 2 * (ranks - 1) / ranks);
    }

    static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }
}
