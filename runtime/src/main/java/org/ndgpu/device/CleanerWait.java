package org.ndgpu.device;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.ndgpu.backend.BackendStream;

/**
 * A pool's waits for the blocks that the Cleaner returns from arrays dropped without close()
 * ({@code docs/memory.md}):
 *
 * <ul>
 *   <li>a moment's wait for a large block: while a collection the pool asked for is under way, the
 *       Cleaner returns the blocks it found right after the collector's first pause, so an allocation
 *       that misses then, of a size arrays hold, spins for one before it takes a new block from the
 *       driver. A loop of large temporaries outruns any collector, and each new block was a slow step
 *       and grew the pool with the collector's delay. The spin lasts at most what the driver's large
 *       allocations have taken (a monitor's timed wait sleeps a millisecond at least), so it costs at
 *       most one of those;
 *   <li>the out-of-memory wait: an allocation that does not fit asks for a collection at once and
 *       waits until it fits.
 * </ul>
 *
 * <p>The counts change under the pool's lock; {@code returns} is read by the spin without it.
 */
final class CleanerWait {
    // the spin's longest wait; a test lengthens it, as it replaces `collecting` (Reclaimer.inFlight)
    long spinMaxNanos = 1_000_000L;
    BooleanSupplier collecting = Reclaimer::inFlight;

    // large blocks held by arrays, by rounded size
    private final Map<Long, int[]> held = new HashMap<>();
    // large blocks returned so far: the spin polls the free list again when it moves
    private final AtomicLong returns = new AtomicLong();
    // the driver's recent large allocations, nanoseconds (0 before the first)
    long driverNanos;
    // allocations a returned block served after a wait; waits of either kind
    private long served, waits;
    // `returns` when a wait last ended with nothing: the next waits only once more have come back, so
    // that a step which takes many new blocks while the collector is late waits once, not for each
    long fruitless = -1;
    // out-of-memory waits that ended at their one-second bound, not woken by a return or by the
    // collection's end (the pool's lock guards it, as the waits themselves)
    long boundsReached;

    void handedOut(long size) {
        count(size, 1);
    }

    void returned(long size) {
        count(size, -1);
        returns.incrementAndGet();
    }

    private void count(long size, int change) {
        int[] n = held.get(size);
        if (n == null) {
            n = new int[1];
            held.put(size, n);
        }
        n[0] += change;
    }

    /** The driver took {@code nanos} for a large block. */
    void driverTook(long nanos) {
        long t = Math.max(nanos, 1);
        driverNanos = driverNanos == 0 ? t : (3 * driverNanos + t) / 4;
    }

    /**
     * Worth a wait: a collection asked for has not finished, arrays hold blocks of this size, and the
     * last wait found one or blocks have come back since.
     */
    boolean worthWaiting(long size) {
        if (driverNanos == 0 || returns.get() == fruitless || !collecting.getAsBoolean()) return false;
        int[] n = held.get(size);
        return n != null && n[0] > 0;
    }

    void served() {
        served++;
    }

    long servedCount() {
        return served;
    }

    long waits() {
        return waits;
    }

    /**
     * A large block missed while a collection is under way: spins, outside the pool's lock (the
     * Cleaner needs it), until a returned block of the size is there or the bound has passed, then
     * allocates as before.
     */
    MemoryPool.Block awaitReturned(MemoryPool pool, long bytes, BackendStream stream) {
        long size = FreeBlocks.round(bytes);
        long nanos;
        synchronized (pool) {
            nanos = Math.min(driverNanos, spinMaxNanos);
            waits++;
        }
        long deadline = System.nanoTime() + nanos;
        long seen = returns.get();
        while (System.nanoTime() < deadline) {
            // the Cleaner's returns wait in pool.returned until taken: takeReturned takes them, and counts them
            if (returns.get() != seen || pool.returned.any()) {
                MemoryPool.Block b = pool.takeReturned(size, stream);
                seen = returns.get();
                if (b != null) return b;
            }
            Thread.onSpinWait();
        }
        synchronized (pool) {
            fruitless = seen;
        }
        return pool.tryAllocate(bytes, stream, false, false);
    }

    /**
     * Asks the reclaim thread for a collection at once and waits for the Cleaner to release dropped
     * arrays: until {@code size} fits under the limit, or (no limit: the device itself is full) until
     * a collection begun after the request has finished and no block has come back for 10 ms; at
     * most 1 s. The caller does not run the collection: under a concurrent collector
     * {@code System.gc()} returns only when the whole cycle has, while the blocks come back as soon
     * as its first phase found them, and each one the Cleaner returns wakes the caller.
     */
    void awaitUnreachable(MemoryPool pool, long size) {
        long deadline = System.nanoTime() + 1_000_000_000L;
        synchronized (pool) {
            long begun = Reclaimer.started();
            Reclaimer.request(pool.reclaimShare, true);
            boolean limited = pool.limitNow() != Long.MAX_VALUE;
            long seen = pool.releases;
            long quietSince = 0;
            pool.waiting++;
            waits++;
            try {
                while (true) {
                    pool.takeReturnedBlocks(); // what the Cleaner returned before it saw this wait
                    if (limited && pool.used + size <= pool.limit) return;
                    long now = System.nanoTime();
                    if (pool.releases != seen) {
                        seen = pool.releases;
                        quietSince = now;
                    }
                    // no limit: the collection has finished, and since then the Cleaner has returned nothing for 10 ms
                    if (!limited && Reclaimer.finished() > begun) {
                        if (quietSince == 0) quietSince = now;
                        if (now - quietSince > 10_000_000L) return;
                    }
                    if (now >= deadline) {
                        boundsReached++;
                        return;
                    }
                    TimeUnit.NANOSECONDS.timedWait(pool, Math.min(deadline - now, 2_000_000L));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                pool.waiting--;
            }
        }
    }
}
