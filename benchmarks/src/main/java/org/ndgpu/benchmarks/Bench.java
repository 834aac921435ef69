package org.ndgpu.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.ndgpu.device.Device;
import org.ndgpu.device.Event;

/**
 * Timing helpers shared by the GPU benchmark mains, following the device entry's METHOD.md: warm
 * up first, time device work with events on the current stream, report the median of many runs;
 * host time per call is measured in short bursts ({@link #hostMicros}) beside the sustained rate
 * with the device ({@link #sustainedMicros}).
 */
public final class Bench {
    private Bench() {}

    /** Median milliseconds of device time of {@code work}, by events around each run, after 3 warm-ups. */
    public static double deviceMs(Runnable work, int reps) {
        return deviceMs(work, reps, 3);
    }

    /** As {@link #deviceMs(Runnable, int)} with {@code warmups} untimed runs first. */
    public static double deviceMs(Runnable work, int reps, int warmups) {
        return deviceMsOf(
                () -> {
                    work.run();
                    return null;
                },
                reps,
                warmups);
    }

    /**
     * Median milliseconds of device time of {@code op}, whose result (an array, say) is closed
     * after the end event, so releasing it is not timed.
     */
    public static double deviceMsOf(Supplier<? extends AutoCloseable> op, int reps, int warmups) {
        return timeOf(op, reps, warmups).deviceMs();
    }

    /** Medians of one timed call: device milliseconds between its events, and host milliseconds from the call to its return. */
    public record Timing(double deviceMs, double hostMs) {}

    /** As {@link #deviceMsOf}, with the median host time of the same calls (their launches queued, not finished). */
    public static Timing timeOf(Supplier<? extends AutoCloseable> op, int reps, int warmups) {
        return timeOf(op, reps, warmups, WARM_NANOS);
    }

    /**
     * As {@link #deviceMsOf} with the warm-up of short work cut at {@code warmNanos} instead of 3 s:
     * for a table of many operations of a millisecond or more, whose host part is a few percent of
     * them even before the JIT has compiled it, where 3 s each would make the table minutes long.
     */
    public static double deviceMsOf(Supplier<? extends AutoCloseable> op, int reps, int warmups, long warmNanos) {
        return timeOf(op, reps, warmups, warmNanos).deviceMs();
    }

    private static Timing timeOf(Supplier<? extends AutoCloseable> op, int reps, int warmups, long warmNanos) {
        warmUp(op, warmups, warmNanos);
        List<Double> ms = new ArrayList<>(), host = new ArrayList<>();
        for (int i = 0; i < reps; i++) {
            try (Event s = Event.record()) {
                long h0 = System.nanoTime();
                AutoCloseable result = op.get();
                host.add((System.nanoTime() - h0) / 1e6);
                try (Event e = Event.record()) {
                    ms.add(s.elapsedMillis(e));
                }
                close(result);
            }
        }
        return new Timing(median(ms), median(host));
    }

    /** The warm-up of short work: until this much time has passed... */
    static final long WARM_NANOS = 3_000_000_000L;
    /** ...or this many calls. */
    static final int WARM_CALLS = 5000;

    /**
     * At least {@code warmups} calls, and more until 3 s have passed (at most 5000): the JVM runs
     * a method interpreted, then through C1, until it has been called thousands of times, and
     * until then ndgpu's CUDA call path costs many times its steady-state host time before its
     * first launch, which a device-timed call of a short kernel counts (the figures are in
     * benchmarks/notes/PERF.md). Steady state is what a loop in a user's program sees after its
     * first milliseconds, and what JMH measures on the host. An operation of 5 ms or more (judged by the
     * faster of its second and third calls: the first compiles its kernels) gets only {@code warmups} calls, as CuPy's script gives: its
     * host part is under 1% either way, and a long warm-up of a GEMM only heats the GPU into lower clocks.
     */
    static void warmUp(Supplier<? extends AutoCloseable> op, int warmups) {
        warmUp(op, warmups, WARM_NANOS);
    }

