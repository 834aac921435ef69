package org.ndgpu.benchmarks;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.Nd;
import org.ndgpu.backend.cuda.linalg.CuSolverProvider;
import org.ndgpu.backend.cuda.linalg.CudaLinalg;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Svd;

/**
 * GPU benchmark of ndgpu's linalg, printing one table: float32/float64 matmul 8192x8192 (TFLOP/s),
 * a batch of 10,000 float32 32x32 matmuls, and float32/float64 svd (full_matrices=false) of
 * 1024x1024 and 4096x4096 (ms). Times are device events around each call (on OpenCL the svd's
 * host copies are inside them), median of the repeats after warm-up.
 *
 * <pre>{@code
 * java -cp ... org.ndgpu.benchmarks.LinalgBench [device id, e.g. cuda:0 or opencl:0] [repeats]
 * }</pre>
 */
public final class LinalgBench {
    private LinalgBench() {}

    private record Row(String what, String device, double medianMs, String rate) {}

    public static void main(String[] args) {
        Device dev = args.length > 0 ? Device.get(args[0]) : Device.current();
        int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        List<Row> rows = new ArrayList<>();
        try (var _ = dev.use()) {
            Nd.random().seed(42);
            int side = 8192;
            // The operands are CuPy's anchors' own: cp.random.random float32 values in [0, 1), and for float64
            // the same values cast (a.astype(cp.float64)), so 29 low mantissa bits are zero. That matters: a
            // DGEMM held at the power limit runs at data-dependent clocks, so other operands would time a
            // different GEMM from CuPy's anchor (what full 53-bit operands do: benchmarks/notes/PERF.md).
            try (NDArray a = Nd.random().uniform(0, 1, DType.FLOAT32, side, side);
                    NDArray b = Nd.random().uniform(0, 1, DType.FLOAT32, side, side)) {
                for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
                    try (NDArray ad = a.astype(dt);
                            NDArray bd = b.astype(dt)) {
                        double ms = Bench.deviceMsOf(
                                () -> ad.matmul(bd), repeats, 3); // as CuPy's script: 3 warm-ups, 10 runs
                        rows.add(new Row(
                                "matmul " + dt + " " + side + "x" + side,
                                dev.id(),
                                ms,
                                String.format("%.2f TFLOP/s", 2.0 * side * side * side / (ms * 1e-3) / 1e12)));
                    }
                }
            }
            NDArray x = Nd.random().uniform(0, 1, DType.FLOAT32, 10_000, 32, 32);
            NDArray y = Nd.random().uniform(0, 1, DType.FLOAT32, 10_000, 32, 32);
            double bms = Bench.deviceMsOf(() -> x.matmul(y), repeats, 1);
            double piped = Bench.pipelinedMsOf(() -> x.matmul(y), 20);
            rows.add(new Row(
                    "matmul float32 10000 x (32x32)",
                    dev.id(),
                    bms,
                    String.format(
                            "%.2f TFLOP/s (back to back: %.3f ms)",
                            2.0 * 10_000 * 32 * 32 * 32 / (bms * 1e-3) / 1e12, piped)));
            // where cuSOLVER serves the device every one of its routines is timed too (ndgpu.cuda.svd = auto picks
            // among them by size), with the relative reconstruction error ||A - U S Vh|| / ||A|| of its result, so
            // the choice can be checked
            boolean cuSolver = new CuSolverProvider().supports(dev);
            List<String> algorithms = new ArrayList<>(List.of("default"));
            if (cuSolver && !Boolean.getBoolean("bench.svd.autoOnly")) {
                algorithms.addAll(List.of("GESVD", "GESVDJ", "GESVDP"));
            }
            for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
                // without cuSOLVER the decompositions run on the host (EJML): 4096 would take minutes and says nothing
                // of the device
                int[] sizes = cuSolver || Boolean.getBoolean("bench.svd.hostLarge")
                        ? new int[] {1024, 4096}
                        : new int[] {1024};
                for (int n : sizes) {
                    NDArray a = Nd.random().uniform(-1, 1, dt, n, n);
                    int reps = n >= 4096 || !cuSolver ? Math.max(3, repeats / 3) : repeats;
                    for (String alg : algorithms) {
                        if (!alg.equals("default")) SvdChoice.set(alg);
                        try {
                            double ms = Bench.deviceMsOf(
                                    () -> {
                                        var r = Nd.linalg().svd(a, false);
                                        r.vh().close();
                                        r.s().close();
                                        return r.u();
                                    },
                                    reps,
                                    1);
                            var r = Nd.linalg().svd(a, false);
                            double err = reconstructionError(a, r);
                            rows.add(new Row(
                                    "svd " + dt + " " + n + "x" + n + " (full_matrices=false)"
                                            + (alg.equals("default")
                                                    ? ""
                                                    : " " + alg.toLowerCase(java.util.Locale.ROOT)),
                                    dev.id(),
                                    ms,
                                    String.format("err %.1e", err)));
                        } catch (RuntimeException e) {
                            rows.add(new Row(
                                    "svd " + dt + " " + n + " " + alg + " FAILED: " + e.getMessage(),
                                    dev.id(),
                                    Double.NaN,
                                    ""));
                        } finally {
                            if (!alg.equals("default")) SvdChoice.set("AUTO");
                        }
                    }
                    a.close();
                }
            }
        }
        System.out.printf("%-45s %-12s %12s %16s%n", "benchmark", "device", "median ms", "rate");
        for (Row r : rows) System.out.printf("%-45s %-12s %12.3f %16s%n", r.what(), r.device(), r.medianMs(), r.rate());
    }

    /** ||A - U diag(s) Vh||_F / ||A||_F: U diag(s) on the host, the product on the device. */
    private static double reconstructionError(NDArray a, Svd r) {
        long[] us = r.u().shape();
        int m = (int) us[0], k = (int) us[1];
        double[] u = r.u().toDoubleArray(), s = r.s().toDoubleArray(), av = a.toDoubleArray();
        for (int i = 0; i < m; i++) for (int j = 0; j < k; j++) u[i * k + j] *= s[j];
        try (NDArray usd = Nd.array(u, a.dtype(), m, k);
                NDArray rec = usd.matmul(r.vh())) {
            double[] rv = rec.toDoubleArray();
            double num = 0, den = 0;
            for (int i = 0; i < av.length; i++) {
                num += (rv[i] - av[i]) * (rv[i] - av[i]);
                den += av[i] * av[i];
            }
            return Math.sqrt(num / den);
        }
    }

    /** Sets the CUDA SVD routine by name (AUTO restores the choice by size). */
    private static final class SvdChoice {
        static void set(String name) {
            CudaLinalg.setSvdAlgorithm(CudaLinalg.SvdAlgorithm.valueOf(name));
        }
    }
}
