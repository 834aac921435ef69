package org.ndgpu.device;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.backend.ManagedMemory;
import org.ndgpu.config.Config;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;

/**
 * A caching allocator for one device, as CuPy's MemoryPool: freed blocks are kept by rounded size
 * and handed out again without a native call. Stream-ordered: a block freed on one stream is
 * reused at once on that stream (its work is queued before anything new), and only after a
 * synchronize on another.
 *
 * <pre>{@code
 * MemoryPool pool = Device.current().memoryPool();
 * pool.usedBytes(); pool.totalBytes(); pool.freeAllBlocks(); pool.setLimit(1L << 30);
 * pool.setReclaim(64L << 20);   // bring the collector in after 64 MiB more held by arrays
 * }</pre>
 *
 * <p>Arrays dropped without close() come back only when the JVM's collector finds them. So that
 * they do not pile up, the pool watches the bytes held by arrays: when they have grown, since the
 * last collection, by the larger of {@link #reclaim()} (at most a quarter of the limit or of the
 * device's memory) and what live arrays need (what arrays from before that collection still
 * hold), it asks for a collection on a background thread and goes on ({@code docs/memory.md}).
 */
public final class MemoryPool {
    private static final long SMALL = FreeBlocks.SMALL;

    private final Backend backend;
    private final String deviceId;
    // null for the device's own memory; the managed memory this pool allocates from otherwise
    private final ManagedMemory managed;
    private final FreeBlocks free = new FreeBlocks();
    long used;
    private long total;
    // 0 until the first allocation reads ndgpu.pool.limit (or setLimit sets it): a bad value is then that
    // allocation's NdException, naming the setting, and the device itself stays usable once it is fixed
    long limit;
    long releases;
    // callers waiting in CleanerWait.awaitUnreachable for released blocks: release wakes them; volatile,
    // since the Cleaner reads it without the lock (a wake it misses, the waiter's timed wait makes up)
    volatile int waiting;
    // what this pool asked of the driver, for PoolCounts: new blocks, blocks freed, waits for a stream
    private long driverAllocations, driverFrees, streamWaits, cleanerReturns;
    final ReturnedBlocks returned = new ReturnedBlocks(); // the Cleaner's returns, not yet taken
    // early reclaim: 0 until the first allocation reads ndgpu.pool.reclaim (Long.MAX_VALUE: off)
    private long reclaim;
    double reclaimShare;
    // live: what live arrays need: the bytes still held, at a request, by blocks handed out before a
    // collection that has finished since began. The blocks are counted by epoch: a request opens one
    // (when a collection begun after the last opened has finished), `old` counts the bytes held by
    // blocks of earlier epochs, and each block carries the epoch it was handed out in. A measure of
    // what was held at some moment would count the arrays dropped but not yet collected, which grow
    // with the collector's delay: the allowed growth would grow with them, and the delay with it.
    // floor: the least held since the last request; reclaimAt: the bytes held past which the next is
    // asked for; epochStarted: the Reclaimer's count of started collections when the epoch opened
    private long live;
    private long old;
    private int epoch;
    private long epochStarted = -1;
    private long floor;
    private long reclaimAt;
    private long collectionsRequested;
    final CleanerWait cleanerWait = new CleanerWait();
    // tryAllocate's answer where awaitReturned should wait for a returned block
    static final Block AWAIT = new Block(null, 0, null);

    // the captures in progress, by their streams: a block allocated on one belongs to that capture's graph
    private final java.util.IdentityHashMap<BackendStream, GraphMemory> capturing = new java.util.IdentityHashMap<>();
    // capturing's size, read by every allocation as a field rather than through a call
    private int captures;

