package org.ndgpu.config;

import java.lang.management.ManagementFactory;

/**
 * Whether {@code System.gc()} starts a concurrent cycle ({@code -XX:+ExplicitGCInvokesConcurrent})
 * rather than a full stop-the-world collection: the pool's early collections then pause the
 * program for a young collection's time only, so they may come five times as often (the default of
 * {@link Config#POOL_RECLAIM_SHARE}).
 */
final class ConcurrentGc {
    private ConcurrentGc() {}

    /** The JVM was started with {@code -XX:+ExplicitGCInvokesConcurrent}. */
    static final boolean EXPLICIT =
            ManagementFactory.getRuntimeMXBean().getInputArguments().contains("-XX:+ExplicitGCInvokesConcurrent");
}
