package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.locks.ReentrantLock;
import org.ndgpu.backend.CopyTasks;
import org.ndgpu.config.Config;

/**
 * A ring of pinned (page-locked) host buffers through which every host-device copy goes. DMA from
 * pageable memory is slow (the driver copies it through its own small pinned buffer), so a copy is
 * cut into chunks: while the GPU's copy engine moves one chunk, the host copies others into or out
 * of other pinned buffers. Each buffer has an event that says when the device is done with it.
 *
 * <p>Two ways to keep the host side fast, chosen by {@link Config#CUDA_STAGING_MODE}:
 * <ul>
 * <li>{@code simple}: chunks in turn, each chunk's host copy split over
 *     {@link HostCopy#THREADS} threads; 16 MiB x 4 buffers.</li>
 * <li>{@code pipelined} (default): each chunk's host copy is one task on a worker thread, many chunks in
 *     flight at once, the calling thread only queues the DMAs in order; 4 MiB x 16 buffers.</li>
 * </ul>
 *
 * <p>Pipelined is the default because one thread's host memcpy is slower than the PCIe link, and
 * simple mode loses to the per-chunk fork/join of its host copy; many small chunks in flight keep
 * both the copy engine and the host threads busy. The measurements of both modes and chunk sizes
 * are in backend-cuda/notes/PERF.md.
 *
 * <p>Sizes: {@link Config#CUDA_STAGING_CHUNK_MIB} times {@link Config#CUDA_STAGING_SLOTS}, allocated
 * on first use. One copy at a time per device (a lock); copies from several threads take turns.
 */
final class PinnedStaging {
    private final CudaBackend backend;
    private final ReentrantLock lock = new ReentrantLock();
    // the settings, read when the buffers are made (never in a static initializer: a bad value is that copy's
    // NdException, and the next copy reads them again)
    private boolean pipelined;
    private long chunk;
    private int slots;
    private MemorySegment[] buffers;
    private MemorySegment[] events;
    private int next;
    // simple copyOut's queue of chunks in flight
    private int[] ringSlot;
    private long[] ringOffset;
    private long[] ringLength;

    PinnedStaging(CudaBackend backend) {
        this.backend = backend;
    }

    /** The staging the settings ask for now. */
    static String describe() {
        boolean p = Config.cudaStagingPipelined();
        return (p ? "pipelined" : "simple") + ", " + Config.cudaStagingSlots(p) + " x " + Config.cudaStagingChunkMiB(p)
                + " MiB pinned, " + HostCopy.threads() + " host copy threads";
    }

