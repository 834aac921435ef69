package org.ndgpu.benchmarks;

import java.util.function.UnaryOperator;
import org.ndgpu.Nd;
import org.ndgpu.device.CaptureOptions;
import org.ndgpu.device.Device;
import org.ndgpu.device.Graph;
import org.ndgpu.exceptions.CaptureException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * A step of 20 small operations run eagerly and replayed from a captured graph, beside {@code
 * .gpu/cupy_graph_anchors.py} (the same step in CuPy, eager and captured with {@code
 * cupy.cuda.Stream.begin_capture}). Each figure is microseconds per step over a loop of steps, the
 * device finished at the end, so it counts host and device time as a user's loop sees them. The
 * first replays after capture are timed one by one before any warm-up, as a fresh JVM sees them.
 * The replayed output is compared with the eager one before anything is timed.
 *
 * <p>On the GPU host: {@code .gpu/bench.sh GraphBench}.
 */
public final class GraphBench {
    private GraphBench() {}

    /** The step: 19 elementwise operations on x and y, then a copy into o (20 operations). */
    static void step(NDArray x, NDArray y, NDArray o) {
        NDArray t = x.mul(0.5f);
        t = then(t, u -> u.add(y));
        t = then(t, u -> u.mul(u));
        t = then(t, NDArray::neg);
        t = then(t, NDArray::exp);
        t = then(t, u -> u.add(1f));
        t = then(t, NDArray::log);
        t = then(t, u -> u.sub(x));
        t = then(t, u -> u.mul(y));
        t = then(t, NDArray::abs);
        t = then(t, NDArray::sqrt);
        t = then(t, u -> u.add(0.25f));
        t = then(t, u -> u.mul(2f));
        t = then(t, NDArray::sin);
        t = then(t, u -> u.mul(u));
        t = then(t, u -> u.add(x));
        t = then(t, u -> u.sub(y));
        t = then(t, u -> u.div(3f));
        t = then(t, NDArray::tanh);
        Nd.copyto(o, t);
        t.close();
    }

    /** The next temporary of the chain, the previous one closed (as CuPy frees it at its last reference). */
    private static NDArray then(NDArray t, UnaryOperator<NDArray> op) {
        NDArray next = op.apply(t);
        t.close();
        return next;
    }

    /** Microseconds per call of {@code work} over {@code calls} calls, the device finished at the end. */
    static double loopMicros(Runnable work, int calls) {
        Device d = Device.current();
        d.synchronize();
        long t0 = System.nanoTime();
        for (int i = 0; i < calls; i++) work.run();
        d.synchronize();
        return (System.nanoTime() - t0) / 1e3 / calls;
    }

    /**
     * Times {@code calls} eager steps, then {@code calls} replays of {@code unfused} and of {@code
     * fused}, for {@code rounds} rounds (all warm by the last, which is kept), and prints the rows.
     */
    private static void eagerAndReplay(String name, Runnable eager, Graph unfused, Graph fused, int calls, int rounds) {
        double eagerUs = 0, replayUs = 0, fusedUs = 0;
        for (int round = 0; round < rounds; round++) {
            eagerUs = loopMicros(eager, calls);
            replayUs = loopMicros(unfused::launch, calls);
            fusedUs = loopMicros(fused::launch, calls);
        }
        System.out.printf("%-44s %10.2f us/step%n", name + " eager", eagerUs);
        System.out.printf("%-44s %10.2f us/step%n", name + " graph replay, unfused", replayUs);
        System.out.printf("%-44s %10.2f us/step%n", name + " graph replay, fused", fusedUs);
    }

    private static final CaptureOptions UNFUSED = CaptureOptions.defaults().withFuse(false);

    /** Throws unless {@code actual} equals {@code expected} within float32 rounding of a fused expression. */
    static void checkClose(String what, float[] expected, float[] actual) {
        for (int i = 0; i < expected.length; i++) {
            if (!(Math.abs(expected[i] - actual[i]) <= 1e-5f * Math.max(1f, Math.abs(expected[i]))))
                throw new AssertionError(
                        "GraphBench: " + what + " differs at " + i + ": " + actual[i] + " against " + expected[i]);
        }
    }

    /** Prints the table on the current device ({@code -Dndgpu.device=cuda:0} to choose); an argument sets log2 of the large size. */
    public static void main(String[] args) {
        Bench.header("GraphBench");
        for (long n : new long[] {1024, 4096}) small(n);
        large(args.length > 0 ? Integer.parseInt(args[0]) : 24);
        jacobi(args.length > 1 ? Integer.parseInt(args[1]) : 1024);
        try {
            logisticRegression(args.length > 1 ? Integer.parseInt(args[1]) * 4 : 4096, 64);
        } catch (CaptureException e) { // CLBlast's GEMM on NVIDIA OpenCL cannot be recorded
            System.out.println("logistic step: not captured on this device: " + e.getMessage());
        }
    }

    /** One Jacobi sweep of the heat equation on {@code u}, in place: the interior becomes the mean of its four neighbours. */
    static void jacobiSweep(NDArray u) {
        NDArray up = u.get("0:-2, 1:-1"),
                down = u.get("2:, 1:-1"),
                left = u.get("1:-1, 0:-2"),
                right = u.get("1:-1, 2:");
        NDArray s1 = up.add(down), s2 = s1.add(left), s3 = s2.add(right), mean = s3.mul(0.25f);
        u.set("1:-1, 1:-1", mean);
        for (NDArray t : new NDArray[] {up, down, left, right, s1, s2, s3, mean}) t.close();
    }

