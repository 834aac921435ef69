package org.ndgpu.device;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The blocks that the Cleaner ({@link ArrayCleaner}) returns from arrays dropped without close(), on
 * their way back to their pool: the Cleaner's thread pushes each onto a lock-free stack, and the pool takes the
 * whole stack under its own lock when it next allocates (or counts, frees, or waits). After a
 * collection the Cleaner returns thousands of blocks in a burst while the program goes on
 * allocating; taking the pool's lock for each, it contended with every allocation of the calling
 * thread, which on a host with cores to spare spins for the lock (its CPU time) and pulls the
 * pool's state back and forth between the two cores. Now the two threads share one reference.
 *
 * <p>A block pushed here still counts as in use until the pool takes it, so the accounting
 * (MemoryPool's bytes in use, its epochs of live arrays) sees each block return at one moment under
 * the lock, as before; only that moment comes later, at the caller's next call.
 */
final class ReturnedBlocks {
    private final AtomicReference<MemoryPool.Block> top = new AtomicReference<>();
    // counted under the pool's lock
    private long takes;

    /** The Cleaner's side: never blocks, never takes the pool's lock. */
    void push(MemoryPool.Block b) {
        MemoryPool.Block t;
        do {
            t = top.get();
            b.next = t;
        } while (!top.compareAndSet(t, b));
    }

    /** True when blocks wait to be taken: one read of one reference on the allocation's path. */
    boolean any() {
        return top.get() != null;
    }

    /** Every block pushed so far, linked through {@code next} (null when none); under the pool's lock. */
    MemoryPool.Block takeAll() {
        if (top.get() == null) return null;
        takes++;
        return top.getAndSet(null);
    }

    /** How many times the pool took returned blocks: each take is one batch, however many it held. */
    long takes() {
        return takes;
    }
}
