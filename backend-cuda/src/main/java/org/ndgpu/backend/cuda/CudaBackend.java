package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Locale;

import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendEvent;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.BackendProgram;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.backend.DeviceFacts;
import org.ndgpu.backend.Dialect;

/**
 * One NVIDIA GPU through the CUDA driver API.
 *
 * <p><b>Context.</b> The device's primary context (the one the CUDA runtime, CuPy and PyTorch
 * share), retained on first use, so that merely listing devices creates no context. Every call makes
 * it current on the calling thread (cuCtxSetCurrent costs tens of nanoseconds), so any thread may
 * call, and other code that switches the thread's context cannot mislead us. The exception is a
 * launch in the context the thread last made current through ndgpu: it skips the call, and makes it
 * and launches again when the driver answers that the context is not current ({@code enterLaunch}).
 *
 * <p><b>Default stream.</b> A stream created by the backend (flags CU_STREAM_DEFAULT), not the
 * legacy NULL stream: it behaves like every other stream (events, timing, handing it to cuBLAS), and
 * it does not serialize with unrelated work that other code in the process puts on the NULL stream;
 * being a blocking stream it still waits for such work, so ordering with libraries that use stream 0
 * is kept.
 *
 * <p><b>Copies.</b> Host-device copies go through a ring of pinned staging buffers
 * ({@link PinnedStaging}), also when the host segment is native: DMA from pageable memory is slow.
 *
 * <p><b>Errors.</b> Every CUresult is checked and reported by its symbolic name. A sticky error
 * (CUDA_ERROR_ILLEGAL_ADDRESS, CUDA_ERROR_LAUNCH_FAILED, ...) marks the backend faulted: later calls
 * throw at once, saying so, without touching the driver.
 */
public final class CudaBackend implements Backend {
    private final int ordinal;
    private final int device;
    private final DeviceFacts facts;
    private final String id;
    private final int computeCapability;
    private final CudaLauncher launcher;
    private final PinnedStaging staging = new PinnedStaging(this);
    private final CudaModules modules;

    private volatile MemorySegment context;
    private final CudaPeers peers = new CudaPeers(this);
    private volatile CudaStream defaultStream;
    private volatile String fault;
    private volatile boolean closed;

    /** Per-thread native memory for driver calls: the launch argument block and an out-parameter. */
    private static final ThreadLocal<CudaScratch> SCRATCH = ThreadLocal.withInitial(CudaScratch::new);

    /** This thread's {@link CudaScratch}. */
    static CudaScratch scratch() { return SCRATCH.get(); }

    /** Reads the device's facts ({@link CudaDeviceInfo}); the context is created on first use. Requires cuInit to have succeeded. */
    CudaBackend(int ordinal) {
        this.ordinal = ordinal;
        this.id = "cuda:" + ordinal;
        this.modules = new CudaModules(this);
        CudaDeviceInfo info = new CudaDeviceInfo(this, ordinal);
        this.device = info.device;
        this.facts = info.facts;
        this.computeCapability = info.computeCapability;
        this.launcher = new CudaLauncher(this, info);
    }

    /** "cuda:0". */
    public String id() { return id; }

    /** Compute capability as major * 10 + minor (90 for an H100). */
    public int computeCapability() { return computeCapability; }

    /** The CUdevice. */
    int cuDevice() { return device; }

    /** The CUdevice ordinal. */
    public int ordinal() { return ordinal; }

    /** The reason the backend is unusable (the first sticky error), or null. */
    public String fault() { return fault; }

    @Override
    public DeviceFacts facts() { return facts; }

    @Override
    public Dialect dialect() { return Dialect.CUDA; }

    // ---- context and errors ----

    /**
     * Makes this device's primary context current on the calling thread, retaining it on first use.
     * Bindings to CUDA libraries (cuBLAS, cuSOLVER) call this before their own calls.
     */
    @Override public void makeCurrent() { enter("make the context current"); }

    MemorySegment enter(String op) {
        if (fault != null || closed) throw unusable(op);
        MemorySegment c = context;
        if (c == null) c = openContext();
        int r = CudaDriver.cuCtxSetCurrent(c);
        if (r != 0) throw error(r, op + ": cuCtxSetCurrent");
        SCRATCH.get().current = c;
        return c;
    }

