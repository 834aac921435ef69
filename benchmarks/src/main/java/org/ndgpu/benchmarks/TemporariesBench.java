package org.ndgpu.benchmarks;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.MemoryPool;
import org.ndgpu.device.PoolCounts;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Scope;

/**
 * Temporaries left to the collector, closed by hand, or released by a scope, beside {@code
 * .gpu/cupy_temporaries_anchors.py} (CuPy's eager loop of the same step): a step is {@code t =
 * t.mul(0.5f).add(0.25f)} ten times, then {@code Nd.copyto(o, t)} (20 operations). Each style runs
 * 24,000 steps of 4096 float32 in windows of 2,000; then 16 MiB arrays, closed and dropped, each
 * step synchronized. A row gives the median and worst window's microseconds per step, each step's
 * median and slowest time and how many steps took over 3x the median, the most bytes the pool had
 * in use after any step, the collections the pool asked for and the pauses the JVM's collectors
 * counted, the calling thread's CPU time per step and the Java heap it allocated (which, with the
 * young generation's size, sets how often young collections come on their own), each collector's
 * collections and milliseconds per 1,000 steps, the allocations that took a block returned
 * while they waited ({@code MemoryPool.blocksAwaited()}), and per step the launches and what the
 * pool asked of the driver and the collector ({@link PoolCounts}: new blocks, frees, stream waits,
 * collections, waits, and the blocks the Cleaner returned). The slow steps are then told apart by what
 * happened during them: a collector's pause, the pool taking a new block from the device, or the
 * pool freeing its cached blocks (a limit reached), so that what makes a step slow shows.
 *
 * <p>On the GPU host: {@code .gpu/bench.sh TemporariesBench}; elsewhere on the null device, which
 * times the host's side alone ({@code -Dndgpu.nullBackend=true -Dndgpu.device=null:0}).
 */
public final class TemporariesBench {
    private TemporariesBench() {}

    /** How a step treats its temporaries. */
    enum Style {
        DROPPED,
        CLOSED,
        SCOPE,
        // closed on the calling thread, but only every BATCH steps, all at once: as many distinct blocks
        // in use as the dropped loop's (its pool holds about 150 steps' temporaries between collections),
        // without the collector (the early reclaim off) or the Cleaner. Where it runs as the closed loop, a dropped
        // step's extra
        // cost is the collector's and the Cleaner's; where as the dropped one, it is the blocks' spread
        // (the device's caches and TLB, the host's cache misses on the pool's blocks)
        BATCHED
    }

    static final int BATCH = 150;
    private static final List<NDArray> HELD = new ArrayList<>();
    private static int heldSteps;

    static void step(NDArray x, NDArray o, Style style) {
        switch (style) {
            case DROPPED -> {
                NDArray t = x;
                for (int i = 0; i < 10; i++) t = t.mul(0.5f).add(0.25f);
                Nd.copyto(o, t);
            }
            case CLOSED -> {
                NDArray t = x;
                for (int i = 0; i < 10; i++) {
                    NDArray m = t.mul(0.5f);
                    if (t != x) t.close();
                    t = m.add(0.25f);
                    m.close();
                }
                Nd.copyto(o, t);
                t.close();
            }
            case BATCHED -> {
                NDArray t = x;
                for (int i = 0; i < 10; i++) {
                    NDArray m = t.mul(0.5f);
                    t = m.add(0.25f);
                    HELD.add(m);
                    HELD.add(t);
                }
                Nd.copyto(o, t);
                if (++heldSteps == BATCH) {
                    for (NDArray a : HELD) a.close();
                    HELD.clear();
                    heldSteps = 0;
                }
            }
            case SCOPE -> {
                try (Scope _ = Nd.scope()) {
                    NDArray t = x;
                    for (int i = 0; i < 10; i++) t = t.mul(0.5f).add(0.25f);
                    Nd.copyto(o, t);
                }
            }
        }
    }

    // the collectors' beans that count pauses: ZGC's and Shenandoah's "... Pauses" where they have
    // them (their other beans count concurrent cycles), every bean otherwise (G1, Parallel, Serial)
    private static final GarbageCollectorMXBean[] PAUSES = pauseBeans();
    // the calling thread's own CPU time: what a dropped or closed array costs the caller, apart from
    // the collector's pauses and, on a loaded machine, the scheduler
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    // the whole process's CPU time: less the calling thread's, what the collector's threads (a
    // concurrent cycle marks the whole heap), the Cleaner and the JIT spent beside it; on a host with
    // cores to spare it slows the caller only through what they share (caches, memory, SMT siblings)
    private static final java.lang.management.OperatingSystemMXBean OS = ManagementFactory.getOperatingSystemMXBean();

