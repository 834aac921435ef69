package org.ndgpu.backend.cuda;

import java.lang.foreign.MemorySegment;
import org.ndgpu.backend.BackendEvent;

/** A recorded CUDA event (timing enabled). */
public final class CudaEvent implements BackendEvent {
    final CudaBackend owner;
    final MemorySegment handle;
    volatile boolean closed;

    CudaEvent(CudaBackend owner, MemorySegment handle) {
        this.owner = owner;
        this.handle = handle;
    }

    /** The CUevent. */
    public MemorySegment handle() {
        return handle;
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        CudaEvents.destroy(owner, this);
    }
}
