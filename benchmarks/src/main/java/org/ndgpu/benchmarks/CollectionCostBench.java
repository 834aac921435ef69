package org.ndgpu.benchmarks;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What one {@code System.gc()} costs the program under the JVM's flags, the collection that the
 * pool's early reclaim asks for on its background thread ({@code docs/memory.md}): a live heap of
 * {@code live} MiB (default 32, about what a JShell session with ndgpu loaded holds) and a stream
 * of short-lived garbage, then {@code System.gc()} 30 times; a row gives the median and worst wall
 * time of the call and of the pauses the collectors count (the time every thread stops), and how
 * long a thread that allocates is held up across a collection requested on another thread. Needs
 * no device: it measures the JVM alone.
 *
 * <p>Run under each collector: {@code java -cp ... [-XX:+ExplicitGCInvokesConcurrent | -XX:+UseZGC]
 * org.ndgpu.benchmarks.CollectionCostBench [liveMiB]}.
 */
public final class CollectionCostBench {
    private CollectionCostBench() {}

    // reachable for the whole run: the live heap a collection must mark
    private static final List<byte[]> LIVE = new ArrayList<>();
    // written, never read: keeps the allocations from being optimized away
    @SuppressWarnings("unused")
    private static volatile Object sink;

    private static long pausedMillis() {
        long sum = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            sum += Math.max(0, gc.getCollectionTime());
        }
        return sum;
    }

    private static void garbage(int mib) {
        for (int i = 0; i < mib * 16; i++) sink = new byte[64 << 10];
    }

    /** Prints the table for the JVM's collectors. */
    public static void main(String[] args) throws InterruptedException {
        int live = args.length > 0 ? Integer.parseInt(args[0]) : 32;
        for (int i = 0; i < live * 16; i++) LIVE.add(new byte[64 << 10]);
        List<String> names = new ArrayList<>();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) names.add(gc.getName());
        System.out.println("collectors " + names + ", live heap " + live + " MiB, flags "
                + ManagementFactory.getRuntimeMXBean().getInputArguments());
        for (int i = 0; i < 3; i++) {
            garbage(64);
            System.gc();
        }
        int reps = 30;
        double[] wall = new double[reps];
        double[] paused = new double[reps];
        double[] stall = new double[reps];
        for (int r = 0; r < reps; r++) {
            garbage(64);
            long p0 = pausedMillis();
            long t0 = System.nanoTime();
            System.gc();
            wall[r] = (System.nanoTime() - t0) / 1e6;
            paused[r] = pausedMillis() - p0;
            // the caller's view when another thread asks: the longest gap between two small
            // allocations of this thread while the collection runs
            garbage(64);
            Thread other = Thread.ofPlatform().start(System::gc);
            long worst = 0;
            long last = System.nanoTime();
            while (other.isAlive()) {
                sink = new byte[4096];
                long now = System.nanoTime();
                worst = Math.max(worst, now - last);
                last = now;
            }
            other.join();
            stall[r] = worst / 1e6;
        }
        System.out.printf(
                "System.gc(): call %.1f ms median (worst %.1f), pauses %.1f ms median (worst %.1f); "
                        + "an allocating thread held up %.1f ms median (worst %.1f) when another thread asks%n",
                median(wall), max(wall), median(paused), max(paused), median(stall), max(stall));
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElse(0);
    }
}
