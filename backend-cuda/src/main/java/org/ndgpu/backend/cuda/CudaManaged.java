package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.backend.ManagedMemory;
import org.ndgpu.device.MemoryAdvice;
import org.ndgpu.device.MemoryLocation;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;

/**
 * Managed memory of a {@link CudaBackend}: {@code cuMemAllocManaged} with CU_MEM_ATTACH_GLOBAL, on
 * devices whose CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY is set. A managed pointer is a CUdeviceptr that
 * every other call takes as it is (launches, copies, fills, graphs, cuBLAS), and cuMemFree frees it.
 * Prefetch and advice need CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS (Linux, Pascal and newer);
 * without it, or without the driver's functions, they are hints that do nothing.
 */
final class CudaManaged implements ManagedMemory {
    private final CudaBackend cuda;
    // the device and the host may touch managed memory at once: prefetch and advice work
    private final boolean concurrent;

    CudaManaged(CudaBackend cuda, boolean concurrent) {
        this.cuda = cuda;
        this.concurrent = concurrent;
    }

    @Override
    public BackendBuffer allocate(long bytes) {
        if (bytes < 0) throw new DeviceException(cuda.id() + " allocate in managed memory: negative size " + bytes);
        cuda.enter("allocate in managed memory");
        if (bytes == 0) return new CudaBuffer(cuda, 0, 0, false, true);
        MemorySegment out = CudaBackend.scratch().out;
        int r = CudaDriverManaged.cuMemAllocManaged(out, bytes, CudaDriverManaged.CU_MEM_ATTACH_GLOBAL);
        if (r == CudaError.OUT_OF_MEMORY) {
            throw new DeviceOutOfMemoryException(cuda.id() + " allocate " + CudaAllocator.size(bytes)
                    + " in managed memory: " + CudaDriver.describe(r));
        }
        cuda.check(r, "cuMemAllocManaged " + CudaAllocator.size(bytes));
        return new CudaBuffer(cuda, out.get(JAVA_LONG, 0), bytes, false, true);
    }

    @Override
    public boolean isManaged(BackendBuffer buffer) {
        return buffer instanceof CudaBuffer b && b.owner == cuda && b.managed;
    }

    private CudaBuffer managed(BackendBuffer buffer, String op, long offset, long bytes) {
        CudaBuffer b = CudaAllocator.live(cuda, buffer, op, offset, bytes);
        if (!b.managed)
            throw new DeviceException(cuda.id() + " " + op + ": expected a buffer in managed memory, got " + b);
        return b;
    }

    @Override
    public void prefetch(BackendStream stream, BackendBuffer buffer, long offset, long bytes, MemoryLocation to) {
        CudaStream s = cuda.own(stream, "prefetch");
        CudaCapture.refuse(s, "prefetch", "a migration of managed memory is not recorded into a graph");
        CudaBuffer b = managed(buffer, "prefetch", offset, bytes);
        if (!concurrent || bytes == 0 || CudaDriverManaged.prefetchSymbol() == null) return;
        cuda.enter("prefetch");
        int device = to == MemoryLocation.HOST ? -1 : cuda.ordinal();
        cuda.check(
                CudaDriverManaged.cuMemPrefetchAsync(b.pointer + offset, bytes, device, s.handle),
                CudaDriverManaged.prefetchSymbol() + " of " + CudaAllocator.size(bytes) + " to the "
                        + to.name().toLowerCase(java.util.Locale.ROOT));
    }

    @Override
    public void advise(BackendBuffer buffer, long offset, long bytes, MemoryAdvice advice, MemoryLocation where) {
        CudaBuffer b = managed(buffer, "advise", offset, bytes);
        if (!concurrent || bytes == 0 || CudaDriverManaged.adviseSymbol() == null) return;
        int code = switch (advice) {
            case SET_READ_MOSTLY -> 1;
            case UNSET_READ_MOSTLY -> 2;
            case SET_PREFERRED_LOCATION -> 3;
            case UNSET_PREFERRED_LOCATION -> 4;
            case SET_ACCESSED_BY -> 5;
            case UNSET_ACCESSED_BY -> 6;
        };
        cuda.enter("advise");
        int device = where == MemoryLocation.HOST ? -1 : cuda.ordinal();
        cuda.check(
                CudaDriverManaged.cuMemAdvise(b.pointer + offset, bytes, code, device),
                CudaDriverManaged.adviseSymbol() + " " + advice + " for the "
                        + where.name().toLowerCase(java.util.Locale.ROOT));
    }

    /** A managed pointer is a host address too: the host reads and writes it once the device's work is done. */
    @Override
    @SuppressWarnings("restricted") // the managed allocation's own bytes, checked against its size above
    public MemorySegment hostView(BackendBuffer buffer, long offset, long bytes) {
        CudaBuffer b = managed(buffer, "hostView", offset, bytes);
        return MemorySegment.ofAddress(b.pointer + offset).reinterpret(bytes);
    }
}