    private static void warmUp(Supplier<? extends AutoCloseable> op, int warmups, long warmNanos) {
        close(op.get()); // compiles its kernels (seconds with a cold cache): not a measure of the call
        Device.current().synchronize();
        // the faster of the second and third calls: a second call can still pay first-time costs of
        // several milliseconds (class loading, a plan, the path's first runs) that would wrongly
        // cut the warm-up of a short op to a few calls and time it in the interpreter
        long fastest = Long.MAX_VALUE;
        for (int i = 0; i < 2; i++) {
            long c0 = System.nanoTime();
            close(op.get());
            Device.current().synchronize();
            fastest = Math.min(fastest, System.nanoTime() - c0);
        }
        boolean longOp = fastest >= 5_000_000L;
        long t0 = System.nanoTime();
        for (int i = 3; i < warmups || (!longOp && i < WARM_CALLS && System.nanoTime() - t0 < warmNanos); i++) {
            close(op.get());
            if (i % 50 == 49) Device.current().synchronize(); // keep the device's queue short
        }
        Device.current().synchronize();
    }

    /**
     * Milliseconds of device time per call of {@code op} issued {@code calls} times back to back
     * between one pair of events (results closed as they come): the host's gaps between calls are
     * hidden behind the device's queue, so this is the kernels' own time; set beside
     * {@link #deviceMsOf}, the difference is what the host adds before the first launch. Call it
     * after {@link #timeOf} or {@link #deviceMsOf} of the same op: their warm-up has made the host
     * path short enough for the queue to hide; here one call runs first, as a check that it compiled.
     */
    public static double pipelinedMsOf(Supplier<? extends AutoCloseable> op, int calls) {
        close(op.get());
        Device.current().synchronize();
        try (Event s = Event.record()) {
            for (int i = 0; i < calls; i++) close(op.get());
            try (Event e = Event.record()) {
                return s.elapsedMillis(e) / calls;
            }
        }
    }

    private static void close(AutoCloseable c) {
        if (c == null) return;
        try {
            c.close();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Median milliseconds of wall time of {@code work} (which must finish its own device work). */
    public static double wallMs(Runnable work, int reps) {
        work.run();
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            work.run();
            ms.add((System.nanoTime() - t0) / 1e6);
        }
        return median(ms);
    }

    /**
     * Host microseconds per call of {@code work}: the median over 50 bursts of 200 calls issued back
     * to back, each burst timed from its first call to the return of its last, with a synchronize
     * (not timed) between bursts. A burst is short enough for the driver's launch queue to take
     * it whole, so this is what the calling thread pays per operation, not how fast the device
     * retires tiny kernels (see {@link #sustainedMicros}).
     */
    public static double hostMicros(Runnable work) {
        int burst = 200;
        for (int i = 0; i < 20_000; i++) { // past the JIT's C2 threshold
            work.run();
            if (i % 1000 == 999) Device.current().synchronize();
        }
        Device.current().synchronize();
        List<Double> us = new ArrayList<>();
        for (int b = 0; b < 50; b++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < burst; i++) work.run();
            us.add((System.nanoTime() - t0) / 1e3 / burst);
            Device.current().synchronize();
        }
        return median(us);
    }

    /**
     * Microseconds per call of {@code calls} calls back to back including the final synchronize,
     * as CuPy's anchor script times its launch overhead: when the device retires tiny kernels more
     * slowly than the host issues them, the launch queue fills and this is the device's rate.
     */
    public static double sustainedMicros(Runnable work, int calls) {
        for (int i = 0; i < 2000; i++) work.run(); // after hostMicros' warm-up in rowHost
        Device.current().synchronize();
        long t0 = System.nanoTime();
        for (int i = 0; i < calls; i++) work.run();
        Device.current().synchronize();
        return (System.nanoTime() - t0) / 1e3 / calls;
    }

    /** A host-time row: per-call host time in bursts, and the sustained rate of {@code calls} with the device. */
    public static void rowHost(String name, Runnable work, int calls) {
        System.out.printf(
                "%-44s %8.2f us host per call; %6.2f us sustained (%d back to back, device included)%n",
                name, hostMicros(work), sustainedMicros(work, calls), calls);
    }

    /** The median of {@code v}: {@code median(List.of(3.0, 1.0, 2.0))} is 2.0. */
    public static double median(List<Double> v) {
        double[] a = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }

    /** Prints the table header with the device. */
    public static void header(String title) {
        System.out.printf("%s on %s%n", title, Device.current());
        System.out.printf("%-44s %12s %12s%n", "case", "median ms", "GB/s");
    }

    /** One row: name, milliseconds, and GB/s for {@code bytes} moved (0: none shown). */
    public static void row(String name, double ms, double bytes) {
        System.out.printf("%-44s %12.4f %12s%n", name, ms, bytes > 0 ? String.format("%.1f", bytes / ms / 1e6) : "");
    }
}
