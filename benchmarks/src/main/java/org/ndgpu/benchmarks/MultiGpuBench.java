package org.ndgpu.benchmarks;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.device.Devices;
import org.ndgpu.nccl.Nccl;
import org.ndgpu.nccl.NcclCommunicator;
import org.ndgpu.nccl.ReduceOp;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Several CUDA GPUs through the public API (issues 18 and 42): the peer copy of 1 GiB float32
 * ({@code a.to(gpu1)}), an NCCL allReduce of 256 MiB float32 over every GPU (bus bandwidth as
 * nccl-tests reports it: algorithm bandwidth x 2(n-1)/n), and work split over N shards already on the
 * devices against the same work on one GPU, each by {@code Devices.parallel} and launched on each
 * device in turn from one thread: add and sum of 2^30 float32 (or 2^LOG2 alone with {@code split=LOG2}), and a 16384^2 float32 matmul split by
 * rows (with and without gathering C on GPU 0). Each split row prints the speed-up, one GPU's time
 * over N GPUs'. Times are wall clock until every device involved has finished, medians of several
 * runs after warm-ups.
 *
 * <p>Run on a host with two or more GPUs: {@code .device/run org.ndgpu.benchmarks.MultiGpuBench
 * [gpus=N] [allReduce]} then {@code python3 .gpu/cupy_multigpu_anchors.py [N]} in the same call, for
 * CuPy's figures of the same rows.
 */
public final class MultiGpuBench {
    private MultiGpuBench() {}

    /**
     * Prints the table over every CUDA device found (at least two), or the first N with the argument
     * {@code gpus=N}; {@code allReduce} as an argument: that row alone (e.g. with another libnccl, named
     * by {@code -Dndgpu.nccl.library=PATH}).
     */
    public static void main(String[] args) {
        List<Device> gpus = Device.list().stream()
                .filter(d -> d.backend().dialect() == Dialect.CUDA)
                .toList();
        boolean only = false; // the NCCL row alone
        boolean splitOnly = false; // the split add and sum alone, at 2^split
        int want = gpus.size(), splitLog2 = 30;
        for (String arg : args) {
            if (arg.equals("allReduce")) only = true;
            else if (arg.startsWith("gpus=")) want = Integer.parseInt(arg.substring(5));
            else if (arg.startsWith("split=")) {
                splitLog2 = Integer.parseInt(arg.substring(6));
                splitOnly = true;
            } else
                throw new IllegalArgumentException(
                        "MultiGpuBench: expected allReduce, gpus=N or split=LOG2, got " + arg);
        }
        if (gpus.size() < 2 || want < 2 || want > gpus.size()) {
            System.out.println("MultiGpuBench: needs " + Math.max(2, want) + " CUDA devices, found " + Device.list()
                    + " " + Device.problems());
            return;
        }
        gpus = gpus.subList(0, want);
        Device g0 = gpus.get(0), g1 = gpus.get(1);
        System.out.printf("MultiGpuBench on %d GPUs: %s%n", gpus.size(), gpus);
        System.out.println(
                Nccl.available()
                        ? "NCCL " + Nccl.version() + " from " + Nccl.loadedFrom() + ", mapped from " + mapped("libnccl")
                        : "NCCL not available: " + Nccl.problem());
        System.out.printf("%-52s %12s %12s%n", "case", "median ms", "GB/s");
        List<Device> all = gpus;
        if (splitOnly) {
            int log2 = splitLog2;
            attempt("split add and sum", () -> split(all, log2));
            return;
        }
        if (!only) attempt("peer copy", () -> peerCopy(g0, g1));
        if (!only && gpus.size() > 2) attempt("peer copy, every pair", () -> everyPair(all));
        attempt("allReduce", () -> allReduce(all));
        if (!only) attempt("split add and sum", () -> split(all, 30));
        if (!only) attempt("split matmul", () -> splitMatmul(all));
    }

