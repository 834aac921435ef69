package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The blocks the Cleaner returns from arrays dropped without close() go back to their pool without
 * its lock ({@link ReturnedBlocks}): they count as in use until the pool takes them, at its next
 * call, and are then handed out again without a new block from the driver; an allocation waiting
 * for memory is woken by them; returns from several threads at once, while the program allocates,
 * neither lose a block nor hand one out twice. The Cleaner is stood in for by calls to {@code
 * returnFromCleaner}, except in the last test, which drops arrays for the real one.
 */
public class CleanerReturnsTest extends PerDeviceTest {
    // sizes no other test allocates, so that their free lists are this test's alone
    private static final long SIZE = 40_448;
    private static final long OTHER = 41_472;

    /** Collects until what arrays hold settles, so that other tests' dropped arrays do not come back meanwhile. */
    private static void settle(MemoryPool pool) throws InterruptedException {
        long last = -1;
        for (int k = 0; k < 50 && pool.usedBytes() != last; k++) {
            last = pool.usedBytes();
            System.gc();
            Thread.sleep(20);
        }
    }

    @Test
    void aReturnedBlockCountsAsInUseUntilTakenThenIsReusedWithoutTheDriver() throws InterruptedException {
        MemoryPool pool = device().memoryPool();
        settle(pool);
        BackendStream stream = device().backend().defaultStream();
        MemoryPool.Block b = pool.allocate(SIZE, stream);
        long used = pool.usedBytes();
        PoolCounts before = pool.counts();
        pool.returnFromCleaner(b);
        assertTrue(pool.returned.any(), "the return waits for the pool's next call");
        assertEquals(used - b.size(), pool.usedBytes(), "taken when the bytes in use are read");
        assertTrue(!pool.returned.any());
        MemoryPool.Block again = pool.allocate(SIZE, stream);
        try {
            assertSame(b, again, "the returned block is handed out again");
            PoolCounts did = pool.counts().minus(before);
            assertEquals(0, did.allocations(), did.toString());
            assertTrue(did.cleanerReturns() >= 1 && did.cleanerTakes() >= 1, did.toString());
        } finally {
            pool.release(again);
        }
    }

    @Test
    void anAllocationPastTheLimitIsWokenByABlockTheCleanerReturns() throws InterruptedException {
        MemoryPool pool = device().memoryPool();
        BackendStream stream = device().backend().defaultStream();
        long oldLimit = pool.limit();
        long oldReclaim = pool.reclaim();
        settle(pool);
        pool.freeAllBlocks();
        MemoryPool.Block held = pool.allocate(SIZE, stream);
        try {
            pool.setReclaim(Long.MAX_VALUE);
            pool.setLimit(pool.totalBytes()); // nothing more fits until a block comes back
            Thread cleaner = Thread.ofPlatform().start(() -> {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                pool.returnFromCleaner(held);
            });
            long boundsBefore = pool.cleanerWait.boundsReached;
            MemoryPool.Block b = pool.allocate(SIZE, stream);
            cleaner.join();
            try {
                assertSame(held, b, "the block the Cleaner returned, under the limit");
                assertEquals(
                        boundsBefore,
                        pool.cleanerWait.boundsReached,
                        "woken by the return, not by the wait's one-second bound");
            } finally {
                pool.release(b);
            }
        } finally {
            pool.setLimit(oldLimit);
            pool.setReclaim(oldReclaim);
        }
    }

    @Test
    void returnsFromSeveralThreadsWhileTheProgramAllocatesLoseNothingAndHandNothingOutTwice()
            throws InterruptedException {
        MemoryPool pool = device().memoryPool();
        BackendStream stream = device().backend().defaultStream();
        int threads = 4, each = 500;
        settle(pool);
        long used0 = pool.usedBytes();
        List<List<MemoryPool.Block>> batches = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            List<MemoryPool.Block> batch = new ArrayList<>();
            for (int i = 0; i < each; i++) batch.add(pool.allocate(SIZE, stream));
            batches.add(batch);
        }
        Set<MemoryPool.Block> all = Collections.newSetFromMap(new IdentityHashMap<>());
        for (List<MemoryPool.Block> batch : batches) all.addAll(batch);
        assertEquals(threads * each, all.size());
        PoolCounts before = pool.counts();
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> cleaners = new ArrayList<>();
        for (List<MemoryPool.Block> batch : batches) {
            cleaners.add(Thread.ofPlatform().start(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                for (MemoryPool.Block b : batch) pool.returnFromCleaner(b);
            }));
        }
        // the program meanwhile: takes blocks of the size (returned ones, or new) and of another, and
        // closes some at once, as a loop of temporaries does
        Set<MemoryPool.Block> out = Collections.newSetFromMap(new IdentityHashMap<>());
        List<MemoryPool.Block> kept = new ArrayList<>();
        go.countDown();
        for (int i = 0; i < 3000; i++) {
            MemoryPool.Block b = pool.allocate(i % 3 == 0 ? OTHER : SIZE, stream);
            assertTrue(out.add(b), "a block handed out twice");
            if (i % 2 == 0) {
                out.remove(b);
                pool.release(b);
            } else {
                kept.add(b);
            }
        }
        for (Thread t : cleaners) t.join();
        long keptBytes = 0;
        for (MemoryPool.Block b : kept) keptBytes += b.size();
        assertEquals(used0 + keptBytes, pool.usedBytes(), "every returned block counted once");
        PoolCounts did = pool.counts().minus(before);
        assertEquals((long) threads * each, did.cleanerReturns(), did.toString());
        for (MemoryPool.Block b : kept) pool.release(b);
        assertEquals(used0, pool.usedBytes());
    }

    @Test
    void arraysDroppedForTheCollectorComeBackThroughTheCleanersReturns() throws InterruptedException {
        MemoryPool pool = device().memoryPool();
        int n = 10_112; // 40,448 bytes of float32: this test's size
        float[] host = new float[n];
        for (int i = 0; i < n; i++) host[i] = (i % 613) * 0.5f - 100;
        try (NDArray o = Nd.array(host)) {
            PoolCounts before = pool.counts();
            for (int s = 0; s < 20; s++) {
                NDArray t = o;
                for (int k = 0; k < 5; k++) t = t.mul(0.5f).add(0.25f);
                Nd.copyto(o, t);
                for (int k = 0; k < 5; k++) for (int i = 0; i < n; i++) host[i] = host[i] * 0.5f + 0.25f;
            }
            assertArrayEquals(host, o.toFloatArray());
            // a bounded wait for the collector and the Cleaner, not a timing
            for (int k = 0; k < 100 && pool.counts().minus(before).cleanerReturns() < 100; k++) {
                System.gc();
                Thread.sleep(20);
            }
            PoolCounts did = pool.counts().minus(before);
            assertTrue(did.cleanerReturns() >= 100, "the Cleaner's returns: " + did);
            assertTrue(did.cleanerTakes() >= 1, did.toString());
        }
        try (NDArray z = Nd.zeros(DType.FLOAT32, n)) {
            assertEquals(0f, z.toFloatArray()[n - 1]);
        }
    }
}
