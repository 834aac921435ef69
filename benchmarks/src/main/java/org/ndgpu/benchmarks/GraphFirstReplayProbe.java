package org.ndgpu.benchmarks;

import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.Graph;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * What a fresh JVM's first replay pays beyond a warm one: the first call of a trivial method never
 * called before (what linking a call site costs the caller, in any program), then the first replays
 * one by one and a warm one. Run it in a fresh JVM of its own: {@code .gpu/bench.sh GraphFirstReplayProbe}.
 */
public final class GraphFirstReplayProbe {
    private GraphFirstReplayProbe() {}

    public static void main(String[] args) {
        for (int i = 0; i < 1000; i++) System.nanoTime();
        Device d = Device.current();
        var r = Nd.random().seed(5);
        NDArray x = r.uniform(0, 1, DType.FLOAT32, 1024), y = r.uniform(0, 1, DType.FLOAT32, 1024);
        NDArray o = Nd.empty(DType.FLOAT32, 1024), e = Nd.empty(DType.FLOAT32, 1024);
        GraphBench.step(x, y, e);
        d.synchronize();
        Graph g = Nd.capture(() -> GraphBench.step(x, y, o));
        d.synchronize();
        long a0 = System.nanoTime();
        boolean c = g.isClosed();
        long a1 = System.nanoTime();
        String dev = g.device().id();
        long a2 = System.nanoTime();
        double[] h = new double[4], t = new double[4];
        for (int i = 0; i < 4; i++) {
            d.synchronize();
            long t0 = System.nanoTime();
            g.launch();
            long t1 = System.nanoTime();
            d.synchronize();
            long t2 = System.nanoTime();
            h[i] = (t1 - t0) / 1e3;
            t[i] = (t2 - t0) / 1e3;
        }
        for (int i = 0; i < 3000; i++) g.launch();
        d.synchronize();
        double[] w = new double[31];
        for (int i = 0; i < w.length; i++) {
            long t0 = System.nanoTime();
            g.launch();
            w[i] = (System.nanoTime() - t0) / 1e3;
        }
        java.util.Arrays.sort(w);
        System.out.printf(
                "first isClosed() %.1f us, first device().id() %.1f us | launch() host #1-4: %.1f %.1f %.1f %.1f | total %.1f %.1f %.1f %.1f | warm host %.1f (%s %s)%n",
                (a1 - a0) / 1e3, (a2 - a1) / 1e3, h[0], h[1], h[2], h[3], t[0], t[1], t[2], t[3], w[15], c, dev);
    }
}