    /** Runs one group of rows; a failure prints why and the next group still runs (one call on a big host). */
    private static void attempt(String what, Runnable rows) {
        try {
            rows.run();
        } catch (RuntimeException | AssertionError e) {
            System.out.println(what + ": failed: " + e);
            e.printStackTrace(System.out);
        }
    }

    private static void sync(List<Device> devices) {
        devices.forEach(Device::synchronize);
    }

    /**
     * Median wall milliseconds of work until every device has finished, after the warm-up of the other
     * benchmarks (Bench.warmUp): short work runs until 3 s have passed (at most 5000 times), so the JIT
     * has compiled the call path, as in a user's loop after its first milliseconds; a GEMM gets 2 runs.
     */
    private static double wallMs(List<Device> devices, Runnable work, int reps) {
        Runnable whole = () -> {
            work.run();
            sync(devices);
        };
        long t0 = System.nanoTime();
        for (int i = 0;
                reps >= 10 ? i < Bench.WARM_CALLS && (i < 20 || System.nanoTime() - t0 < Bench.WARM_NANOS) : i < 2;
                i++) whole.run();
        return Bench.wallMs(whole, reps);
    }

    private static void peerCopy(Device g0, Device g1) {
        long n = 1L << 28; // 1 GiB of float32
        NDArray a;
        try (var _ = g0.use()) {
            a = Nd.random().uniform(0, 1, DType.FLOAT32, n);
        }
        NDArray[] b = new NDArray[1];
        double ms = wallMs(
                List.of(g0, g1),
                () -> {
                    if (b[0] != null) b[0].close();
                    b[0] = a.to(g1);
                },
                10);
        Bench.row("peer copy 1 GiB f32 cuda:0 -> cuda:1 (a.to)", ms, 4.0 * n);
        NDArray c;
        try (var _ = g1.use()) {
            c = Nd.empty(DType.FLOAT32, n);
        }
        double into = wallMs(List.of(g0, g1), () -> Nd.copyto(c, a), 10);
        Bench.row("peer copy 1 GiB f32 into cuda:1 (Nd.copyto)", into, 4.0 * n);
        if (!Nd.allclose(b[0].get("::4093"), a.get("::4093").to(g1))) throw new AssertionError("peer copy differs");
        b[0].close();
        c.close();
        a.close();
    }

    /** The peer copy of 1 GiB between every ordered pair (more than two GPUs): the slowest pair bounds a gather. */
    private static void everyPair(List<Device> gpus) {
        long n = 1L << 28;
        double slowest = Double.MAX_VALUE, fastest = 0;
        String slow = "";
        for (Device from : gpus) {
            NDArray a;
            try (var _ = from.use()) {
                a = Nd.random().uniform(0, 1, DType.FLOAT32, n);
            }
            for (Device to : gpus) {
                if (to == from) continue;
                NDArray[] b = new NDArray[1];
                double ms = wallMs(
                        List.of(from, to),
                        () -> {
                            if (b[0] != null) b[0].close();
                            b[0] = a.to(to);
                        },
                        5);
                b[0].close();
                double gbs = 4.0 * n / ms / 1e6;
                if (gbs < slowest) slow = from.id() + " -> " + to.id();
                slowest = Math.min(slowest, gbs);
                fastest = Math.max(fastest, gbs);
            }
            a.close();
        }
        System.out.printf(
                "%-52s %12s %12.1f  (fastest pair %.1f GB/s; slowest %s)%n",
                "peer copy 1 GiB f32, every ordered pair: slowest", "", slowest, fastest, slow);
    }

