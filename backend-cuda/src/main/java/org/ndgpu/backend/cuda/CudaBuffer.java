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
    volatile boolean freed;

    CudaBuffer(CudaBackend owner, long pointer, long size) {
        this(owner, pointer, size, false);
    }

    CudaBuffer(CudaBackend owner, long pointer, long size, boolean external) {
        this.owner = owner;
        this.pointer = pointer;
        this.size = size;
        this.external = external;
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
                + (external ? ", external" : "") + (freed ? ", freed" : "") + "]";
    }
}