    // streams closed since: a block released later that was last used on one belongs to the default stream
    private final java.util.Set<BackendStream> closedStreams =
            java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    /** A pooled allocation: the backend buffer, its rounded size, and the stream it was last used on. */
    public static final class Block {
        final BackendBuffer buffer;
        final long size;
        BackendStream stream;
        // the pool's epoch when this block was last handed out (MemoryPool.live)
        int epoch;
        // the graph whose replays use this block (allocated while its body was captured), until the graph closes
        GraphMemory graph;
        // the next block in ReturnedBlocks' stack while the Cleaner's return waits to be taken
        Block next;
        Object memory; // the Allocation memory using it, which keeps its ArrayCleaner registrations reachable

        Block(BackendBuffer buffer, long size, BackendStream stream) {
            this.buffer = buffer;
            this.size = size;
            this.stream = stream;
        }

        /** The device buffer. */
        public BackendBuffer buffer() {
            return buffer;
        }

        /** Bytes held (the request rounded up). */
        public long size() {
            return size;
        }
    }

    MemoryPool(Backend backend, String deviceId) {
        this(backend, deviceId, null);
    }

    /** A pool of {@code managed} memory (a device's {@link Device#managedMemoryPool()}), or of device memory when null. */
    MemoryPool(Backend backend, String deviceId, ManagedMemory managed) {
        this.backend = backend;
        this.deviceId = deviceId;
        this.managed = managed;
    }

    /** True for a device's pool of managed memory ({@link Device#managedMemoryPool()}), false for its device memory. */
    public boolean isManaged() {
        return managed != null;
    }

    // the limit, read from the setting on first use (under the lock)
    long limitNow() {
        if (limit == 0) limit = Config.poolLimit(backend.facts().globalMemoryBytes());
        return limit;
    }

    /**
     * A block of at least {@code bytes} for work on {@code stream}. When the limit or the device is
     * full, cached blocks are freed; if that is not enough, arrays that were dropped without close()
     * may still hold memory, so the garbage collector is asked to find them and the Cleaner to
     * release them, and the allocation is tried once more before DeviceOutOfMemoryException.
     */
    public Block allocate(long bytes, BackendStream stream) {
        // null checks inline rather than Objects.requireNonNull (same exception): every allocation runs here
        if (stream == null) throw new NullPointerException("allocate: stream is null");
        if (bytes < 0)
            throw new org.ndgpu.exceptions.NdException(
                    deviceId + " allocate: expected a size >= 0, got " + bytes + " bytes");
        // managed memory may exceed the device (the driver pages it): only its own allocation can refuse
        long device = managed != null ? 0 : backend.facts().globalMemoryBytes();
        // more than the device has can never fit: say so at once, without freeing caches or waiting for the collector
        if ((device > 0 && bytes > device) || bytes > (1L << 62)) {
            throw new DeviceOutOfMemoryException(deviceId + " allocate: " + bytes
                    + " bytes requested, more than the device's " + device + " bytes of memory");
        }
        Block b = tryAllocate(bytes, stream, false, true);
        if (b == AWAIT) b = cleanerWait.awaitReturned(this, bytes, stream);
        if (b != null) return b;
        cleanerWait.awaitUnreachable(this, FreeBlocks.round(bytes));
        return tryAllocate(bytes, stream, true, false);
    }

    synchronized Block takeReturned(long size, BackendStream stream) {
        if (returned.any()) takeReturnedBlocks();
        Block b = free.poll(size);
        if (b == null) return null;
        cleanerWait.served();
        return handOut(b, stream);
    }