    private static void allReduce(List<Device> gpus) {
        if (!Nccl.available()) {
            System.out.println("allReduce: NCCL not available: " + Nccl.problem());
            return;
        }
        long n = 1L << 26; // 256 MiB of float32
        List<NcclCommunicator> comms = Nccl.initAll(gpus);
        List<NDArray> x = new ArrayList<>();
        for (Device d : gpus) {
            try (var _ = d.use()) {
                x.add(Nd.random().uniform(0, 1, DType.FLOAT32, n));
            }
        }
        Runnable once = () -> Nccl.group(() -> {
            for (int i = 0; i < gpus.size(); i++) comms.get(i).allReduce(x.get(i), ReduceOp.SUM);
        });
        for (int i = 0; i < 200; i++) once.run(); // past the JIT's thresholds for the call path
        sync(gpus);
        double ms = wallMs(gpus, once, 20);
        int r = gpus.size();
        double algbw = 4.0 * n / ms / 1e6;
        System.out.printf(
                "%-52s %12.4f %12.1f  (algbw %.1f GB/s, NCCL %s)%n",
                "NCCL allReduce 256 MiB f32 in place: busbw", ms, algbw * 2 * (r - 1) / r, algbw, Nccl.version());
        double dev;
        try (var _ = gpus.getFirst().use()) { // rank 0's part cannot end before every rank's has
            dev = Bench.deviceMs(once, 20, 5);
        }
        double devAlg = 4.0 * n / dev / 1e6;
        System.out.printf(
                "%-52s %12.4f %12.1f%n",
                "  the same, device time on cuda:0 (events): busbw", dev, devAlg * 2 * (r - 1) / r);
        x.forEach(NDArray::close);
        comms.forEach(NcclCommunicator::close);
    }

