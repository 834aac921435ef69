package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import org.ndgpu.backend.NativeLibrary;

/**
 * java.lang.foreign bindings to the CUDA driver API (libcuda.so.1). One static final method handle
 * per function, so the JIT compiles each call to a direct native call; one thin static method per
 * function returns the raw CUresult (0 = CUDA_SUCCESS). Checking and error messages are the
 * caller's ({@link CudaBackend#check}).
 *
 * <p>This class loads every handle, so that {@link #available()} answers for all of them, and holds
 * the wrappers of initialization, devices, contexts and peer access, and the error names; the
 * wrappers of the other areas call its handles: memory in {@link CudaDriverMemory}, modules and
 * launches in {@link CudaDriverModules}, streams and events in {@link CudaDriverStreams}.
 *
 * <p>Loading never throws: when libcuda is absent or lacks a required function, {@link #problem()}
 * says why and the handles are null; call {@link #available()} first.
 *
 * <p>Handles (CUcontext, CUmodule, CUfunction, CUstream, CUevent) are passed as MemorySegments of
 * their address; device pointers (CUdeviceptr) and sizes as longs.
 */
public final class CudaDriver {
    private CudaDriver() {}

    // ---- enum values from cuda.h (CUDA 13.0) ----
    public static final int CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
    public static final int CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2;
    public static final int CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y = 3;
    public static final int CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z = 4;
    public static final int CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5;
    public static final int CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y = 6;
    public static final int CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z = 7;
    public static final int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8;
    public static final int CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10;
    public static final int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
    public static final int CU_DEVICE_ATTRIBUTE_PCI_BUS_ID = 33;
    public static final int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
    public static final int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
    public static final int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;

    // ---- loading ----
    private static final List<String> MISSING = new ArrayList<>();
    private static final NativeLibrary LIB;
    private static final String PROBLEM;

    static {
        NativeLibrary lib = null;
        String problem = null;
        try {
            lib = NativeLibrary.load("the NVIDIA CUDA driver", CudaLibraries.DRIVER, CudaLibraries.driverFolders());
        } catch (NativeLibrary.NotFoundException e) {
            problem = e.getMessage() + ": no NVIDIA driver";
        } catch (Throwable t) {
            problem = "libcuda could not be loaded: " + t;
        }
        LIB = lib;
        PROBLEM = problem;
    }