    // null when it does not fit (and last is false); AWAIT (only when mayWait) where a large block missed
    // and a dropped array's may soon come back. Never waits holding the lock: the Cleaner needs it
    synchronized Block tryAllocate(long bytes, BackendStream stream, boolean last, boolean mayWait) {
        if (reclaim == 0) readReclaim();
        if (returned.any()) takeReturnedBlocks();
        long size = FreeBlocks.round(bytes);
        Block b = free.poll(size);
        if (b != null) return handOut(b, stream);
        if (mayWait && size > SMALL && cleanerWait.worthWaiting(size)) return AWAIT;
        if (total + size > limitNow()) {
            freeAllBlocks();
            if (total + size > limit) {
                if (!last) return null;
                throw new DeviceOutOfMemoryException(deviceId + " allocate: " + bytes + " bytes (" + size
                        + " rounded) would exceed the memory pool's limit of " + limit + " bytes; " + used
                        + " bytes in use by live arrays after freeing cached blocks and collecting unreachable arrays");
            }
        }
        BackendBuffer buf;
        long t0 = size > SMALL ? System.nanoTime() : 0;
        try {
            driverAllocations++;
            buf = managed != null ? managed.allocate(size) : backend.allocate(size);
            if (t0 != 0) cleanerWait.driverTook(System.nanoTime() - t0);
        } catch (DeviceOutOfMemoryException e) {
            // cached blocks may be what fills the device: give them back and try once more
            freeAllBlocks();
            try {
                driverAllocations++;
                buf = managed != null ? managed.allocate(size) : backend.allocate(size);
            } catch (DeviceOutOfMemoryException again) {
                if (!last) return null;
                throw new DeviceOutOfMemoryException(
                        deviceId + " allocate: out of memory for " + bytes + " bytes (" + size
                                + " rounded) after freeing cached blocks and collecting unreachable arrays; " + used
                                + " bytes in use by live arrays, device has "
                                + backend.facts().globalMemoryBytes() + " bytes ("
                                + again.getMessage() + ")",
                        again);
            }
        }
        used += size;
        total += size;
        if (size > SMALL) cleanerWait.handedOut(size);
        if (used > reclaimAt) requestCollection();
        Block fresh = free.own(new Block(buf, size, stream));
        fresh.epoch = epoch;
        if (captures != 0) captured(fresh, stream);
        return fresh;
    }

    // a cached block, for work on `stream`: reused at once on the stream it was last used on (its work
    // is queued before anything new), after that stream's work finished on another
    private Block handOut(Block b, BackendStream stream) {
        if (b.stream != stream) {
            streamWaits++;
            backend.synchronize(b.stream);
        }
        b.stream = stream;
        b.epoch = epoch;
        used += b.size;
        if (b.size > SMALL) cleanerWait.handedOut(b.size);
        if (captures != 0) captured(b, stream);
        if (used > reclaimAt) requestCollection();
        return b;
    }

    // a block for work on a capturing stream: the graph's replays reuse it, so it stays the graph's
    private void captured(Block b, BackendStream stream) {
        GraphMemory g = capturing.get(stream);
        if (g == null) return;
        b.graph = g;
        g.owned.add(b);
    }

    /** True while a capture records the work of {@code stream}. */
    synchronized boolean capturing(BackendStream stream) {
        return capturing.containsKey(stream);
    }

    /** A capture began on {@code stream}: what is allocated on it from now on belongs to {@code graph}. */
    synchronized void captureBegan(BackendStream stream, GraphMemory graph) {
        capturing.put(stream, graph);
        captures = capturing.size();
    }

    /** The capture on {@code stream} ended; its blocks stay its graph's. */
    synchronized void captureEnded(BackendStream stream) {
        capturing.remove(stream);
        captures = capturing.size();
    }

    /**
     * The graph is closed (or its capture discarded): its blocks are ordinary blocks again, last used
     * on {@code last} (the stream of its last launch), and those whose arrays were closed meanwhile
     * return to the cache now.
     */
    synchronized void graphClosed(GraphMemory graph, BackendStream last) {
        if (returned.any()) takeReturnedBlocks(); // those of the graph's blocks the Cleaner returned
        for (Block b : graph.owned) {
            b.graph = null;
            b.stream = last;
        }
        List<Block> released = new ArrayList<>(graph.released);
        graph.owned.clear();
        graph.released.clear();
        for (Block b : released) release(b);
    }

    // the settings, read at the first allocation as the limit is: a bad value is that allocation's error
    private void readReclaim() {
        double share = Config.poolReclaimShareSet();
        reclaim = Config.poolReclaim(capacity());
        reclaimShare = share;
        floor = used;
        reclaimAt = afterFloor();
    }

