package org.ndgpu.backend.cuda;

import java.lang.foreign.MemorySegment;

/**
 * The CUDA driver's module and execution functions: loading modules (cuModule*), a kernel's
 * attributes and parameters (cuFunc*), occupancy, and cuLaunchKernel. Thin wrappers over
 * {@link CudaDriver}'s method handles, each returning the raw CUresult; checking is the caller's.
 */
public final class CudaDriverModules {
    private CudaDriverModules() {}

    // ---- enum values from cuda.h (CUDA 13.0) ----
    public static final int CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0;
    public static final int CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1;
    public static final int CU_FUNC_ATTRIBUTE_NUM_REGS = 4;
    public static final int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;

    public static final int CU_JIT_INFO_LOG_BUFFER = 3;
    public static final int CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
    public static final int CU_JIT_ERROR_LOG_BUFFER = 5;
    public static final int CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;

    // ---- thin wrappers: each returns the CUresult ----

    public static int cuModuleLoadDataEx(
            MemorySegment module, MemorySegment image, int numOptions, MemorySegment options, MemorySegment values) {
        try {
            return (int) CudaDriver.CU_MODULE_LOAD_DATA_EX.invokeExact(module, image, numOptions, options, values);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuModuleUnload(MemorySegment module) {
        try {
            return (int) CudaDriver.CU_MODULE_UNLOAD.invokeExact(module);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuModuleGetFunction(MemorySegment function, MemorySegment module, MemorySegment name) {
        try {
            return (int) CudaDriver.CU_MODULE_GET_FUNCTION.invokeExact(function, module, name);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    /** Finishes loading {@code function} now; 0 (done nothing) where the driver lacks cuFuncLoad. */
    public static int cuFuncLoad(MemorySegment function) {
        if (CudaDriver.CU_FUNC_LOAD == null) return 0;
        try {
            return (int) CudaDriver.CU_FUNC_LOAD.invokeExact(function);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static boolean hasModuleEnumeration() {
        return CudaDriver.CU_MODULE_GET_FUNCTION_COUNT != null
                && CudaDriver.CU_MODULE_ENUMERATE_FUNCTIONS != null
                && CudaDriver.CU_FUNC_GET_NAME != null;
    }

    public static int cuModuleGetFunctionCount(MemorySegment count, MemorySegment module) {
        try {
            return (int) CudaDriver.CU_MODULE_GET_FUNCTION_COUNT.invokeExact(count, module);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuModuleEnumerateFunctions(MemorySegment functions, int n, MemorySegment module) {
        try {
            return (int) CudaDriver.CU_MODULE_ENUMERATE_FUNCTIONS.invokeExact(functions, n, module);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuFuncGetName(MemorySegment name, MemorySegment function) {
        try {
            return (int) CudaDriver.CU_FUNC_GET_NAME.invokeExact(name, function);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static boolean hasParamInfo() {
        return CudaDriver.CU_FUNC_GET_PARAM_INFO != null;
    }

    public static int cuFuncGetParamInfo(MemorySegment function, long index, MemorySegment offset, MemorySegment size) {
        try {
            return (int) CudaDriver.CU_FUNC_GET_PARAM_INFO.invokeExact(function, index, offset, size);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuFuncGetAttribute(MemorySegment value, int attribute, MemorySegment function) {
        try {
            return (int) CudaDriver.CU_FUNC_GET_ATTRIBUTE.invokeExact(value, attribute, function);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuFuncSetAttribute(MemorySegment function, int attribute, int value) {
        try {
            return (int) CudaDriver.CU_FUNC_SET_ATTRIBUTE.invokeExact(function, attribute, value);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    /** How many blocks of {@code blockSize} threads of {@code function} one multiprocessor holds at once. */
    public static int cuOccupancyMaxActiveBlocksPerMultiprocessor(
            MemorySegment numBlocks, MemorySegment function, int blockSize, long dynamicShared) {
        try {
            return (int) CudaDriver.CU_OCCUPANCY_MAX_ACTIVE_BLOCKS.invokeExact(
                    numBlocks, function, blockSize, dynamicShared);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuLaunchKernel(
            MemorySegment f,
            int gx,
            int gy,
            int gz,
            int bx,
            int by,
            int bz,
            int sharedBytes,
            MemorySegment stream,
            MemorySegment params,
            MemorySegment extra) {
        try {
            return (int) CudaDriver.CU_LAUNCH_KERNEL.invokeExact(
                    f.address(),
                    gx,
                    gy,
                    gz,
                    bx,
                    by,
                    bz,
                    sharedBytes,
                    stream.address(),
                    params.address(),
                    extra.address());
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }
}
