package org.ndgpu.device;

import java.util.Objects;
import org.ndgpu.backend.BackendGraph;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.exceptions.CaptureException;

/**
 * A capture in progress on one thread, at the device's level: the capture's own stream (the
 * backend's {@link org.ndgpu.backend.Backend#beginCapture}), current on its device in this thread
 * while the body runs, and the pool blocks allocated on it, which become the graph's.
 * {@code Nd.capture} drives it ({@link GraphCapture}); users see only {@link Graph}.
 *
 * <p>Why a stream of its own rather than the caller's current stream: the default stream is shared
 * by every thread, and on CUDA whatever any thread enqueued on a capturing stream would join the
 * graph. The capture's stream is this thread's alone, so another thread's work on the device runs as
 * usual meanwhile, and two threads may capture at once.
 *
 * <p>While it is in progress, work on any other stream from this thread (another stream made
 * current, another device) is refused ({@link #checkStream}): it would run at once, outside the graph.
 */
public final class Capture {
    // captures in progress on all threads: while 0, Stream.backendStream() checks nothing more
    static volatile int active;
    private static final ThreadLocal<Capture> CURRENT = new ThreadLocal<>();

    private final Device device;
    private final BackendStream backendStream;
    private final Stream stream;
    private final GraphMemory memory = new GraphMemory();
    private Device.Scope scope;
    private boolean ended;
    // work held back by the capture's ufunc fuser, enqueued before any other work reaches the stream
    private Runnable pending;

    private Capture(Device device, BackendStream backendStream) {
        this.device = device;
        this.backendStream = backendStream;
        this.stream = new Stream(device, backendStream, false);
    }

    /**
     * Begins capturing, on this thread, the work issued on {@code device} until {@link #end} or
     * {@link #abort}: the capture's stream becomes the device's current stream in this thread. A
     * capture already in progress on this thread is a CaptureException (captures do not nest).
     */
    public static Capture begin(Device device) {
        Objects.requireNonNull(device, "Capture.begin: device is null");
        Capture outer = CURRENT.get();
        if (outer != null) {
            throw new CaptureException("a capture is already in progress on this thread (on " + outer.device.id()
                    + "): captures do not nest; capture the inner work as a graph of its own, outside the body");
        }
        Capture c = new Capture(device, device.backend().beginCapture());
        device.memoryPool().captureBegan(c.backendStream, c.memory);
        CURRENT.set(c);
        changeActive(1);
        c.scope = device.useStream(c.stream);
        return c;
    }

    /** The capture in progress on this thread, or null. */
    public static Capture current() {
        return CURRENT.get();
    }

    /** The device whose work is captured. */
    public Device device() {
        return device;
    }

    /**
     * Has {@code enqueue} run once, on this thread, before the next work (launch, copy, fill, library
     * call) reaches the capture's stream, and before the capture ends: how a fuser holds back
     * elementwise work to join it with what follows, yet keeps the stream's order. Replaces the hook set
     * before; {@link #abort} drops it unrun.
     */
    public void beforeNextWork(Runnable enqueue) {
        pending = Objects.requireNonNull(enqueue, "beforeNextWork: enqueue is null");
    }

    /**
     * Ends the capture and returns its graph, whose launches first check {@code inputs}, the arrays
     * from outside the body that it binds. When the backend cannot make the graph, its exception is thrown and the capture is
     * discarded as by {@link #abort}.
     */
    public Graph end(GraphInputs inputs) {
        Objects.requireNonNull(inputs, "Capture.end: inputs is null");
        BackendGraph graph;
        try {
            runPending();
            graph = finish();
        } catch (RuntimeException | Error e) {
            device.memoryPool().graphClosed(memory, device.defaultStream().backendStream());
            throw e;
        }
        Graph g = new Graph(device, graph, memory, inputs);
        try {
            g.prime();
        } catch (RuntimeException | Error e) {
            g.close();
            throw e;
        }
        return g;
    }

    /**
     * Discards the capture: nothing recorded runs, the stream is released, and the blocks allocated
     * in it return to the pool as their arrays are closed. A failure of the backend's own end is
     * thrown only after all that.
     */
    public void abort() {
        pending = null;
        BackendGraph graph = null;
        try {
            graph = finish();
        } finally {
            try {
                if (graph != null) graph.close();
            } finally {
                device.memoryPool().graphClosed(memory, device.defaultStream().backendStream());
            }
        }
    }

    // leaves the capture on this thread's side first, so that whatever the backend throws, no state is left behind
    private BackendGraph finish() {
        if (ended) throw new IllegalStateException("Capture: already ended");
        ended = true;
        scope.close();
        CURRENT.remove();
        changeActive(-1);
        device.memoryPool().captureEnded(backendStream);
        stream.captureEnded();
        return device.backend().endCapture(backendStream);
    }

    // cleared first: the held-back work reaches the stream itself, which must not run it again
    private void runPending() {
        Runnable p = pending;
        pending = null;
        if (p != null) p.run();
    }

    private static synchronized void changeActive(int by) {
        active += by;
    }

    /**
     * Refuses work on {@code s} from a thread whose capture is on another stream: that work would
     * run at once, not in the graph. Called by {@link Stream#backendStream()} while any capture is in
     * progress; {@code work} is false for an allocation, which enqueues nothing, true for everything else.
     */
    static void checkStream(Stream s, boolean work) {
        Capture c = CURRENT.get();
        if (c == null) return;
        if (c.stream == s) {
            if (work && c.pending != null) c.runPending();
            return;
        }
        throw new CaptureException("work on " + s + " inside a capture on " + c.device.id()
                + ": a captured body records the work of its own device's current stream only (another device,"
                + " or a stream made current inside the body, would run at once, outside the graph)");
    }
}
