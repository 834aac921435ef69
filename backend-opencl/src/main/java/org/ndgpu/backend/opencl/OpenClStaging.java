package org.ndgpu.backend.opencl;

import static org.jocl.CL.*;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.locks.ReentrantLock;
import org.jocl.Pointer;
import org.jocl.cl_command_queue;
import org.jocl.cl_event;
import org.jocl.cl_mem;
import org.ndgpu.backend.CopyTasks;
import org.ndgpu.config.Config;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.NdException;

/**
 * The pinned staging buffers of one OpenCL device, through which large host-device copies go.
 * A write from pageable memory (a Java array) is slow on a GPU: the driver copies it through its
 * own small pinned buffer, at a fraction of the link's speed (BENCHMARKS.md). Here each buffer is a {@code CL_MEM_ALLOC_HOST_PTR}
 * cl_mem (pinned on NVIDIA), mapped once and kept mapped; its mapped memory is the host pointer of
 * non-blocking clEnqueueWriteBuffer/clEnqueueReadBuffer calls on the copy's own queue, which the
 * driver can DMA at link speed (NVIDIA's OpenCL best practice).
 *
 * <p>A copy is cut into chunks of {@link Config#OPENCL_STAGING_CHUNK} bytes; chunk j uses buffer
 * j % slots ({@link Config#OPENCL_STAGING_SLOTS}). Worker threads ({@link Config#OPENCL_COPY_THREADS})
 * copy whole chunks between Java memory and the buffers while the calling thread queues the DMAs in
 * order, so host copies of later chunks overlap the DMA of earlier ones. Each buffer has the event of
 * its last DMA; a buffer is written or read by the host only once that event has completed. Since the
 * DMAs go to the copy's queue in order, a read sees every kernel queued before it and a write is seen
 * by every kernel queued after it.
 *
 * <p>Copies below {@link #directBelow} bytes take the direct path (see there). The buffers and the
 * worker threads are made on the first large copy, with the settings of that moment (a bad one is
 * that copy's NdException, naming it), and freed by {@link #close()}
 * ({@code Device.reset()} through {@code Backend.trim()}, and the backend's close). One staged copy
 * at a time per device (a lock); copies from several threads take turns.
 */
final class OpenClStaging {
    private static final System.Logger LOG = System.getLogger("org.ndgpu");

    /**
     * Copies below this many bytes (or half a chunk, where chunks are smaller) go straight to the
     * driver, without the lock and the hand-offs to worker threads: up to about this size, what the
     * direct path loses to its slower pageable copy is of the order of a staged copy's fixed costs
     * (lock, event, flush, waking a worker); and a program that only moves small arrays never
     * allocates the pinned buffers.
     */
    static final long DIRECT_MAX = 256L << 10;

    private final OpenClBackend backend;
    private final ReentrantLock lock = new ReentrantLock();
    // the chunk size of the buffers made or about to be made; 0 until read from Config (again after close)
    private volatile long chunk;
    private int slots;
    private cl_mem[] mems;
    private ByteBuffer[] mapped;
    private MemorySegment[] host;
    private Pointer[] pointers;
    private cl_event[] events;
    // the worker threads, made with the buffers (their count read then, as the buffers' settings) and ended by close()
    private ExecutorService workers;
    // why the buffers could not be made; copies then take the direct path until close() (Device.reset())
    private String unavailable;

    OpenClStaging(OpenClBackend backend) {
        this.backend = backend;
    }

    private long chunk() {
        long c = chunk;
        if (c == 0) chunk = c = Config.openClStagingChunk();
        return c;
    }

    /** The size below which a copy takes the direct path. */
    long directBelow() {
        return Math.min(DIRECT_MAX, chunk() / 2);
    }

