package org.ndgpu.backend.cuda;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * The CUDA driver's stream capture and graph functions (cuStreamBeginCapture, cuStreamEndCapture,
 * cuGraph*): thin wrappers over {@link CudaDriver}'s optional method handles, each returning the raw
 * CUresult; checking is the caller's. Optional: a driver without them can do everything but capture
 * ({@link #problem()}).
 */
public final class CudaDriverGraphs {
    private CudaDriverGraphs() {}

    // ---- enum values from cuda.h (CUDA 13.0) ----
    /** CUstreamCaptureMode: calls that could be unsafe during a capture (cuMemAlloc, module loads) are allowed. */
    public static final int CU_STREAM_CAPTURE_MODE_RELAXED = 2;

    /** Why captures cannot be made with this driver (the functions it lacks), or null when they can. */
    public static String problem() {
        List<String> missing = new ArrayList<>();
        if (CudaDriver.CU_STREAM_BEGIN_CAPTURE == null) missing.add("cuStreamBeginCapture_v2");
        if (CudaDriver.CU_STREAM_END_CAPTURE == null) missing.add("cuStreamEndCapture");
        if (CudaDriver.CU_GRAPH_GET_NODES == null) missing.add("cuGraphGetNodes");
        if (CudaDriver.CU_GRAPH_INSTANTIATE == null) missing.add("cuGraphInstantiateWithFlags");
        if (CudaDriver.CU_GRAPH_LAUNCH == null) missing.add("cuGraphLaunch");
        if (CudaDriver.CU_GRAPH_EXEC_DESTROY == null) missing.add("cuGraphExecDestroy");
        if (CudaDriver.CU_GRAPH_DESTROY == null) missing.add("cuGraphDestroy");
        return missing.isEmpty()
                ? null
                : "the NVIDIA driver lacks " + String.join(", ", missing) + " (CUDA 11.4 or newer is needed)";
    }

    // ---- thin wrappers: each returns the CUresult ----

    public static int cuStreamBeginCapture(MemorySegment stream, int mode) {
        try {
            return (int) CudaDriver.CU_STREAM_BEGIN_CAPTURE.invokeExact(stream, mode);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    /** Ends the capture of {@code stream}; writes the CUgraph (NULL when the capture was invalidated) to {@code graph}. */
    public static int cuStreamEndCapture(MemorySegment stream, MemorySegment graph) {
        try {
            return (int) CudaDriver.CU_STREAM_END_CAPTURE.invokeExact(stream, graph);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    /** With {@code nodes} NULL, writes the graph's number of nodes (a size_t) to {@code count}. */
    public static int cuGraphGetNodes(MemorySegment graph, MemorySegment nodes, MemorySegment count) {
        try {
            return (int) CudaDriver.CU_GRAPH_GET_NODES.invokeExact(graph, nodes, count);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuGraphInstantiateWithFlags(MemorySegment exec, MemorySegment graph, long flags) {
        try {
            return (int) CudaDriver.CU_GRAPH_INSTANTIATE.invokeExact(exec, graph, flags);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuGraphLaunch(MemorySegment exec, MemorySegment stream) {
        try {
            return (int) CudaDriver.CU_GRAPH_LAUNCH.invokeExact(exec.address(), stream.address());
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    /** Uploads an executable graph's work to the device ahead of its first launch; 0 (done nothing) where the driver lacks it. */
    public static int cuGraphUpload(MemorySegment exec, MemorySegment stream) {
        if (CudaDriver.CU_GRAPH_UPLOAD == null) return 0;
        try {
            return (int) CudaDriver.CU_GRAPH_UPLOAD.invokeExact(exec, stream);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuGraphExecDestroy(MemorySegment exec) {
        try {
            return (int) CudaDriver.CU_GRAPH_EXEC_DESTROY.invokeExact(exec);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    public static int cuGraphDestroy(MemorySegment graph) {
        try {
            return (int) CudaDriver.CU_GRAPH_DESTROY.invokeExact(graph);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    /** An optional graph function of two or three pointer arguments, by its handle: the CUresult. */
    static int call(java.lang.invoke.MethodHandle h, MemorySegment a, MemorySegment b) {
        try {
            return (int) h.invokeExact(a, b);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    static int call(java.lang.invoke.MethodHandle h, MemorySegment a, MemorySegment b, MemorySegment c) {
        try {
            return (int) h.invokeExact(a, b, c);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }

    static int call4(
            java.lang.invoke.MethodHandle h, MemorySegment a, MemorySegment b, MemorySegment c, MemorySegment d) {
        try {
            return (int) h.invokeExact(a, b, c, d);
        } catch (Throwable t) {
            throw CudaDriver.rethrow(t);
        }
    }
}
