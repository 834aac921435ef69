package org.ndgpu.backend.opencl;

import static org.jocl.CL.*;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;
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
import org.ndgpu.exceptions.KernelLaunchException;

/** One OpenCL device through JOCL: a context, in-order command queues, cl_mem buffers. */
public final class OpenClBackend implements Backend {
    private final cl_device_id device;
    // an AtomicLong, not a LongAdder: see CudaLauncher
    private final java.util.concurrent.atomic.AtomicLong launches = new java.util.concurrent.atomic.AtomicLong();
    private final cl_context context;
    private final DeviceFacts facts;
    private final Queue defaultQueue;
    final OpenClStaging staging = new OpenClStaging(this);
    /**
     * Build options of every program: float32 division and sqrt correctly rounded where the device can
     * (OpenCL C otherwise allows 2.5 and 3 ulp, and NVIDIA's OpenCL uses that: float32 results then
     * differ from NumPy's and from CUDA's in the last place).
     */
    final String deviceOptions;
    /** What the device offers of {@code cl_khr_command_buffer}, for graphs ({@link OpenClCommandBuffer}). */
    final OpenClCommandBuffer.Support commandBuffers;
    // fine-grained SVM, where the device offers it: the device's managed memory; else null
    private final OpenClSvm svm;

    OpenClBackend(int index, cl_platform_id platform, cl_device_id device) {
        this.device = device;
        var props = new cl_context_properties();
        props.addProperty(CL_CONTEXT_PLATFORM, platform);
        int[] err = new int[1];
        this.context = clCreateContext(props, 1, new cl_device_id[] {device}, null, null, err);
        check(err[0], "clCreateContext");
        this.facts = OpenClInfo.facts(index, platform, device);
        this.deviceOptions =
                (OpenClInfo.deviceLong(device, CL_DEVICE_SINGLE_FP_CONFIG) & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT) != 0
                        ? "-cl-fp32-correctly-rounded-divide-sqrt"
                        : "";
        this.defaultQueue = newQueue();
        this.commandBuffers = OpenClCommandBuffer.support(platform, device, QUEUE_PROPERTIES);
        this.svm = facts.managedMemory()
                ? OpenClSvm.of(this, OpenClInfo.svmCapabilities(device), facts.architecture())
                : null;
    }

    String id() {
        return facts.id();
    }

    // for OpenClPrograms, and for OpenClHandles: libraries that take raw OpenCL objects (CLBlast)
    cl_context context() {
        return context;
    }

    cl_device_id device() {
        return device;
    }

    void check(int status, String what) {
        if (status == CL_SUCCESS) return;
        String msg = id() + " " + what + ": " + CL.stringFor_errorCode(status);
        if (status == CL_MEM_OBJECT_ALLOCATION_FAILURE
                || (status == CL_OUT_OF_RESOURCES && what.startsWith("clCreateBuffer"))) {
            throw new DeviceOutOfMemoryException(msg);
        }
        throw new DeviceException(msg);
    }

    @Override
    public DeviceFacts facts() {
        return facts;
    }

    @Override
    public Dialect dialect() {
        return Dialect.OPENCL;
    }

    /**
     * A cl_mem, with its raw handle for launches through {@link OpenClLaunch}; {@code svm} is the
     * shared virtual memory the cl_mem lies over for managed memory ({@link OpenClSvm}), else 0.
     */
    record Buffer(cl_mem mem, long size, long handle, boolean wrapped, long svm) implements BackendBuffer {
        Buffer(cl_mem mem, long size) {
            this(mem, size, mem.getNativePointer(), false, 0);
        }
    }

    // the buffers this backend handed out, by handle: wrap() accepts only these, since a cl_mem that
    // is not one cannot be checked without handing it to the driver (a crash for a wrong value)
    private final java.util.concurrent.ConcurrentHashMap<Long, Buffer> live =
            new java.util.concurrent.ConcurrentHashMap<>();

    // close() releases at most once: a second release of a queue or event is a use after free in the driver
    record Queue(cl_command_queue queue, MemorySegment handle, java.util.concurrent.atomic.AtomicBoolean released)
            implements BackendStream {
        Queue(cl_command_queue queue) {
            this(queue, OpenClLaunch.handle(queue), new java.util.concurrent.atomic.AtomicBoolean());
        }

        @Override
        public long ptr() {
            return handle.address();
        }

        @Override
        public void close() {
            if (released.compareAndSet(false, true)) clReleaseCommandQueue(queue);
        }
    }

