package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendEvent;
import org.ndgpu.backend.BackendGraph;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.BackendProgram;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.backend.DeviceFacts;
import org.ndgpu.backend.Dialect;
import org.ndgpu.backend.KernelArguments;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;

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
 * <p><b>Memory and copies.</b> Allocations, copies and fills are checked and made by
 * {@link CudaAllocator}, events by {@link CudaEvents}. Host-device copies go through a ring of pinned
 * staging buffers ({@link PinnedStaging}), also when the host segment is native: DMA from pageable
 * memory is slow.
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
    final PinnedStaging staging = new PinnedStaging(this);
    private final CudaModules modules;

    private volatile MemorySegment context;
    private final CudaPeers peers = new CudaPeers(this);
    private volatile CudaStream defaultStream;
    private volatile String fault;
    private volatile boolean closed;
    // cuMemAllocManaged memory, where the device has it; else null
    private final CudaManaged managed;

    /** Per-thread native memory for driver calls: the launch argument block and an out-parameter. */
    private static final ThreadLocal<CudaScratch> SCRATCH = ThreadLocal.withInitial(CudaScratch::new);

    /** This thread's {@link CudaScratch}. */
    static CudaScratch scratch() {
        return SCRATCH.get();
    }

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
        this.managed = facts.managedMemory() ? new CudaManaged(this, info.concurrentManagedAccess) : null;
    }

    /** "cuda:0". */
    public String id() {
        return id;
    }

    /** Compute capability as major * 10 + minor (90 for an H100). */
    public int computeCapability() {
        return computeCapability;
    }

    /** The CUdevice. */
    int cuDevice() {
        return device;
    }

    /** The CUdevice ordinal. */
    public int ordinal() {
        return ordinal;
    }

    /** The reason the backend is unusable (the first sticky error), or null. */
    public String fault() {
        return fault;
    }

    @Override
    public DeviceFacts facts() {
        return facts;
    }

    @Override
    public Dialect dialect() {
        return Dialect.CUDA;
    }

    // ---- context and errors ----

    /**
     * Makes this device's primary context current on the calling thread, retaining it on first use.
     * Bindings to CUDA libraries (cuBLAS, cuSOLVER) call this before their own calls.
     */
    @Override
    public void makeCurrent() {
        enter("make the context current");
    }

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
        return enterLaunch(sc, "launch");
    }

    /** {@link #enterLaunch(CudaScratch)} for the launch {@code op} ("launch a graph"), which an error names. */
    boolean enterLaunch(CudaScratch sc, String op) {
        if (fault != null || closed) throw unusable(op);
        if (context != null && sc.current == context) return true;
        enter(op);
        return false;
    }

    private DeviceException unusable(String op) {
        if (closed) return new DeviceException(id + " " + op + ": the backend was closed");
        return new DeviceException(id + " " + op
                + ": the device is unusable after an earlier sticky error; restart the process (first error: " + fault
                + ")");
    }

    private synchronized MemorySegment openContext() {
        if (context != null) return context;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            check(CudaDriver.cuDevicePrimaryCtxRetain(p, device), "retain the primary context");
            MemorySegment c = p.get(ADDRESS, 0);
            check(CudaDriver.cuCtxSetCurrent(c), "make the context current");
            check(
                    CudaDriverStreams.cuStreamCreate(p, CudaDriverStreams.CU_STREAM_DEFAULT),
                    "create the default stream");
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
        String named = msg.contains("last kernel launched")
                ? msg
                : msg + "; last kernel launched: '" + launcher.lastKernel() + "'";
        synchronized (this) {
            if (fault == null) fault = named;
        }
        return named;
    }

    // ---- memory: allocations, copies and fills, in CudaAllocator ----

    @Override
    public BackendBuffer allocate(long bytes) {
        return CudaAllocator.allocate(this, bytes);
    }

    /** cuMemAllocManaged memory ({@link CudaManaged}), or null where CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY is 0. */
    @Override
    public org.ndgpu.backend.ManagedMemory managedMemory() {
        return managed;
    }

    @Override
    public BackendBuffer wrap(long handle, long bytes) {
        return CudaAllocator.wrap(this, handle, bytes);
    }

    @Override
    public void free(BackendBuffer buffer) {
        CudaAllocator.free(this, buffer);
    }

    @Override
    public void copyIn(BackendStream stream, MemorySegment src, BackendBuffer dst, long dstOffset, long bytes) {
        CudaAllocator.copyIn(this, stream, src, dst, dstOffset, bytes);
    }

    @Override
    public void copyOut(BackendStream stream, BackendBuffer src, long srcOffset, MemorySegment dst, long bytes) {
        CudaAllocator.copyOut(this, stream, src, srcOffset, dst, bytes);
    }

    @Override
    public void copy(
            BackendStream stream, BackendBuffer src, long srcOffset, BackendBuffer dst, long dstOffset, long bytes) {
        CudaAllocator.copy(this, stream, src, srcOffset, dst, dstOffset, bytes);
    }

    @Override
    public void fill(BackendStream stream, BackendBuffer dst, long dstOffset, long bytes, byte value) {
        CudaAllocator.fill(this, stream, dst, dstOffset, bytes, value);
    }

    /** {@code stream} as an open stream of this backend, or the exception saying why not. */
    CudaStream own(BackendStream stream, String op) {
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

    // ---- programs: compiled, loaded and looked up by CudaModules ----

    /** The --gpu-architecture NVRTC is given for this device: sm_XY, or compute_XY when NVRTC predates the device. */
    public String nvrtcArchitecture() {
        return modules.nvrtcArchitecture();
    }

    @Override
    public BackendProgram compile(String name, String source, List<String> options) {
        return modules.compile(name, source, options);
    }

    @Override
    public BackendProgram load(String name, byte[] binary, List<String> options) {
        return modules.load(name, binary, options);
    }

    @Override
    public BackendKernel kernel(BackendProgram program, String name) {
        return modules.kernel(program, name);
    }

    // ---- launch ----

    @Override
    public long launchCount() {
        return launcher.count();
    }

    /** cuOccupancyMaxActiveBlocksPerMultiprocessor for {@code k} at {@code blockThreads} threads and no dynamic shared memory. */
    int occupancy(CudaKernel k, int blockThreads) {
        enter("occupancy of '" + k.name + "'");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment n = a.allocate(JAVA_INT);
            check(
                    CudaDriverModules.cuOccupancyMaxActiveBlocksPerMultiprocessor(n, k.function, blockThreads, 0),
                    "occupancy of '" + k.name + "'");
            return n.get(JAVA_INT, 0);
        }
    }

    @Override
    public void launch(
            BackendStream stream,
            BackendKernel kernel,
            long[] grid,
            long[] block,
            long dynamicSharedBytes,
            KernelArguments args) {
        launcher.counted();
        if (!(kernel instanceof CudaKernel k) || k.program.owner != this) {
            throw CudaLaunchErrors.notOurs(id, kernel);
        }
        launcher.launch(own(stream, "launch"), k, grid, block, dynamicSharedBytes, args);
    }

    // ---- capture into graphs, in CudaCapture and CudaGraph ----

    /** A new non-blocking stream in relaxed stream capture: its work is recorded into a CUDA graph. */
    @Override
    public BackendStream beginCapture() {
        return CudaCapture.begin(this);
    }

    @Override
    public BackendGraph endCapture(BackendStream capturing) {
        return CudaCapture.end(this, capturing);
    }

    // ---- synchronization, and events in CudaEvents ----

    @Override
    public BackendEvent record(BackendStream stream) {
        return CudaEvents.record(this, stream);
    }

    @Override
    public void synchronize(BackendEvent event) {
        CudaEvents.synchronize(this, event);
    }

    /** cuStreamWaitEvent: on the device, for an event of any CUDA device. */
    @Override
    public boolean waitEvent(BackendStream stream, Backend recorder, BackendEvent event) {
        return CudaEvents.waitEvent(this, stream, recorder, event);
    }

    /** Waits for {@code end}, then gives the time between the two events in milliseconds (about 0.5 us resolution). */
    @Override
    public double elapsedMillis(BackendEvent start, BackendEvent end) {
        return CudaEvents.elapsedMillis(this, start, end);
    }

    @Override
    public void synchronize(BackendStream stream) {
        CudaStream s = own(stream, "synchronize");
        CudaCapture.refuse(s, "synchronize", BackendGraph.HOST_WAIT);
        enter("synchronize");
        check(CudaDriverStreams.cuStreamSynchronize(s.handle), "synchronize");
    }

    @Override
    public boolean hasPeerPath(Backend source) {
        return source instanceof CudaBackend && source != this;
    }

    /** cuMemcpyPeerAsync from another CUDA device into this one ({@link CudaPeers}). */
    @Override
    public boolean copyPeer(
            BackendStream stream,
            Backend source,
            BackendBuffer src,
            long srcOffset,
            BackendBuffer dst,
            long dstOffset,
            long bytes) {
        if (!(source instanceof CudaBackend from) || from == this) return false;
        CudaStream s = own(stream, "copyPeer");
        CudaCapture.refuse(s, "copyPeer", "a copy from another device: a captured body uses its own device only");
        peers.copy(
                s.handle,
                from,
                CudaAllocator.live(from, src, "copyPeer", srcOffset, bytes).pointer + srcOffset,
                CudaAllocator.live(this, dst, "copyPeer", dstOffset, bytes).pointer + dstOffset,
                bytes);
        return true;
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
    public boolean isClosed() {
        return closed;
    }

    @Override
    public String toString() {
        return id + " " + facts.name() + " (" + facts.architecture() + ", "
                + CudaAllocator.size(facts.globalMemoryBytes()) + ", " + facts.driverVersion() + ")";
    }
}
