package org.ndgpu.backend;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/** What the backends' pipelined host-device copies (CUDA's and OpenCL's pinned staging) share about their worker tasks. */
public final class CopyTasks {
    private CopyTasks() {}

    /** A fixed pool of {@code threads} daemon threads named {@code name}-1, -2, ... (they never keep the JVM alive). */
    public static ExecutorService daemonPool(String name, int threads) {
        AtomicInteger n = new AtomicInteger();
        return Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * A daemon pool made at its first use, of as many threads as {@code threads} says then (a
     * {@code Config} accessor): a bad setting is that accessor's NdException at that use, and the
     * next use reads it again, where a static field would fail the class's initialization for good.
     */
    public static final class LazyPool {
        private final String name;
        private final java.util.function.IntSupplier threads;
        private volatile ExecutorService pool;
        private volatile int size;

        public LazyPool(String name, java.util.function.IntSupplier threads) {
            this.name = name;
            this.threads = threads;
        }

        /** The pool, made now if it was not. */
        public ExecutorService get() {
            ExecutorService p = pool;
            if (p != null) return p;
            synchronized (this) {
                if (pool == null) {
                    int n = threads.getAsInt();
                    size = n;
                    pool = daemonPool(name, n);
                }
                return pool;
            }
        }

        /** Its number of threads (the pool is made now if it was not). */
        public int threads() {
            get();
            return size;
        }
    }

    /**
     * A view of a native segment that worker threads may read and write. Safe only while the
     * segment's owner is blocked in the copy for its whole length, so it cannot close the arena.
     */
    @SuppressWarnings("restricted") // the same memory, same size, without the owner's confinement (see above)
    public static MemorySegment shareable(MemorySegment s) {
        if (!s.isNative()) return s; // heap segments are accessible from every thread
        return MemorySegment.ofAddress(s.address()).reinterpret(s.byteSize());
    }

    /**
     * Waits for every submitted task to end, so that none still touches a staging buffer once the copy
     * returns or throws. A task's failure is not reported here: the copy reports the first one itself.
     * An interrupt is kept for the caller, not lost.
     */
    public static void settle(Future<?>[] tasks) {
        boolean interrupted = false;
        for (Future<?> f : tasks) {
            if (f == null) continue;
            while (true) {
                try {
                    f.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    break;
                }
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