    /** The heat-equation example: a grid of n x n float32, eager sweeps against replays of a captured one. */
    private static void jacobi(int n) {
        try (NDArray u = Nd.random().seed(7).uniform(0, 1, DType.FLOAT32, n, n);
                NDArray v = u.copy();
                NDArray f = u.copy();
                Graph g = Nd.capture(() -> jacobiSweep(u), UNFUSED);
                Graph gf = Nd.capture(() -> jacobiSweep(f))) {
            for (int i = 0; i < 10; i++) {
                g.launch();
                gf.launch();
                jacobiSweep(v);
            }
            if (!java.util.Arrays.equals(u.toFloatArray(), v.toFloatArray()))
                throw new AssertionError("GraphBench: the replayed Jacobi sweeps differ from the eager ones");
            checkClose("the fused Jacobi sweeps", v.toFloatArray(), f.toFloatArray());
            eagerAndReplay("Jacobi sweep " + n + "^2 f32", () -> jacobiSweep(v), g, gf, 500, 3);
        }
    }

    /** One gradient step of logistic regression on (x, y), w updated in place. */
    static void logisticStep(NDArray x, NDArray y, NDArray w, float rate) {
        try (NDArray z = x.matmul(w);
                NDArray nz = z.neg();
                NDArray e = nz.exp();
                NDArray d = e.add(1f);
                NDArray p = Nd.reciprocal(d);
                NDArray r = p.sub(y);
                NDArray xt = x.T();
                NDArray g = xt.matmul(r);
                NDArray step = g.mul(rate / x.shape()[0]);
                NDArray next = w.sub(step)) {
            Nd.copyto(w, next);
        }
    }

    /** The training-step example: rows x features float32, eager steps against replays of a captured one. */
    private static void logisticRegression(int rows, int features) {
        var r = Nd.random().seed(8);
        try (NDArray x = r.uniform(-1, 1, DType.FLOAT32, rows, features);
                NDArray y0 = r.uniform(0, 1, DType.FLOAT32, rows);
                NDArray y = y0.rint();
                NDArray w = Nd.zeros(DType.FLOAT32, features);
                NDArray w2 = Nd.zeros(DType.FLOAT32, features);
                NDArray w3 = Nd.zeros(DType.FLOAT32, features);
                Graph g = Nd.capture(() -> logisticStep(x, y, w, 0.1f), UNFUSED);
                Graph gf = Nd.capture(() -> logisticStep(x, y, w3, 0.1f))) {
            for (int i = 0; i < 10; i++) {
                g.launch();
                gf.launch();
                logisticStep(x, y, w2, 0.1f);
            }
            checkClose("the replayed training steps", w2.toFloatArray(), w.toFloatArray());
            checkClose("the fused training steps", w2.toFloatArray(), w3.toFloatArray());
            eagerAndReplay(
                    "logistic step " + rows + "x" + features + " f32",
                    () -> logisticStep(x, y, w2, 0.1f),
                    g,
                    gf,
                    1000,
                    3);
        }
    }

    private static void small(long n) {
        var r = Nd.random().seed(5);
        try (NDArray x = r.uniform(0, 1, DType.FLOAT32, n);
                NDArray y = r.uniform(0, 1, DType.FLOAT32, n);
                NDArray o = Nd.empty(DType.FLOAT32, n);
                NDArray of = Nd.empty(DType.FLOAT32, n);
                NDArray eager = Nd.empty(DType.FLOAT32, n)) {
            step(x, y, eager);
            try (Graph gf = Nd.capture(() -> step(x, y, of));
                    Graph g = Nd.capture(() -> step(x, y, o), UNFUSED)) {
                // a fresh JVM's first replays, one by one, before any warm-up
                double[] first = new double[5];
                for (int i = 0; i < first.length; i++) first[i] = loopMicros(gf::launch, 1);
                g.launch();
                if (!java.util.Arrays.equals(o.toFloatArray(), eager.toFloatArray()))
                    throw new AssertionError("GraphBench: the replay differs from the eager step");
                checkClose("the fused replay", eager.toFloatArray(), of.toFloatArray());
                for (int i = 0; i < first.length; i++)
                    System.out.printf("  first fused replays %d: #%d %.1f us%n", n, i + 1, first[i]);
                eagerAndReplay("20-op step " + n + " f32", () -> step(x, y, eager), g, gf, 2000, 5);
                // the first replays' like: one launch and its wait, warm (the median of 51)
                double[] warm = new double[51];
                for (int i = 0; i < warm.length; i++) warm[i] = loopMicros(gf::launch, 1);
                java.util.Arrays.sort(warm);
                System.out.printf(
                        "  warm fused replay %d, one launch and its wait: %.1f us%n", n, warm[warm.length / 2]);
            }
        }
    }

    private static void large(int log2n) {
        long n = 1L << log2n;
        var r = Nd.random().seed(6);
        try (NDArray x = r.uniform(0, 1, DType.FLOAT32, n);
                NDArray y = r.uniform(0, 1, DType.FLOAT32, n);
                NDArray o = Nd.empty(DType.FLOAT32, n)) {
            try (Graph g = Nd.capture(() -> step(x, y, o), UNFUSED);
                    Graph gf = Nd.capture(() -> step(x, y, o))) {
                double eager = Bench.deviceMs(() -> step(x, y, o), 20);
                double replay = Bench.deviceMs(g::launch, 20);
                double fused = Bench.deviceMs(gf::launch, 20);
                // the bytes the unfused step moves, for all three rows: what the fused one saves shows as speed
                Bench.row("20-op step 2^" + log2n + " f32 eager", eager, 20 * 3.0 * 4 * n);
                Bench.row("20-op step 2^" + log2n + " f32 graph replay, unfused", replay, 20 * 3.0 * 4 * n);
                Bench.row("20-op step 2^" + log2n + " f32 graph replay, fused", fused, 20 * 3.0 * 4 * n);
            }
        }
    }
}