    private static long processCpu() {
        return OS instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
    }

    private static GarbageCollectorMXBean[] pauseBeans() {
        List<GarbageCollectorMXBean> all = ManagementFactory.getGarbageCollectorMXBeans();
        List<GarbageCollectorMXBean> pauses = new ArrayList<>();
        for (GarbageCollectorMXBean gc : all) if (gc.getName().endsWith("Pauses")) pauses.add(gc);
        return (pauses.isEmpty() ? all : pauses).toArray(GarbageCollectorMXBean[]::new);
    }

    // the calling thread's minor page faults (Linux; -1 elsewhere): memory the JVM commits anew, e.g. eden
    // regions a heap that shrank at a concurrent cycle's remark takes again, is first touched by the
    // thread that allocates there, and each fault is kernel time in that thread's CPU time
    private static long minorFaults() {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/thread-self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[7]); // minflt, the stat file's tenth field
        } catch (java.io.IOException | RuntimeException e) {
            return -1;
        }
    }

    // CPU time by thread, its name's digits dropped ("GC Thread#", "G1 Conc#", "ndgpu-cleaner", "C2
    // CompilerThre"), in nanoseconds, from /proc/self/task (Linux; empty elsewhere): who spends the
    // other threads' CPU, in clock ticks of 10 ms, so over a run of thousands of steps
    private static java.util.Map<String, Long> threadCpu() {
        java.util.Map<String, Long> cpu = new java.util.TreeMap<>();
        try (var tasks = java.nio.file.Files.list(java.nio.file.Path.of("/proc/self/task"))) {
            for (java.nio.file.Path t : tasks.toList()) {
                try {
                    String stat = java.nio.file.Files.readString(t.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime
                    cpu.merge(name.replaceAll("[0-9]", ""), ticks * 10_000_000L, Long::sum);
                } catch (java.io.IOException | RuntimeException e) {
                    // a thread that ended meanwhile
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            return cpu;
        }
        return cpu;
    }

    // the threads whose CPU grew most since `before`, in us per step, the largest first
    private static String busiest(java.util.Map<String, Long> before, int steps) {
        java.util.Map<String, Long> now = threadCpu();
        return now.entrySet().stream()
                .map(e -> java.util.Map.entry(e.getKey(), e.getValue() - before.getOrDefault(e.getKey(), 0L)))
                .filter(e -> e.getValue() > 0)
                .sorted(java.util.Map.Entry.<String, Long>comparingByValue().reversed())
                .limit(6)
                .map(e -> String.format(Locale.ROOT, "%s %.1f", e.getKey(), e.getValue() / 1e3 / steps))
                .collect(java.util.stream.Collectors.joining(", "));
    }

    // the Java heap the calling thread allocates (HotSpot; -1 elsewhere): with the eden's size, how often
    // young collections come on their own, each of which finds the arrays dropped since the one before
    private static long allocatedBytes() {
        return CPU instanceof com.sun.management.ThreadMXBean t ? t.getCurrentThreadAllocatedBytes() : -1;
    }

    private static final GarbageCollectorMXBean[] BEANS =
            ManagementFactory.getGarbageCollectorMXBeans().toArray(GarbageCollectorMXBean[]::new);

    private static long[][] beanCounts() {
        long[][] c = new long[BEANS.length][2];
        for (int i = 0; i < BEANS.length; i++) {
            c[i][0] = Math.max(0, BEANS[i].getCollectionCount());
            c[i][1] = Math.max(0, BEANS[i].getCollectionTime());
        }
        return c;
    }

    // each collector bean's collections and milliseconds per 1000 steps since `before` (a young
    // collector's are its pauses; a concurrent one's, its cycles)
    private static String collections(long[][] before, int steps) {
        long[][] now = beanCounts();
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < BEANS.length; i++) {
            long n = now[i][0] - before[i][0];
            if (n == 0) continue;
            parts.add(String.format(
                    Locale.ROOT,
                    "%s %.2f (%.2f ms)",
                    BEANS[i].getName(),
                    n * 1000.0 / steps,
                    (now[i][1] - before[i][1]) * 1000.0 / steps));
        }
        return parts.isEmpty() ? "no collections" : String.join(", ", parts);
    }

    private static long pauseCount() {
        long n = 0;
        for (GarbageCollectorMXBean gc : PAUSES) n += Math.max(0, gc.getCollectionCount());
        return n;
    }

    private static long pauseMillis() {
        long n = 0;
        for (GarbageCollectorMXBean gc : PAUSES) n += Math.max(0, gc.getCollectionTime());
        return n;
    }

    /** One run of steps: each step's microseconds and what happened during it. */
    private record Run(String name, double[] us, double[] windows, long[] pauses, long[] grew, long[] shrank) {}

    // runs `steps` steps; windows of `window` steps are timed as a whole too (0: none), else each step
    // is synchronized, as a loop that reads its result each step would
    private static Run run(String name, NDArray x, NDArray o, Style style, int steps, int window, MemoryPool pool) {
        Device device = Device.current();
        double[] us = new double[steps];
        long[] pauses = new long[steps];
        long[] grew = new long[steps];
        long[] shrank = new long[steps];
        double[] windows = new double[window > 0 ? steps / window : 0];
        long maxUsed = 0;
        long paused0 = pauseMillis();
        long count0 = pauseCount();
        long asked0 = pool.collectionsRequested();
        long cpu0 = CPU.getCurrentThreadCpuTime();
        long heap0 = allocatedBytes();
        long[][] beans0 = beanCounts();
        long faults0 = minorFaults();
        long process0 = processCpu();
        java.util.Map<String, Long> threads0 = threadCpu();
        long awaited0 = pool.blocksAwaited();
        PoolCounts counts0 = pool.counts();
        long launches0 = device.backend().launchCount();
        device.synchronize();
        long w0 = System.nanoTime();
        for (int i = 0; i < steps; i++) {
            long c = pauseCount();
            long total = pool.totalBytes();
            long t0 = System.nanoTime();
            step(x, o, style);
            if (window == 0) device.synchronize();
            long t1 = System.nanoTime();
            us[i] = (t1 - t0) / 1e3;
            pauses[i] = pauseCount() - c;
            long after = pool.totalBytes();
            grew[i] = Math.max(0, after - total);
            shrank[i] = Math.max(0, total - after);
            maxUsed = Math.max(maxUsed, pool.usedBytes());
            if (window > 0 && (i + 1) % window == 0) {
                device.synchronize();
                long now = System.nanoTime();
                windows[i / window] = (now - w0) / 1e3 / window;
                w0 = System.nanoTime();
            }
        }
        device.synchronize();
        double cpuUs = (CPU.getCurrentThreadCpuTime() - cpu0) / 1e3 / steps;
        double heapKb = heap0 < 0 ? -1 : (allocatedBytes() - heap0) / 1024.0 / steps;
        String collections = collections(beans0, steps);
        double othersUs = process0 < 0 ? -1 : (processCpu() - process0) / 1e3 / steps - cpuUs;
        double faults = faults0 < 0 ? -1 : (minorFaults() - faults0) / (double) steps;
        PoolCounts counts = pool.counts().minus(counts0);
        double launches = (device.backend().launchCount() - launches0) / (double) steps;
        Run r = new Run(name, us, windows, pauses, grew, shrank);
        print(r, maxUsed, pool.collectionsRequested() - asked0, pauseCount() - count0, pauseMillis() - paused0, pool);
        System.out.printf(
                Locale.ROOT,
                "%-40s   the calling thread's CPU: %.2f us per step, the other threads' %.2f; %d allocations took a"
                        + " returned block after a wait%n",
                "",
                cpuUs,
                othersUs,
                pool.blocksAwaited() - awaited0);
        System.out.printf(
                Locale.ROOT,
                "%-40s   Java heap allocated by the calling thread: %.2f KiB per step; per 1000 steps: %s%n",
                "",
                heapKb,
                collections);
        String busiest = busiest(threads0, steps);
        if (!busiest.isEmpty()) System.out.printf(Locale.ROOT, "%-40s   threads' CPU, us per step: %s%n", "", busiest);
        System.out.printf(
                Locale.ROOT,
                "%-40s   %.2f launches, %.2f minor page faults of the calling thread, pool's %s%n",
                "",
                launches,
                faults,
                counts.perStep(steps));
        return r;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static void print(Run r, long maxUsed, long asked, long pauses, long pausedMs, MemoryPool pool) {
        double[] s = r.us.clone();
        Arrays.sort(s);
        double median = s[s.length / 2];
        int over = 0;
        int overPaused = 0;
        int overGrew = 0;
        int overShrank = 0;
        for (int i = 0; i < s.length; i++) {
            if (r.us[i] <= 3 * median) continue;
            over++;
            if (r.pauses[i] > 0) overPaused++;
            if (r.grew[i] > 0) overGrew++;
            if (r.shrank[i] > 0) overShrank++;
        }
        long grewSteps = Arrays.stream(r.grew).filter(g -> g > 0).count();
        String windows = r.windows.length == 0
                ? ""
                : String.format(
                        Locale.ROOT,
                        " window %.2f (worst %.2f);",
                        median(r.windows),
                        Arrays.stream(r.windows).max().orElse(0));
        System.out.printf(
                Locale.ROOT,
                "%-40s%s step median %.2f us, max %.1f (%.1fx), 99.9th %.1f, %d over 3x;"
                        + " in use at most %.1f MiB, pool total %.1f MiB; %d collections asked, %d pauses %d ms%n",
                r.name,
                windows,
                median,
                s[s.length - 1],
                s[s.length - 1] / median,
                s[Math.min(s.length - 1, (int) (s.length * 0.999))],
                over,
                maxUsed / 1048576.0,
                pool.totalBytes() / 1048576.0,
                asked,
                pauses,
                pausedMs);
        if (over > 0)
            System.out.printf(
                    Locale.ROOT,
                    "%-40s   of the %d over 3x: %d with a collector's pause, %d took new device blocks, %d freed cached"
                            + " blocks; %d steps in all took new blocks%n",
                    "",
                    over,
                    overPaused,
                    overGrew,
                    overShrank,
                    grewSteps);
    }

    /**
     * Prints the table on the current device ({@code -Dndgpu.device=cuda:0} to choose); the
     * arguments, all optional: the windows of 2,000 small steps (12), the 16 MiB steps (2,000), the
     * styles to run (default {@code closed,dropped,scope}; {@code batched} too, which closes the
     * temporaries every 150 steps, the small steps only).
     */
    public static void main(String[] args) {
        Bench.header("TemporariesBench");
        int windows = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        int big = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        List<Style> styles = new ArrayList<>();
        for (String s : (args.length > 2 ? args[2] : "closed,dropped,scope").split(","))
            styles.add(Style.valueOf(s.trim().toUpperCase(Locale.ROOT)));
        MemoryPool pool = Device.current().memoryPool();
        System.out.println("collectors "
                + Arrays.stream(PAUSES).map(GarbageCollectorMXBean::getName).toList()
                + ", pool limit " + (pool.limit() == Long.MAX_VALUE ? "none" : pool.limit() / 1048576 + " MiB")
                + ", reclaim " + (pool.reclaim() == Long.MAX_VALUE ? "off" : pool.reclaim() / 1048576 + " MiB"));
        try (NDArray x = Nd.random().seed(3).uniform(0, 1, DType.FLOAT32, 4096);
                NDArray o = Nd.empty(DType.FLOAT32, 4096)) {
            for (Style style : windows == 0 ? List.<Style>of() : styles) {
                // the batched loop closes all it holds: the early reclaim would only add collections to it
                long reclaim = pool.reclaim();
                if (style == Style.BATCHED) pool.setReclaim(Long.MAX_VALUE);
                for (int i = 0; i < 2100; i++) step(x, o, style); // compiles, warms the call path
                run(
                        "20-op step 4096 f32, " + style.name().toLowerCase(Locale.ROOT),
                        x,
                        o,
                        style,
                        windows * 2000,
                        2000,
                        pool);
                pool.setReclaim(reclaim);
            }
        }
        long n = 4L << 20; // 16 MiB of float32
        try (NDArray x = Nd.random().seed(4).uniform(0, 1, DType.FLOAT32, n);
                NDArray o = Nd.empty(DType.FLOAT32, n)) {
            for (Style style : big == 0 ? List.<Style>of() : styles) {
                if (style == Style.SCOPE || style == Style.BATCHED) continue;
                for (int i = 0; i < 200; i++) step(x, o, style); // the pool grows to what the loop holds
                run("20-op step 16 MiB f32, " + style.name().toLowerCase(Locale.ROOT), x, o, style, big, 0, pool);
            }
        }
    }
}
