package org.ndgpu.device;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import org.ndgpu.backend.BackendBuffer;

/**
 * Device memory shared by an array and its views. Each array holds one reference; the memory goes
 * back to the pool when the last is closed, or, for arrays never closed, when the Cleaner finds
 * them unreachable.
 */
public final class Allocation {
    // shared with Graph, whose Cleaner action frees a graph that was dropped without close(), and used for
    // memory another library owns; a pool's blocks have their own (ArrayCleaner)
    static final Cleaner CLEANER = Cleaner.create();

    // the state a holder's reference drops, which is also the action of every holder's registration: an
    // array dropped without close() leaves its registration and this one object for the collector to
    // keep until the cleaner runs (no per-holder action, no separate counter), which is what a young
    // collection copies for each dropped array; not public, so that nothing outside can run it
    private final Memory memory;

    Allocation(Device device, MemoryPool pool, MemoryPool.Block block, long bytes) {
        this.memory = new Memory(device, pool, block, null, null, null, bytes);
        block.memory = memory; // what keeps its holders' registrations reachable: the pool keeps the block
    }

    private Allocation(Device device, BackendBuffer external, Object owner, Runnable onRelease) {
        this.memory = new Memory(device, null, null, external, owner, onRelease, external.size());
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
        return memory.pool != null && memory.pool.isManaged();
    }

    /** The device the memory is on. */
    public Device device() {
        return memory.device;
    }

    /** The backend buffer of the pool block holding the bytes. */
    public BackendBuffer buffer() {
        return memory.block != null ? memory.block.buffer : memory.external;
    }

    /** Bytes asked for. */
    public long bytes() {
        return memory.bytes;
    }

    /**
     * Registers {@code owner} as a holder: returns the Cleanable whose clean() drops its reference,
     * run at most once, either by close() (or its scope's close) or by the Cleaner.
     */
    public Cleaner.Cleanable retain(Object owner) {
        Memory.REFS.getAndIncrement(memory);
        return memory.block != null ? ArrayCleaner.register(owner, memory) : CLEANER.register(owner, memory);
    }

    /**
     * True once the reference {@code held} (a {@link #retain} result) was dropped by close(), or its
     * holder was found unreachable (the Cleaner drops it next): a scope forgets such entries rather
     * than keep them until it closes. The Cleaner's entries are phantom references, which both clear.
     */
    public static boolean isReleased(Cleaner.Cleanable held) {
        return held instanceof Reference<?> r && r.refersTo(null);
    }

    /** How many arrays (views included) hold this memory now. */
    public int references() {
        return Memory.REFS.get(memory);
    }

    // the memory and its holders' count; run() drops one holder's reference: each Cleanable that
    // retain returned runs it at most once, whoever calls clean() first (close, a scope, the Cleaner).
    // Must not reference a holder, or the holder never becomes unreachable (its registrations are
    // phantom references, which do not)
    static final class Memory implements Runnable {
        // a field updater rather than a VarHandle: both compile to one atomic instruction, but a fresh
        // JVM's first calls run in the interpreter, where a VarHandle access runs through its guards
        // and forms, several times the updater's bytecodes (tools/interpreted/count.sh counts them)
        static final AtomicIntegerFieldUpdater<Memory> REFS =
                AtomicIntegerFieldUpdater.newUpdater(Memory.class, "refs");

        final Device device;
        // the pool the block returns to: the device's, or its pool of managed memory
        final MemoryPool pool;
        final MemoryPool.Block block; // null for memory another library owns
        final BackendBuffer external;
        // reachable while any array uses the memory: what keeps another library's memory alive
        @SuppressWarnings("unused")
        final Object owner;

        final Runnable onRelease;
        final long bytes;
        // read and changed through REFS only
        @SuppressWarnings("unused")
        private volatile int refs;
        // a block's holders' ArrayCleaner registrations not yet run, which this keeps reachable: null,
        // one Holder, or a set of them (views); under this object's lock, which only the array's own
        // threads and the cleaner take
        private Object holders;

        Memory(
                Device device,
                MemoryPool pool,
                MemoryPool.Block block,
                BackendBuffer external,
                Object owner,
                Runnable onRelease,
                long bytes) {
            this.device = device;
            this.pool = pool;
            this.block = block;
            this.external = external;
            this.owner = owner;
            this.onRelease = onRelease;
            this.bytes = bytes;
        }

        synchronized void hold(ArrayCleaner.Holder h) {
            if (holders == null) {
                holders = h;
                return;
            }
            if (!(holders instanceof java.util.Set<?>)) {
                java.util.Set<ArrayCleaner.Holder> set =
                        java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
                set.add((ArrayCleaner.Holder) holders);
                holders = set;
            }
            @SuppressWarnings("unchecked")
            java.util.Set<ArrayCleaner.Holder> set = (java.util.Set<ArrayCleaner.Holder>) holders;
            set.add(h);
        }

        synchronized void forget(ArrayCleaner.Holder h) {
            if (holders == h) holders = null;
            else if (holders instanceof java.util.Set<?> set) set.remove(h);
        }

        @Override
        public void run() {
            if (REFS.getAndDecrement(this) != 1) return;
            if (block != null) {
                block.memory = null; // its holders' registrations are garbage now
                if (Thread.currentThread() == ArrayCleaner.THREAD) pool.returnFromCleaner(block);
                else pool.release(block);
                return;
            }
            // the owner may free the memory as soon as it hears: no queued kernel may still touch it
            device.currentStream().synchronize();
            device.defaultStream().synchronize();
            device.backend().free(external);
            if (onRelease != null) onRelease.run();
        }
    }
}
