package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A ring of pinned (page-locked) host buffers through which every host-device copy goes. DMA from
 * pageable memory is slow (the driver copies it through its own small pinned buffer), so a copy is
 * cut into chunks: while the GPU's copy engine moves chunk i, the host copies chunk i+1 into the
 * next pinned buffer. Each buffer has an event that says when the device is done with it.
 *
 * <p>Measured on an H200 host (PCIe ceiling 55 GB/s for one DMA from pinned memory; host memcpy
 * 9 GB/s on one thread, 43 to 50 GB/s on 8): 8 MiB chunks gave 23 to 25 GB/s H2D and 19 to 23 D2H,
 * 16 MiB chunks 29 to 31 H2D and 23 to 27 D2H. The rest of the gap to the link is the per-chunk
 * fork/join of the host copy and host memory bandwidth shared with the DMA.
 *
 * <p>Sizes: {@code -Dndgpu.cuda.stagingChunkMiB} (default 16) times {@code -Dndgpu.cuda.stagingSlots}
 * (default 4), allocated on first use. One copy at a time per device (a lock); copies from several
 * threads take turns.
 */
final class PinnedStaging {
    static final long CHUNK = Math.max(1, Long.getLong("ndgpu.cuda.stagingChunkMiB", 16)) << 20;
    static final int SLOTS = Math.max(2, Integer.getInteger("ndgpu.cuda.stagingSlots", 4));

    private final CudaBackend backend;
    private final ReentrantLock lock = new ReentrantLock();
    private MemorySegment[] buffers;
    private MemorySegment[] events;
    private boolean[] pending;
    private int next;
    // copyOut's queue of chunks in flight
    private final int[] ringSlot = new int[SLOTS];
    private final long[] ringOffset = new long[SLOTS];
    private final long[] ringLength = new long[SLOTS];

    PinnedStaging(CudaBackend backend) {
        this.backend = backend;
    }

    private void ensureAllocated() {
        if (buffers != null) return;
        MemorySegment[] b = new MemorySegment[SLOTS];
        MemorySegment[] e = new MemorySegment[SLOTS];
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            for (int i = 0; i < SLOTS; i++) {
                int r = CudaDriver.cuMemHostAlloc(p, CHUNK, CudaDriver.CU_MEMHOSTALLOC_PORTABLE);
                if (r != 0) {
                    release(b, e);
                    throw backend.error(r, "allocate " + SLOTS + " x " + (CHUNK >> 20) + " MiB of pinned host staging memory");
                }
                b[i] = p.get(ADDRESS, 0).reinterpret(CHUNK);
                r = CudaDriver.cuEventCreate(p, CudaDriver.CU_EVENT_DISABLE_TIMING);
                if (r != 0) {
                    release(b, e);
                    throw backend.error(r, "create a staging event");
                }
                e[i] = p.get(ADDRESS, 0);
            }
        }
        buffers = b;
        events = e;
        pending = new boolean[SLOTS];
    }

    private static void release(MemorySegment[] b, MemorySegment[] e) {
        for (MemorySegment s : b) if (s != null) CudaDriver.cuMemFreeHost(s);
        for (MemorySegment s : e) if (s != null) CudaDriver.cuEventDestroy(s);
    }

    private void await(int slot) {
        if (pending[slot]) {
            int r = CudaDriver.cuEventSynchronize(events[slot]);
            pending[slot] = false;
            if (r != 0) throw backend.error(r, "wait for a host-device copy");
        }
    }

    private int take() {
        int i = next;
        next = (next + 1) % SLOTS;
        await(i);
        return i;
    }

    private void recordOn(int slot, CudaStream stream) {
        int r = CudaDriver.cuEventRecord(events[slot], stream.handle);
        if (r != 0) throw backend.error(r, "record a staging event");
        pending[slot] = true;
    }

    /** Host to device: returns once {@code src} has been read (the DMA of the last chunk may still run). */
    void copyIn(CudaStream stream, MemorySegment src, long dstPointer, long bytes) {
        lock.lock();
        try {
            ensureAllocated();
            MemorySegment from = HostCopy.shareable(src);
            long done = 0;
            while (done < bytes) {
                int i = take();
                long n = Math.min(CHUNK, bytes - done);
                HostCopy.copy(from, done, buffers[i], 0, n);
                int r = CudaDriver.cuMemcpyHtoDAsync(dstPointer + done, buffers[i], n, stream.handle);
                if (r != 0) throw backend.error(r, "copy " + bytes + " bytes host to device");
                recordOn(i, stream);
                done += n;
            }
        } finally {
            lock.unlock();
        }
    }

    /** Device to host: returns once {@code dst} holds the data. */
    void copyOut(CudaStream stream, long srcPointer, MemorySegment dst, long bytes) {
        lock.lock();
        try {
            ensureAllocated();
            MemorySegment to = HostCopy.shareable(dst);
            long issued = 0, drained = 0;
            int head = 0, inFlight = 0;
            while (drained < bytes) {
                while (issued < bytes && inFlight < SLOTS) {
                    int i = take();
                    long n = Math.min(CHUNK, bytes - issued);
                    int r = CudaDriver.cuMemcpyDtoHAsync(buffers[i], srcPointer + issued, n, stream.handle);
                    if (r != 0) throw backend.error(r, "copy " + bytes + " bytes device to host");
                    recordOn(i, stream);
                    int q = (head + inFlight) % SLOTS;
                    ringSlot[q] = i;
                    ringOffset[q] = issued;
                    ringLength[q] = n;
                    inFlight++;
                    issued += n;
                }
                int i = ringSlot[head];
                await(i);
                HostCopy.copy(buffers[i], 0, to, ringOffset[head], ringLength[head]);
                drained += ringLength[head];
                head = (head + 1) % SLOTS;
                inFlight--;
            }
        } finally {
            lock.unlock();
        }
    }

    /** Waits for outstanding copies and frees the pinned memory. */
    void close() {
        lock.lock();
        try {
            if (buffers == null) return;
            for (int i = 0; i < SLOTS; i++) {
                if (pending[i]) CudaDriver.cuEventSynchronize(events[i]);
            }
            release(buffers, events);
            buffers = null;
            events = null;
        } finally {
            lock.unlock();
        }
    }
}
