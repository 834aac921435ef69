package org.ndgpu.backend.cuda;

import java.lang.foreign.MemorySegment;

/**
 * The CUDA driver's stream and event functions (cuStream*, cuEvent*): creating, ordering and
 * synchronizing streams, and timing with events. Thin wrappers over {@link CudaDriver}'s method
 * handles, each returning the raw CUresult; checking is the caller's.
 */
public final class CudaDriverStreams {
    private CudaDriverStreams() {}

    // ---- enum values from cuda.h (CUDA 13.0) ----
    public static final int CU_STREAM_DEFAULT = 0x0;
    public static final int CU_STREAM_NON_BLOCKING = 0x1;
    public static final int CU_EVENT_DEFAULT = 0x0;
    public static final int CU_EVENT_DISABLE_TIMING = 0x2;

    // ---- thin wrappers: each returns the CUresult ----

    public static int cuStreamCreate(MemorySegment stream, int flags) {
        try {
            return (int) CudaDriver.CU_STREAM_CREATE.invokeExact(stream, flags);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuStreamSynchronize(MemorySegment stream) {
        try {
            return (int) CudaDriver.CU_STREAM_SYNCHRONIZE.invokeExact(stream);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuStreamDestroy(MemorySegment stream) {
        try {
            return (int) CudaDriver.CU_STREAM_DESTROY.invokeExact(stream);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuEventCreate(MemorySegment event, int flags) {
        try {
            return (int) CudaDriver.CU_EVENT_CREATE.invokeExact(event, flags);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuEventRecord(MemorySegment event, MemorySegment stream) {
        try {
            return (int) CudaDriver.CU_EVENT_RECORD.invokeExact(event, stream);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuStreamWaitEvent(MemorySegment stream, MemorySegment event, int flags) {
        try {
            return (int) CudaDriver.CU_STREAM_WAIT_EVENT.invokeExact(stream, event, flags);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuEventSynchronize(MemorySegment event) {
        try {
            return (int) CudaDriver.CU_EVENT_SYNCHRONIZE.invokeExact(event);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuEventElapsedTime(MemorySegment millis, MemorySegment start, MemorySegment end) {
        try {
            return (int) CudaDriver.CU_EVENT_ELAPSED_TIME.invokeExact(millis, start, end);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuEventDestroy(MemorySegment event) {
        try {
            return (int) CudaDriver.CU_EVENT_DESTROY.invokeExact(event);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }
}
