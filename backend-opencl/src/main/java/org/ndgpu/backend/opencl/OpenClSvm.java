package org.ndgpu.backend.opencl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.jocl.CL.*;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.List;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.cl_mem;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.backend.ManagedMemory;
import org.ndgpu.backend.NativeLibrary;
import org.ndgpu.device.MemoryAdvice;
import org.ndgpu.device.MemoryLocation;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;

/**
 * Managed memory on OpenCL: fine-grained shared virtual memory (OpenCL 2.0's {@code clSVMAlloc}
 * with CL_MEM_SVM_FINE_GRAIN_BUFFER), on devices whose CL_DEVICE_SVM_CAPABILITIES offer it (PoCL
 * does; NVIDIA's OpenCL offers coarse grain only, and is refused: its host view would need a map
 * and an unmap around every host access).
 *
 * <p>One mechanism for every operation: each SVM allocation is also wrapped in a cl_mem over the
 * same memory ({@code clCreateBuffer} with CL_MEM_USE_HOST_PTR of the SVM pointer, which OpenCL 2.0
 * allows and backs by the SVM memory itself), so copies, fills, transfers, graphs and CLBlast take
 * it as any buffer, while kernels get the SVM pointer ({@code clSetKernelArgSVMPointer}, in
 * {@link OpenClLaunch#setBuffer}). The SVM calls are bound through java.lang.foreign, as the launch
 * path is; a loader without them (an OpenCL 1.2 ICD) means no managed memory.
 */
final class OpenClSvm implements ManagedMemory {
    private static final MethodHandle SVM_ALLOC, SVM_FREE, MIGRATE;
    static final MethodHandle SET_ARG_SVM;

