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
    // shared with Graph, whose Cleaner action frees a graph that was dropped without close()
    static final Cleaner CLEANER = Cleaner.create();

    private final Device device;
    // the pool the block returns to: the device's, or its pool of managed memory
    private final MemoryPool pool;
    private final MemoryPool.Block block; // null for memory another library owns
    private final BackendBuffer external;
    // reachable while any array uses the memory: what keeps another library's memory alive
    @SuppressWarnings("unused")
    private final Object owner;

    private final Runnable onRelease;
    private final long bytes;
    private final AtomicInteger refs = new AtomicInteger();

    Allocation(Device device, MemoryPool pool, MemoryPool.Block block, long bytes) {
        this.device = device;
        this.pool = pool;
        this.block = block;
        this.external = null;
        this.owner = null;
        this.onRelease = null;
        this.bytes = bytes;
    }

    private Allocation(Device device, BackendBuffer external, Object owner, Runnable onRelease) {
        this.device = device;
        this.pool = null;
        this.block = null;
        this.external = external;
        this.owner = owner;
        this.onRelease = onRelease;
        this.bytes = external.size();
    }

    /**
     * Memory another library allocated, wrapped by the backend ({@code Backend.wrap}): ndgpu never
     * frees it. {@code owner} stays reachable while any array uses it; when the last one is released,
     * the device's streams are drained and {@code onRelease} (may be null) runs once, e.g. a DLPack
     * deleter.
     */
    public static Allocation external(Device device, BackendBuffer buffer, Object owner, Runnable onRelease) {
        java.util.Objects.requireNonNull(device, "external: device is null");
        java.util.Objects.requireNonNull(buffer, "external: buffer is null");
        return new Allocation(device, buffer, owner, onRelease);
    }

    /**
     * Allocates {@code bytes} on the device's current stream, in the memory this thread's arrays get
     * now ({@link MemoryKind#current()}: device memory, or managed memory).
     */
    public static Allocation allocate(Device device, long bytes) {
        MemoryPool pool = device.allocationPool();
        var stream = device.currentStream().allocationStream();
        // the managed pool does not hand its blocks to a graph, so a capture's replays could write a block
        // reused after its array closed: managed arrays are made before the capture, and used inside it
        if (pool != device.memoryPool() && device.memoryPool().capturing(stream)) {
            throw new org.ndgpu.exceptions.CaptureException(device.id() + " allocate " + bytes
                    + " bytes in managed memory: expected no capture in progress (make managed arrays before "
                    + "Nd.capture and use them inside it), got an allocation while the stream is captured");
        }
        var block = pool.allocate(bytes, stream);
        return new Allocation(device, pool, block, bytes);
    }

    /** True for managed memory (a block of {@link Device#managedMemoryPool()}), which the host may also read. */
    public boolean isManaged() {
        return pool != null && pool.isManaged();
    }

    /** The device the memory is on. */
    public Device device() {
        return device;
    }

    /** The backend buffer of the pool block holding the bytes. */
    public BackendBuffer buffer() {
        return block != null ? block.buffer : external;
    }

    /** Bytes asked for. */
    public long bytes() {
        return bytes;
    }

    /**
     * Registers {@code owner} as a holder: returns the Cleanable whose clean() drops its reference,
     * run at most once, either by close() (or its scope's close) or by the Cleaner.
     */
    public Cleaner.Cleanable retain(Object owner) {
        refs.incrementAndGet();
        Release r = new Release(this);
        r.registered = CLEANER.register(owner, r);
        return r;
    }

    /**
     * True once the reference {@code held} (a {@link #retain} result) was dropped, by close() or by
     * the Cleaner: a scope forgets such entries rather than keep them until it closes.
     */
    public static boolean isReleased(Cleaner.Cleanable held) {
        return held instanceof Release r && r.released;
    }

    /** How many arrays (views included) hold this memory now. */
    public int references() {
        return refs.get();
    }

    private void drop() {
        if (refs.decrementAndGet() != 0) return;
        if (block != null) {
            pool.release(block);
            return;
        }
        // the owner may free the memory as soon as it hears: no queued kernel may still touch it
        device.currentStream().synchronize();
        device.defaultStream().synchronize();
        device.backend().free(external);
        if (onRelease != null) onRelease.run();
    }

    // must not reference the owner, or the owner never becomes unreachable; the Cleaner's own
    // Cleanable runs it at most once, whoever calls clean() first
    private static final class Release implements Runnable, Cleaner.Cleanable {
        private final Allocation allocation;
        private Cleaner.Cleanable registered;
        private volatile boolean released;

        Release(Allocation allocation) {
            this.allocation = allocation;
        }

        @Override
        public void clean() {
            registered.clean();
        }

        @Override
        public void run() {
            released = true;
            allocation.drop();
        }
    }
}