    private static final FunctionDescriptor I_A = FunctionDescriptor.of(JAVA_INT, ADDRESS);
    private static final FunctionDescriptor I_AA = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS);
    private static final FunctionDescriptor I_AI = FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT);
    private static final FunctionDescriptor I_AAA = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS);

    private static final MethodHandle CU_INIT = req("cuInit", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    private static final MethodHandle CU_DRIVER_GET_VERSION = req("cuDriverGetVersion", I_A);
    private static final MethodHandle CU_DEVICE_GET_COUNT = req("cuDeviceGetCount", I_A);
    private static final MethodHandle CU_DEVICE_GET = req("cuDeviceGet", I_AI);
    private static final MethodHandle CU_DEVICE_GET_NAME =
            req("cuDeviceGetName", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
    private static final MethodHandle CU_DEVICE_TOTAL_MEM = req("cuDeviceTotalMem_v2", I_AI);
    private static final MethodHandle CU_DEVICE_GET_ATTRIBUTE =
            req("cuDeviceGetAttribute", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
    private static final MethodHandle CU_DEVICE_PRIMARY_CTX_RETAIN = req("cuDevicePrimaryCtxRetain", I_AI);
    private static final MethodHandle CU_DEVICE_PRIMARY_CTX_RELEASE =
            req("cuDevicePrimaryCtxRelease_v2", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    private static final MethodHandle CU_CTX_SET_CURRENT = req("cuCtxSetCurrent", I_A, Linker.Option.critical(false));
    static final MethodHandle CU_MEM_GET_INFO = req("cuMemGetInfo_v2", I_AA);
    static final MethodHandle CU_MEM_ALLOC = req("cuMemAlloc_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
    static final MethodHandle CU_MEM_FREE = req("cuMemFree_v2", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    static final MethodHandle CU_MEM_GET_ADDRESS_RANGE =
            req("cuMemGetAddressRange_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
    static final MethodHandle CU_MEM_HOST_ALLOC =
            req("cuMemHostAlloc", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
    static final MethodHandle CU_MEM_FREE_HOST = req("cuMemFreeHost", I_A);
    static final MethodHandle CU_MEMCPY_HTOD_ASYNC =
            req("cuMemcpyHtoDAsync_v2", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS));
    static final MethodHandle CU_MEMCPY_DTOH_ASYNC =
            req("cuMemcpyDtoHAsync_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS));
    static final MethodHandle CU_MEMCPY_DTOD_ASYNC =
            req("cuMemcpyDtoDAsync_v2", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS));
    static final MethodHandle CU_MEMSET_D8_ASYNC =
            req("cuMemsetD8Async", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_BYTE, JAVA_LONG, ADDRESS));
    static final MethodHandle CU_MODULE_LOAD_DATA_EX =
            req("cuModuleLoadDataEx", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle CU_MODULE_UNLOAD = req("cuModuleUnload", I_A);
    static final MethodHandle CU_MODULE_GET_FUNCTION = req("cuModuleGetFunction", I_AAA);
    static final MethodHandle CU_FUNC_GET_ATTRIBUTE =
            req("cuFuncGetAttribute", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
    static final MethodHandle CU_FUNC_SET_ATTRIBUTE =
            req("cuFuncSetAttribute", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
    static final MethodHandle CU_OCCUPANCY_MAX_ACTIVE_BLOCKS = req(
            "cuOccupancyMaxActiveBlocksPerMultiprocessor",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG));
    // the per-launch calls take their pointers as JAVA_LONG: an ADDRESS argument costs the stub a
    // segment check and its session's acquire and release, interpreted on every call in a fresh JVM
    // (each pointer's memory is held by its owner, the thread's scratch, the kernel, the stream, the graph)
    static final MethodHandle CU_LAUNCH_KERNEL = req(
            "cuLaunchKernel",
            FunctionDescriptor.of(
                    JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT,
                    JAVA_LONG, JAVA_LONG, JAVA_LONG));
    static final MethodHandle CU_STREAM_CREATE = req("cuStreamCreate", I_AI);
    static final MethodHandle CU_STREAM_SYNCHRONIZE = req("cuStreamSynchronize", I_A);
    static final MethodHandle CU_STREAM_DESTROY = req("cuStreamDestroy_v2", I_A);
    static final MethodHandle CU_EVENT_CREATE = req("cuEventCreate", I_AI);
    static final MethodHandle CU_EVENT_RECORD = req("cuEventRecord", I_AA);
    static final MethodHandle CU_EVENT_SYNCHRONIZE = req("cuEventSynchronize", I_A);
    static final MethodHandle CU_EVENT_DESTROY = req("cuEventDestroy_v2", I_A);
    static final MethodHandle CU_STREAM_WAIT_EVENT =
            req("cuStreamWaitEvent", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
    private static final MethodHandle CU_DEVICE_CAN_ACCESS_PEER =
            req("cuDeviceCanAccessPeer", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
    private static final MethodHandle CU_CTX_ENABLE_PEER_ACCESS =
            req("cuCtxEnablePeerAccess", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    static final MethodHandle CU_MEMCPY_PEER_ASYNC = req(
            "cuMemcpyPeerAsync",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS));
    private static final MethodHandle CU_GET_ERROR_NAME =
            req("cuGetErrorName", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
    private static final MethodHandle CU_GET_ERROR_STRING =
            req("cuGetErrorString", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
    /** cuEventElapsedTime_v2 (12.8+), else the original. */
    static final MethodHandle CU_EVENT_ELAPSED_TIME = elapsedTime();
    // optional: CUDA 12.4+ drivers
    static final MethodHandle CU_MODULE_GET_FUNCTION_COUNT = opt("cuModuleGetFunctionCount", I_AA);
    static final MethodHandle CU_MODULE_ENUMERATE_FUNCTIONS =
            opt("cuModuleEnumerateFunctions", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
    static final MethodHandle CU_FUNC_GET_NAME = opt("cuFuncGetName", I_AA);
    static final MethodHandle CU_FUNC_GET_PARAM_INFO =
            opt("cuFuncGetParamInfo", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS));
    // optional: stream capture into graphs (Nd.capture); cuGraphInstantiateWithFlags needs CUDA 11.4+ drivers
    static final MethodHandle CU_STREAM_BEGIN_CAPTURE = opt("cuStreamBeginCapture_v2", I_AI);
    static final MethodHandle CU_STREAM_END_CAPTURE = opt("cuStreamEndCapture", I_AA);
    static final MethodHandle CU_GRAPH_GET_NODES = opt("cuGraphGetNodes", I_AAA);
    static final MethodHandle CU_GRAPH_INSTANTIATE =
            opt("cuGraphInstantiateWithFlags", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
    static final MethodHandle CU_GRAPH_LAUNCH =
            opt("cuGraphLaunch", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG)); // as cuLaunchKernel
    static final MethodHandle CU_GRAPH_UPLOAD = opt("cuGraphUpload", I_AA);
    static final MethodHandle CU_GRAPH_EXEC_DESTROY = opt("cuGraphExecDestroy", I_A);
    static final MethodHandle CU_GRAPH_DESTROY = opt("cuGraphDestroy", I_A);
    // optional: moving a graph's pointers to other buffers (Graph.launch(bindings)); the _v2 kernel node
    // functions take CUDA_KERNEL_NODE_PARAMS_v2 (CUDA 12.0+)
    static final MethodHandle CU_GRAPH_NODE_GET_TYPE = opt("cuGraphNodeGetType", I_AA);
    static final MethodHandle CU_GRAPH_KERNEL_NODE_GET_PARAMS = opt("cuGraphKernelNodeGetParams_v2", I_AA);
    static final MethodHandle CU_GRAPH_EXEC_KERNEL_NODE_SET_PARAMS = opt("cuGraphExecKernelNodeSetParams_v2", I_AAA);
    static final MethodHandle CU_GRAPH_MEMCPY_NODE_GET_PARAMS = opt("cuGraphMemcpyNodeGetParams", I_AA);
    static final MethodHandle CU_GRAPH_EXEC_MEMCPY_NODE_SET_PARAMS =
            opt("cuGraphExecMemcpyNodeSetParams", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle CU_GRAPH_MEMSET_NODE_GET_PARAMS = opt("cuGraphMemsetNodeGetParams", I_AA);
    static final MethodHandle CU_GRAPH_EXEC_MEMSET_NODE_SET_PARAMS =
            opt("cuGraphExecMemsetNodeSetParams", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    // optional (CUDA 12.4+): loads a kernel now rather than at its first launch under lazy module loading
    static final MethodHandle CU_FUNC_LOAD = opt("cuFuncLoad", I_A);

    private static final String MISSING_PROBLEM = MISSING.isEmpty()
            ? null
            : LIB.loadedFrom() + " lacks " + String.join(", ", MISSING) + ": the NVIDIA driver is too old for ndgpu";

    private static MethodHandle req(String name, FunctionDescriptor fd, Linker.Option... options) {
        if (LIB == null) return null;
        MethodHandle h = LIB.downcallOrNull(name, fd, options);
        if (h == null) MISSING.add(name);
        return h;
    }

    private static MethodHandle opt(String name, FunctionDescriptor fd) {
        return LIB == null ? null : LIB.downcallOrNull(name, fd);
    }

    private static MethodHandle elapsedTime() {
        if (LIB == null) return null;
        FunctionDescriptor fd = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS);
        MethodHandle h = LIB.downcallOrNull("cuEventElapsedTime_v2", fd);
        return h != null ? h : req("cuEventElapsedTime", fd);
    }

    /** True when libcuda loaded and exports every function ndgpu needs. */
    public static boolean available() {
        return PROBLEM == null && MISSING_PROBLEM == null;
    }

    /** Why the driver cannot be used, or null when it can. */
    public static String problem() {
        return PROBLEM != null ? PROBLEM : MISSING_PROBLEM;
    }

    /** The soname or path libcuda was loaded from, or null. */
    public static String loadedFrom() {
        return LIB == null ? null : LIB.loadedFrom();
    }

    /** The library, for optional lookups by other bindings. */
    static NativeLibrary library() {
        return LIB;
    }

    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) return r;
        if (t instanceof Error e) throw e;
        return new IllegalStateException(t);
    }

    // ---- error names ----

    /** The symbolic name of a CUresult ("CUDA_ERROR_ILLEGAL_ADDRESS"), from the driver when it can tell. */
    @SuppressWarnings(
            "restricted") // the driver returns a C string as a zero-length segment: widened to its documented maximum
    // to read it
    public static String errorName(int code) {
        if (CU_GET_ERROR_NAME != null) {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment p = a.allocate(ADDRESS);
                int r = (int) CU_GET_ERROR_NAME.invokeExact(code, p);
                MemorySegment s = p.get(ADDRESS, 0);
                if (r == 0 && !s.equals(MemorySegment.NULL))
                    return s.reinterpret(256).getString(0);
            } catch (Throwable t) {
                // fall through to the table
            }
        }
        return CudaError.builtinName(code);
    }

    /** The driver's description of a CUresult ("an illegal memory access was encountered"), or null. */
    @SuppressWarnings(
            "restricted") // the driver returns a C string as a zero-length segment: widened to its documented maximum
    // to read it
    public static String errorString(int code) {
        if (CU_GET_ERROR_STRING != null) {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment p = a.allocate(ADDRESS);
                int r = (int) CU_GET_ERROR_STRING.invokeExact(code, p);
                MemorySegment s = p.get(ADDRESS, 0);
                if (r == 0 && !s.equals(MemorySegment.NULL))
                    return s.reinterpret(1024).getString(0);
            } catch (Throwable t) {
                // no description
            }
        }
        return null;
    }

    /** "CUDA_ERROR_X (sticky: ...): description". */
    public static String describe(int code) {
        return CudaError.describe(code, errorName(code), errorString(code));
    }

    // ---- thin wrappers: each returns the CUresult ----

    public static int cuInit(int flags) {
        try {
            return (int) CU_INIT.invokeExact(flags);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static int cuDriverGetVersion(MemorySegment version) {
        try {
            return (int) CU_DRIVER_GET_VERSION.invokeExact(version);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static int cuDeviceGetCount(MemorySegment count) {
        try {
            return (int) CU_DEVICE_GET_COUNT.invokeExact(count);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static int cuDeviceGet(MemorySegment device, int ordinal) {
        try {
            return (int) CU_DEVICE_GET.invokeExact(device, ordinal);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static int cuDeviceGetName(MemorySegment name, int len, int device) {
        try {
            return (int) CU_DEVICE_GET_NAME.invokeExact(name, len, device);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static int cuDeviceTotalMem(MemorySegment bytes, int device) {
        try {
            return (int) CU_DEVICE_TOTAL_MEM.invokeExact(bytes, device);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static int cuDeviceGetAttribute(MemorySegment value, int attribute, int device) {
        try {
            return (int) CU_DEVICE_GET_ATTRIBUTE.invokeExact(value, attribute, device);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static int cuDevicePrimaryCtxRetain(MemorySegment ctx, int device) {
        try {
            return (int) CU_DEVICE_PRIMARY_CTX_RETAIN.invokeExact(ctx, device);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static int cuDevicePrimaryCtxRelease(int device) {
        try {
            return (int) CU_DEVICE_PRIMARY_CTX_RELEASE.invokeExact(device);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static int cuCtxSetCurrent(MemorySegment ctx) {
        try {
            return (int) CU_CTX_SET_CURRENT.invokeExact(ctx);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static int cuDeviceCanAccessPeer(MemorySegment canAccess, int device, int peer) {
        try {
            return (int) CU_DEVICE_CAN_ACCESS_PEER.invokeExact(canAccess, device, peer);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Lets the current context access {@code peer}'s memory; CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED (704) when it already may. */
    public static int cuCtxEnablePeerAccess(MemorySegment peer, int flags) {
        try {
            return (int) CU_CTX_ENABLE_PEER_ACCESS.invokeExact(peer, flags);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