    /**
     * {@link #enter} for a launch, which skips cuCtxSetCurrent when this thread's last one through
     * ndgpu made this context current: a launch is the one call made hundreds of times per script, and
     * until the JIT has compiled the downcall each one costs microseconds. Returns whether it skipped;
     * if code outside ndgpu changed the thread's context since, the launch fails with
     * CUDA_ERROR_INVALID_CONTEXT or CUDA_ERROR_INVALID_HANDLE, enqueues nothing, and is made again
     * after {@link #enter}. Every other driver call still sets the context first: an allocation or a
     * copy in another context would not fail but go to the wrong device.
     */
    boolean enterLaunch(CudaScratch sc) {
        if (fault != null || closed) throw unusable("launch");
        if (context != null && sc.current == context) return true;
        enter("launch");
        return false;
    }

    private DeviceException unusable(String op) {
        if (closed) return new DeviceException(id + " " + op + ": the backend was closed");
        return new DeviceException(id + " " + op + ": the device is unusable after an earlier sticky error; restart the process (first error: " + fault + ")");
    }

    private synchronized MemorySegment openContext() {
        if (context != null) return context;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            check(CudaDriver.cuDevicePrimaryCtxRetain(p, device), "retain the primary context");
            MemorySegment c = p.get(ADDRESS, 0);
            check(CudaDriver.cuCtxSetCurrent(c), "make the context current");
            check(CudaDriverStreams.cuStreamCreate(p, CudaDriverStreams.CU_STREAM_DEFAULT), "create the default stream");
            defaultStream = new CudaStream(this, p.get(ADDRESS, 0), true);
            context = c;
            return c;
        }
    }

    void check(int r, String op) {
        if (r != 0) throw error(r, op);
    }

    /** The exception for a CUresult: DeviceOutOfMemoryException for OUT_OF_MEMORY, else DeviceException; a sticky error faults the backend. */
    DeviceException error(int r, String op) {
        String msg = id + " " + op + ": " + CudaDriver.describe(r);
        if (CudaError.isSticky(r)) {
            msg += "; last kernel launched: '" + launcher.lastKernel() + "'. The device's CUDA context is now unusable:"
                    + " every later call on " + id + " fails; arrays on it are lost; restart the process";
        }
        msg = noteSticky(r, msg);
        return r == CudaError.OUT_OF_MEMORY ? new DeviceOutOfMemoryException(msg) : new DeviceException(msg);
    }

    /** Faults the backend on a sticky error; returns {@code msg}, naming the last kernel launched when sticky (the likely culprit). */
    String noteSticky(int r, String msg) {
        if (!CudaError.isSticky(r)) return msg;
        String named = msg.contains("last kernel launched") ? msg : msg + "; last kernel launched: '" + launcher.lastKernel() + "'";
        synchronized (this) { if (fault == null) fault = named; }
        return named;
    }

    // ---- memory ----

    @Override
    public BackendBuffer allocate(long bytes) {
        if (bytes < 0) throw new DeviceException(id + " allocate: negative size " + bytes);
        enter("allocate");
        if (bytes == 0) return new CudaBuffer(this, 0, 0);
        MemorySegment out = SCRATCH.get().out;
        int r = CudaDriverMemory.cuMemAlloc(out, bytes);
        if (r == CudaError.OUT_OF_MEMORY) {
            String have = "";
            MemorySegment free = out.asSlice(0, 8), total = out.asSlice(8, 8);
            if (CudaDriverMemory.cuMemGetInfo(free, total) == 0) {
                have = " (" + size(free.get(JAVA_LONG, 0)) + " free of " + size(total.get(JAVA_LONG, 0)) + ")";
            }
            throw new DeviceOutOfMemoryException(id + " allocate " + size(bytes) + ": " + CudaDriver.describe(r) + have);
        }
        check(r, "allocate " + size(bytes));
        return new CudaBuffer(this, out.get(JAVA_LONG, 0), bytes);
    }

    @Override
    public BackendBuffer wrap(long handle, long bytes) {
        if (bytes < 0) throw new DeviceException(id + " wrap: negative size " + bytes);
        if (bytes == 0) return new CudaBuffer(this, handle, 0, true);
        if (handle == 0) throw new DeviceException(id + " wrap: the device pointer is NULL");
        enter("wrap");
        // the range must lie inside one allocation of this context: a wrong pointer is an error here,
        // not an illegal address in some later kernel
        MemorySegment out = SCRATCH.get().out;
        MemorySegment base = out.asSlice(0, 8), size = out.asSlice(8, 8);
        int r = CudaDriverMemory.cuMemGetAddressRange(base, size, handle);
        if (r != 0) {
            throw new DeviceException(id + " wrap: 0x" + Long.toHexString(handle) + " is not device memory of " + id + ": " + CudaDriver.describe(r));
        }
        long b = base.get(JAVA_LONG, 0), n = size.get(JAVA_LONG, 0);
        if (handle - b > n - bytes) {
            throw new DeviceException(id + " wrap: " + size(bytes) + " at 0x" + Long.toHexString(handle) + " run past the end of its allocation (0x"
                    + Long.toHexString(b) + ", " + size(n) + ")");
        }
        return new CudaBuffer(this, handle, bytes, true);
    }

    static String size(long bytes) {
        if (bytes < 1024) return bytes + " bytes";
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.2f %s", v, units[u]) + " (" + bytes + " bytes)";
    }

    @Override
    public void free(BackendBuffer buffer) {
        CudaBuffer b = own(buffer, "free");
        if (b.freed) throw new DeviceException(id + " free: " + b + " was already freed");
        b.freed = true;
        if (b.pointer == 0 || b.external || fault != null || closed) return; // nothing to free, not ours, or gone with the context
        enter("free");
        check(CudaDriverMemory.cuMemFree(b.pointer), "free " + size(b.size));
    }

    private CudaBuffer own(BackendBuffer buffer, String op) {
        if (buffer instanceof CudaBuffer b && b.owner == this) return b;
        throw new DeviceException(id + " " + op + ": " + buffer + " is not a buffer of " + id);
    }

    CudaBuffer live(BackendBuffer buffer, String op, long offset, long bytes) {
        CudaBuffer b = own(buffer, op);
        if (b.freed) throw new DeviceException(id + " " + op + ": " + b + " was freed");
        if (offset < 0 || bytes < 0 || offset > b.size - bytes) {
            throw new DeviceException(id + " " + op + ": bytes [" + offset + ", " + (offset + bytes) + ") outside a buffer of " + b.size + " bytes");
        }
        return b;
    }

    private CudaStream own(BackendStream stream, String op) {
        if (stream instanceof CudaStream s && s.owner == this) {
            if (s.closed) throw new DeviceException(id + " " + op + ": the stream was closed");
            return s;
        }
        throw new DeviceException(id + " " + op + ": " + stream + " is not a stream of " + id);
    }

    // ---- streams ----

    @Override
    public BackendStream defaultStream() {
        CudaStream s = defaultStream;
        if (s == null) {
            enter("default stream");
            s = defaultStream;
        }
        return s;
    }

    @Override
    public BackendStream createStream() {
        enter("create a stream");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            check(CudaDriverStreams.cuStreamCreate(p, CudaDriverStreams.CU_STREAM_DEFAULT), "create a stream");
            return new CudaStream(this, p.get(ADDRESS, 0), false);
        }
    }

    void destroyStream(CudaStream s) {
        if (fault != null || closed) return;
        enter("destroy a stream");
        check(CudaDriverStreams.cuStreamDestroy(s.handle), "destroy a stream");
    }

    // ---- copies ----

    @Override
    public void copyIn(BackendStream stream, MemorySegment src, BackendBuffer dst, long dstOffset, long bytes) {
        CudaStream s = own(stream, "copyIn");
        CudaBuffer b = live(dst, "copyIn", dstOffset, bytes);
        if (src.byteSize() < bytes) throw new DeviceException(id + " copyIn: " + bytes + " bytes asked from a host segment of " + src.byteSize());
        enter("copyIn");
        if (bytes == 0) return;
        staging.copyIn(s, src, b.pointer + dstOffset, bytes);
    }

    @Override
    public void copyOut(BackendStream stream, BackendBuffer src, long srcOffset, MemorySegment dst, long bytes) {
        CudaStream s = own(stream, "copyOut");
        CudaBuffer b = live(src, "copyOut", srcOffset, bytes);
        if (dst.byteSize() < bytes) throw new DeviceException(id + " copyOut: " + bytes + " bytes into a host segment of " + dst.byteSize());
        if (dst.isReadOnly()) throw new DeviceException(id + " copyOut: the host segment is read-only");
        enter("copyOut");
        if (bytes == 0) return;
        staging.copyOut(s, b.pointer + srcOffset, dst, bytes);
    }

    @Override
    public void copy(BackendStream stream, BackendBuffer src, long srcOffset, BackendBuffer dst, long dstOffset, long bytes) {
        CudaStream s = own(stream, "copy");
        CudaBuffer from = live(src, "copy", srcOffset, bytes);
        CudaBuffer to = live(dst, "copy", dstOffset, bytes);
        enter("copy");
        if (bytes == 0) return;
        check(CudaDriverMemory.cuMemcpyDtoDAsync(to.pointer + dstOffset, from.pointer + srcOffset, bytes, s.handle), "copy " + size(bytes) + " device to device");
    }

    @Override
    public void fill(BackendStream stream, BackendBuffer dst, long dstOffset, long bytes, byte value) {
        CudaStream s = own(stream, "fill");
        CudaBuffer b = live(dst, "fill", dstOffset, bytes);
        enter("fill");
        if (bytes == 0) return;
        check(CudaDriverMemory.cuMemsetD8Async(b.pointer + dstOffset, value, bytes, s.handle), "fill " + size(bytes));
    }

    // ---- programs: compiled, loaded and looked up by CudaModules ----

    /** The --gpu-architecture NVRTC is given for this device: sm_XY, or compute_XY when NVRTC predates the device. */
    public String nvrtcArchitecture() { return modules.nvrtcArchitecture(); }

    @Override
    public BackendProgram compile(String name, String source, List<String> options) { return modules.compile(name, source, options); }

    @Override
    public BackendProgram load(String name, byte[] binary, List<String> options) { return modules.load(name, binary, options); }

    @Override
    public BackendKernel kernel(BackendProgram program, String name) { return modules.kernel(program, name); }

    // ---- launch ----

    @Override
    public long launchCount() { return launcher.count(); }

    /** cuOccupancyMaxActiveBlocksPerMultiprocessor for {@code k} at {@code blockThreads} threads and no dynamic shared memory. */
    int occupancy(CudaKernel k, int blockThreads) {
        enter("occupancy of '" + k.name + "'");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment n = a.allocate(JAVA_INT);
            check(CudaDriverModules.cuOccupancyMaxActiveBlocksPerMultiprocessor(n, k.function, blockThreads, 0), "occupancy of '" + k.name + "'");
            return n.get(JAVA_INT, 0);
        }
    }

    @Override
    public void launch(BackendStream stream, BackendKernel kernel, long[] grid, long[] block, long dynamicSharedBytes, Object... args) {
        launcher.counted();
        if (!(kernel instanceof CudaKernel k) || k.program.owner != this) {
            throw CudaLaunchErrors.notOurs(id, kernel);
        }
        launcher.launch(own(stream, "launch"), k, grid, block, dynamicSharedBytes, args);
    }

    // ---- events and synchronization ----

    @Override
    public BackendEvent record(BackendStream stream) {
        CudaStream s = own(stream, "record");
        enter("record an event");
        MemorySegment out = SCRATCH.get().out;
        check(CudaDriverStreams.cuEventCreate(out, CudaDriverStreams.CU_EVENT_DEFAULT), "create an event");
        MemorySegment e = out.get(ADDRESS, 0);
        int r = CudaDriverStreams.cuEventRecord(e, s.handle);
        if (r != 0) {
            CudaDriverStreams.cuEventDestroy(e);
            throw error(r, "record an event");
        }
        return new CudaEvent(this, e);
    }

    void destroyEvent(CudaEvent e) {
        if (fault != null || closed) return;
        enter("destroy an event");
        check(CudaDriverStreams.cuEventDestroy(e.handle), "destroy an event");
    }

    @Override
    public void synchronize(BackendStream stream) {
        CudaStream s = own(stream, "synchronize");
        enter("synchronize");
        check(CudaDriverStreams.cuStreamSynchronize(s.handle), "synchronize");
    }

    @Override
    public void synchronize(BackendEvent event) {
        CudaEvent e = ownEvent(event, "synchronize");
        enter("synchronize");
        check(CudaDriverStreams.cuEventSynchronize(e.handle), "synchronize on an event");
    }

    /** cuStreamWaitEvent: on the device, for an event of any CUDA device. */
    @Override
    public boolean waitEvent(BackendStream stream, Backend recorder, BackendEvent event) {
        if (!(recorder instanceof CudaBackend r)) return false;
        CudaStream s = own(stream, "waitEvent");
        CudaEvent e = r.ownEvent(event, "waitEvent");
        enter("waitEvent");
        check(CudaDriverStreams.cuStreamWaitEvent(s.handle, e.handle, 0), "wait for an event of " + r.id);
        return true;
    }

    @Override public boolean hasPeerPath(Backend source) { return source instanceof CudaBackend && source != this; }

    /** cuMemcpyPeerAsync from another CUDA device into this one ({@link CudaPeers}). */
    @Override
    public boolean copyPeer(BackendStream stream, Backend source, BackendBuffer src, long srcOffset, BackendBuffer dst, long dstOffset,
            long bytes) {
        if (!(source instanceof CudaBackend from) || from == this) return false;
        CudaStream s = own(stream, "copyPeer");
        peers.copy(s.handle, from, from.live(src, "copyPeer", srcOffset, bytes).pointer + srcOffset,
                live(dst, "copyPeer", dstOffset, bytes).pointer + dstOffset, bytes);
        return true;
    }

    private CudaEvent ownEvent(BackendEvent event, String op) {
        if (event instanceof CudaEvent e && e.owner == this) {
            if (e.closed) throw new DeviceException(id + " " + op + ": the event was closed");
            return e;
        }
        throw new DeviceException(id + " " + op + ": " + event + " is not an event of " + id);
    }

    /** Waits for {@code end}, then gives the time between the two events in milliseconds (about 0.5 us resolution). */
    @Override
    public double elapsedMillis(BackendEvent start, BackendEvent end) {
        CudaEvent a = ownEvent(start, "elapsedMillis"), b = ownEvent(end, "elapsedMillis");
        enter("elapsedMillis");
        check(CudaDriverStreams.cuEventSynchronize(b.handle), "wait for an event");
        MemorySegment out = SCRATCH.get().out;
        check(CudaDriverStreams.cuEventElapsedTime(out, a.handle, b.handle), "time between events");
        return out.get(JAVA_FLOAT, 0);
    }

    /** Frees the staging memory, unloads programs and releases the primary context. Idempotent; never throws. */
    @Override
    public synchronized void close() {
        if (closed) return;
        MemorySegment c = context;
        if (c != null && fault == null) {
            try {
                CudaDriver.cuCtxSetCurrent(c);
                CudaStream s = defaultStream;
                if (s != null) CudaDriverStreams.cuStreamSynchronize(s.handle);
                staging.close();
                modules.unloadAll();
                if (s != null) CudaDriverStreams.cuStreamDestroy(s.handle);
            } catch (RuntimeException e) {
                // closing is best effort
            }
        }
        closed = true;
        if (c != null) CudaDriver.cuDevicePrimaryCtxRelease(device);
    }

    /** True once {@link #close()} ran. */
    public boolean isClosed() { return closed; }

    @Override
    public String toString() {
        return id + " " + facts.name() + " (" + facts.architecture() + ", " + size(facts.globalMemoryBytes()) + ", " + facts.driverVersion() + ")";
    }
}
