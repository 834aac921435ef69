package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import org.ndgpu.backend.BackendGraph;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.exceptions.CaptureException;
import org.ndgpu.exceptions.DeviceException;

/**
 * Stream capture on a {@link CudaBackend}: a new non-blocking stream put in relaxed capture mode
 * (cuStreamBeginCapture_v2 with CU_STREAM_CAPTURE_MODE_RELAXED), and at the end the captured graph
 * made executable (cuStreamEndCapture, cuGraphInstantiateWithFlags). Static methods taking the
 * backend, as {@link CudaAllocator}'s.
 *
 * <p>Why relaxed: a captured body allocates from the memory pool (cuMemAlloc on a miss) and may
 * compile and load a kernel it meets for the first time (cuModuleLoadDataEx); the global and
 * thread-local modes refuse such calls during a capture and invalidate it. Why non-blocking: a
 * blocking stream synchronizes with the legacy NULL stream, and any work another library puts there
 * meanwhile would invalidate the capture (CUDA_ERROR_STREAM_CAPTURE_IMPLICIT); nothing runs on the
 * capture's stream, so it needs no ordering with other streams.
 *
 * <p>What the driver would refuse on a capturing stream (a synchronize, a host copy, an event
 * recorded for timing) the backend refuses first, with a {@link CaptureException}: a driver error
 * would invalidate the capture with a less telling status.
 */
final class CudaCapture {
    private CudaCapture() {}

    /** Throws when {@code s} is capturing: {@code op} cannot be recorded, for the reason {@code why}. */
    static void refuse(CudaStream s, String op, String why) {
        if (s.capturing) throw BackendGraph.refused(s.owner.id(), op, why);
    }

    static BackendStream begin(CudaBackend cuda) {
        String missing = CudaDriverGraphs.problem();
        if (missing != null) throw new CaptureException(cuda.id() + " beginCapture: " + missing);
        cuda.enter("begin a capture");
        MemorySegment out = CudaBackend.scratch().out;
        cuda.check(
                CudaDriverStreams.cuStreamCreate(out, CudaDriverStreams.CU_STREAM_NON_BLOCKING),
                "create a capture's stream");
        MemorySegment handle = out.get(ADDRESS, 0);
        int r = CudaDriverGraphs.cuStreamBeginCapture(handle, CudaDriverGraphs.CU_STREAM_CAPTURE_MODE_RELAXED);
        if (r != 0) {
            CudaDriverStreams.cuStreamDestroy(handle);
            throw cuda.error(r, "begin a capture");
        }
        CudaStream s = new CudaStream(cuda, handle, false);
        s.recorded = new java.util.ArrayList<>();
        s.capturing = true;
        return s;
    }

    /** Ends the capture of {@code stream}, destroys that stream, and returns the executable graph. */
    static BackendGraph end(CudaBackend cuda, BackendStream stream) {
        CudaStream s = cuda.own(stream, "end a capture");
        if (!s.capturing) throw new DeviceException(cuda.id() + " endCapture: " + s + " is not capturing");
        MemorySegment graph;
        java.util.List<CudaRebinding.Launch> recorded = s.recorded;
        try {
            cuda.enter("end a capture");
            MemorySegment out = CudaBackend.scratch().out;
            out.set(ADDRESS, 0, MemorySegment.NULL);
            int r = CudaDriverGraphs.cuStreamEndCapture(s.handle, out);
            graph = out.get(ADDRESS, 0);
            if (r != 0) {
                if (!graph.equals(MemorySegment.NULL)) CudaDriverGraphs.cuGraphDestroy(graph);
                throw cuda.error(r, "end a capture");
            }
        } finally {
            s.capturing = false;
            s.recorded = null;
            s.close();
        }
        return instantiate(cuda, graph, recorded);
    }

    // a graph of no node is launched as nothing at all (the driver's handling of an empty graph is not relied on)
    private static BackendGraph instantiate(
            CudaBackend cuda, MemorySegment graph, java.util.List<CudaRebinding.Launch> recorded) {
        MemorySegment out = CudaBackend.scratch().out;
        MemorySegment count = out.asSlice(8, 8);
        int r = CudaDriverGraphs.cuGraphGetNodes(graph, MemorySegment.NULL, count);
        if (r == 0 && count.get(JAVA_LONG, 0) == 0) {
            CudaDriverGraphs.cuGraphDestroy(graph);
            return new CudaGraph(cuda, null, null, recorded);
        }
        if (r == 0) r = CudaDriverGraphs.cuGraphInstantiateWithFlags(out, graph, 0L);
        if (r != 0) {
            CudaDriverGraphs.cuGraphDestroy(graph);
            throw cuda.error(r, "instantiate the captured graph");
        }
        MemorySegment exec = out.get(ADDRESS, 0);
        // the first launch would otherwise upload the graph itself, at several times a replay's cost:
        // the capture pays it, on the device's default stream, so that a fresh graph's first replay is a replay
        r = CudaDriverGraphs.cuGraphUpload(exec, ((CudaStream) cuda.defaultStream()).handle);
        if (r != 0) {
            CudaDriverGraphs.cuGraphExecDestroy(exec);
            CudaDriverGraphs.cuGraphDestroy(graph);
            throw cuda.error(r, "upload the captured graph");
        }
        return new CudaGraph(cuda, graph, exec, recorded);
    }
}
