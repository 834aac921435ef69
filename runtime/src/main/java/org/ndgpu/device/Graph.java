package org.ndgpu.device;

import java.lang.ref.Cleaner;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendGraph;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.CaptureException;
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
 *     launches, or launch with other arrays in their place ({@link #launch(Map)}). A launch after one
 *     of them was closed is an ArrayClosedException.</li>
 * <li>Launches from several threads are serialized: each runs after the previous one, on the device
 *     too, whichever stream it is launched on.</li>
 * </ul>
 */
public final class Graph implements AutoCloseable {
    private final Device device;
    private final GraphInputs inputs;
    // the graph's own memory: no binding may put one of its blocks in an input's place
    private final Set<BackendBuffer> owned = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Release release;
    private final Cleaner.Cleanable cleanable;
    private volatile boolean closed;

    Graph(Device device, BackendGraph graph, GraphMemory memory, GraphInputs inputs) {
        this.device = device;
        this.inputs = inputs;
        for (MemoryPool.Block b : memory.owned) owned.add(b.buffer);
        this.release = new Release(device, graph, memory);
        this.cleanable = Allocation.CLEANER.register(this, release);
    }

    // the capture's own launches (BackendGraph.prime), which leave the inputs as they were: a graph
    // with a vendor library's work or a raw kernel, or large inputs, is launched first by its user
    void prime() {
        // an input the body closed: no priming, as launch() would refuse it (and will at every launch)
        try {
            inputs.checkOpen();
        } catch (ArrayClosedException e) {
            return;
        }
        try (GraphInputs.StandIns s = inputs.standIns()) {
            if (s == null) return;
            BackendStream stream = device.currentStream().backendStream();
            // through launch() itself: the first real launch meets no call the capture did not make
            release.graph.prime(stream, s.buffers(), () -> {
                launch();
                launch();
                compileReplayLoop();
            });
        } catch (CaptureException e) {
            // not primed
        }
    }

    // Replays the JVM's first primed graphs may run to have the JIT compile a replay loop's calls
    private static final AtomicInteger REPLAY_LOOP_WARM_UPS = new AtomicInteger(2048);
    // at most this long of one capture's time
    private static final long REPLAY_LOOP_WARM_UP_NANOS = 40_000_000L;

    /**
     * In a fresh JVM the interpreter runs launch() and the wait after it, and its work costs more
     * than the launch itself: the first replays would cost several warm ones. So the JVM's first
     * primed graphs run a replay loop's calls (launch, synchronize) until the JIT has seen them often
     * enough to compile them (HotSpot's C1 takes a method after some 200 calls), within a bound of
     * the capture's time, which a graph of long launches reaches first (and gains nothing from it).
     * Runs inside the priming, between the inputs' save and their restore: nothing the program sees
     * changes.
     */
    private void compileReplayLoop() {
        if (REPLAY_LOOP_WARM_UPS.get() <= 0) return;
        long start = System.nanoTime();
        while (System.nanoTime() - start < REPLAY_LOOP_WARM_UP_NANOS && REPLAY_LOOP_WARM_UPS.getAndDecrement() > 0) {
            launch();
            device.synchronize();
        }
    }

    // tests: the replays the next primed graphs may run for the JIT, and those left
    static void replayLoopWarmUps(int n) {
        REPLAY_LOOP_WARM_UPS.set(n);
    }

    static int replayLoopWarmUpsLeft() {
        return Math.max(0, REPLAY_LOOP_WARM_UPS.get());
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
        live("Graph.launch");
        inputs.checkOpen();
        BackendStream s = device.currentStream().backendStream();
        release.graph.launch(s);
        release.last = s;
    }

    /**
     * {@link #launch()} with other arrays in the place of some it binds, for this launch only: each
     * key of {@code bindings} is an array from outside the body that the body used, and its value an
     * array of the same dtype, shape, strides and offset on the same device, which this launch reads
     * and writes instead, as if the body had been given it. CUDA patches the recorded kernels' and
     * copies' pointers in the executable graph (cuGraphExec*NodeSetParams), OpenCL sets the recorded
     * kernels' arguments: no capture again, no copy.
     *
     * <pre>{@code
     * try (Graph step = Nd.capture(() -> Nd.copyto(out, x.mul(2).add(1)))) {
     *     for (int i = 0; i < xs.length; i++) step.launch(Map.of(x, xs[i], out, outs[i]));
     * }
     * }</pre>
     *
     * Refused with a CaptureException when the graph holds work whose arguments ndgpu did not record
     * (a vendor library's: cuBLAS, cuFFT, NCCL) and so cannot move, and with an NdException naming the
     * binding for a key the graph does not bind, a value of another layout or device, a closed value,
     * or one of the graph's own arrays. The inputs not replaced must be open, as for launch().
     */
    public synchronized void launch(Map<? extends DeviceArray, ? extends DeviceArray> bindings) {
        if (bindings == null)
            throw new CaptureException("Graph.launch(bindings): bindings is null; expected a map of arrays");
        live("Graph.launch(bindings)");
        Map<BackendBuffer, BackendBuffer> rebound = inputs.check(bindings);
        for (BackendBuffer b : rebound.values()) {
            if (owned.contains(b)) {
                throw new CaptureException("Graph.launch(bindings): a replacement array is one the graph made (its"
                        + " memory is written by every launch); bind an array made outside the captured body");
            }
        }
        BackendStream s = device.currentStream().backendStream();
        release.graph.launch(s, rebound);
        release.last = s;
    }

    private void live(String op) {
        if (closed) {
            throw new DeviceException(
                    op + ": the graph on " + device.id() + " was closed; capture the work again with Nd.capture");
        }
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
        int n = inputs.count();
        return "Graph(" + device.id() + ", " + n + " input array" + (n == 1 ? "" : "s") + (closed ? ", closed" : "")
                + ")";
    }
}
