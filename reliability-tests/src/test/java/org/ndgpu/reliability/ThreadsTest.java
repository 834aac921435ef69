package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;
import org.ndgpu.testing.TestDevice;
import org.ndgpu.testing.TestDevices;

/**
 * 8 threads run independent mixed workloads on one device (creation, views, ufuncs, reductions,
 * matmul, copies, casts, host round trips), each checking every result against plain Java, under
 * a timeout that a deadlock would trip. Threads and iterations: -Dndgpu.threads.n, -Dndgpu.threads.iters.
 */
// never run on NVIDIA OpenCL before this suite became one class: the GPU host keeps to the devices it was checked on
@TestDevices.Only({TestDevice.POCL, TestDevice.CUDA})
class ThreadsTest extends PerDeviceTest {
    static final int THREADS = Integer.getInteger("ndgpu.threads.n", 8);
    static final int ITERS = Integer.getInteger("ndgpu.threads.iters", 40);

    @Test
    void eightThreadsMixedWorkloads() throws Exception {
        Device dev = device();
        // compile the kernels once up front, so the threads race on launches and the pool, not only on the compiler
        workload(dev, 12345, 1);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<Integer>> done = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            final int seed = 1000 + t;
            done.add(pool.submit(() -> workload(dev, seed, ITERS)));
        }
        pool.shutdown();
        try {
            int checks = 0;
            for (Future<Integer> f : done) checks += f.get(300, TimeUnit.SECONDS);
            assertEquals(THREADS * ITERS * 8, checks);
        } catch (TimeoutException e) {
            pool.shutdownNow();
            throw new AssertionError("threads did not finish in 300 s: a deadlock? " + threadDump(), e);
        }
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    }

    /** One thread's work: {@code iters} rounds of 8 checked operations; returns the number of checks passed. */
    static int workload(Device dev, long seed, int iters) {
        int checks = 0;
        try (var _ = dev.use()) {
            SplittableRandom rnd = new SplittableRandom(seed);
            for (int it = 0; it < iters; it++) {
                int m = 2 + rnd.nextInt(7), n = 2 + rnd.nextInt(7), k = 2 + rnd.nextInt(5);
                double[] x = new double[m * n];
                for (int i = 0; i < x.length; i++) x[i] = rnd.nextInt(-50, 50) / 4.0;
                try (NDArray a = Nd.array(x, DType.FLOAT64, m, n);
                        NDArray t = a.T();
                        NDArray row = a.get("1, ::-1");
                        NDArray y = a.mul(2.0).add(t.T()); // 3x
                        NDArray s = a.sum(0);
                        NDArray c = t.copy();
                        NDArray f = a.astype(DType.FLOAT32);
                        NDArray id = Nd.eye(n, k, 0, DType.FLOAT64);
                        NDArray mm = a.matmul(id)) {
                    double[] yv = y.toDoubleArray();
                    for (int i = 0; i < x.length; i++) check(3 * x[i], yv[i], "3x", seed, it);
                    checks++;
                    double[] sv = s.toDoubleArray();
                    for (int j = 0; j < n; j++) {
                        double e = 0;
                        for (int i = 0; i < m; i++) e += x[i * n + j];
                        check(e, sv[j], "sum(0)", seed, it);
                    }
                    checks++;
                    double[] cv = c.toDoubleArray();
                    for (int j = 0; j < n; j++)
                        for (int i = 0; i < m; i++) check(x[i * n + j], cv[j * m + i], "T.copy", seed, it);
                    checks++;
                    double[] rv = row.toDoubleArray();
                    for (int j = 0; j < n; j++) check(x[n + (n - 1 - j)], rv[j], "row view", seed, it);
                    checks++;
                    float[] fv = f.toFloatArray();
                    for (int i = 0; i < x.length; i++) check((float) x[i], fv[i], "astype", seed, it);
                    checks++;
                    double[] mv = mm.toDoubleArray();
                    for (int i = 0; i < m; i++)
                        for (int j = 0; j < k; j++) check(j < n ? x[i * n + j] : 0, mv[i * k + j], "matmul", seed, it);
                    checks++;
                    double mx = Double.NEGATIVE_INFINITY;
                    for (double v : x) mx = Math.max(mx, v);
                    check(mx, a.max().doubleValue(), "max", seed, it);
                    checks++;
                    double e = 0;
                    for (double v : x) e += Math.abs(v) > 3 ? 1 : 0;
                    try (NDArray cond = a.abs().gt(3.0);
                            NDArray w = Nd.where(cond, 1.0, 0.0)) {
                        check(e, w.sum().doubleValue(), "where", seed, it);
                    }
                    checks++;
                }
            }
        }
        return checks;
    }

    private static void check(double expected, double got, String what, long seed, int it) {
        if (Math.abs(expected - got) > 1e-9 * Math.max(1, Math.abs(expected))) {
            throw new AssertionError(what + ": expected " + expected + ", got " + got + " (thread seed " + seed
                    + ", iteration " + it + ")");
        }
    }

    private static String threadDump() {
        var sb = new StringBuilder();
        Thread.getAllStackTraces().forEach((t, st) -> {
            sb.append('\n').append(t.getName()).append(':');
            for (int i = 0; i < Math.min(12, st.length); i++)
                sb.append("\n    at ").append(st[i]);
        });
        return sb.toString();
    }
}
