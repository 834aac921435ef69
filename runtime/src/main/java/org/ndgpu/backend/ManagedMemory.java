package org.ndgpu.backend;

import java.lang.foreign.MemorySegment;
import org.ndgpu.device.MemoryAdvice;
import org.ndgpu.device.MemoryLocation;

/**
 * Memory that the device and the host share, paged between them by the driver, so that one
 * allocation may exceed the device's memory: CUDA's managed memory ({@code cuMemAllocManaged},
 * CU_MEM_ATTACH_GLOBAL) and OpenCL's fine-grained shared virtual memory ({@code clSVMAlloc} with
 * CL_MEM_SVM_FINE_GRAIN_BUFFER). A backend hands it out through {@link Backend#managedMemory()}
 * on the devices that have it. Its buffers are ordinary {@link BackendBuffer}s to every other call
 * of the backend (launches, copies, fills, graphs, its libraries), and {@link Backend#free} frees
 * them: no operation needs to know that a buffer is managed.
 */
public interface ManagedMemory {

    /** A managed allocation of {@code bytes}; DeviceOutOfMemoryException when the driver has no room. */
    BackendBuffer allocate(long bytes);

    /** True when {@code buffer} is a managed allocation of this device ({@link #allocate}). */
    boolean isManaged(BackendBuffer buffer);

    /**
     * Migrates bytes [offset, offset + bytes) of a managed buffer toward {@code to}, asynchronously in
     * {@code stream} (cuMemPrefetchAsync, clEnqueueSVMMigrateMem). A hint: where the driver cannot
     * migrate (no concurrent managed access, an OpenCL before 2.1) it does nothing.
     */
    void prefetch(BackendStream stream, BackendBuffer buffer, long offset, long bytes, MemoryLocation to);

    /** cuMemAdvise of bytes [offset, offset + bytes) for {@code where}; does nothing where the driver has no advice. */
    void advise(BackendBuffer buffer, long offset, long bytes, MemoryAdvice advice, MemoryLocation where);

    /**
     * Bytes [offset, offset + bytes) of a managed buffer as host memory, without a copy: the caller
     * first waits for the work that writes them. Valid until the buffer is freed.
     */
    MemorySegment hostView(BackendBuffer buffer, long offset, long bytes);
}