    private static void split(List<Device> gpus, int log2) {
        Device g0 = gpus.getFirst();
        long n = 1L << log2;
        String size = "2^" + log2;
        NDArray a, b;
        try (var _ = g0.use()) {
            a = Nd.random().uniform(0, 1, DType.FLOAT32, n);
            b = Nd.random().uniform(0, 1, DType.FLOAT32, n);
        }
        List<NDArray> as = Nd.scatter(a, gpus, 0), bs = Nd.scatter(b, gpus, 0);
        List<Device> one = List.of(g0);
        int k = gpus.size();
        NDArray[] c1 = new NDArray[1];
        double add1 = wallMs(
                one,
                () -> {
                    if (c1[0] != null) c1[0].close();
                    try (var _ = g0.use()) {
                        c1[0] = a.add(b);
                    }
                },
                10);
        NDArray[] cs = new NDArray[k];
        double addK = wallMs(
                gpus,
                () -> Devices.parallel(gpus, (d, i) -> {
                    if (cs[i] != null) cs[i].close();
                    cs[i] = as.get(i).add(bs.get(i));
                }),
                10);
        row("add " + size + " f32", add1, addK, k, 12.0 * n);
        double addL = wallMs(
                gpus,
                () -> { // the same launched on each device in turn from this thread
                    for (int i = 0; i < k; i++) {
                        if (cs[i] != null) cs[i].close();
                        try (var _ = gpus.get(i).use()) {
                            cs[i] = as.get(i).add(bs.get(i));
                        }
                    }
                },
                10);
        row("add " + size + " f32 (launched in turn from one thread)", add1, addL, k, 12.0 * n);
        for (int i = 0; i < k; i++) { // each shard's add alone, by events: what the split cannot go below
            NDArray x = as.get(i), y = bs.get(i);
            try (var _ = gpus.get(i).use()) {
                double ms = Bench.deviceMsOf(() -> x.add(y), 10, 5);
                Bench.row(
                        "  add of the " + sizeName(x.size()) + " shard on "
                                + gpus.get(i).id() + " alone (events)",
                        ms,
                        12.0 * x.size());
            }
        }
        NDArray[] gathered = new NDArray[1];
        double addKg = wallMs(
                gpus,
                () -> {
                    Devices.parallel(gpus, (d, i) -> {
                        if (cs[i] != null) cs[i].close();
                        cs[i] = as.get(i).add(bs.get(i));
                    });
                    if (gathered[0] != null) gathered[0].close();
                    gathered[0] = Nd.gather(List.of(cs), g0, 0);
                },
                10);
        row("add " + size + " f32, then C gathered on cuda:0", add1, addKg, k, 12.0 * n);
        if (!Nd.allclose(gathered[0].get("::100003"), c1[0].get("::100003")))
            throw new AssertionError("split add differs");

        for (int i = 0; i < k; i++) { // each shard's sum alone, by events
            NDArray x = as.get(i);
            try (var _ = gpus.get(i).use()) {
                Bench.row(
                        "  sum of the " + sizeName(x.size()) + " shard on "
                                + gpus.get(i).id() + " alone (events)",
                        Bench.deviceMsOf(() -> x.sum(), 10, 5),
                        4.0 * x.size());
            }
        }
        try (var _ = g0.use()) {
            Bench.row("  sum of " + size + " on cuda:0 (events)", Bench.deviceMsOf(() -> a.sum(), 10, 5), 4.0 * n);
        }
        try (var _ = g0.use();
                NDArray tiny = Nd.ones(DType.FLOAT32, 16)) { // what a launch, a synchronize and a read cost
            double ms = wallMs(
                    one,
                    () -> {
                        try (NDArray s = tiny.sum()) {
                            s.doubleValue();
                        }
                    },
                    10);
            System.out.printf("%-52s %12.4f%n", "  sum of 16 f32 and its read on cuda:0 (wall)", ms);
        }
        double[] sums = new double[2];
        double sum1 = wallMs(
                one,
                () -> {
                    try (var _ = g0.use();
                            NDArray s = a.sum()) {
                        sums[0] = s.doubleValue();
                    }
                },
                10);
        double sumK = wallMs(
                gpus,
                () -> {
                    NDArray[] parts = new NDArray[k];
                    Devices.parallel(gpus, (d, i) -> parts[i] = as.get(i).sum().reshape(1));
                    try (NDArray all = Nd.gather(List.of(parts), g0, 0);
                            var _ = g0.use();
                            NDArray s = all.sum()) {
                        sums[1] = s.doubleValue();
                    }
                },
                10);
        row("sum " + size + " f32 (partial sums gathered on cuda:0)", sum1, sumK, k, 4.0 * n);
        double[] partial = new double[k];
        double sumH = wallMs(
                gpus,
                () -> {
                    Devices.parallel(gpus, (d, i) -> {
                        try (NDArray s = as.get(i).sum()) {
                            partial[i] = s.doubleValue();
                        }
                    });
                    sums[1] = 0;
                    for (double p : partial) sums[1] += p;
                },
                10);
        row("sum " + size + " f32 (partial sums added on the host)", sum1, sumH, k, 4.0 * n);
        double sumL = wallMs(
                gpus,
                () -> { // CuPy's idiom: launch on each device in turn, then read
                    NDArray[] parts = new NDArray[k];
                    for (int i = 0; i < k; i++) {
                        try (var _ = gpus.get(i).use()) {
                            parts[i] = as.get(i).sum();
                        }
                    }
                    sums[1] = 0;
                    for (NDArray p : parts) {
                        try (p) {
                            sums[1] += p.doubleValue();
                        }
                    }
                },
                10);
        row("sum " + size + " f32 (launched in turn from one thread)", sum1, sumL, k, 4.0 * n);
        double idle = wallMs(gpus, () -> Devices.parallel(gpus, (d, i) -> {}), 10);
        System.out.printf("%-52s %12.4f%n", "  Devices.parallel of an empty task on " + k + " GPUs", idle);
        if (Math.abs(sums[0] - sums[1]) > 1e-4 * Math.abs(sums[0]))
            throw new AssertionError("split sum " + sums[1] + " vs " + sums[0]);
        for (NDArray x : cs) x.close();
        gathered[0].close();
        c1[0].close();
        as.forEach(NDArray::close);
        bs.forEach(NDArray::close);
        a.close();
        b.close();
    }

