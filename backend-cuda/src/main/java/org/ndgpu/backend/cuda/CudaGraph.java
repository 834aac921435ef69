package org.ndgpu.backend.cuda;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Map;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendGraph;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.backend.BufferMoves;
import org.ndgpu.exceptions.CaptureException;
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
    private final List<CudaRebinding.Launch> recorded;
    // read back at the first launch with other buffers
    private CudaRebinding.Nodes nodes;
    // the buffers the executable graph points at now instead of those captured
    private final BufferMoves current = new BufferMoves();
    private boolean closed;

    CudaGraph(CudaBackend owner, MemorySegment graph, MemorySegment exec, List<CudaRebinding.Launch> recorded) {
        this.owner = owner;
        this.graph = graph;
        this.exec = exec;
        this.recorded = recorded;
    }

    /** The graph as recorded: the path of every plain launch, which makes no map and allocates nothing. */
    @Override
    public void launch(BackendStream stream) {
        CudaStream s = owner.own(stream, "graph launch");
        CudaCapture.refuse(s, "a graph's launch", "a graph launched inside a capture");
        if (closed) throw new DeviceException(owner.id() + " graph launch: the graph was closed");
        if (exec == null) return;
        if (!current.isEmpty()) rebind(Map.of());
        launchExec(s);
    }

    @Override
    public void launch(BackendStream stream, Map<BackendBuffer, BackendBuffer> rebound) {
        CudaStream s = owner.own(stream, "graph launch");
        CudaCapture.refuse(s, "a graph's launch", "a graph launched inside a capture");
        if (closed) throw new DeviceException(owner.id() + " graph launch: the graph was closed");
        if (exec == null) return;
        if (!current.isCurrent(rebound)) rebind(rebound);
        launchExec(s);
    }

    // cuGraphLaunch in the context a launch may assume current, as a kernel's launch does
    // (CudaBackend.enterLaunch): one downcall, not two, while the JIT has not compiled them
    private void launchExec(CudaStream s) {
        boolean assumed = owner.enterLaunch(CudaBackend.scratch(), "launch a graph");
        int r = CudaDriverGraphs.cuGraphLaunch(exec, s.handle);
        if (r != 0 && assumed && (r == CudaError.INVALID_CONTEXT || r == CudaError.INVALID_HANDLE)) {
            // code outside ndgpu changed this thread's context since its last call through ndgpu
            owner.enter("launch a graph");
            r = CudaDriverGraphs.cuGraphLaunch(exec, s.handle);
        }
        owner.check(r, "launch a graph");
    }

    /**
     * Runs {@code launches} with each input saved into its stand-in before and put back after, all on
     * {@code stream}: in that stream's order the inputs hold what they held. The driver's one-time
     * costs follow an executable graph through pointer updates, so launches on the stand-ins
     * themselves would leave them to the first real launch.
     */
    @Override
    public void prime(BackendStream stream, Map<BackendBuffer, BackendBuffer> standIns, Runnable launches) {
        CudaStream s = owner.own(stream, "graph launch");
        if (closed || exec == null || !current.isCurrent(Map.of())) return;
        for (Map.Entry<BackendBuffer, BackendBuffer> e : standIns.entrySet()) {
            owner.copy(s, e.getKey(), 0, e.getValue(), 0, savedBytes(e));
        }
        launches.run();
        for (Map.Entry<BackendBuffer, BackendBuffer> e : standIns.entrySet()) {
            owner.copy(s, e.getValue(), 0, e.getKey(), 0, savedBytes(e));
        }
    }

    private static long savedBytes(Map.Entry<BackendBuffer, BackendBuffer> input) {
        return Math.min(input.getKey().size(), input.getValue().size());
    }

    private void rebind(Map<BackendBuffer, BackendBuffer> target) {
        for (Map.Entry<BackendBuffer, BackendBuffer> e : target.entrySet()) {
            if (!(e.getValue() instanceof CudaBuffer b) || b.owner != owner || !(e.getKey() instanceof CudaBuffer)) {
                throw new DeviceException(
                        owner.id() + " graph launch: " + e.getValue() + " is not a buffer of this device");
            }
        }
        if (nodes == null) nodes = CudaRebinding.read(owner, graph, recorded);
        if (nodes.foreign != null && !target.isEmpty()) {
            throw new CaptureException("Graph.launch(bindings): the graph holds work whose arrays ndgpu cannot move ("
                    + nodes.foreign + "; cuBLAS, cuFFT and NCCL calls record work whose arguments only the library"
                    + " knows); copy new data into the arrays the graph binds with Nd.copyto instead");
        }
        if (nodes.foreign == null) CudaRebinding.rebind(owner, exec, nodes, target, current.now());
        current.set(target);
    }

    /** Destroys the executable graph and the graph; a launch in flight finishes first (the driver frees it after). */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        if (nodes != null) nodes.arena.close();
        if (exec == null || owner.fault() != null || owner.isClosed()) return; // nothing, or gone with the context
        owner.enter("destroy a graph");
        owner.check(CudaDriverGraphs.cuGraphExecDestroy(exec), "destroy an executable graph");
        owner.check(CudaDriverGraphs.cuGraphDestroy(graph), "destroy a graph");
    }
}
