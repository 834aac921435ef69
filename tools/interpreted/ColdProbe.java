import java.util.Locale;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.NDArray;

/**
 * tools/interpreted/count.sh's driver, on the null backend: after 30 adds and sums, {@code count n}
 * counts the bytecodes and method entries of n more of each (BcCount's agent); {@code time n} prints
 * the thread's CPU time per call over n calls, three rounds (CPU time: the wall clock of a shared
 * machine is mostly other processes' time). Args: mode, n, and for count an optional folder for the
 * per-method files.
 */
public final class ColdProbe {
    public static void main(String[] args) throws Exception {
        System.setProperty("ndgpu.nullBackend", "true");
        System.setProperty("ndgpu.device", "null:0");
        int n = Integer.parseInt(args[1]);
        float[] x = new float[1024], y = new float[1024];
        for (int i = 0; i < 1024; i++) { x[i] = (i % 97) * 0.25f - 3f; y[i] = (i % 89) * 0.5f + 1f; }
        NDArray a = Nd.array(x), b = Nd.array(y);
        try (NDArray c = a.add(b); NDArray s = c.sum()) { s.item(); }
        for (int i = 0; i < 30; i++) { try (NDArray _ = a.add(b)) {} try (NDArray _ = a.sum()) {} }
        String dir = args.length > 2 ? args[2] : null;
        if (args[0].equals("count")) {
            BcCount.start(dir != null);
            for (int i = 0; i < n; i++) try (NDArray _ = a.add(b)) {}
            long s = BcCount.stop(dir == null ? null : dir + "/add.txt", n); long c = BcCount.calls();
            System.out.printf(Locale.ROOT, "add: bytecodes %.1f, method entries %.1f per call%n", s / (double) n, c / (double) n);
            BcCount.start(dir != null);
            for (int i = 0; i < n; i++) try (NDArray _ = a.sum()) {}
            s = BcCount.stop(dir == null ? null : dir + "/sum.txt", n); c = BcCount.calls();
            System.out.printf(Locale.ROOT, "sum: bytecodes %.1f, method entries %.1f per call%n", s / (double) n, c / (double) n);
        } else {
            for (int r = 0; r < 3; r++) {
                var mx = java.lang.management.ManagementFactory.getThreadMXBean();
                long t0 = mx.getCurrentThreadCpuTime();
                for (int i = 0; i < n; i++) try (NDArray _ = a.add(b)) {}
                long t1 = mx.getCurrentThreadCpuTime();
                for (int i = 0; i < n; i++) try (NDArray _ = a.sum()) {}
                long t2 = mx.getCurrentThreadCpuTime();
                System.out.printf(Locale.ROOT, "round %d: add %.2f us, sum %.2f us%n", r, (t1 - t0) / 1e3 / n, (t2 - t1) / 1e3 / n);
            }
        }
        a.close(); b.close();
    }
}
