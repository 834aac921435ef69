package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.Cleaner;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The registrations of a pool block's holders ({@link ArrayCleaner}): each runs at most once,
 * whether close() or the cleaner comes first; a holder dropped while another holds the memory (a
 * view of a kept array) drops its reference and is not kept by the memory after; the block returns
 * to the pool when the last holder is gone, closed or dropped. Holders here are plain objects
 * retaining an {@link Allocation}, as arrays and their views do.
 */
public class ArrayCleanerTest extends PerDeviceTest {
    // a size no other test allocates
    private static final long BYTES = 43_008;

    /** Collects until {@code done} holds, a bounded wait for the collector and the cleaner, not a timing. */
    private static boolean collectUntil(java.util.function.BooleanSupplier done) throws InterruptedException {
        for (int k = 0; k < 100 && !done.getAsBoolean(); k++) {
            System.gc();
            Thread.sleep(20);
        }
        return done.getAsBoolean();
    }

    @Test
    void cleanRunsOnceWhoeverCallsItAndMarksTheReferenceReleased() {
        Allocation a = Allocation.allocate(device(), BYTES);
        Object base = new Object(), view = new Object();
        Cleaner.Cleanable held = a.retain(base);
        Cleaner.Cleanable viewHeld = a.retain(view);
        assertEquals(2, a.references());
        assertFalse(Allocation.isReleased(viewHeld));
        viewHeld.clean();
        viewHeld.clean();
        assertEquals(1, a.references(), "a second clean() drops nothing");
        assertTrue(Allocation.isReleased(viewHeld));
        long used = device().memoryPool().usedBytes();
        held.clean();
        assertEquals(0, a.references());
        assertTrue(device().memoryPool().usedBytes() <= used - FreeBlocks.round(BYTES), "the block went back");
    }

    @Test
    void droppedViewsOfAKeptArrayDropTheirReferencesAndAreNotKeptAfter() throws InterruptedException {
        Allocation a = Allocation.allocate(device(), BYTES);
        Object base = new Object();
        Cleaner.Cleanable held = a.retain(base);
        List<WeakReference<Cleaner.Cleanable>> registrations = new ArrayList<>();
        try {
            for (int i = 0; i < 200; i++) registrations.add(new WeakReference<>(a.retain(new Object())));
            assertEquals(201, a.references());
            assertTrue(collectUntil(() -> a.references() == 1), "references left: " + a.references());
            // the cleaned registrations are garbage: the memory, which the pool keeps, no longer holds them
            assertTrue(
                    collectUntil(() -> registrations.stream().allMatch(w -> w.get() == null)),
                    "registrations still reachable");
            assertFalse(Allocation.isReleased(held));
            assertEquals(1, a.references());
        } finally {
            java.lang.ref.Reference.reachabilityFence(base);
        }
        held.clean();
        assertEquals(0, a.references());
    }

    @Test
    void aBlockWhoseHoldersWereAllDroppedComesBackToThePool() throws InterruptedException {
        MemoryPool pool = device().memoryPool();
        Allocation a = Allocation.allocate(device(), BYTES);
        a.retain(new Object());
        a.retain(new Object());
        WeakReference<Allocation> weak = new WeakReference<>(a);
        PoolCounts before = pool.counts();
        a = null;
        assertTrue(
                collectUntil(() -> pool.counts().minus(before).cleanerReturns() >= 1),
                "no block came back: " + pool.counts().minus(before));
        assertTrue(collectUntil(() -> weak.get() == null), "the allocation is kept");
        assertNull(weak.get());
        // the block is cached: the next allocation of its size takes it, not a new one from the driver
        PoolCounts cached = pool.counts();
        MemoryPool.Block b = pool.allocate(BYTES, device().backend().defaultStream());
        try {
            assertEquals(0, pool.counts().minus(cached).allocations(), pool.toString());
        } finally {
            pool.release(b);
        }
    }
}
