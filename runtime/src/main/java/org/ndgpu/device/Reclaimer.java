package org.ndgpu.device;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.ndgpu.config.Config;

/**
 * Brings the JVM's collector in early, on a daemon thread, when a pool sees the bytes held by
 * arrays grow ({@link MemoryPool}'s reclaim setting): arrays dropped without close() go back to
 * the pool when the collector finds them unreachable and the Cleaner runs, and with a large heap
 * the collector would otherwise come only when the heap fills, long after the device did. The
 * caller never waits: requests made while one is pending are one request. Collections are spaced
 * so that their pauses take at most a share of the time ({@code ndgpu.pool.reclaimShare}): after
 * one whose pauses took t (the collectors' own count, at least 1 ms; the whole call where the JVM
 * does not count), the next waits t * (1/share - 1), unless a pool over half full asks (urgent).
 * The pauses, not the call, since a concurrent cycle's marking runs beside the program.
 *
 * <p>{@code System.gc()} is a full collection under G1's defaults, which pauses every thread;
 * with {@code -XX:+ExplicitGCInvokesConcurrent} it starts a concurrent cycle whose first pause (a
 * young collection) already finds the temporaries. Under Shenandoah and ZGC it is a concurrent
 * cycle whose pauses take tens of microseconds ({@code docs/memory.md}).
 */
final class Reclaimer {
    private Reclaimer() {}

    private static final Object LOCK = new Object();
    private static boolean pending;
    private static boolean urgent;
    private static double share = 0.1;
    // System.nanoTime() before which a collection that is not urgent waits
    private static long notBefore;
    private static Thread thread;
    private static volatile long started;
    private static volatile long finished;

    /** How many collections have started; they start and finish in turn, one at a time. */
    static long started() {
        return started;
    }

    /** How many collections have finished: a pool measures what live arrays need after each. */
    static long finished() {
        return finished;
    }

    /** True from a request until the collection it brings has finished. */
    static boolean inFlight() {
        synchronized (LOCK) {
            return pending || started > finished;
        }
    }

    /** Asks for a collection; {@code urgentNow} skips the spacing. Never blocks on the collection. */
    static void request(double shareNow, boolean urgentNow) {
        synchronized (LOCK) {
            share = shareNow;
            urgent |= urgentNow;
            if (!pending || urgentNow) {
                pending = true;
                if (thread == null)
                    thread = Thread.ofPlatform().daemon().name("ndgpu-reclaim").start(Reclaimer::loop);
                LOCK.notifyAll();
            }
        }
    }

    // milliseconds the JVM's collectors have paused the program since it started, as they count them:
    // G1's young, concurrent and full collectors count pauses; ZGC and Shenandoah have a bean for their
    // pauses beside one for their cycles, which run beside the program and are left out; -1 where none counts
    private static long pausedMillis() {
        List<GarbageCollectorMXBean> beans = ManagementFactory.getGarbageCollectorMXBeans();
        boolean pauseBeans = false;
        for (GarbageCollectorMXBean gc : beans) pauseBeans |= gc.getName().endsWith("Pauses");
        long sum = -1;
        for (GarbageCollectorMXBean gc : beans) {
            long t = gc.getCollectionTime();
            if (t >= 0 && (!pauseBeans || gc.getName().endsWith("Pauses"))) sum = Math.max(sum, 0) + t;
        }
        return sum;
    }

    private static void loop() {
        while (true) {
            double s;
            synchronized (LOCK) {
                try {
                    while (!pending) LOCK.wait();
                    long wait;
                    while (!urgent && (wait = notBefore - System.nanoTime()) > 0)
                        TimeUnit.NANOSECONDS.timedWait(LOCK, wait);
                } catch (InterruptedException e) {
                    thread = null;
                    return;
                }
                pending = false;
                urgent = false;
                s = share;
            }
            if (Double.isNaN(s)) s = Config.poolReclaimShare(); // the default, read here, off the caller's thread
            long paused0 = pausedMillis();
            long t0 = System.nanoTime();
            started = finished + 1; // this thread alone writes both
            System.gc();
            long took = System.nanoTime() - t0;
            long paused = pausedMillis();
            long cost = paused0 < 0 || paused < 0 ? took : Math.max(paused - paused0, 1) * 1_000_000L;
            synchronized (LOCK) {
                notBefore = System.nanoTime() + (long) (cost * (1 / s - 1));
                finished++;
            }
        }
    }
}
