package org.ndgpu.backend.cuda;

import java.lang.foreign.MemorySegment;
import org.ndgpu.backend.BackendGraph;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.exceptions.DeviceException;

/**
 * A captured graph of a {@link CudaBackend}, instantiated: a launch is one cuGraphLaunch, which the
 * driver orders after the previous launches of the same executable graph, on whatever stream they
 * went. A graph with no node (nothing was captured) is held as null handles and launches nothing.
 * The driver does not synchronize calls on one graph: the caller serializes them.
 */
final class CudaGraph implements BackendGraph {
    private final CudaBackend owner;
    private final MemorySegment graph;
    private final MemorySegment exec;
    private boolean closed;

    CudaGraph(CudaBackend owner, MemorySegment graph, MemorySegment exec) {
        this.owner = owner;
        this.graph = graph;
        this.exec = exec;
    }

    @Override
    public void launch(BackendStream stream) {
        CudaStream s = owner.own(stream, "graph launch");
        CudaCapture.refuse(s, "a graph's launch", "a graph launched inside a capture");
        if (closed) throw new DeviceException(owner.id() + " graph launch: the graph was closed");
        if (exec == null) return;
        owner.enter("launch a graph");
        owner.check(CudaDriverGraphs.cuGraphLaunch(exec, s.handle), "launch a graph");
    }

    /** Destroys the executable graph and the graph; a launch in flight finishes first (the driver frees it after). */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        if (exec == null || owner.fault() != null || owner.isClosed()) return; // nothing, or gone with the context
        owner.enter("destroy a graph");
        owner.check(CudaDriverGraphs.cuGraphExecDestroy(exec), "destroy an executable graph");
        owner.check(CudaDriverGraphs.cuGraphDestroy(graph), "destroy a graph");
    }
}
