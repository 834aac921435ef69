package org.ndgpu.backend;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.ndgpu.exceptions.CaptureException;

/**
 * The whole contract between ndgpu and one device of one backend (OpenCL, CUDA). Nothing above it
 * knows which backend runs: arrays, kernel generation and the memory pool only call these methods.
 *
 * <p>All work is enqueued on a {@link BackendStream} and runs in order within it. A copy to or from
 * host memory returns once the host memory may be reused (copyIn) or holds the data (copyOut).
 * Failures throw {@link org.ndgpu.exceptions.DeviceException} subclasses whose message names the native status
 * symbolically (CL_OUT_OF_RESOURCES, CUDA_ERROR_ILLEGAL_ADDRESS).
 *
 * <p>A backend may capture a stream's work into a graph that is launched again and again
 * ({@link #beginCapture}, {@link #endCapture}, {@link BackendGraph}).
 */
public interface Backend {

    /** Facts about the device: name, memory, limits. */
    DeviceFacts facts();

    /** The kernel-source dialect this device compiles. */
    Dialect dialect();

    /** A raw device allocation of {@code bytes}; throws DeviceOutOfMemoryException when it does not fit. */
    BackendBuffer allocate(long bytes);

    /**
     * Wraps {@code bytes} of memory another library allocated, known by {@code handle} (a
     * CUdeviceptr on CUDA, a cl_mem on OpenCL), without copying. The backend checks what it can
     * (CUDA: that the range lies inside one allocation of this context) and refuses what it cannot
     * check with a DeviceException. {@link #free} of the result releases only what wrap took:
     * nothing on CUDA, the reference it retained on OpenCL; the memory stays its owner's.
     */
    BackendBuffer wrap(long handle, long bytes);

    /**
     * The device's managed memory (CUDA's cuMemAllocManaged, OpenCL's fine-grained SVM), or null
     * when the device has none ({@link DeviceFacts#managedMemory()} false). By default: null.
     */
    default ManagedMemory managedMemory() {
        return null;
    }

    /** Returns an allocation to the device. Idempotent per buffer is not required: the pool calls it once. */
    void free(BackendBuffer buffer);

    /** The stream that work goes to when the user names none. */
    BackendStream defaultStream();

    /** A new independent in-order stream (an OpenCL command queue, a CUDA stream). */
    BackendStream createStream();

    /** Host to device; returns when {@code src} may be reused. */
    void copyIn(BackendStream stream, MemorySegment src, BackendBuffer dst, long dstOffset, long bytes);

    /** Device to host; returns when {@code dst} holds the data. */
    void copyOut(BackendStream stream, BackendBuffer src, long srcOffset, MemorySegment dst, long bytes);

    /** Device to device, within one device, asynchronous in the stream. */
    void copy(BackendStream stream, BackendBuffer src, long srcOffset, BackendBuffer dst, long dstOffset, long bytes);

    /** Sets {@code bytes} bytes to {@code value}, asynchronous in the stream. */
    void fill(BackendStream stream, BackendBuffer dst, long dstOffset, long bytes, byte value);

    /**
     * Compiles source in this backend's dialect. Throws KernelCompileException with the build log
     * and numbered source. {@code name} is for messages only.
     */
    BackendProgram compile(String name, String source, List<String> options);

    /** Loads a program from bytes that {@link BackendProgram#binary()} gave on this device (or a PTX/cubin, an OpenCL binary). */
    BackendProgram load(String name, byte[] binary, List<String> options);

    /** A kernel of a loaded program; throws KernelLaunchException naming the kernel when it is absent. */
    BackendKernel kernel(BackendProgram program, String name);

    /**
     * Launches {@code kernel} with {@code grid} blocks of {@code block} threads in each dimension
     * (CUDA terms; OpenCL's global size is grid x block), with {@code args} in the order of the
     * kernel's parameters: device buffers (pointers), 8-, 16-, 32- and 64-bit integers, floats,
     * doubles, booleans (one byte, 0 or 1: OpenCL C has no bool kernel parameter) and local memory
     * (OpenCL __local bytes; on CUDA it adds to dynamic shared memory), each typed by its
     * {@link KernelArguments.Kind}. Every backend accepts exactly these; the arguments are read
     * during the call and not kept.
     */
    void launch(
            BackendStream stream,
            BackendKernel kernel,
            long[] grid,
            long[] block,
            long dynamicSharedBytes,
            KernelArguments args);

