package org.ndgpu.backend.cuda;

import java.lang.foreign.MemorySegment;

/**
 * The CUDA driver's memory functions (cuMem*): device and pinned host allocations, copies and
 * fills on a stream, and copies between devices. Thin wrappers over {@link CudaDriver}'s method
 * handles, each returning the raw CUresult; checking is the caller's.
 */
public final class CudaDriverMemory {
    private CudaDriverMemory() {}

    // ---- enum values from cuda.h (CUDA 13.0) ----
    public static final int CU_MEMHOSTALLOC_PORTABLE = 0x01;

    // ---- thin wrappers: each returns the CUresult ----

    public static int cuMemGetInfo(MemorySegment free, MemorySegment total) {
        try {
            return (int) CudaDriver.CU_MEM_GET_INFO.invokeExact(free, total);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuMemAlloc(MemorySegment dptr, long bytes) {
        try {
            return (int) CudaDriver.CU_MEM_ALLOC.invokeExact(dptr, bytes);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    /** The base and size of the allocation that holds {@code dptr}; an error for memory this context does not know. */
    public static int cuMemGetAddressRange(MemorySegment base, MemorySegment size, long dptr) {
        try {
            return (int) CudaDriver.CU_MEM_GET_ADDRESS_RANGE.invokeExact(base, size, dptr);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuMemFree(long dptr) {
        try {
            return (int) CudaDriver.CU_MEM_FREE.invokeExact(dptr);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuMemHostAlloc(MemorySegment pp, long bytes, int flags) {
        try {
            return (int) CudaDriver.CU_MEM_HOST_ALLOC.invokeExact(pp, bytes, flags);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuMemFreeHost(MemorySegment p) {
        try {
            return (int) CudaDriver.CU_MEM_FREE_HOST.invokeExact(p);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuMemcpyHtoDAsync(long dst, MemorySegment src, long bytes, MemorySegment stream) {
        try {
            return (int) CudaDriver.CU_MEMCPY_HTOD_ASYNC.invokeExact(dst, src, bytes, stream);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuMemcpyDtoHAsync(MemorySegment dst, long src, long bytes, MemorySegment stream) {
        try {
            return (int) CudaDriver.CU_MEMCPY_DTOH_ASYNC.invokeExact(dst, src, bytes, stream);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuMemcpyDtoDAsync(long dst, long src, long bytes, MemorySegment stream) {
        try {
            return (int) CudaDriver.CU_MEMCPY_DTOD_ASYNC.invokeExact(dst, src, bytes, stream);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuMemsetD8Async(long dst, byte value, long count, MemorySegment stream) {
        try {
            return (int) CudaDriver.CU_MEMSET_D8_ASYNC.invokeExact(dst, value, count, stream);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuMemcpyPeerAsync(
            long dst, MemorySegment dstContext, long src, MemorySegment srcContext, long bytes, MemorySegment stream) {
        try {
            return (int) CudaDriver.CU_MEMCPY_PEER_ASYNC.invokeExact(dst, dstContext, src, srcContext, bytes, stream);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }
}
