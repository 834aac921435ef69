package org.ndgpu.benchmarks;

import java.util.Map;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.Graph;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * A fresh JVM's first replays of its first graph, as a user's script meets them: one eager run of
 * GraphBench's 20-op step (a script has run something before it captures), the capture, then the
 * first replays one by one (each: the host's time in launch(), and the time to the device's finish),
 * beside a warm replay timed the same way (the median of 51 after 2,000). Then launches with
 * bindings: the host time per call of a loop alternating two sets of arrays, beside plain launches.
 *
 * <p>Run it in a fresh JVM of its own: {@code .gpu/bench.sh GraphColdBench}.
 */
public final class GraphColdBench {
    private GraphColdBench() {}

    public static void main(String[] args) {
        Bench.header("GraphColdBench");
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1024;
        // the clock's own first calls: the interpreter makes System.nanoTime's native wrapper on its
        // few hundredth call, in the calling thread, which would land in one of the timed replays (a
        // user's JShell has long made it)
        for (int i = 0; i < 1000; i++) System.nanoTime();
        Device d = Device.current();
        var r = Nd.random().seed(5);
        NDArray x = r.uniform(0, 1, DType.FLOAT32, n), y = r.uniform(0, 1, DType.FLOAT32, n);
        NDArray o = Nd.empty(DType.FLOAT32, n), eager = Nd.empty(DType.FLOAT32, n);
        GraphBench.step(x, y, eager);
        d.synchronize();
        long c0 = System.nanoTime();
        Graph g = Nd.capture(() -> GraphBench.step(x, y, o));
        double captureUs = (System.nanoTime() - c0) / 1e3;
        int first = 8;
        double[] host = new double[first], total = new double[first];
        if (Boolean.getBoolean("bench.markers")) System.out.println("=== captured");
        for (int i = 0; i < first; i++) {
            d.synchronize();
            long t0 = System.nanoTime();
            g.launch();
            long t1 = System.nanoTime();
            d.synchronize();
            long t2 = System.nanoTime();
            host[i] = (t1 - t0) / 1e3;
            total[i] = (t2 - t0) / 1e3;
            // between timed launches: places what the JVM logs (-Xlog) among the replays
            if (Boolean.getBoolean("bench.markers")) System.out.println("=== after first replay #" + (i + 1));
        }
        // a second graph of the same step: its first replays pay what is new per graph, not per JVM
        NDArray o3 = Nd.empty(DType.FLOAT32, n);
        Graph g3 = Nd.capture(() -> GraphBench.step(x, y, o3));
        double[] second = new double[3];
        for (int i = 0; i < second.length; i++) {
            d.synchronize();
            long t0 = System.nanoTime();
            g3.launch();
            d.synchronize();
            second[i] = (System.nanoTime() - t0) / 1e3;
        }
        g3.close();
        // a third, whose step ends in a kernel writing o3 (out=) instead of a copy node
        Graph g5 = Nd.capture(() -> {
            NDArray t = Nd.tanh(x.mul(0.5f).add(y));
            Nd.add(t, 0f, o3);
        });
        double[] third = new double[3];
        for (int i = 0; i < third.length; i++) {
            d.synchronize();
            long t0 = System.nanoTime();
            g5.launch();
            long t1 = System.nanoTime();
            d.synchronize();
            third[i] = (t1 - t0) / 1e3;
        }
        g5.close();
        GraphBench.checkClose("the first replay", eager.toFloatArray(), o.toFloatArray());
        for (int i = 0; i < 2000; i++) g.launch();
        double[] warm = new double[51], warmHost = new double[51];
        for (int i = 0; i < warm.length; i++) {
            d.synchronize();
            long t0 = System.nanoTime();
            g.launch();
            long t1 = System.nanoTime();
            d.synchronize();
            warmHost[i] = (System.nanoTime() - t0) / 1e3;
            warm[i] = (t1 - t0) / 1e3;
        }
        java.util.Arrays.sort(warm);
        java.util.Arrays.sort(warmHost);
        System.out.printf("capture of the 20-op step %d f32 (fused), the JVM's first: %.1f us%n", n, captureUs);
        for (int i = 0; i < first; i++)
            System.out.printf(
                    "  first replay #%d: launch() %.1f us, to the device's finish %.1f us%n", i + 1, host[i], total[i]);
        System.out.printf(
                "  the JVM's second graph, first replays: %.1f, %.1f, %.1f us to the device's finish%n",
                second[0], second[1], second[2]);
        System.out.printf(
                "  the JVM's third graph (no copy node), first launch() host times: %.1f, %.1f, %.1f us%n",
                third[0], third[1], third[2]);
        System.out.printf(
                "  warm replay (median of 51): launch() %.1f us, to the device's finish %.1f us%n",
                warm[warm.length / 2], warmHost[warmHost.length / 2]);

        // bindings: two sets of arrays alternating, as a loop over batches would
        NDArray x2 = r.uniform(0, 1, DType.FLOAT32, n), y2 = r.uniform(0, 1, DType.FLOAT32, n);
        NDArray o2 = Nd.empty(DType.FLOAT32, n), e2 = Nd.empty(DType.FLOAT32, n);
        Map<NDArray, NDArray> b1 = Map.of(x, x2, y, y2, o, o2), b0 = Map.of();
        g.launch(b1);
        GraphBench.step(x2, y2, e2);
        GraphBench.checkClose("the replay with bindings", e2.toFloatArray(), o2.toFloatArray());
        GraphBench.checkClose("the replay without", eager.toFloatArray(), o.toFloatArray());
        int calls = 4000;
        double alternating = 0, plain = 0, same = 0;
        for (int round = 0; round < 3; round++) {
            alternating = GraphBench.loopMicros(
                    new Runnable() {
                        int i;

                        @Override
                        public void run() {
                            g.launch((i++ & 1) == 0 ? b1 : b0);
                        }
                    },
                    calls);
            same = GraphBench.loopMicros(() -> g.launch(b1), calls);
            plain = GraphBench.loopMicros(g::launch, calls);
        }
        System.out.printf("%-52s %8.2f us/step%n", "replay " + n + ", launch()", plain);
        System.out.printf("%-52s %8.2f us/step%n", "replay " + n + ", launch(bindings), the same each time", same);
        System.out.printf(
                "%-52s %8.2f us/step%n", "replay " + n + ", launch(bindings), two sets alternating", alternating);
        g.close();
    }
}
