package org.ndgpu.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.NDArray;

/**
 * The cost of a short NumPy-style script: in a fresh JVM, the per-call time of the first 300
 * {@code a.add(b)} and the first 300 {@code a.sum()} of 1024 float32, timed as CuPy's host
 * benchmark does (calls in a loop, one synchronize at the end, divided by the count), beside the
 * warm per-call time after 20,000 calls, and the time from JVM start to the first result read back.
 * Run it in a fresh JVM each time, with and without an AOT cache ({@code .gpu/cold.sh}); CuPy's
 * figures for the same work: {@code python3 .gpu/cupy_cold_anchors.py}.
 *
 * <pre>
 * ./nd run org.ndgpu.benchmarks.ColdStartBench
 * </pre>
 *
 * {@code -Dndgpu.cold.pauseMs=500} sleeps between the first result and the series: the calls then
 * start after the JIT has compiled what it had queued at the first result.
 */
public final class ColdStartBench {
    private ColdStartBench() {}

    private static final int N = 1024, COLD = 300, WARM = 20_000, MEASURE = 2_000;

    /** Prints one row per figure. */
    public static void main(String[] args) {
        long jvmStartMs = ManagementFactory.getRuntimeMXBean().getStartTime();
        float[] x = new float[N], y = new float[N];
        for (int i = 0; i < N; i++) {
            x[i] = (i % 97) * 0.25f - 3f;
            y[i] = (i % 89) * 0.5f + 1f;
        }
        NDArray a = Nd.array(x), b = Nd.array(y);
        // the first result: one add and one sum, read back to the host (kernels compiled or loaded here)
        float first;
        try (NDArray c = a.add(b);
                NDArray s = c.sum()) {
            first = ((Number) s.item()).floatValue();
        }
        long firstResultMs = System.currentTimeMillis() - jvmStartMs;
        Device device = Device.current();
        // the sum kernels too, so the series below time calls, not compilation
        try (NDArray _ = a.sum()) {}
        device.synchronize();
        // a diagnostic: with a pause here the JIT's queue of compilations (AOTCompileEagerly's among
        // them) drains before the series, which then shows what the interpreted calls cost
        long pauseMs = Long.getLong("ndgpu.cold.pauseMs", 0);
        if (pauseMs > 0) {
            try {
                Thread.sleep(pauseMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        long gcBefore = collections();
        double add300 = series(device, COLD, () -> a.add(b));
        double add300Bytes = lastBytesPerCall;
        String addChunks = lastChunks();
        double sum300 = series(device, COLD, a::sum);
        double sum300Bytes = lastBytesPerCall;
        String sumChunks = lastChunks();
        long gcCold = collections() - gcBefore;
        for (int i = 0; i < WARM; i += 100) {
            series(device, 100, () -> a.add(b));
            series(device, 100, a::sum);
        }
        double addWarm = series(device, MEASURE, () -> a.add(b));
        double addBytes = lastBytesPerCall;
        double sumWarm = series(device, MEASURE, a::sum);
        double sumBytes = lastBytesPerCall;

        System.out.printf(Locale.ROOT, "ColdStartBench on %s (first result %.1f)%n", device, first);
        row("JVM start to first result (add + sum read back)", (double) firstResultMs, "ms");
        row("add 1024 f32, per call, first " + COLD + " calls", add300, "us");
        row("sum 1024 f32, per call, first " + COLD + " calls", sum300, "us");
        row("add 1024 f32, per call, after " + WARM + " calls", addWarm, "us");
        row("sum 1024 f32, per call, after " + WARM + " calls", sumWarm, "us");
        row("add: heap bytes allocated per call, first " + COLD, add300Bytes, "B");
        row("sum: heap bytes allocated per call, first " + COLD, sum300Bytes, "B");
        row("add: heap bytes allocated per call, warm", addBytes, "B");
        row("sum: heap bytes allocated per call, warm", sumBytes, "B");
        row("garbage collections during the first " + COLD + " adds and sums", (double) gcCold, "");
        row("add: first " + COLD + " / warm", add300 / addWarm, "x");
        row("sum: first " + COLD + " / warm", sum300 / sumWarm, "x");
        System.out.println("add, first " + COLD + ", host us per call by " + CHUNK + "s:" + addChunks);
        System.out.println("sum, first " + COLD + ", host us per call by " + CHUNK + "s:" + sumChunks);
        a.close();
        b.close();
    }

    private interface Op {
        NDArray call();
    }

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** Java heap bytes this thread allocated per call in the last {@link #series} (the JIT's escape analysis included). */
    private static double lastBytesPerCall;

    private static final int CHUNK = 25;

    /** The last series' nanoTime at the start of each run of {@link #CHUNK} calls, and after its last call (no synchronize). */
    private static long[] lastMarks = new long[0];

    private static long lastHostEnd;
    private static int lastCount;

    /** Microseconds per call of {@code count} calls in a loop (each result released) and one synchronize. */
    private static double series(Device device, int count, Op op) {
        long id = Thread.currentThread().threadId();
        long[] marks = new long[(count + CHUNK - 1) / CHUNK];
        long b0 = THREADS.getThreadAllocatedBytes(id);
        long t0 = System.nanoTime();
        for (int i = 0; i < count; i++) {
            if (i % CHUNK == 0) marks[i / CHUNK] = System.nanoTime();
            try (NDArray _ = op.call()) {}
        }
        long hostEnd = System.nanoTime();
        device.synchronize();
        long t1 = System.nanoTime();
        lastBytesPerCall = (THREADS.getThreadAllocatedBytes(id) - b0) / (double) count;
        lastMarks = marks;
        lastHostEnd = hostEnd;
        lastCount = count;
        return (t1 - t0) / 1e3 / count;
    }

    /**
     * The last series' host time per call, averaged over each run of {@link #CHUNK} calls: where in the
     * first calls the time goes, as the JIT catches up.
     */
    private static String lastChunks() {
        StringBuilder chunks = new StringBuilder();
        for (int c = 0; c < lastMarks.length; c++) {
            long end = c + 1 < lastMarks.length ? lastMarks[c + 1] : lastHostEnd;
            chunks.append(String.format(
                    Locale.ROOT, " %.1f", (end - lastMarks[c]) / 1e3 / Math.min(CHUNK, lastCount - c * CHUNK)));
        }
        return chunks.toString();
    }

    private static long collections() {
        long n = 0;
        for (var gc : ManagementFactory.getGarbageCollectorMXBeans()) n += Math.max(0, gc.getCollectionCount());
        return n;
    }

    private static void row(String what, double value, String unit) {
        System.out.printf(Locale.ROOT, "%-50s %10.2f %s%n", what, value, unit);
    }
}