    // the most this pool may hold: its limit, or the device's memory
    private long capacity() {
        long device = managed != null ? 0 : backend.facts().globalMemoryBytes();
        return Math.min(limitNow(), device > 0 ? device : Long.MAX_VALUE);
    }

    // the growth allowed past `from`: the setting (at most a quarter of the capacity), or what live
    // arrays need when that is more, so that a program whose arrays all live is not collected often
    private long past(long from) {
        if (reclaim == Long.MAX_VALUE || reclaim == 0) return Long.MAX_VALUE;
        long growth = Math.max(Math.min(reclaim, capacity() / 4), live);
        return from > Long.MAX_VALUE - growth ? Long.MAX_VALUE : from + growth;
    }

    private long afterFloor() {
        return past(floor);
    }

    // arrays hold more than live arrays needed, by the allowed growth: those dropped since are
    // likely unreachable; the collector finds them on its own thread. A collection begun after the
    // epoch opened has finished: what blocks of earlier epochs still hold is what live arrays need,
    // and a new epoch opens, which the collection asked for now will have begun after. While one is
    // still pending, requests come every allowed growth and are one request
    private void requestCollection() {
        if (Reclaimer.finished() > epochStarted) {
            live = old;
            old = used;
            epoch++;
            epochStarted = Reclaimer.started();
        }
        collectionsRequested++;
        Reclaimer.request(reclaimShare, used > capacity() / 2);
        floor = used;
        reclaimAt = past(used);
    }

    /**
     * A stream is being closed (after its work finished): blocks last used on it, cached now or
     * released later, belong to the default stream from here on, so nothing ever waits on a
     * released queue.
     */
    synchronized void streamClosed(BackendStream closed) {
        if (returned.any()) takeReturnedBlocks();
        closedStreams.add(closed);
        for (ArrayDeque<Block> q : free.all()) {
            for (Block b : q) if (b.stream == closed) b.stream = backend.defaultStream();
        }
    }

    /** Returns a block to the cache; its memory stays with the device until freeAllBlocks. */
    public synchronized void release(Block b) {
        if (b == null) throw new NullPointerException("release: b is null");
        put(b);
    }

    /**
     * The Cleaner's return of a block whose array was dropped without close(): onto ReturnedBlocks,
     * without the pool's lock, so that the Cleaner's bursts after a collection do not contend with
     * the program's allocations; the pool takes them at its next call. Waiters are woken at once.
     */
    void returnFromCleaner(Block b) {
        returned.push(b);
        if (waiting != 0) takeReturnedBlocks();
    }

    /** Takes every block the Cleaner returned into the free lists (under the lock; put wakes waiters). */
    synchronized void takeReturnedBlocks() {
        for (Block b = returned.takeAll(); b != null; ) {
            Block n = b.next;
            b.next = null;
            cleanerReturns++;
            put(b);
            b = n;
        }
    }

    private void put(Block b) {
        if (b.graph != null) { // a graph's replays still use it: it returns when the graph is closed
            b.graph.released.add(b);
            return;
        }
        if (!closedStreams.isEmpty() && closedStreams.contains(b.stream)) b.stream = backend.defaultStream();
        if (b.size > used)
            throw new IllegalStateException(deviceId + " pool: a block of " + b.size + " bytes released with only "
                    + used + " in use (released twice?)");
        used -= b.size;
        if (b.epoch != epoch) old -= b.size;
        releases++;
        if (b.size > SMALL) cleanerWait.returned(b.size);
        if (waiting != 0) notifyAll();
        if (used < floor) {
            floor = used;
            reclaimAt = Math.min(reclaimAt, afterFloor());
        }
        free.add(b);
    }

