package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * A large allocation that misses while a collection is under way waits a moment for a block that
 * an array dropped without close() brings back, instead of growing the pool ({@link CleanerWait});
 * it does not wait where nothing of its size can come back, nor when no collection is under way.
 * The collection is stood in for (the pool's {@code collecting}), so that nothing here depends on
 * when the JVM's collector runs, and the spin's bound is lengthened to seconds.
 */
public class CleanerWaitTest extends PerDeviceTest {
    // sizes no other test allocates, so that their free lists are this test's alone
    private static final long SIZE = (5L << 20) + (3L << 17);

    /** The wait's settings before a test lengthened them. */
    private record Saved(BooleanSupplier collecting, long spin, long driver) {}

    private static Saved lengthen(MemoryPool pool) {
        CleanerWait wait = pool.cleanerWait;
        synchronized (pool) {
            Saved saved = new Saved(wait.collecting, wait.spinMaxNanos, wait.driverNanos);
            wait.collecting = () -> true;
            wait.spinMaxNanos = 20_000_000_000L;
            wait.driverNanos = 20_000_000_000L;
            wait.fruitless = -1; // an earlier wait that found nothing
            return saved;
        }
    }

    private static void restore(MemoryPool pool, Saved saved) {
        CleanerWait wait = pool.cleanerWait;
        synchronized (pool) {
            wait.collecting = saved.collecting();
            wait.spinMaxNanos = saved.spin();
            wait.driverNanos = saved.driver();
        }
    }

    // the Cleaner's part: returns the block after a while, on another thread, as close() does or as the
    // Cleaner does (without the pool's lock, the block taken at the pool's next call)
    private static Thread releaseLater(MemoryPool pool, MemoryPool.Block block, boolean asTheCleaner) {
        return Thread.ofPlatform().start(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (asTheCleaner) pool.returnFromCleaner(block);
            else pool.release(block);
        });
    }

    @Test
    void aMissDuringACollectionTakesTheBlockReturnedMeanwhileWithoutGrowingThePool() throws InterruptedException {
        missTakesTheReturnedBlock(false);
    }

    @Test
    void aMissDuringACollectionTakesTheBlockTheCleanerReturnedWithoutThePoolsLock() throws InterruptedException {
        missTakesTheReturnedBlock(true);
    }

    private void missTakesTheReturnedBlock(boolean asTheCleaner) throws InterruptedException {
        MemoryPool pool = device().memoryPool();
        BackendStream stream = device().backend().defaultStream();
        Saved saved = lengthen(pool);
        try {
            MemoryPool.Block held = pool.allocate(SIZE, stream);
            long total = pool.totalBytes();
            long awaited = pool.blocksAwaited();
            PoolCounts before = pool.counts();
            Thread cleaner = releaseLater(pool, held, asTheCleaner);
            MemoryPool.Block b = pool.allocate(SIZE, stream);
            cleaner.join();
            try {
                assertSame(held, b, "the returned block is handed out again");
                assertEquals(total, pool.totalBytes(), pool.toString());
                assertEquals(awaited + 1, pool.blocksAwaited());
                PoolCounts did = pool.counts().minus(before);
                assertEquals(0, did.allocations(), "no new block from the driver: " + did);
                assertEquals(1, did.cleanerWaits(), did.toString());
                assertEquals(asTheCleaner ? 1 : 0, did.cleanerReturns(), did.toString());
            } finally {
                pool.release(b);
            }
        } finally {
            restore(pool, saved);
        }
    }

    @Test
    void noWaitWhereNothingOfTheSizeIsHeldOrNoCollectionIsUnderWay() {
        MemoryPool pool = device().memoryPool();
        BackendStream stream = device().backend().defaultStream();
        Saved saved = lengthen(pool);
        try {
            long awaited = pool.blocksAwaited();
            long size = SIZE + (1L << 17);
            long fruitless = pool.cleanerWait.fruitless; // a wait that found nothing would move it
            MemoryPool.Block first = pool.allocate(size, stream); // nothing of this size is held
            synchronized (pool) {
                pool.cleanerWait.collecting = () -> false;
            }
            MemoryPool.Block second = pool.allocate(size, stream); // one is held, but no collection is under way
            try {
                assertNotSame(first, second);
                assertEquals(awaited, pool.blocksAwaited());
                assertEquals(fruitless, pool.cleanerWait.fruitless, "an allocation waited for a returned block");
            } finally {
                pool.release(first);
                pool.release(second);
            }
        } finally {
            restore(pool, saved);
        }
    }

    @Test
    void aLoopOfDroppedLargeTemporariesKeepsItsResults() {
        // the real collector and Cleaner, with the wait as it is: the results are NumPy's loop's
        MemoryPool pool = device().memoryPool();
        long oldReclaim = pool.reclaim();
        int n = 3 << 20; // 12 MiB of float32
        float[] host = new float[n];
        for (int i = 0; i < n; i++) host[i] = (i % 911) * 0.125f - 40;
        try (NDArray o = Nd.array(host)) {
            pool.setReclaim(32L << 20);
            for (int s = 0; s < 8; s++) {
                NDArray t = o;
                for (int k = 0; k < 5; k++) t = t.mul(0.5f).add(0.25f);
                Nd.copyto(o, t);
                for (int k = 0; k < 5; k++) for (int i = 0; i < n; i++) host[i] = host[i] * 0.5f + 0.25f;
            }
            assertArrayEquals(host, o.toFloatArray());
        } finally {
            pool.setReclaim(oldReclaim);
        }
    }
}
