package org.ndgpu.config;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * Whether {@code System.gc()} starts a concurrent collection rather than a full stop-the-world one:
 * under ZGC and Shenandoah it does by default, under G1 with {@code
 * -XX:+ExplicitGCInvokesConcurrent}. The pool's early collections then pause the program for a
 * short while only, so they may come five times as often (the default of {@link
 * Config#POOL_RECLAIM_SHARE}). The flag is G1's alone: Parallel and Serial accept it and still
 * collect in full, so it counts only where G1 runs (a user's {@code -XX:+UseParallelGC} after
 * {@code ./nd}'s flags keeps the share of a full collection).
 */
final class ConcurrentGc {
    private ConcurrentGc() {}

    /** {@code System.gc()} starts a concurrent collection under the JVM's collector and flags. */
    static final boolean EXPLICIT = explicit();

    private static boolean explicit() {
        boolean g1 = false;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            String name = gc.getName();
            if (name.startsWith("ZGC") || name.startsWith("Shenandoah")) return true;
            g1 |= name.startsWith("G1 ");
        }
        return g1
                && ManagementFactory.getRuntimeMXBean()
                        .getInputArguments()
                        .contains("-XX:+ExplicitGCInvokesConcurrent");
    }
}