    /**
     * Frees every cached (unused) block back to the device. On a host device (PoCL) the memory goes
     * back to the operating system too: the process's resident size falls.
     */
    public synchronized void freeAllBlocks() {
        if (returned.any()) takeReturnedBlocks();
        boolean any = false;
        for (ArrayDeque<Block> q : free.all()) {
            for (Block b : q) {
                streamWaits++;
                backend.synchronize(b.stream);
                driverFrees++;
                backend.free(b.buffer);
                total -= b.size;
                any = true;
            }
        }
        free.clear();
        if (any && !backend.facts().isGpu()) org.ndgpu.backend.HostMemory.trim();
    }

    /** Bytes held by live arrays. */
    public synchronized long usedBytes() {
        if (returned.any()) takeReturnedBlocks();
        return used;
    }

    /** Bytes held from the device: live plus cached. */
    public synchronized long totalBytes() {
        return total;
    }

    /** Bytes cached for reuse. */
    public synchronized long freeBytes() {
        if (returned.any()) takeReturnedBlocks();
        return total - used;
    }

    /** The most bytes this pool may hold from the device (Long.MAX_VALUE: no limit). */
    public synchronized long limit() {
        return limitNow();
    }

    /**
     * Sets the most bytes this pool may hold from the device ({@code Long.MAX_VALUE}: no limit);
     * cached blocks above it are freed. Arrays already allocated stay; new allocations past the
     * limit throw DeviceOutOfMemoryException.
     */
    public synchronized void setLimit(long bytes) {
        if (bytes <= 0) {
            throw new org.ndgpu.exceptions.NdException(
                    "MemoryPool.setLimit: expected a limit > 0 bytes (Long.MAX_VALUE for none), got " + bytes);
        }
        this.limit = bytes;
        if (total > limit) freeAllBlocks();
        reclaimAt = afterFloor();
    }

    /**
     * The growth, in bytes held by arrays since the last collection, that brings the JVM's
     * collector in to find arrays dropped without close() ({@code ndgpu.pool.reclaim}, default 32
     * MiB; Long.MAX_VALUE: never). The growth allowed is at least what arrays from before the last
     * collection still hold, and at most a quarter of the limit or of the device's memory.
     */
    public synchronized long reclaim() {
        if (reclaim == 0) readReclaim();
        return reclaim;
    }

    /**
     * Sets {@link #reclaim()}: after {@code bytes} more held by arrays, a collection is asked for on
     * a background thread ({@code Long.MAX_VALUE}: never).
     */
    public synchronized void setReclaim(long bytes) {
        if (bytes <= 0) {
            throw new org.ndgpu.exceptions.NdException(
                    "MemoryPool.setReclaim: expected bytes > 0 (Long.MAX_VALUE for never), got " + bytes);
        }
        // the share is read here too, but not the growth setting: this call may be what replaces a bad one
        if (reclaimShare == 0) reclaimShare = Config.poolReclaimShareSet();
        if (reclaim == 0) floor = used;
        this.reclaim = bytes;
        reclaimAt = afterFloor();
    }

    /**
     * Allocations that took a block an array dropped without close() returned while they waited a
     * moment, during a collection, instead of a new block from the device.
     */
    public synchronized long blocksAwaited() {
        return cleanerWait.servedCount();
    }

    /** Collections this pool has asked for because arrays dropped without close() held too much. */
    public synchronized long collectionsRequested() {
        return collectionsRequested;
    }

    /** What this pool has asked of the driver and the collector so far ({@link PoolCounts}). */
    public synchronized PoolCounts counts() {
        if (returned.any()) takeReturnedBlocks();
        return new PoolCounts(
                driverAllocations,
                driverFrees,
                streamWaits,
                collectionsRequested,
                cleanerWait.waits(),
                releases,
                cleanerReturns,
                returned.takes());
    }

    @Override
    public synchronized String toString() {
        if (returned.any()) takeReturnedBlocks();
        return "MemoryPool(" + deviceId + (managed != null ? " managed" : "") + ", used=" + used + ", total=" + total
                + (limit == Long.MAX_VALUE || limit == 0 ? "" : ", limit=" + limit) + ")";
    }
}
