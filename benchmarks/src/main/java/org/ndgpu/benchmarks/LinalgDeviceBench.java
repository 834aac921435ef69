package org.ndgpu.benchmarks;

import java.util.function.Supplier;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The factorizations of issue 41, timed on one device: solve, inv, cholesky, qr and eigh of 4096 x
 * 4096 float64, svd of 1024 x 1024 and 4096 x 4096 float32, and inv, solve, qr and eigh of a batch of 10,000 32 x 32 matrices (float32 and
 * float64). The table starts with who computes each routine ({@link Linalg#placement}): on an
 * OpenCL device ndgpu's kernels or EJML on the host; on CUDA ndgpu's kernels for orders up to 64
 * and cuSOLVER above, or ndgpu's kernels throughout with {@code -Dndgpu.linalg.solver=own}. Run it
 * on NVIDIA OpenCL beside CUDA (both settings) and {@code .gpu/cupy_linalg_anchors.py} to compare.
 * Times are device events, median of the repeats after warm-up.
 *
 * <pre>{@code
 * java -cp ... org.ndgpu.benchmarks.LinalgDeviceBench opencl:0 5
 * java -Dndgpu.linalg.solver=own -cp ... org.ndgpu.benchmarks.LinalgDeviceBench cuda:0 5
 * java -Dbench.only=small -cp ... org.ndgpu.benchmarks.LinalgDeviceBench opencl:0 10
 * }</pre>
 */
public final class LinalgDeviceBench {
    private LinalgDeviceBench() {}

    public static void main(String[] args) {
        Device dev = args.length > 0 ? Device.get(args[0]) : Device.current();
        int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int large = Integer.getInteger("bench.n", 4096);
        Linalg la = Nd.linalg();
        try (var _ = dev.use()) {
            la.placement(dev).forEach((r, w) -> System.out.println(r + ": " + w));
            System.out.printf("%-40s %-12s %12s%n", "benchmark", "device", "median ms");
            Nd.random().seed(41);
            // -Dbench.only=svd: the SVD rows alone (the factorizations of order 4096 take minutes on OpenCL)
            boolean svdOnly = "svd".equals(System.getProperty("bench.only"));
            // -Dbench.only=factor: solve, inv and cholesky alone
            boolean factorOnly = "factor".equals(System.getProperty("bench.only"));
            // -Dbench.only=small: the batched 32 x 32 rows alone (issue 41's small-matrix kernels)
            boolean smallOnly = "small".equals(System.getProperty("bench.only"));
            if (!svdOnly && !smallOnly)
                try (NDArray g = Nd.random().uniform(-1, 1, DType.FLOAT64, large, large);
                        NDArray eye = Nd.eye(large, large, 0, DType.FLOAT64);
                        NDArray shift = eye.mul((double) large);
                        NDArray a = g.add(shift);
                        NDArray gt = g.T();
                        NDArray ggt = g.matmul(gt);
                        NDArray spd = ggt.add(shift);
                        NDArray b = Nd.random().uniform(-1, 1, DType.FLOAT64, large, 1)) {
                    row("solve float64 " + large, dev, () -> la.solve(a, b), repeats);
                    row("inv float64 " + large, dev, () -> la.inv(a), repeats);
                    row("cholesky float64 " + large, dev, () -> la.cholesky(spd), repeats);
                    if (factorOnly) return;
                    // at most 3 repeats: on an OpenCL device eigh of this order still runs on the host
                    row("qr float64 " + large, dev, () -> qr(la, a), Math.min(repeats, 3));
                    row("eigh float64 " + large, dev, () -> eigh(la, spd), Math.min(repeats, 3));
                }
            // the SVD of issue 41's bar (1024) and of the 2x-CUDA bar (the large order), float32, reduced
            for (int n : smallOnly ? new int[0] : new int[] {1024, large}) {
                try (NDArray g = Nd.random().uniform(-1, 1, DType.FLOAT32, n, n)) {
                    row("svd float32 " + n, dev, () -> svd(la, g), Math.min(repeats, 3));
                }
            }
            if (svdOnly) return;
            for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
                try (NDArray g = Nd.random().uniform(-1, 1, dt, 10_000, 32, 32);
                        NDArray eye = Nd.eye(32, 32, 0, dt);
                        NDArray shift = eye.mul(8.0);
                        NDArray a = g.add(shift);
                        NDArray b = Nd.random().uniform(-1, 1, dt, 10_000, 32, 1)) {
                    row("inv " + dt + " 10000 x (32x32)", dev, () -> la.inv(a), repeats);
                    row("solve " + dt + " 10000 x (32x32)", dev, () -> la.solve(a, b), repeats);
                    row("qr " + dt + " 10000 x (32x32)", dev, () -> qr(la, a), repeats);
                    row("eigh " + dt + " 10000 x (32x32)", dev, () -> eigh(la, a), repeats);
                }
            }
        }
    }

    private static AutoCloseable qr(Linalg la, NDArray a) {
        var r = la.qr(a);
        return closing(r.q(), r.r());
    }

    private static AutoCloseable svd(Linalg la, NDArray a) {
        var r = la.svd(a, false);
        r.u().close();
        return closing(r.s(), r.vh());
    }

    /** eigh reads only the lower triangle: a's is as good a symmetric matrix as any. */
    private static AutoCloseable eigh(Linalg la, NDArray a) {
        var r = la.eigh(a);
        return closing(r.eigenvalues(), r.eigenvectors());
    }

    private static AutoCloseable closing(NDArray x, NDArray y) {
        return () -> {
            x.close();
            y.close();
        };
    }

    private static void row(String what, Device dev, Supplier<? extends AutoCloseable> op, int repeats) {
        System.out.printf("%-40s %-12s %12.3f%n", what, dev.id(), Bench.deviceMsOf(op, repeats, 1));
    }
}
