package org.ndgpu.device;

import java.lang.ref.Cleaner;
import org.ndgpu.backend.BackendGraph;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.exceptions.DeviceException;

/**
 * A step of device work captured once and launched again and again, as a CUDA graph: what
 * {@code Nd.capture(body)} returns. Each {@link #launch()} runs what one eager run of the body would
 * have run, for about the host cost of one launch (CUDA: one cuGraphLaunch; OpenCL: the recorded
 * enqueues, nothing planned or packed again).
 *
 * <pre>{@code
 * NDArray x = Nd.zeros(DType.FLOAT32, 1024), y = Nd.zeros(DType.FLOAT32, 1024);
 * NDArray[] out = new NDArray[1];
 * try (Graph step = Nd.capture(() -> out[0] = x.mul(2).add(y).exp().sum())) {  // nothing runs yet
 *     for (float[] batch : batches) {
 *         Nd.copyto(x, Nd.array(batch));   // new data into the array the graph reads
 *         step.launch();                   // out[0] holds this batch's result
 *         System.out.println(out[0].item());
 *     }
 * }
 * }</pre>
 *
 * <ul>
 * <li>Arrays made inside the body belong to the graph: every launch writes the same memory again
 *     (read results from the arrays the body kept, as {@code out[0]} above). Their memory stays the
 *     graph's until {@link #close()}, even when the body or the caller closes them.</li>
 * <li>Arrays from outside the body are bound by reference: write new data into them between
 *     launches. A launch after one of them was closed is an ArrayClosedException.</li>
 * <li>Launches from several threads are serialized: each runs after the previous one, on the device
 *     too, whichever stream it is launched on.</li>
 * </ul>
 */
public final class Graph implements AutoCloseable {
    private final Device device;
    private final Runnable checkInputs;
    private final int inputs;
    private final Release release;
    private final Cleaner.Cleanable cleanable;
    private volatile boolean closed;

    Graph(Device device, BackendGraph graph, GraphMemory memory, Runnable checkInputs, int inputs) {
        this.device = device;
        this.checkInputs = checkInputs;
        this.inputs = inputs;
        this.release = new Release(device, graph, memory);
        this.cleanable = Allocation.CLEANER.register(this, release);
    }

    /**
     * What close() frees, also run by the Cleaner for a graph dropped without close(): nobody can
     * launch it any more. Must not reference the Graph, or it would never become unreachable.
     */
    private static final class Release implements Runnable {
        private final Device device;
        private final BackendGraph graph;
        private final GraphMemory memory;
        // the stream of the last launch, on which the graph's blocks were last used
        private volatile BackendStream last;

        Release(Device device, BackendGraph graph, GraphMemory memory) {
            this.device = device;
            this.graph = graph;
            this.memory = memory;
        }

        @Override
        public void run() {
            BackendStream s = last;
            try {
                graph.close();
            } finally {
                device.memoryPool()
                        .graphClosed(
                                memory, s != null ? s : device.defaultStream().backendStream());
            }
        }
    }

    /**
     * Enqueues the captured work on the current stream of the graph's device, after the work
     * already queued there; returns without waiting for it, as an eager operation does. Refused with
     * an ArrayClosedException when an array from outside the body that the graph binds was closed,
     * and with a DeviceException after {@link #close()}.
     */
    public synchronized void launch() {
        if (closed) {
            throw new DeviceException("Graph.launch: the graph on " + device.id()
                    + " was closed; capture the work again with Nd.capture");
        }
        checkInputs.run();
        BackendStream s = device.currentStream().backendStream();
        release.graph.launch(s);
        release.last = s;
    }

    /** The device whose work the graph runs. */
    public Device device() {
        return device;
    }

    /** True after close(). */
    public boolean isClosed() {
        return closed;
    }

    /**
     * Releases the graph and the memory it owns (the arrays made inside its body; those still open
     * stay usable, as ordinary arrays). Launches already queued still run. Idempotent. A graph
     * dropped without close() is released when the collector finds it unreachable.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) return;
            closed = true;
        }
        cleanable.clean();
    }

    /** "Graph(opencl:0, 2 input arrays)". */
    @Override
    public String toString() {
        return "Graph(" + device.id() + ", " + inputs + " input array" + (inputs == 1 ? "" : "s")
                + (closed ? ", closed" : "") + ")";
    }
}