    record Event(cl_event event, java.util.concurrent.atomic.AtomicBoolean released) implements BackendEvent {
        Event(cl_event event) {
            this(event, new java.util.concurrent.atomic.AtomicBoolean());
        }

        @Override
        public void close() {
            if (released.compareAndSet(false, true)) clReleaseEvent(event);
        }
    }

    record Program(cl_program program, byte[] binary, List<String> kernelNames) implements BackendProgram {}

    /**
     * A cl_kernel and the arguments last set on it ({@code set}: each one's buffer or kind, and
     * {@code setBits}: its bits; guarded by the kernel's lock):
     * OpenCL keeps a kernel's arguments between launches, so a launch sets only those that changed
     * (a reduction in a loop repeats its 20-odd shapes and strides and its pooled buffers; each
     * clSetKernelArg through JOCL costs about a microsecond). {@code program} is the program it was
     * made from, where a capture makes a cl_kernel of its own for each recorded launch.
     */
    record Kernel(
            String name,
            cl_kernel kernel,
            cl_program program,
            MemorySegment handle,
            int maxBlockSize,
            int parameterCount,
            Object[] set,
            long[] setBits)
            implements BackendKernel {
        Kernel(String name, cl_kernel kernel, cl_program program, int maxBlockSize, int parameterCount) {
            this(
                    name,
                    kernel,
                    program,
                    OpenClLaunch.handle(kernel),
                    maxBlockSize,
                    parameterCount,
                    new Object[Math.max(0, parameterCount)],
                    new long[Math.max(0, parameterCount)]);
        }
    }

    // the properties of every queue: in order, with timestamps for elapsedMillis
    private static final long QUEUE_PROPERTIES = CL_QUEUE_PROFILING_ENABLE;

    private Queue newQueue() {
        int[] err = new int[1];
        @SuppressWarnings("deprecation")
        cl_command_queue q = clCreateCommandQueue(context, device, QUEUE_PROPERTIES, err);
        check(err[0], "clCreateCommandQueue");
        return new Queue(q);
    }

    static cl_command_queue q(BackendStream s) {
        return ((Queue) s).queue;
    }

    static cl_mem mem(BackendBuffer b) {
        return ((Buffer) b).mem;
    }