    /**
     * How many times {@link #launch} was called on this device since it was opened, over all
     * threads: a statistic (fusion tests count launches with it, as tinygrad's tests count kernels).
     */
    long launchCount();

    /** Records an event in the stream, for timing and ordering. */
    BackendEvent record(BackendStream stream);

    /** Blocks until everything enqueued in the stream has finished. */
    void synchronize(BackendStream stream);

    /** Blocks until the event has happened. */
    void synchronize(BackendEvent event);

    /**
     * Makes the work queued on {@code stream} after this call wait, on the device, for {@code event},
     * which {@code recorder} (this backend or another device of the same backend kind) recorded.
     * Returns false when the backend cannot order the two on the device (OpenCL events of another
     * context); the caller then waits for the event on the host. By default: false.
     */
    default boolean waitEvent(BackendStream stream, Backend recorder, BackendEvent event) {
        return false;
    }

    /** True when {@link #copyPeer} can copy from {@code source} into this device on the devices. By default: false. */
    default boolean hasPeerPath(Backend source) {
        return false;
    }

    /**
     * Copies {@code bytes} from {@code src} of the device {@code source} (another device of this
     * backend kind) into {@code dst} of this device, asynchronously in {@code stream} (a stream of
     * this device), ordered after the work already queued on {@code stream}; the caller first makes
     * the source's stream finish. Returns false when the backend has no device-to-device path
     * (OpenCL devices of different contexts); the caller then copies through the host. By default: false.
     */
    default boolean copyPeer(
            BackendStream stream,
            Backend source,
            BackendBuffer src,
            long srcOffset,
            BackendBuffer dst,
            long dstOffset,
            long bytes) {
        return false;
    }

    /**
     * Makes the device's native context the calling thread's current one, for libraries that work
     * on the thread's context (NCCL and cuFFT through the CUDA runtime). Does nothing by default
     * (OpenCL has no current context).
     */
    default void makeCurrent() {}

    /** Milliseconds between two recorded events. */
    double elapsedMillis(BackendEvent start, BackendEvent end);

    /**
     * Begins a capture: returns a new stream of this device whose work is recorded, not run, until
     * {@link #endCapture}. {@link #launch}, {@link #copy} and {@link #fill} on it are recorded with
     * their arguments as given; {@link #copyIn}, {@link #copyOut}, {@link #synchronize(BackendStream)},
     * {@link #record}, {@link #waitEvent}, {@link #copyPeer} and {@link BackendGraph#launch} on it
     * throw a {@link CaptureException} ({@link BackendGraph#refused}) before
     * any native call. Allocations and compilations are not stream work: they run at once, as outside
     * a capture. CUDA: a non-blocking stream in relaxed stream capture; OpenCL: a recording list with
     * no native queue. By default: refused, this backend cannot capture.
     */
    default BackendStream beginCapture() {
        throw new CaptureException(
                facts().id() + " beginCapture: the " + facts().backend() + " backend cannot capture work into a graph");
    }

    /**
     * Ends the capture that {@link #beginCapture} began on {@code capturing}: releases that stream and
     * returns the recorded work (a graph that does nothing when nothing was recorded). Throws when the
     * capture failed (CUDA: invalidated by an operation the driver refused); the stream is released
     * either way. By default: refused, as {@link #beginCapture}.
     */
    default BackendGraph endCapture(BackendStream capturing) {
        throw new CaptureException(
                facts().id() + " endCapture: the " + facts().backend() + " backend cannot capture work into a graph");
    }

    /** Releases the device's contexts and queues. */
    void close();

    /**
     * Frees what the backend keeps between calls only for speed (the OpenCL backend's pinned staging
     * buffers); it is made again on next use. {@link org.ndgpu.device.Device#reset()} calls it, when
     * no other thread works on the device. Does nothing by default.
     */
    default void trim() {}

    /** Dynamic local (OpenCL __local) memory of a size, passed as a kernel argument. */
    record LocalMemory(long bytes) {}
}