    static {
        MethodHandle alloc = null, free = null, set = null, migrate = null;
        try {
            NativeLibrary lib =
                    NativeLibrary.load("the OpenCL ICD loader", List.of("libOpenCL.so", "libOpenCL.so.1"), List.of());
            alloc = lib.downcallOrNull(
                    "clSVMAlloc", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_INT));
            free = lib.downcallOrNull("clSVMFree", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
            set = lib.downcallOrNull(
                    "clSetKernelArgSVMPointer", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
            // OpenCL 2.1: without it, prefetch is a hint that does nothing
            migrate = lib.downcallOrNull(
                    "clEnqueueSVMMigrateMem",
                    FunctionDescriptor.of(
                            JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, ADDRESS, ADDRESS));
        } catch (NativeLibrary.NotFoundException e) {
            // no loader: OpenClLaunch reports it, and no OpenCL device is listed
        }
        boolean all = alloc != null && free != null && set != null;
        SVM_ALLOC = all ? alloc : null;
        SVM_FREE = all ? free : null;
        SET_ARG_SVM = all ? set : null;
        MIGRATE = all ? migrate : null;
    }

    private static final long CL_MIGRATE_MEM_OBJECT_HOST = 1;

    private final OpenClBackend cl;
    private final MemorySegment context;
    // clEnqueueSVMMigrateMem is OpenCL 2.1: a device of 2.0 may lack it behind a newer loader
    private final boolean migrates;

    private OpenClSvm(OpenClBackend cl, boolean migrates) {
        this.cl = cl;
        this.context = OpenClLaunch.handle(cl.context());
        this.migrates = migrates;
    }

    /**
     * The managed memory of {@code cl}, or null where the device has no fine-grained SVM buffers or
     * the loader no SVM calls.
     */
    static OpenClSvm of(OpenClBackend cl, long svmCapabilities, String deviceVersion) {
        if (SVM_ALLOC == null || (svmCapabilities & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) == 0) return null;
        return new OpenClSvm(cl, MIGRATE != null && atLeast21(deviceVersion));
    }

    /** True when the device offers fine-grained SVM buffers and the loader the calls to use them. */
    static boolean offered(long svmCapabilities) {
        return SVM_ALLOC != null && (svmCapabilities & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) != 0;
    }

    // "OpenCL 3.0 PoCL ...", "OpenCL 2.1 ..."
    private static boolean atLeast21(String version) {
        String[] w = version.split("[ .]");
        try {
            int major = Integer.parseInt(w[1]), minor = Integer.parseInt(w[2]);
            return major > 2 || (major == 2 && minor >= 1);
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Override
    @SuppressWarnings("restricted") // the SVM pointer the driver returned, handed back to clCreateBuffer
    public BackendBuffer allocate(long bytes) {
        if (bytes < 0) throw new DeviceException(cl.id() + " allocate in managed memory: negative size " + bytes);
        long n = Math.max(bytes, 1);
        MemorySegment p;
        try {
            p = (MemorySegment) SVM_ALLOC.invokeExact(context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, n, 0);
        } catch (Throwable t) {
            throw OpenClLaunch.rethrow(t);
        }
        if (p.address() == 0) {
            throw new DeviceOutOfMemoryException(
                    cl.id() + " allocate " + bytes + " bytes in managed memory: clSVMAlloc returned NULL");
        }
        int[] err = new int[1];
        // JOCL passes a direct buffer's address as host_ptr; the size is the call's own argument
        java.nio.ByteBuffer at = p.reinterpret(1).asByteBuffer();
        cl_mem m = clCreateBuffer(cl.context(), CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, n, Pointer.to(at), err);
        if (err[0] != CL_SUCCESS) {
            free(p);
            throw new DeviceException(cl.id() + " allocate " + bytes + " bytes in managed memory: clCreateBuffer over "
                    + "the SVM pointer: " + CL.stringFor_errorCode(err[0]));
        }
        return cl.registered(new OpenClBackend.Buffer(m, bytes, m.getNativePointer(), false, p.address()));
    }

    /** clSVMFree of an SVM allocation; the queues that used it have finished (the pool synchronizes first). */
    void free(MemorySegment svm) {
        try {
            SVM_FREE.invokeExact(context, svm);
        } catch (Throwable t) {
            throw OpenClLaunch.rethrow(t);
        }
    }

    @Override
    public boolean isManaged(BackendBuffer buffer) {
        return buffer instanceof OpenClBackend.Buffer b && b.svm() != 0;
    }

    private OpenClBackend.Buffer svm(BackendBuffer buffer, String op, long offset, long bytes) {
        if (!(buffer instanceof OpenClBackend.Buffer b) || b.svm() == 0) {
            throw new DeviceException(
                    cl.id() + " " + op + ": expected a buffer in managed memory (SVM), got " + buffer);
        }
        if (offset < 0 || bytes < 0 || offset > b.size() - bytes) {
            throw new DeviceException(cl.id() + " " + op + ": bytes [" + offset + ", " + (offset + bytes)
                    + ") outside a buffer of " + b.size() + " bytes");
        }
        return b;
    }

    @Override
    public void prefetch(BackendStream stream, BackendBuffer buffer, long offset, long bytes, MemoryLocation to) {
        OpenClBackend.Buffer b = svm(buffer, "prefetch", offset, bytes);
        cl.refuseCapture(stream, "prefetch", "a migration of managed memory is not recorded into a graph");
        if (!migrates || bytes == 0) return;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment ptrs = a.allocate(ADDRESS), sizes = a.allocate(JAVA_LONG);
            ptrs.set(ADDRESS, 0, MemorySegment.ofAddress(b.svm() + offset));
            sizes.set(JAVA_LONG, 0, bytes);
            int st = (int) MIGRATE.invokeExact(
                    ((OpenClBackend.Queue) stream).handle(),
                    1,
                    ptrs,
                    sizes,
                    to == MemoryLocation.HOST ? CL_MIGRATE_MEM_OBJECT_HOST : 0L,
                    0,
                    MemorySegment.NULL,
                    MemorySegment.NULL);
            cl.check(st, "clEnqueueSVMMigrateMem");
        } catch (Throwable t) {
            throw OpenClLaunch.rethrow(t);
        }
    }

    /** OpenCL has no advice for SVM: a hint that does nothing (the range is still checked). */
    @Override
    public void advise(BackendBuffer buffer, long offset, long bytes, MemoryAdvice advice, MemoryLocation where) {
        svm(buffer, "advise", offset, bytes);
    }

    /** Fine-grained SVM is coherent at synchronization points: the host reads and writes the pointer itself. */
    @Override
    @SuppressWarnings("restricted") // the SVM allocation's own bytes, checked against its size above
    public MemorySegment hostView(BackendBuffer buffer, long offset, long bytes) {
        OpenClBackend.Buffer b = svm(buffer, "hostView", offset, bytes);
        return MemorySegment.ofAddress(b.svm() + offset).reinterpret(bytes);
    }
}