    @Override
    public BackendBuffer allocate(long bytes) {
        int[] err = new int[1];
        cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, Math.max(bytes, 1), null, err);
        if (err[0] == CL_INVALID_BUFFER_SIZE
                || err[0] == CL_MEM_OBJECT_ALLOCATION_FAILURE
                || err[0] == CL_OUT_OF_RESOURCES
                || err[0] == CL_OUT_OF_HOST_MEMORY) {
            throw new DeviceOutOfMemoryException(
                    id() + " allocate " + bytes + " bytes: " + CL.stringFor_errorCode(err[0]));
        }
        check(err[0], "clCreateBuffer(" + bytes + " bytes)");
        return registered(new Buffer(m, bytes));
    }

    /** Fine-grained SVM buffers, where the device has them ({@link OpenClSvm}). */
    @Override
    public org.ndgpu.backend.ManagedMemory managedMemory() {
        return svm;
    }

    /** {@code b}, noted as one this backend handed out (wrap accepts only those). */
    Buffer registered(Buffer b) {
        live.put(b.handle(), b);
        return b;
    }

    @Override
    public BackendBuffer wrap(long handle, long bytes) {
        Buffer b = live.get(handle);
        if (b == null) {
            throw new DeviceException(
                    id() + " wrap: 0x" + Long.toHexString(handle) + " is not a cl_mem of " + id()
                            + "; an OpenCL buffer can be wrapped only where ndgpu allocated it (a cl_mem cannot be checked without the driver)");
        }
        if (bytes < 0 || bytes > b.size()) {
            throw new DeviceException(id() + " wrap: " + bytes + " bytes of a cl_mem of " + b.size() + " bytes");
        }
        check(clRetainMemObject(b.mem()), "clRetainMemObject");
        return new Buffer(b.mem(), bytes, b.handle(), true, b.svm());
    }

    @Override
    public void free(BackendBuffer buffer) {
        if (buffer instanceof Buffer b && !b.wrapped()) live.remove(b.handle());
        clReleaseMemObject(mem(buffer));
        // the cl_mem over SVM memory is gone: the memory itself now (the pool finished its queue first)
        if (buffer instanceof Buffer b && b.svm() != 0 && !b.wrapped()) svm.free(MemorySegment.ofAddress(b.svm()));
    }

    @Override
    public BackendStream defaultStream() {
        return defaultQueue;
    }

    @Override
    public BackendStream createStream() {
        return newQueue();
    }

    // host-device copies: checked, then staged or straight to the driver, in OpenClTransfers
    @Override
    public void copyIn(BackendStream stream, MemorySegment src, BackendBuffer dst, long dstOffset, long bytes) {
        refuseCapture(stream, "copyIn", BackendGraph.HOST_WRITE);
        OpenClTransfers.copyIn(this, stream, src, dst, dstOffset, bytes);
    }

    @Override
    public void copyOut(BackendStream stream, BackendBuffer src, long srcOffset, MemorySegment dst, long bytes) {
        refuseCapture(stream, "copyOut", BackendGraph.HOST_READ);
        OpenClTransfers.copyOut(this, stream, src, srcOffset, dst, bytes);
    }

    /** Throws when {@code stream} is a capture's: {@code op} cannot be recorded, for the reason {@code why}. */
    void refuseCapture(BackendStream stream, String op, String why) {
        if (stream instanceof OpenClGraph.Recorder) throw BackendGraph.refused(id(), op, why);
    }

    /** A recording stream: launch, copy and fill on it are recorded into the graph endCapture returns. */
    @Override
    public BackendStream beginCapture() {
        return new OpenClGraph.Recorder(this);
    }

    @Override
    public BackendGraph endCapture(BackendStream capturing) {
        return OpenClGraph.end(this, capturing);
    }

    /** Frees the pinned staging buffers; the next large copy makes them again (with the settings of that moment). */
    @Override
    public void trim() {
        staging.close();
    }

    @Override
    public void copy(
            BackendStream stream, BackendBuffer src, long srcOffset, BackendBuffer dst, long dstOffset, long bytes) {
        if (bytes == 0) return;
        if (stream instanceof OpenClGraph.Recorder r) {
            r.copy((Buffer) src, srcOffset, (Buffer) dst, dstOffset, bytes);
            return;
        }
        check(
                clEnqueueCopyBuffer(q(stream), mem(src), mem(dst), srcOffset, dstOffset, bytes, 0, null, null),
                "clEnqueueCopyBuffer");
    }

    @Override
    public void fill(BackendStream stream, BackendBuffer dst, long dstOffset, long bytes, byte value) {
        if (bytes == 0) return;
        if (stream instanceof OpenClGraph.Recorder r) {
            r.fill((Buffer) dst, dstOffset, bytes, value);
            return;
        }
        check(
                clEnqueueFillBuffer(
                        q(stream), mem(dst), Pointer.to(new byte[] {value}), 1, dstOffset, bytes, 0, null, null),
                "clEnqueueFillBuffer");
    }

    // programs: built, and their kernels looked up, in OpenClPrograms
    @Override
    public BackendProgram compile(String name, String source, List<String> options) {
        return OpenClPrograms.compile(this, name, source, options);
    }

    @Override
    public BackendProgram load(String name, byte[] binary, List<String> options) {
        return OpenClPrograms.load(this, name, binary, options);
    }

    @Override
    public BackendKernel kernel(BackendProgram program, String name) {
        return OpenClPrograms.kernel(this, program, name);
    }

    @Override
    public long launchCount() {
        return launches.get();
    }

    @Override
    public void launch(
            BackendStream stream,
            BackendKernel kernel,
            long[] grid,
            long[] block,
            long dynamicSharedBytes,
            KernelArguments args) {
        launches.incrementAndGet();
        Kernel k = (Kernel) kernel;
        long threads = 1;
        for (long b : block) threads *= b;
        if (threads > k.maxBlockSize) {
            throw new KernelLaunchException(id() + " launch of '" + k.name + "': block of " + threads
                    + " threads exceeds the kernel's limit of " + k.maxBlockSize + " on " + facts.name());
        }
        int count = args.size();
        if (count != k.parameterCount) {
            throw new KernelLaunchException(id() + " launch of '" + k.name + "': the kernel takes " + k.parameterCount
                    + " arguments, " + count + " given");
        }
        if (stream instanceof OpenClGraph.Recorder r) {
            r.launch(k, grid, block, args);
            return;
        }
        // a cl_kernel's arguments are state: two threads launching one kernel must not interleave
        synchronized (k) {
            Object[] set = k.set;
            long[] setBits = k.setBits;
            for (int i = 0; i < count; i++) {
                KernelArguments.Kind kind = args.kind(i);
                Object ref = kind == KernelArguments.Kind.BUFFER ? args.buffer(i) : kind;
                long bits = args.bits(i);
                // buffers by identity (a released cl_mem's handle value may come back for a new buffer), numbers by
                // kind and bits
                if (ref == set[i] && (kind == KernelArguments.Kind.BUFFER || bits == setBits[i])) continue;
                set[i] = null; // unknown until set succeeds
                setArg(k, i, args);
                set[i] = ref;
                setBits[i] = bits;
            }
            int st = OpenClLaunch.enqueue(((Queue) stream).handle, k.handle, grid, block);
            if (st != CL_SUCCESS) {
                throw new KernelLaunchException(id() + " launch of '" + k.name + "' with grid " + Arrays.toString(grid)
                        + " and block " + Arrays.toString(block) + ": " + CL.stringFor_errorCode(st));
            }
        }
    }

    /** clSetKernelArg of argument {@code i} of {@code args} on {@code k}. */
    void setArg(Kernel k, int i, KernelArguments args) {
        MemorySegment h = k.handle;
        KernelArguments.Kind kind = args.kind(i);
        BackendBuffer buffer = args.buffer(i);
        int st = switch (kind) {
            case BUFFER -> {
                if (!(buffer instanceof Buffer b)) {
                    throw new KernelLaunchException(
                            id() + " launch of '" + k.name + "': argument " + i + " is a "
                                    + buffer.getClass().getSimpleName()
                                    + "; expected a device buffer, Integer, Long, Float, Double, Short, Byte, Boolean or LocalMemory");
                }
                yield OpenClLaunch.setBuffer(h, i, b);
            }
            case LOCAL -> OpenClLaunch.setLocalArg(h, i, args.bits(i));
            // a boolean is the one byte 0 or 1 (uchar), as on CUDA: OpenCL C takes no bool kernel parameter
            default -> OpenClLaunch.setArg(h, i, kind.bytes(), args.bits(i));
        };
        if (st != CL_SUCCESS) {
            throw new KernelLaunchException(id() + " launch of '" + k.name + "': argument " + i + " ("
                    + (buffer != null ? buffer.getClass().getSimpleName() : kind.javaName()) + ") rejected: "
                    + CL.stringFor_errorCode(st)
                    + (st == CL_INVALID_ARG_SIZE
                            ? " (a scalar of the wrong width, or a scalar where a pointer is expected)"
                            : ""));
        }
    }

    @Override
    public BackendEvent record(BackendStream stream) {
        refuseCapture(stream, "record", BackendGraph.HOST_WAIT);
        cl_event e = new cl_event();
        check(clEnqueueMarkerWithWaitList(q(stream), 0, null, e), "clEnqueueMarkerWithWaitList");
        return new Event(e);
    }

    /** Within this device's context: a barrier on the event. Another device's event is of another context: false. */
    @Override
    public boolean waitEvent(BackendStream stream, Backend recorder, BackendEvent event) {
        refuseCapture(stream, "waitEvent", BackendGraph.HOST_WAIT);
        if (recorder != this) return false;
        check(
                clEnqueueBarrierWithWaitList(q(stream), 1, new cl_event[] {((Event) event).event}, null),
                "clEnqueueBarrierWithWaitList");
        return true;
    }

    @Override
    public void synchronize(BackendStream stream) {
        if (stream instanceof OpenClGraph.Recorder r) {
            // nothing of a capture's stream ever runs: waiting for it is waiting for nothing, once it ended
            if (!r.ended()) throw BackendGraph.refused(id(), "synchronize", BackendGraph.HOST_WAIT);
            return;
        }
        check(clFinish(q(stream)), "clFinish");
    }

    @Override
    public void synchronize(BackendEvent event) {
        check(clWaitForEvents(1, new cl_event[] {((Event) event).event}), "clWaitForEvents");
    }

    @Override
    public double elapsedMillis(BackendEvent start, BackendEvent end) {
        synchronize(end);
        return (timestamp(end) - timestamp(start)) / 1e6;
    }

    private long timestamp(BackendEvent e) {
        long[] t = new long[1];
        check(
                clGetEventProfilingInfo(
                        ((Event) e).event, CL_PROFILING_COMMAND_END, Sizeof.cl_ulong, Pointer.to(t), null),
                "clGetEventProfilingInfo");
        return t[0];
    }

    @Override
    public void close() {
        staging.close();
        clReleaseCommandQueue(defaultQueue.queue);
        clReleaseContext(context);
    }

    @Override
    public String toString() {
        return id() + " " + facts.name();
    }
}
