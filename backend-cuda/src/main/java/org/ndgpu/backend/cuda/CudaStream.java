package org.ndgpu.backend.cuda;

import java.lang.foreign.MemorySegment;
import org.ndgpu.backend.BackendStream;

/** A CUDA stream of a {@link CudaBackend}. */
public final class CudaStream implements BackendStream {
    final CudaBackend owner;
    final MemorySegment handle;
    final boolean isDefault;
    volatile boolean closed;
    // true between cuStreamBeginCapture and cuStreamEndCapture: work on it is recorded, and what the
    // driver would refuse (host copies, synchronizes, events) is refused first (CudaCapture)
    volatile boolean capturing;
    // while capturing: the kernels launched on it, for moving the graph's pointers (CudaRebinding)
    java.util.List<CudaRebinding.Launch> recorded;

    CudaStream(CudaBackend owner, MemorySegment handle, boolean isDefault) {
        this.owner = owner;
        this.handle = handle;
        this.isDefault = isDefault;
    }

    /** The CUstream, for bindings such as cuBLAS (cublasSetStream). */
    public MemorySegment handle() {
        return handle;
    }

    @Override
    public long ptr() {
        return handle.address();
    }

    /** Destroys the stream once its work has finished; the backend's default stream ignores this. */
    @Override
    public void close() {
        if (isDefault || closed) return;
        closed = true;
        owner.destroyStream(this);
    }

    @Override
    public String toString() {
        return "CudaStream[" + owner.id() + (isDefault ? " default" : "") + " 0x" + Long.toHexString(handle.address())
                + "]";
    }
}
