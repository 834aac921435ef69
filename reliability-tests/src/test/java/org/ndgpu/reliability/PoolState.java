package org.ndgpu.reliability;

import org.ndgpu.device.MemoryPool;

/** Helpers for tests that read a memory pool's statistics while the Cleaner may be releasing blocks. */
final class PoolState {
    private PoolState() {}

    /** Runs the collector and waits (up to 5 s) until used bytes stop falling; returns them. */
    static long settle(MemoryPool pool) {
        long last = Long.MAX_VALUE;
        for (int i = 0; i < 50; i++) {
            System.gc();
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            long now = pool.usedBytes();
            if (now == last) return now;
            last = now;
        }
        return pool.usedBytes();
    }
}