    private static void splitMatmul(List<Device> gpus) {
        Device g0 = gpus.getFirst();
        List<Device> one = List.of(g0);
        int k = gpus.size();
        int m = 16384;
        NDArray ma, mb;
        try (var _ = g0.use()) {
            ma = Nd.random().uniform(-1, 1, DType.FLOAT32, m, m);
            mb = Nd.random().uniform(-1, 1, DType.FLOAT32, m, m);
        }
        List<NDArray> rows = Nd.scatter(ma, gpus, 0);
        List<NDArray> bOn = new ArrayList<>();
        for (Device d : gpus) bOn.add(mb.to(d));
        NDArray[] mc = new NDArray[1];
        double mm1 = wallMs(
                one,
                () -> {
                    if (mc[0] != null) mc[0].close();
                    try (var _ = g0.use()) {
                        mc[0] = ma.matmul(mb);
                    }
                },
                5);
        NDArray[] parts = new NDArray[k];
        double mmK = wallMs(
                gpus,
                () -> Devices.parallel(gpus, (d, i) -> {
                    if (parts[i] != null) parts[i].close();
                    parts[i] = rows.get(i).matmul(bOn.get(i));
                }),
                5);
        double flops = 2.0 * m * m * m;
        rowFlops("matmul 16384^2 f32 split by rows", mm1, mmK, k, flops);
        double mmL = wallMs(
                gpus,
                () -> { // the same launched on each device in turn from this thread
                    for (int i = 0; i < k; i++) {
                        if (parts[i] != null) parts[i].close();
                        try (var _ = gpus.get(i).use()) {
                            parts[i] = rows.get(i).matmul(bOn.get(i));
                        }
                    }
                },
                5);
        rowFlops("matmul 16384^2 f32 split by rows (launched in turn)", mm1, mmL, k, flops);
        NDArray[] mg = new NDArray[1];
        double mmKg = wallMs(
                gpus,
                () -> {
                    Devices.parallel(gpus, (d, i) -> {
                        if (parts[i] != null) parts[i].close();
                        parts[i] = rows.get(i).matmul(bOn.get(i));
                    });
                    if (mg[0] != null) mg[0].close();
                    mg[0] = Nd.gather(List.of(parts), g0, 0);
                },
                5);
        rowFlops("matmul 16384^2 f32 split by rows, C gathered", mm1, mmKg, k, flops);
        if (!Nd.allclose(mg[0].get("::97, ::89"), mc[0].get("::97, ::89"), 1e-3, 1e-3, false))
            throw new AssertionError("split matmul differs");
    }

    /** The files of this process's mappings whose names contain {@code name} (Linux), to say which library runs. */
    private static String mapped(String name) {
        try (var lines = java.nio.file.Files.lines(java.nio.file.Path.of("/proc/self/maps"))) {
            return lines.map(l -> l.substring(l.lastIndexOf(' ') + 1))
                    .filter(f -> f.contains(name))
                    .distinct()
                    .toList()
                    .toString();
        } catch (java.io.IOException | RuntimeException e) {
            return "? (" + e + ")";
        }
    }

    /** "2^29" for a power of two, else the number, for row names. */
    private static String sizeName(long n) {
        return Long.bitCount(n) == 1 ? "2^" + Long.numberOfTrailingZeros(n) : Long.toString(n);
    }

    private static void row(String name, double oneMs, double splitMs, int k, double bytes) {
        System.out.printf(
                "%-52s %12.4f %12.1f  one GPU %.4f ms (%.1f GB/s): %d GPUs take %.3fx the time (%.2fx speed-up)%n",
                name + " on " + k + " GPUs",
                splitMs,
                bytes / splitMs / 1e6,
                oneMs,
                bytes / oneMs / 1e6,
                k,
                splitMs / oneMs,
                oneMs / splitMs);
    }

    private static void rowFlops(String name, double oneMs, double splitMs, int k, double flops) {
        System.out.printf(
                "%-52s %12.4f %12s  one GPU %.4f ms (%.1f TFLOP/s vs %.1f): %d GPUs take %.3fx the time (%.2fx speed-up)%n",
                name + " on " + k + " GPUs",
                splitMs,
                "",
                oneMs,
                flops / oneMs / 1e9,
                flops / splitMs / 1e9,
                k,
                splitMs / oneMs,
                oneMs / splitMs);
    }
}
