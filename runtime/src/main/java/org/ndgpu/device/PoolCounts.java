package org.ndgpu.device;

import java.util.Locale;

/**
 * What a {@link MemoryPool} has asked of the driver and of the collector, counted since it was
 * made ({@link MemoryPool#counts()}); {@link #minus} gives what a loop did, {@link #perStep} says
 * it per step. The calls a benchmark's host-only device makes almost free are what tell a loop's
 * cost on a real device: a new block is a cuMemAlloc or clCreateBuffer, a freed one a cuMemFree.
 *
 * @param allocations new blocks taken from the driver (the cache missed)
 * @param frees blocks given back to the driver (a limit reached, or freeAllBlocks)
 * @param streamWaits the host waited for a stream: a cached block reused on another stream, or freed
 * @param collectionsRequested collections asked for because dropped arrays held too much
 * @param cleanerWaits allocations that waited for the Cleaner: a large block's moment, or out of memory
 * @param releases blocks returned to the cache, by close() or the Cleaner
 * @param cleanerReturns of those, blocks the Cleaner returned without the pool's lock
 * @param cleanerTakes times the pool took the Cleaner's returned blocks, as one batch each
 */
public record PoolCounts(
        long allocations,
        long frees,
        long streamWaits,
        long collectionsRequested,
        long cleanerWaits,
        long releases,
        long cleanerReturns,
        long cleanerTakes) {

    /** What happened between {@code before} and these counts. */
    public PoolCounts minus(PoolCounts before) {
        if (before == null) throw new NullPointerException("PoolCounts.minus: before is null");
        return new PoolCounts(
                allocations - before.allocations,
                frees - before.frees,
                streamWaits - before.streamWaits,
                collectionsRequested - before.collectionsRequested,
                cleanerWaits - before.cleanerWaits,
                releases - before.releases,
                cleanerReturns - before.cleanerReturns,
                cleanerTakes - before.cleanerTakes);
    }

    /** The counts per step of a loop of {@code steps} steps, for a benchmark's line. */
    public String perStep(long steps) {
        double n = Math.max(steps, 1);
        return String.format(
                Locale.ROOT,
                "per step: %.4f new blocks, %.4f freed, %.4f stream waits, %.4f collections asked, %.4f Cleaner"
                        + " waits, %.2f returned (%.2f by the Cleaner, in %.4f takes)",
                allocations / n,
                frees / n,
                streamWaits / n,
                collectionsRequested / n,
                cleanerWaits / n,
                releases / n,
                cleanerReturns / n,
                cleanerTakes / n);
    }
}