    @SuppressWarnings(
            "restricted") // the driver returns the pinned chunk as a zero-length segment: widened to the size allocated
    private void ensureAllocated() {
        if (buffers != null) return;
        boolean mode = Config.cudaStagingPipelined();
        long c = (long) Config.cudaStagingChunkMiB(mode) << 20;
        int n = Config.cudaStagingSlots(mode);
        HostCopy.threads();
        pipelined = mode;
        chunk = c;
        slots = n;
        ringSlot = new int[slots];
        ringOffset = new long[slots];
        ringLength = new long[slots];
        MemorySegment[] b = new MemorySegment[slots];
        MemorySegment[] e = new MemorySegment[slots];
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            for (int i = 0; i < slots; i++) {
                int r = CudaDriverMemory.cuMemHostAlloc(p, chunk, CudaDriverMemory.CU_MEMHOSTALLOC_PORTABLE);
                if (r != 0) {
                    release(b, e);
                    throw backend.error(
                            r, "allocate " + slots + " x " + (chunk >> 20) + " MiB of pinned host staging memory");
                }
                b[i] = p.get(ADDRESS, 0).reinterpret(chunk);
                r = CudaDriverStreams.cuEventCreate(p, CudaDriverStreams.CU_EVENT_DISABLE_TIMING);
                if (r != 0) {
                    release(b, e);
                    throw backend.error(r, "create a staging event");
                }
                e[i] = p.get(ADDRESS, 0);
            }
        }
        buffers = b;
        events = e;
    }

    private static void release(MemorySegment[] b, MemorySegment[] e) {
        for (MemorySegment s : b) if (s != null) CudaDriverMemory.cuMemFreeHost(s);
        for (MemorySegment s : e) if (s != null) CudaDriverStreams.cuEventDestroy(s);
    }

    /** Waits until the device is done with a buffer (at once if its event was never recorded or has passed). */
    private void await(int slot) {
        int r = CudaDriverStreams.cuEventSynchronize(events[slot]);
        if (r != 0) throw backend.error(r, "wait for a host-device copy");
    }

    private int take() {
        int i = next;
        next = (next + 1) % slots;
        await(i);
        return i;
    }

    private void recordOn(int slot, CudaStream stream) {
        int r = CudaDriverStreams.cuEventRecord(events[slot], stream.handle);
        if (r != 0) throw backend.error(r, "record a staging event");
    }

    /** Host to device: returns once {@code src} has been read (the DMA of the last chunk may still run). */
    void copyIn(CudaStream stream, MemorySegment src, long dstPointer, long bytes) {
        lock.lock();
        try {
            ensureAllocated();
            MemorySegment from = CopyTasks.shareable(src);
            if (pipelined && bytes > chunk) {
                pipelinedIn(stream, from, dstPointer, bytes);
                return;
            }
            long done = 0;
            while (done < bytes) {
                int i = take();
                long n = Math.min(chunk, bytes - done);
                HostCopy.copy(from, done, buffers[i], 0, n);
                int r = CudaDriverMemory.cuMemcpyHtoDAsync(dstPointer + done, buffers[i], n, stream.handle);
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
            MemorySegment to = CopyTasks.shareable(dst);
            if (pipelined && bytes > chunk) {
                pipelinedOut(stream, srcPointer, to, bytes);
                return;
            }
            long issued = 0, drained = 0;
            int head = 0, inFlight = 0;
            while (drained < bytes) {
                while (issued < bytes && inFlight < slots) {
                    int i = take();
                    long n = Math.min(chunk, bytes - issued);
                    int r = CudaDriverMemory.cuMemcpyDtoHAsync(buffers[i], srcPointer + issued, n, stream.handle);
                    if (r != 0) throw backend.error(r, "copy " + bytes + " bytes device to host");
                    recordOn(i, stream);
                    int q = (head + inFlight) % slots;
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
                head = (head + 1) % slots;
                inFlight--;
            }
        } finally {
            lock.unlock();
        }
    }

    // ---- pipelined mode: chunk j lives in buffer j % slots; workers copy whole chunks, this thread queues the DMAs
    // ----

    private void pipelinedIn(CudaStream stream, MemorySegment from, long dst, long bytes) {
        int n = (int) ((bytes + chunk - 1) / chunk);
        Future<?>[] tasks = new Future<?>[n];
        ExecutorService pool = HostCopy.pool();
        try {
            // chunk j's task waits for the buffer's last DMA, whose event was recorded before the task was submitted
            for (int j = 0; j < Math.min(n, slots); j++) tasks[j] = pool.submit(fillTask(from, j, bytes));
            for (int j = 0; j < n; j++) {
                join(tasks[j]);
                int slot = j % slots;
                long off = j * chunk, len = Math.min(chunk, bytes - off);
                int r = CudaDriverMemory.cuMemcpyHtoDAsync(dst + off, buffers[slot], len, stream.handle);
                if (r != 0) throw backend.error(r, "copy " + bytes + " bytes host to device");
                recordOn(slot, stream);
                if (j + slots < n) tasks[j + slots] = pool.submit(fillTask(from, j + slots, bytes));
            }
        } finally {
            CopyTasks.settle(tasks);
        }
        next = n % slots;
    }

    private Runnable fillTask(MemorySegment from, int j, long bytes) {
        return () -> {
            int slot = j % slots;
            long off = j * chunk, len = Math.min(chunk, bytes - off);
            backend.makeCurrent();
            await(slot);
            MemorySegment.copy(from, off, buffers[slot], 0, len);
        };
    }

    private void pipelinedOut(CudaStream stream, long src, MemorySegment to, long bytes) {
        int n = (int) ((bytes + chunk - 1) / chunk);
        Future<?>[] tasks = new Future<?>[n];
        ExecutorService pool = HostCopy.pool();
        try {
            for (int j = 0; j < Math.min(n, slots); j++) {
                issueOut(stream, src, j, bytes);
                tasks[j] = pool.submit(drainTask(to, j, bytes));
            }
            for (int j = 0; j < n; j++) {
                join(tasks[j]);
                if (j + slots < n) {
                    issueOut(stream, src, j + slots, bytes);
                    tasks[j + slots] = pool.submit(drainTask(to, j + slots, bytes));
                }
            }
        } finally {
            CopyTasks.settle(tasks);
        }
        next = n % slots;
    }

    private void issueOut(CudaStream stream, long src, int j, long bytes) {
        int slot = j % slots;
        long off = j * chunk, len = Math.min(chunk, bytes - off);
        await(slot); // a buffer's earlier H2D, possibly on another stream, must have read it
        int r = CudaDriverMemory.cuMemcpyDtoHAsync(buffers[slot], src + off, len, stream.handle);
        if (r != 0) throw backend.error(r, "copy " + bytes + " bytes device to host");
        recordOn(slot, stream);
    }

    private Runnable drainTask(MemorySegment to, int j, long bytes) {
        return () -> {
            int slot = j % slots;
            long off = j * chunk, len = Math.min(chunk, bytes - off);
            backend.makeCurrent();
            await(slot);
            MemorySegment.copy(buffers[slot], 0, to, off, len);
        };
    }

    private static void join(Future<?> f) {
        try {
            f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during a host-device copy", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) throw r;
            if (c instanceof Error err) throw err;
            throw new IllegalStateException(c);
        }
    }

    /** Waits for outstanding copies and frees the pinned memory. */
    void close() {
        lock.lock();
        try {
            if (buffers == null) return;
            for (MemorySegment e : events) CudaDriverStreams.cuEventSynchronize(e);
            release(buffers, events);
            buffers = null;
            events = null;
        } finally {
            lock.unlock();
        }
    }
}
