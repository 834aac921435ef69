package org.ndgpu.backend.cuda;

import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.exceptions.DeviceException;

/** A device allocation (CUdeviceptr) of a {@link CudaBackend}. */
public final class CudaBuffer implements BackendBuffer {
    final CudaBackend owner;
    final long pointer;
    final long size;
    // memory another library allocated (Backend.wrap): ndgpu never frees it
    final boolean external;
    // cuMemAllocManaged memory (CudaManaged): the same CUdeviceptr to every call, and a host address too
    final boolean managed;
    volatile boolean freed;

    CudaBuffer(CudaBackend owner, long pointer, long size) {
        this(owner, pointer, size, false);
    }

    CudaBuffer(CudaBackend owner, long pointer, long size, boolean external) {
        this(owner, pointer, size, external, false);
    }

    CudaBuffer(CudaBackend owner, long pointer, long size, boolean external, boolean managed) {
        this.owner = owner;
        this.pointer = pointer;
        this.size = size;
        this.external = external;
        this.managed = managed;
    }

    @Override
    public long handle() {
        return pointer();
    }

    @Override
    public long size() {
        return size;
    }

    /** The device address, for bindings such as cuBLAS. */
    public long pointer() {
        if (freed) throw new DeviceException(owner.id() + ": buffer of " + size + " bytes used after it was freed");
        return pointer;
    }

    /** The backend (device) the buffer belongs to. */
    public CudaBackend backend() {
        return owner;
    }

    @Override
    public String toString() {
        return "CudaBuffer[" + owner.id() + " 0x" + Long.toHexString(pointer) + ", " + size + " bytes"
                + (external ? ", external" : "") + (managed ? ", managed" : "") + (freed ? ", freed" : "") + "]";
    }
}
