package org.ndgpu.examples;

import org.ndgpu.Nd;
import org.ndgpu.device.CaptureOptions;
import org.ndgpu.device.Device;
import org.ndgpu.device.Graph;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The training run of the JDK's ahead-of-time cache (JEP 483, 514, 515): what a short NumPy-style
 * script does (creation, ufuncs with arrays and numbers, reductions, indexing, transfers both ways,
 * printing), mixed and in loops of one operation, hundreds of times or more, so the JVM records the
 * classes loaded and linked and the methods' profiles. A later JVM started with the cache starts with
 * all of that done. {@code ./nd} makes its cache with this class; the README shows how to make one for
 * an application.
 *
 * <pre>
 * java -XX:AOTCacheOutput=app.aot -cp ... org.ndgpu.examples.AotTraining
 * </pre>
 */
public final class AotTraining {
    private AotTraining() {}

    private static final int ROUNDS = 400, LOOP = 2000;

    /** Runs the training work on the current device; prints one line. */
    public static void main(String[] args) {
        Device device = Device.current();
        long t0 = System.nanoTime();
        float[] host = new float[1024];
        for (int i = 0; i < host.length; i++) host[i] = (i % 101) * 0.5f - 7f;
        double check = 0;
        for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64, DType.INT64}) {
            try (NDArray f = Nd.array(host);
                    NDArray a = f.astype(dt);
                    NDArray b = Nd.arange(1024).astype(dt)) {
                for (int i = 0; i < ROUNDS; i++) {
                    try (NDArray c = a.add(b);
                            NDArray d = c.mul(2);
                            NDArray e = d.sub(a);
                            NDArray g = e.maximum(b);
                            NDArray s = a.sum();
                            NDArray m = g.max();
                            NDArray p = a.gt(b)) {
                        if (i % 100 == 0) {
                            check += ((Number) s.item()).doubleValue() + ((Number) m.item()).doubleValue();
                            check += p.toString().length();
                        }
                    }
                }
            }
        }
        // a script's loop: one operation many times in a row, which the one-entry caches of the ufunc,
        // kernel and reduction paths serve (the mixed rounds above miss them)
        try (NDArray a = Nd.array(host);
                NDArray b = Nd.arange(1024).astype(DType.FLOAT32)) {
            for (int i = 0; i < LOOP; i++) {
                try (NDArray _ = a.add(b)) {}
            }
            for (int i = 0; i < LOOP; i++) {
                try (NDArray _ = a.mul(2)) {}
            }
            for (int i = 0; i < LOOP; i++) {
                try (NDArray _ = a.sum()) {}
            }
            for (int i = 0; i < LOOP; i++) {
                try (NDArray _ = a.max()) {}
            }
            try (NDArray c = a.add(b);
                    NDArray s = c.sum()) {
                check += ((Number) s.item()).doubleValue();
            }
        }
        try (NDArray f = Nd.array(host)) {
            for (int i = 0; i < ROUNDS; i++) {
                try (NDArray m = f.reshape(32, 32);
                        NDArray t = m.T();
                        NDArray c = t.copy();
                        NDArray r = m.get("1:, ::2");
                        NDArray s0 = m.sum(0);
                        NDArray mean = m.mean();
                        NDArray ab = Nd.abs(f);
                        NDArray sq = Nd.sqrt(ab);
                        NDArray z = Nd.zeros(DType.FLOAT32, 64)) {
                    float[] back = c.toFloatArray();
                    check += back[1] + r.size() + s0.size() + z.size() + sq.size();
                    if (i % 100 == 0)
                        check += ((Number) mean.item()).doubleValue()
                                + m.get("3, 4").toString().length();
                }
                try (NDArray x = Nd.array(host)) {
                    check += x.size();
                }
            }
        }
        // a captured step replayed, also with other arrays bound (Nd.capture, Graph.launch)
        try (NDArray x = Nd.array(host);
                NDArray y = Nd.arange(1024).astype(DType.FLOAT32);
                NDArray o = Nd.empty(DType.FLOAT32, 1024);
                NDArray x2 = Nd.array(host);
                NDArray o2 = Nd.empty(DType.FLOAT32, 1024)) {
            for (boolean fuse : new boolean[] {true, false}) {
                try (Graph g = Nd.capture(
                        () -> Nd.copyto(o, Nd.tanh(x.mul(0.5f).add(y)).sub(x)),
                        CaptureOptions.defaults().withFuse(fuse))) {
                    java.util.Map<NDArray, NDArray> other = java.util.Map.of(x, x2, o, o2);
                    for (int i = 0; i < LOOP; i++) g.launch();
                    for (int i = 0; i < ROUNDS; i++) g.launch(i % 2 == 0 ? other : java.util.Map.of());
                }
            }
            check += o.toFloatArray()[1];
        }
        device.synchronize();
        System.out.printf("AotTraining on %s: %.0f ms (check %.1f)%n", device, (System.nanoTime() - t0) / 1e6, check);
    }
}
