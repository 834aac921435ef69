package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.ndgpu.DeviceException;
import org.ndgpu.DeviceOutOfMemoryException;
import org.ndgpu.KernelCompileException;
import org.ndgpu.KernelLaunchException;
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
 * call, and other code that switches the thread's context cannot mislead us.
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
    private final java.util.concurrent.atomic.LongAdder launches = new java.util.concurrent.atomic.LongAdder();
    private final int device;
    private final DeviceFacts facts;
    private final String id;
    private final int computeCapability;
    private final int[] maxBlockDim = new int[3];
    private final int[] maxGridDim = new int[3];
    private final int maxThreadsPerBlock;
    private final int sharedPerBlock;
    private final int sharedPerBlockOptin;
    private final PinnedStaging staging = new PinnedStaging(this);
    private final List<CudaProgram> programs = new ArrayList<>();

    private volatile MemorySegment context;
    // the kernel a sticky error is most likely from: faults surface at the next synchronize, not at the launch
    private volatile String lastKernel;
    private volatile CudaStream defaultStream;
    private volatile String fault;
    private volatile boolean closed;
    private volatile String nvrtcArchitecture;

    /** Per-thread launch scratch: argument values and the pointer array that cuLaunchKernel reads. */
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private static final class Scratch {
        final Arena arena = Arena.ofAuto();
        MemorySegment values;
        MemorySegment pointers;
        int capacity;
        final MemorySegment out = arena.allocate(16, 8);

        Scratch() { grow(32); }

        void grow(int n) {
            values = arena.allocate(8L * n, 8);
            pointers = arena.allocate(ADDRESS, n);
            for (int i = 0; i < n; i++) pointers.setAtIndex(ADDRESS, i, values.asSlice(8L * i, 8));
            capacity = n;
        }
    }

    /** Reads the device's facts; the context is created on first use. Requires cuInit to have succeeded. */
    CudaBackend(int ordinal) {
        this.ordinal = ordinal;
        this.id = "cuda:" + ordinal;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment i = a.allocate(JAVA_INT);
            check(CudaDriver.cuDeviceGet(i, ordinal), "cuDeviceGet");
            this.device = i.get(JAVA_INT, 0);
            MemorySegment nameBuf = a.allocate(256);
            check(CudaDriver.cuDeviceGetName(nameBuf, 256, device), "cuDeviceGetName");
            String name = nameBuf.getString(0);
            MemorySegment l = a.allocate(JAVA_LONG);
            check(CudaDriver.cuDeviceTotalMem(l, device), "cuDeviceTotalMem");
            long total = l.get(JAVA_LONG, 0);
            int major = attribute(a, CudaDriver.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
            int minor = attribute(a, CudaDriver.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
            this.computeCapability = major * 10 + minor;
            this.maxThreadsPerBlock = attribute(a, CudaDriver.CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
            for (int d = 0; d < 3; d++) {
                maxBlockDim[d] = attribute(a, CudaDriver.CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X + d);
                maxGridDim[d] = attribute(a, CudaDriver.CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X + d);
            }
            this.sharedPerBlock = attribute(a, CudaDriver.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
            this.sharedPerBlockOptin = Math.max(sharedPerBlock, attribute(a, CudaDriver.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN));
            int sms = attribute(a, CudaDriver.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
            int warp = attribute(a, CudaDriver.CU_DEVICE_ATTRIBUTE_WARP_SIZE);
            check(CudaDriver.cuDriverGetVersion(i), "cuDriverGetVersion");
            int dv = i.get(JAVA_INT, 0);
            String driver = "CUDA driver " + dv / 1000 + "." + (dv % 1000) / 10;
            if (Nvrtc.available()) {
                try {
                    int[] v = Nvrtc.version();
                    driver += ", NVRTC " + v[0] + "." + v[1];
                } catch (RuntimeException e) {
                    // the version is only for the cache key
                }
            }
            this.facts = new DeviceFacts("cuda", ordinal, name, "NVIDIA", true, total, sms, maxThreadsPerBlock,
                    sharedPerBlock, warp, true, computeCapability >= 53, driver, "sm_" + computeCapability);
        }
    }

    private int attribute(Arena a, int attribute) {
        MemorySegment v = a.allocate(JAVA_INT);
        check(CudaDriver.cuDeviceGetAttribute(v, attribute, device), "cuDeviceGetAttribute(" + attribute + ")");
        return v.get(JAVA_INT, 0);
    }

    /** "cuda:0". */
    public String id() { return id; }

    /** Compute capability as major * 10 + minor (90 for an H100). */
    public int computeCapability() { return computeCapability; }

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
    public void makeCurrent() { enter("make the context current"); }

    private MemorySegment enter(String op) {
        if (fault != null || closed) throw unusable(op);
        MemorySegment c = context;
        if (c == null) c = openContext();
        int r = CudaDriver.cuCtxSetCurrent(c);
        if (r != 0) throw error(r, op + ": cuCtxSetCurrent");
        return c;
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
            check(CudaDriver.cuStreamCreate(p, CudaDriver.CU_STREAM_DEFAULT), "create the default stream");
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
            msg += "; last kernel launched: '" + lastKernel + "'. The device's CUDA context is now unusable:"
                    + " every later call on " + id + " fails; arrays on it are lost; restart the process";
        }
        noteSticky(r, msg);
        return r == CudaError.OUT_OF_MEMORY ? new DeviceOutOfMemoryException(msg) : new DeviceException(msg);
    }

    private void noteSticky(int r, String msg) {
        if (CudaError.isSticky(r) && fault == null) {
            synchronized (this) {
                if (fault == null) fault = msg;
            }
        }
    }

    // ---- memory ----

    @Override
    public BackendBuffer allocate(long bytes) {
        if (bytes < 0) throw new DeviceException(id + " allocate: negative size " + bytes);
        enter("allocate");
        if (bytes == 0) return new CudaBuffer(this, 0, 0);
        MemorySegment out = SCRATCH.get().out;
        int r = CudaDriver.cuMemAlloc(out, bytes);
        if (r == CudaError.OUT_OF_MEMORY) {
            String have = "";
            MemorySegment free = out.asSlice(0, 8), total = out.asSlice(8, 8);
            if (CudaDriver.cuMemGetInfo(free, total) == 0) {
                have = " (" + size(free.get(JAVA_LONG, 0)) + " free of " + size(total.get(JAVA_LONG, 0)) + ")";
            }
            throw new DeviceOutOfMemoryException(id + " allocate " + size(bytes) + ": " + CudaDriver.describe(r) + have);
        }
        check(r, "allocate " + size(bytes));
        return new CudaBuffer(this, out.get(JAVA_LONG, 0), bytes);
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
        if (b.pointer == 0 || fault != null || closed) return; // nothing to free, or gone with the context
        enter("free");
        check(CudaDriver.cuMemFree(b.pointer), "free " + size(b.size));
    }

    private CudaBuffer own(BackendBuffer buffer, String op) {
        if (buffer instanceof CudaBuffer b && b.owner == this) return b;
        throw new DeviceException(id + " " + op + ": " + buffer + " is not a buffer of " + id);
    }

    private CudaBuffer live(BackendBuffer buffer, String op, long offset, long bytes) {
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
            check(CudaDriver.cuStreamCreate(p, CudaDriver.CU_STREAM_DEFAULT), "create a stream");
            return new CudaStream(this, p.get(ADDRESS, 0), false);
        }
    }

    void destroyStream(CudaStream s) {
        if (fault != null || closed) return;
        enter("destroy a stream");
        check(CudaDriver.cuStreamDestroy(s.handle), "destroy a stream");
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
        check(CudaDriver.cuMemcpyDtoDAsync(to.pointer + dstOffset, from.pointer + srcOffset, bytes, s.handle), "copy " + size(bytes) + " device to device");
    }

    @Override
    public void fill(BackendStream stream, BackendBuffer dst, long dstOffset, long bytes, byte value) {
        CudaStream s = own(stream, "fill");
        CudaBuffer b = live(dst, "fill", dstOffset, bytes);
        enter("fill");
        if (bytes == 0) return;
        check(CudaDriver.cuMemsetD8Async(b.pointer + dstOffset, value, bytes, s.handle), "fill " + size(bytes));
    }

    // ---- programs ----

    /** The --gpu-architecture NVRTC is given for this device: sm_XY, or compute_XY when NVRTC predates the device. */
    public String nvrtcArchitecture() {
        String a = nvrtcArchitecture;
        if (a == null) nvrtcArchitecture = a = Nvrtc.architectureFor(computeCapability);
        return a;
    }

    @Override
    public BackendProgram compile(String name, String source, List<String> options) {
        if (!Nvrtc.available()) throw new DeviceException(id + " compile '" + name + "': " + Nvrtc.problem());
        List<String> opts = new ArrayList<>(options);
        boolean hasArch = opts.stream().anyMatch(o -> o.startsWith("--gpu-architecture") || o.startsWith("-arch"));
        if (!hasArch) opts.addFirst("--gpu-architecture=" + nvrtcArchitecture());
        Nvrtc.Output out = Nvrtc.compile(name, source, opts);
        return loadModule(name, out.binary(), out.ptx(), out.log(), opts, source);
    }

    @Override
    public BackendProgram load(String name, byte[] binary, List<String> options) {
        boolean elf = binary.length >= 4 && binary[0] == 0x7f && binary[1] == 'E' && binary[2] == 'L' && binary[3] == 'F';
        boolean fatbin = binary.length >= 4 && (binary[0] & 0xff) == 0x50 && (binary[1] & 0xff) == 0xed
                && (binary[2] & 0xff) == 0x55 && (binary[3] & 0xff) == 0xba;
        return loadModule(name, binary, !elf && !fatbin, "", options, null);
    }

    private CudaProgram loadModule(String name, byte[] image, boolean ptx, String log, List<String> options, String source) {
        enter("load '" + name + "'");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment img = a.allocate(image.length + 1L, 16);
            MemorySegment.copy(image, 0, img, JAVA_BYTE, 0, image.length); // and a trailing NUL, which PTX needs
            int logSize = 16 * 1024;
            MemorySegment errLog = a.allocate(logSize);
            MemorySegment jitOptions = a.allocate(JAVA_INT, 2);
            jitOptions.setAtIndex(JAVA_INT, 0, CudaDriver.CU_JIT_ERROR_LOG_BUFFER);
            jitOptions.setAtIndex(JAVA_INT, 1, CudaDriver.CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
            MemorySegment values = a.allocate(ADDRESS, 2);
            values.setAtIndex(ADDRESS, 0, errLog);
            values.setAtIndex(ADDRESS, 1, MemorySegment.ofAddress(logSize));
            MemorySegment p = a.allocate(ADDRESS);
            int r = CudaDriver.cuModuleLoadDataEx(p, img, 2, jitOptions, values);
            if (r != 0) {
                String jitLog = errLog.getString(0);
                String msg = id + " load '" + name + "' (" + (ptx ? "PTX" : "cubin") + "): " + CudaDriver.describe(r);
                noteSticky(r, msg);
                if (ptx && !jitLog.isBlank() && !CudaError.isSticky(r)) {
                    String text = new String(image, StandardCharsets.UTF_8).replace("\0", "");
                    throw new KernelCompileException("cuda", name, options, msg + "\n" + jitLog, source != null ? source : text);
                }
                throw r == CudaError.OUT_OF_MEMORY ? new DeviceOutOfMemoryException(msg) : new DeviceException(msg + (jitLog.isBlank() ? "" : "\n" + jitLog));
            }
            MemorySegment module = p.get(ADDRESS, 0);
            byte[] binary = image.clone();
            CudaProgram program = new CudaProgram(this, name, module, binary, ptx, log, kernelNamesOf(a, module));
            synchronized (programs) {
                programs.add(program);
            }
            return program;
        }
    }

    @SuppressWarnings("restricted") // the driver returns each name as a zero-length segment: widened to read the C string
    private List<String> kernelNamesOf(Arena a, MemorySegment module) {
        if (!CudaDriver.hasModuleEnumeration()) return List.of();
        MemorySegment n = a.allocate(JAVA_INT);
        if (CudaDriver.cuModuleGetFunctionCount(n, module) != 0) return List.of();
        int count = n.get(JAVA_INT, 0);
        if (count == 0) return List.of();
        MemorySegment fs = a.allocate(ADDRESS, count);
        if (CudaDriver.cuModuleEnumerateFunctions(fs, count, module) != 0) return List.of();
        List<String> names = new ArrayList<>();
        MemorySegment np = a.allocate(ADDRESS);
        for (int i = 0; i < count; i++) {
            if (CudaDriver.cuFuncGetName(np, fs.getAtIndex(ADDRESS, i)) == 0) {
                names.add(np.get(ADDRESS, 0).reinterpret(4096).getString(0));
            }
        }
        names.sort(null);
        return names;
    }

    @Override
    public BackendKernel kernel(BackendProgram program, String name) {
        if (!(program instanceof CudaProgram p) || p.owner != this) {
            throw new DeviceException(id + " kernel '" + name + "': " + program + " is not a program of " + id);
        }
        CudaKernel k = p.kernels.get(name);
        if (k != null) return k;
        k = lookUp(p, name);
        CudaKernel prev = p.kernels.putIfAbsent(name, k);
        return prev != null ? prev : k;
    }

    private CudaKernel lookUp(CudaProgram p, String name) {
        enter("kernel '" + name + "'");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment f = a.allocate(ADDRESS);
            int r = CudaDriver.cuModuleGetFunction(f, p.module, a.allocateFrom(name));
            if (r == CudaError.NOT_FOUND) {
                throw new KernelLaunchException(id + ": no kernel '" + name + "' in program '" + p.name + "'"
                        + (p.kernelNames().isEmpty() ? "" : " (its kernels: " + String.join(", ", p.kernelNames()) + ")")
                        + "; a CUDA kernel is found by its unmangled name only when declared extern \"C\" (ND_KERNEL does so)");
            }
            check(r, "kernel '" + name + "' of '" + p.name + "'");
            MemorySegment fn = f.get(ADDRESS, 0);
            MemorySegment v = a.allocate(JAVA_INT);
            check(CudaDriver.cuFuncGetAttribute(v, CudaDriver.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fn), "attributes of kernel '" + name + "'");
            int maxThreads = v.get(JAVA_INT, 0);
            check(CudaDriver.cuFuncGetAttribute(v, CudaDriver.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn), "attributes of kernel '" + name + "'");
            int staticShared = v.get(JAVA_INT, 0);
            check(CudaDriver.cuFuncGetAttribute(v, CudaDriver.CU_FUNC_ATTRIBUTE_NUM_REGS, fn), "attributes of kernel '" + name + "'");
            int regs = v.get(JAVA_INT, 0);
            check(CudaDriver.cuFuncGetAttribute(v, CudaDriver.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, fn), "attributes of kernel '" + name + "'");
            int dynLimit = v.get(JAVA_INT, 0);
            return new CudaKernel(p, name, fn, maxThreads, staticShared, regs, paramSizes(a, fn), dynLimit);
        }
    }

    private static int[] paramSizes(Arena a, MemorySegment fn) {
        if (!CudaDriver.hasParamInfo()) return null;
        MemorySegment off = a.allocate(JAVA_LONG), size = a.allocate(JAVA_LONG);
        List<Integer> sizes = new ArrayList<>();
        for (int i = 0; i < 4096; i++) {
            int r = CudaDriver.cuFuncGetParamInfo(fn, i, off, size);
            if (r == CudaError.INVALID_VALUE) break;     // past the last parameter
            if (r != 0) return null;                     // the driver cannot tell
            sizes.add((int) size.get(JAVA_LONG, 0));
        }
        return sizes.stream().mapToInt(Integer::intValue).toArray();
    }

    // ---- launch ----

    @Override
    public long launchCount() { return launches.sum(); }

    /** cuOccupancyMaxActiveBlocksPerMultiprocessor for {@code k} at {@code blockThreads} threads and no dynamic shared memory. */
    int occupancy(CudaKernel k, int blockThreads) {
        enter("occupancy of '" + k.name + "'");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment n = a.allocate(JAVA_INT);
            check(CudaDriver.cuOccupancyMaxActiveBlocksPerMultiprocessor(n, k.function, blockThreads, 0), "occupancy of '" + k.name + "'");
            return n.get(JAVA_INT, 0);
        }
    }

    @Override
    public void launch(BackendStream stream, BackendKernel kernel, long[] grid, long[] block, long dynamicSharedBytes, Object... args) {
        launches.increment();
        if (!(kernel instanceof CudaKernel k) || k.program.owner != this) {
            throw new KernelLaunchException(id + " launch: " + kernel + " is not a kernel of " + id);
        }
        CudaStream s = own(stream, "launch");
        enter("launch");
        if (grid.length < 1 || grid.length > 3 || block.length < 1 || block.length > 3) {
            throw new KernelLaunchException(id + " launch of '" + k.name + "': grid and block need 1 to 3 dimensions, got "
                    + grid.length + " and " + block.length);
        }
        long gx = grid[0], gy = grid.length > 1 ? grid[1] : 1, gz = grid.length > 2 ? grid[2] : 1;
        long bx = block[0], by = block.length > 1 ? block[1] : 1, bz = block.length > 2 ? block[2] : 1;
        if (gx < 0 || gy < 0 || gz < 0 || bx < 1 || by < 1 || bz < 1) throw badDims(k, grid, block, "dimensions must be positive");
        if (bx > maxBlockDim[0] || by > maxBlockDim[1] || bz > maxBlockDim[2]) {
            throw badDims(k, grid, block, "the device's block limit is " + maxBlockDim[0] + " x " + maxBlockDim[1] + " x " + maxBlockDim[2]);
        }
        long threads = bx * by * bz;
        if (threads > k.maxThreads) {
            throw new KernelLaunchException(id + " launch of '" + k.name + "': block " + dims(block) + " = " + threads
                    + " threads exceeds this kernel's limit of " + k.maxThreads + " threads per block (CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK; "
                    + k.registers + " registers per thread; the device allows " + maxThreadsPerBlock + ")");
        }
        if (gx > maxGridDim[0] || gy > maxGridDim[1] || gz > maxGridDim[2]) {
            throw badDims(k, grid, block, "the device's grid limit is " + maxGridDim[0] + " x " + maxGridDim[1] + " x " + maxGridDim[2]);
        }
        Scratch sc = SCRATCH.get();
        if (args.length > sc.capacity) sc.grow(Math.max(args.length, 2 * sc.capacity));
        MemorySegment values = sc.values;
        int[] expected = k.paramSizes;
        long shared = dynamicSharedBytes;
        int n = 0;
        for (int i = 0; i < args.length; i++) {
            Object arg = args[i];
            long at = 8L * n;
            int size;
            if (arg instanceof CudaBuffer b) {
                if (b.owner != this || b.freed) throw badBuffer(k, i, b);
                values.set(JAVA_LONG, at, b.pointer);
                size = 8;
            } else if (arg instanceof Integer v) {
                values.set(JAVA_INT, at, v);
                size = 4;
            } else if (arg instanceof Long v) {
                values.set(JAVA_LONG, at, v);
                size = 8;
            } else if (arg instanceof Float v) {
                values.set(JAVA_FLOAT, at, v);
                size = 4;
            } else if (arg instanceof Double v) {
                values.set(JAVA_DOUBLE, at, v);
                size = 8;
            } else if (arg instanceof Short v) {
                values.set(JAVA_SHORT, at, v);
                size = 2;
            } else if (arg instanceof Byte v) {
                values.set(JAVA_BYTE, at, v);
                size = 1;
            } else if (arg instanceof Boolean v) {
                values.set(JAVA_BYTE, at, v ? (byte) 1 : (byte) 0);
                size = 1;
            } else if (arg instanceof Backend.LocalMemory m) {
                shared += m.bytes();
                continue;
            } else {
                throw new KernelLaunchException(id + " launch of '" + k.name + "': argument " + i + " is "
                        + (arg == null ? "null" : "a " + arg.getClass().getName())
                        + "; expected a device buffer, Integer, Long, Float, Double, Short, Byte or LocalMemory");
            }
            if (expected != null && (n >= expected.length || expected[n] != size)) throw badArgument(k, args, i, n, size);
            n++;
        }
        if (expected != null && n != expected.length) {
            throw new KernelLaunchException(id + " launch of '" + k.name + "': the kernel takes " + expected.length
                    + " parameters, " + n + " were given");
        }
        if (gx == 0 || gy == 0 || gz == 0) return; // an empty grid: nothing to run
        if (shared > k.dynamicSharedLimit) raiseSharedLimit(k, shared);
        lastKernel = k.name;
        int r = CudaDriver.cuLaunchKernel(k.function, (int) gx, (int) gy, (int) gz, (int) bx, (int) by, (int) bz,
                (int) shared, s.handle, sc.pointers, MemorySegment.NULL);
        if (r != 0) throw launchError(r, k, grid, block, shared);
    }

    private void raiseSharedLimit(CudaKernel k, long shared) {
        if (shared + k.staticSharedBytes > sharedPerBlockOptin) {
            throw new KernelLaunchException(id + " launch of '" + k.name + "': " + shared + " bytes of dynamic shared memory plus "
                    + k.staticSharedBytes + " static exceed the device's limit of " + sharedPerBlockOptin
                    + " bytes per block (CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)");
        }
        synchronized (k) {
            if (shared > k.dynamicSharedLimit) {
                check(CudaDriver.cuFuncSetAttribute(k.function, CudaDriver.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int) shared),
                        "allow " + shared + " bytes of dynamic shared memory for '" + k.name + "'");
                k.dynamicSharedLimit = (int) shared;
            }
        }
    }

    private KernelLaunchException launchError(int r, CudaKernel k, long[] grid, long[] block, long shared) {
        String msg = id + " launch of '" + k.name + "': " + CudaDriver.describe(r);
        if (r == CudaError.LAUNCH_OUT_OF_RESOURCES) {
            msg += " (block " + dims(block) + ", " + k.registers + " registers per thread, " + shared + " bytes of dynamic shared memory)";
        }
        msg += " [grid " + dims(grid) + ", block " + dims(block) + "]";
        noteSticky(r, msg);
        return new KernelLaunchException(msg);
    }

    private KernelLaunchException badDims(CudaKernel k, long[] grid, long[] block, String why) {
        return new KernelLaunchException(id + " launch of '" + k.name + "': grid " + dims(grid) + ", block " + dims(block) + ": " + why);
    }

    private KernelLaunchException badBuffer(CudaKernel k, int i, CudaBuffer b) {
        return new KernelLaunchException(id + " launch of '" + k.name + "': argument " + i + " is "
                + (b.freed ? "a freed buffer " : "a buffer of another device ") + b);
    }

    private KernelLaunchException badArgument(CudaKernel k, Object[] args, int i, int param, int size) {
        String got = args[i] instanceof CudaBuffer ? "a device pointer" : args[i].getClass().getSimpleName();
        return new KernelLaunchException(id + " launch of '" + k.name + "': argument " + i + " is " + got + " (" + size
                + " bytes) but parameter " + param + " of the kernel is "
                + (param < k.paramSizes.length ? k.paramSizes[param] + " bytes" : "absent (it takes " + k.paramSizes.length + " parameters)")
                + "; kernel parameter sizes: " + java.util.Arrays.toString(k.paramSizes));
    }

    private static String dims(long[] d) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < d.length; i++) sb.append(i == 0 ? "" : "x").append(d[i]);
        return sb.toString();
    }

    // ---- events and synchronization ----

    @Override
    public BackendEvent record(BackendStream stream) {
        CudaStream s = own(stream, "record");
        enter("record an event");
        MemorySegment out = SCRATCH.get().out;
        check(CudaDriver.cuEventCreate(out, CudaDriver.CU_EVENT_DEFAULT), "create an event");
        MemorySegment e = out.get(ADDRESS, 0);
        int r = CudaDriver.cuEventRecord(e, s.handle);
        if (r != 0) {
            CudaDriver.cuEventDestroy(e);
            throw error(r, "record an event");
        }
        return new CudaEvent(this, e);
    }

    void destroyEvent(CudaEvent e) {
        if (fault != null || closed) return;
        enter("destroy an event");
        check(CudaDriver.cuEventDestroy(e.handle), "destroy an event");
    }

    @Override
    public void synchronize(BackendStream stream) {
        CudaStream s = own(stream, "synchronize");
        enter("synchronize");
        check(CudaDriver.cuStreamSynchronize(s.handle), "synchronize");
    }

    @Override
    public void synchronize(BackendEvent event) {
        CudaEvent e = ownEvent(event, "synchronize");
        enter("synchronize");
        check(CudaDriver.cuEventSynchronize(e.handle), "synchronize on an event");
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
        check(CudaDriver.cuEventSynchronize(b.handle), "wait for an event");
        MemorySegment out = SCRATCH.get().out;
        check(CudaDriver.cuEventElapsedTime(out, a.handle, b.handle), "time between events");
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
                if (s != null) CudaDriver.cuStreamSynchronize(s.handle);
                staging.close();
                synchronized (programs) {
                    for (CudaProgram p : programs) CudaDriver.cuModuleUnload(p.module);
                    programs.clear();
                }
                if (s != null) CudaDriver.cuStreamDestroy(s.handle);
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