    /** Host to device through the staging buffers; false where the copy should take the direct path. */
    boolean copyIn(cl_command_queue q, MemorySegment src, cl_mem dst, long dstOffset, long bytes) {
        if (bytes < directBelow()) return false;
        lock.lock();
        try {
            if (!ensureAllocated()) return false;
            pipelinedIn(q, CopyTasks.shareable(src), dst, dstOffset, bytes);
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Device to host through the staging buffers; false where the copy should take the direct path. */
    boolean copyOut(cl_command_queue q, cl_mem src, long srcOffset, MemorySegment dst, long bytes) {
        if (bytes < directBelow()) return false;
        lock.lock();
        try {
            if (!ensureAllocated()) return false;
            pipelinedOut(q, src, srcOffset, CopyTasks.shareable(dst), bytes);
            return true;
        } finally {
            lock.unlock();
        }
    }

    // ---- the buffers ----

    private boolean ensureAllocated() {
        if (mems != null) return true;
        if (unavailable != null) return false;
        // every setting is read and checked here, at the first staged copy, before anything is made: a bad
        // value is the NdException of this copy, and a later copy reads the settings again
        long c = chunk();
        int n = Config.openClStagingSlots();
        int threads = Config.openClCopyThreads();
        cl_command_queue q = ((OpenClBackend.Queue) backend.defaultStream()).queue();
        mems = new cl_mem[n];
        mapped = new ByteBuffer[n];
        host = new MemorySegment[n];
        pointers = new Pointer[n];
        events = new cl_event[n];
        slots = n;
        int[] err = new int[1];
        for (int i = 0; i < n; i++) {
            cl_mem m = clCreateBuffer(backend.context(), CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, c, null, err);
            if (err[0] != CL_SUCCESS) return giveUp("clCreateBuffer(CL_MEM_ALLOC_HOST_PTR, " + c + " bytes)", err[0]);
            mems[i] = m;
            ByteBuffer b = clEnqueueMapBuffer(q, m, true, CL_MAP_READ | CL_MAP_WRITE, 0, c, 0, null, null, err);
            if (err[0] != CL_SUCCESS || b == null || b.capacity() != c)
                return giveUp("clEnqueueMapBuffer(" + c + " bytes)", err[0]);
            mapped[i] = b;
            host[i] = MemorySegment.ofBuffer(b);
            pointers[i] = Pointer.to(b);
        }
        workers = CopyTasks.daemonPool("ndgpu-opencl-copy", threads);
        return true;
    }

    private boolean giveUp(String what, int status) {
        unavailable = backend + ": " + what + ": " + org.jocl.CL.stringFor_errorCode(status);
        release();
        LOG.log(
                System.Logger.Level.WARNING,
                "ndgpu: no pinned staging buffers (" + unavailable
                        + "); host-device copies take the driver's direct path, at its speed");
        return false;
    }

    /** Waits for the buffers' last DMAs, unmaps and frees them; they are made again on the next large copy. */
    void close() {
        lock.lock();
        try {
            release();
            unavailable = null;
            chunk = 0;
        } finally {
            lock.unlock();
        }
    }

    // best effort: a failed wait or unmap still frees what it can
    private void release() {
        if (mems == null) return;
        cl_command_queue q = ((OpenClBackend.Queue) backend.defaultStream()).queue();
        for (int i = 0; i < mems.length; i++) {
            if (events[i] != null) {
                clWaitForEvents(1, new cl_event[] {events[i]});
                clReleaseEvent(events[i]);
            }
            if (mapped[i] != null) clEnqueueUnmapMemObject(q, mems[i], mapped[i], 0, null, null);
        }
        clFinish(q);
        for (cl_mem m : mems) if (m != null) clReleaseMemObject(m);
        mems = null;
        if (workers != null) workers.shutdown(); // idle here: every copy settles its tasks before it returns
        workers = null;
        mapped = null;
        host = null;
        pointers = null;
        events = null;
    }

    // ---- copies: chunk j lives in buffer j % slots; workers copy whole chunks, this thread queues the DMAs ----

    private void pipelinedIn(cl_command_queue q, MemorySegment from, cl_mem dst, long dstOffset, long bytes) {
        long c = chunk;
        int n = chunks(bytes, c);
        Future<?>[] tasks = new Future<?>[n];
        try {
            // chunk j's task waits for its buffer's last DMA, whose event is handed to the task
            for (int j = 0; j < Math.min(n, slots); j++) tasks[j] = start(fill(from, j, bytes, events[j % slots]), n);
            for (int j = 0; j < n; j++) {
                join(tasks[j]);
                int slot = j % slots;
                long off = j * c, len = Math.min(c, bytes - off);
                cl_event e = new cl_event();
                backend.check(
                        clEnqueueWriteBuffer(q, dst, false, dstOffset + off, len, pointers[slot], 0, null, e),
                        "clEnqueueWriteBuffer(" + len + " bytes of " + bytes + ", staged)");
                replace(slot, e);
                backend.check(clFlush(q), "clFlush");
                if (j + slots < n) tasks[j + slots] = start(fill(from, j + slots, bytes, e), n);
            }
        } finally {
            CopyTasks.settle(tasks);
        }
    }

    private Runnable fill(MemorySegment from, int j, long bytes, cl_event last) {
        long c = chunk;
        MemorySegment to = host[j % slots];
        return () -> {
            long off = j * c;
            await(last);
            MemorySegment.copy(from, off, to, 0, Math.min(c, bytes - off));
        };
    }

    private void pipelinedOut(cl_command_queue q, cl_mem src, long srcOffset, MemorySegment to, long bytes) {
        long c = chunk;
        int n = chunks(bytes, c);
        Future<?>[] tasks = new Future<?>[n];
        try {
            for (int j = 0; j < Math.min(n, slots); j++)
                tasks[j] = start(drain(to, j, bytes, issueOut(q, src, srcOffset, j, bytes)), n);
            for (int j = 0; j < n; j++) {
                join(tasks[j]);
                int k = j + slots;
                if (k < n) tasks[k] = start(drain(to, k, bytes, issueOut(q, src, srcOffset, k, bytes)), n);
            }
        } finally {
            CopyTasks.settle(tasks);
        }
    }

    private cl_event issueOut(cl_command_queue q, cl_mem src, long srcOffset, int j, long bytes) {
        long c = chunk;
        int slot = j % slots;
        long off = j * c, len = Math.min(c, bytes - off);
        await(events[slot]); // an earlier write, possibly on another queue, must have read the buffer
        cl_event e = new cl_event();
        backend.check(
                clEnqueueReadBuffer(q, src, false, srcOffset + off, len, pointers[slot], 0, null, e),
                "clEnqueueReadBuffer(" + len + " bytes of " + bytes + ", staged)");
        replace(slot, e);
        backend.check(clFlush(q), "clFlush");
        return e;
    }

    private Runnable drain(MemorySegment to, int j, long bytes, cl_event read) {
        long c = chunk;
        MemorySegment from = host[j % slots];
        return () -> {
            long off = j * c;
            await(read);
            MemorySegment.copy(from, 0, to, off, Math.min(c, bytes - off));
        };
    }

    private static int chunks(long bytes, long chunk) {
        long n = (bytes + chunk - 1) / chunk;
        // a host segment holds at most 2^63 bytes, and a chunk is at least 1 KiB: n < 2^53, but a Future[] needs an int
        if (n > Integer.MAX_VALUE - 8)
            throw new NdException("copy of " + bytes + " bytes: more than 2^31 staging chunks of " + chunk);
        return (int) n;
    }

    // the slot's previous event has completed (its task or issueOut waited on it) before a new DMA replaces it
    private void replace(int slot, cl_event e) {
        cl_event old = events[slot];
        events[slot] = e;
        if (old != null) clReleaseEvent(old);
    }

    private void await(cl_event e) {
        if (e != null)
            backend.check(clWaitForEvents(1, new cl_event[] {e}), "clWaitForEvents (a staged host-device copy)");
    }

    /** A copy of one chunk runs on this thread; of several, on the workers. */
    private Future<?> start(Runnable task, int chunks) {
        if (chunks == 1) {
            task.run();
            return null;
        }
        return workers.submit(task);
    }

    private static void join(Future<?> f) {
        if (f == null) return;
        try {
            f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeviceException("interrupted during a host-device copy", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) throw r;
            if (c instanceof Error err) throw err;
            throw new DeviceException("a host-device copy failed: " + c, c);
        }
    }
}
