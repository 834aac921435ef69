package org.ndgpu.device;

import java.lang.ref.Cleaner;
import java.util.concurrent.atomic.AtomicInteger;
import org.ndgpu.backend.BackendBuffer;

/**
 * Device memory shared by an array and its views. Each array holds one reference; the memory goes
 * back to the pool when the last is closed, or, for arrays never closed, when the Cleaner finds
 * them unreachable.
 */
public final class Allocation {
    private static final Cleaner CLEANER = Cleaner.create();

    private final Device device;
    private final MemoryPool.Block block;
    private final long bytes;
    private final AtomicInteger refs = new AtomicInteger();

    Allocation(Device device, MemoryPool.Block block, long bytes) {
        this.device = device;
        this.block = block;
        this.bytes = bytes;
    }

    /** Allocates {@code bytes} on the device's current stream. */
    public static Allocation allocate(Device device, long bytes) {
        var block = device.memoryPool().allocate(bytes, device.currentStream().backendStream());
        return new Allocation(device, block, bytes);
    }

    /** The device the memory is on. */
    public Device device() { return device; }

    /** The backend buffer of the pool block holding the bytes. */
    public BackendBuffer buffer() { return block.buffer; }

    /** Bytes asked for. */
    public long bytes() { return bytes; }

    /**
     * Registers {@code owner} as a holder: returns the Cleanable whose clean() drops its reference,
     * run at most once, either by close() or by the Cleaner.
     */
    public Cleaner.Cleanable retain(Object owner) {
        refs.incrementAndGet();
        return CLEANER.register(owner, new Release(this));
    }

    private void drop() {
        if (refs.decrementAndGet() == 0) device.memoryPool().release(block);
    }

    // must not reference the owner, or the owner never becomes unreachable
    private record Release(Allocation allocation) implements Runnable {
        @Override public void run() { allocation.drop(); }
    }
}
