package org.ndgpu.backend.opencl;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.List;
import org.jocl.NativePointerObject;
import org.ndgpu.backend.NativeLibrary;

/**
 * The two OpenCL calls made on every launch, clSetKernelArg and clEnqueueNDRangeKernel, bound
 * through java.lang.foreign as the CUDA backend binds cuLaunchKernel. Everything else (platforms,
 * contexts, programs, copies) stays on JOCL, whose objects hold the same handles.
 *
 * <p>Why: through JOCL each call crosses JNI with Java arrays the native side copies, and a
 * clSetKernelArg wraps its value in a Pointer, which makes every launch measurably slower than the
 * driver's own floor (backend-opencl/notes/PERF.md); bound directly, a launch costs little more than
 * the driver call. The library is the loader JOCL opened: the same name, so the dynamic loader hands back
 * the same one; and every OpenCL object carries its driver's dispatch table in any case.
 */
final class OpenClLaunch {
    private OpenClLaunch() {}

    private static final MethodHandle SET_KERNEL_ARG, ENQUEUE_ND_RANGE_KERNEL;
    /** Why the bindings could not be made (then the provider lists no OpenCL device), or null. */
    private static final String PROBLEM;

    static {
        MethodHandle set = null, enqueue = null;
        String problem = null;
        try {
            NativeLibrary lib =
                    NativeLibrary.load("the OpenCL ICD loader", List.of("libOpenCL.so", "libOpenCL.so.1"), List.of());
            // pointers as JAVA_LONG: an ADDRESS argument costs the stub a segment check and its session's
            // acquire and release (a CAS for the scratch's automatic arena), interpreted on every launch in
            // a fresh JVM; each pointer's memory is held by its owner (the thread's scratch, the graph)
            set = lib.downcall(
                    "clSetKernelArg", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG));
            enqueue = lib.downcall(
                    "clEnqueueNDRangeKernel",
                    FunctionDescriptor.of(
                            JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT,
                            JAVA_LONG, JAVA_LONG));
        } catch (NativeLibrary.NotFoundException e) {
            problem = "OpenCL: the launch path through java.lang.foreign could not bind the loader: " + e.getMessage();
        }
        SET_KERNEL_ARG = set;
        ENQUEUE_ND_RANGE_KERNEL = enqueue;
        PROBLEM = problem;
    }

    /** Null when launches can be made; else why not (OpenClProvider reports it and lists no device). */
    static String problem() {
        return PROBLEM;
    }

    /**
     * Per-thread native memory for one call: an argument value, the global and the local sizes
     * (size_t[3] each); the thread-local keeps it alive while the calls take its addresses.
     */
    private record Scratch(MemorySegment value, MemorySegment global, MemorySegment local) {
        Scratch(MemorySegment all) {
            this(all.asSlice(0, 8), all.asSlice(8, 24), all.asSlice(32, 24));
        }
    }

    private static final ThreadLocal<Scratch> SCRATCH =
            ThreadLocal.withInitial(() -> new Scratch(Arena.ofAuto().allocate(64, 8)));

    /** The raw handle of a JOCL object (cl_kernel, cl_command_queue, cl_mem). */
    static MemorySegment handle(NativePointerObject o) {
        return MemorySegment.ofAddress(o.getNativePointer());
    }

    /** clSetKernelArg with a value of {@code size} bytes (OpenCL copies it during the call). */
    static int setArg(MemorySegment kernel, int index, long size, long bits) {
        MemorySegment v = SCRATCH.get().value;
        switch ((int) size) {
            case 1 -> v.set(JAVA_BYTE, 0, (byte) bits);
            case 2 -> v.set(JAVA_SHORT, 0, (short) bits);
            case 4 -> v.set(JAVA_INT, 0, (int) bits);
            default -> v.set(JAVA_LONG, 0, bits);
        }
        return setKernelArg(kernel.address(), index, size, v.address());
    }

    /**
     * A buffer argument: the SVM pointer of managed memory ({@code clSetKernelArgSVMPointer}), else
     * the cl_mem handle. Every launch and every graph's rebinding sets buffers through here.
     */
    static int setBuffer(MemorySegment kernel, int index, OpenClBackend.Buffer b) {
        if (b.svm() == 0) return setArg(kernel, index, org.jocl.Sizeof.cl_mem, b.handle());
        try {
            return (int) OpenClSvm.SET_ARG_SVM.invokeExact(kernel, index, MemorySegment.ofAddress(b.svm()));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** clSetKernelArg of {@code bytes} of __local memory (no value). */
    static int setLocalArg(MemorySegment kernel, int index, long bytes) {
        return setKernelArg(kernel.address(), index, bytes, 0);
    }

    private static int setKernelArg(long kernel, int index, long size, long value) {
        try {
            return (int) SET_KERNEL_ARG.invokeExact(kernel, index, size, value);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** clEnqueueNDRangeKernel of {@code grid} blocks of {@code block} work-items, no events. */
    static int enqueue(MemorySegment queue, MemorySegment kernel, long[] grid, long[] block) {
        Scratch s = SCRATCH.get();
        int dims = grid.length;
        for (int d = 0; d < dims; d++) {
            s.global.setAtIndex(JAVA_LONG, d, grid[d] * block[d]);
            s.local.setAtIndex(JAVA_LONG, d, block[d]);
        }
        try {
            return (int) ENQUEUE_ND_RANGE_KERNEL.invokeExact(
                    queue.address(), kernel.address(), dims, 0L, s.global.address(), s.local.address(), 0, 0L, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** clEnqueueNDRangeKernel with the global and local sizes already in native memory (a graph's launches). */
    static int enqueue(MemorySegment queue, MemorySegment kernel, int dims, MemorySegment global, MemorySegment local) {
        try {
            return (int) ENQUEUE_ND_RANGE_KERNEL.invokeExact(
                    queue.address(), kernel.address(), dims, 0L, global.address(), local.address(), 0, 0L, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) return r;
        if (t instanceof Error e) throw e;
        return new IllegalStateException(t);
    }
}
