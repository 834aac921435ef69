package org.ndgpu.ndarray;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.device.Allocation;
import org.ndgpu.device.Capture;
import org.ndgpu.device.Device;
import org.ndgpu.device.DeviceArray;
import org.ndgpu.device.Event;
import org.ndgpu.device.Graph;
import org.ndgpu.device.GraphInputs;
import org.ndgpu.device.Stream;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.CaptureException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.spi.CaptureFuser;
import org.ndgpu.spi.Providers;

/**
 * {@code Nd.capture}: runs a body once with its device's work captured ({@link Capture}) and
 * returns the {@link Graph}, noting meanwhile which arrays the body uses that it did not make:
 * those the graph binds by reference, and checks at each launch.
 *
 * <p>An array counts as made by the body when it was created on this thread during the capture
 * (views included: a view the body makes of an outside array and closes is not an input). An array
 * counts as used when an operation checks that it is open ({@link NDArray#live}), which every
 * operation does for its operands, and a view for its base.
 *
 * <p>A capture inside a {@link Scope}: the arrays the body makes are the scope's, as every array
 * made on the thread while it is open, and released when it closes unless kept; their memory stays
 * the graph's until the graph closes ({@code GraphMemory}), so no replay ever writes memory the
 * pool handed out again. The {@link Graph} is not the scope's: it is closed by its own close(), as
 * a Stream is.
 */
public final class Captures {
    private Captures() {}

    // captures in progress on all threads: while 0, NDArray's hooks do nothing more than read this
    static volatile int active;
    private static final ThreadLocal<Tracker> TRACKER = new ThreadLocal<>();

    /** The arrays of one capture: those it made, and the others it used (in first-use order). */
    private static final class Tracker {
        final Device device;
        final Set<NDArray> made = Collections.newSetFromMap(new IdentityHashMap<>());
        final Set<NDArray> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        final List<NDArray> inputs = new ArrayList<>();
        // a kernel of the user's own, whose reads nothing bounds (RawKernel, JavaKernel), was captured
        boolean unchecked;

        Tracker(Device device) {
            this.device = device;
        }
    }

    /**
     * Captures the device work {@code body} issues on the current device into a graph, running
     * none of it. When the body throws, the capture is discarded and the body's exception is
     * thrown; a CaptureException (work that cannot be captured) is thrown again naming the public
     * call that issued it.
     */
    public static Graph capture(Runnable body) {
        return capture(body, null);
    }

    /**
     * {@link #capture(Runnable)}, with the body's ufuncs and reductions going to the fuser
     * {@code fuser} makes for the capture's device (null: none, every operation recorded as its own
     * kernels), which joins chains of elementwise work into single kernels ({@link CaptureFuser}).
     */
    public static Graph capture(Runnable body, Function<Device, CaptureFuser> fuser) {
        Objects.requireNonNull(body, "capture: body is null");
        Capture capture;
        try {
            capture = Capture.begin(Device.current());
        } catch (CaptureException e) {
            // a nested capture: the outer capture's body names the call
            if (Capture.current() != null) throw e;
            throw new CaptureException("Nd.capture: " + e.getMessage(), e);
        }
        Tracker t = new Tracker(capture.device());
        TRACKER.set(t);
        changeActive(1);
        try {
            if (fuser != null) Providers.fuseOnThisThread(fuser.apply(capture.device()));
            body.run();
        } catch (Throwable e) {
            Providers.fuseOnThisThread(null);
            stopTracking();
            Throwable thrown = e instanceof CaptureException c ? named(c) : e;
            try {
                capture.abort();
            } catch (RuntimeException | Error cleanup) {
                thrown.addSuppressed(cleanup);
            }
            throw rethrow(thrown);
        }
        Providers.fuseOnThisThread(null);
        stopTracking();
        NDArray[] inputs = t.inputs.toArray(NDArray[]::new);
        try {
            Graph graph = capture.end(new Bound(capture.device(), inputs, !t.unchecked));
            try {
                warmLaunchPath(capture.device());
            } catch (RuntimeException | Error e) {
                graph.close();
                throw e;
            }
            return graph;
        } catch (NdException e) {
            // the driver found something wrong only at the end (CUDA: a call that invalidated the capture)
            throw new CaptureException(
                    "Nd.capture: the captured work could not be made into a graph: " + e.getMessage()
                            + "; the capture was discarded",
                    e);
        }
    }

    /**
     * A second reference to {@code a}'s memory, of its dtype and geometry and in no scope: what a
     * capture's fuser reads or writes when it enqueues the work it held back, whatever the body has
     * closed meanwhile. The fuser closes it after.
     */
    public static NDArray hold(NDArray a) {
        return Scope.unscoped(
                () -> NDArray.of(a.allocation(), a.dtype(), a.shape(), a.strides(), a.offset(), !a.isWriteable()));
    }

    /** True when {@code held} ({@link #hold}) is the last reference to its memory: nothing else can read it. */
    public static boolean soleHolder(NDArray held) {
        return held.allocation().references() == 1;
    }

    /** The memory {@code a} views, by identity: whether an operand is a view of an array a fuser holds back. */
    public static Object memoryOf(NDArray a) {
        return a.allocation();
    }

    // devices on which a graph was launched once: the process's first launch of any graph pays one-time
    // costs (the driver's, the foreign calls' linkage) that a user's first replay should not
    private static final Set<Device> LAUNCHED = ConcurrentHashMap.newKeySet();

    /** Once per device, captures and launches a graph of one fill of one scratch byte. */
    private static void warmLaunchPath(Device device) {
        if (!LAUNCHED.add(device)) return;
        try (NDArray scratch = Scope.unscoped(() -> NDArray.empty(device, DType.UINT8, new long[] {1}, Order.C))) {
            Capture c = Capture.begin(device);
            try {
                device.backend()
                        .fill(device.currentStream().backendStream(), scratch.buffer(), scratch.offset(), 1, (byte) 0);
            } catch (RuntimeException | Error e) {
                c.abort();
                throw e;
            }
            try (Graph g = c.end(GraphInputs.NONE)) {
                g.launch();
            }
        }
    }

    /**
     * Called by the kernels whose reads and writes nothing bounds (RawKernel, JavaKernel) as they
     * launch: a graph they were captured into is not launched on zero-filled stand-ins at capture
     * ({@link GraphInputs#standIns}), since zeros in their inputs could send them out of bounds.
     */
    public static void uncheckedKernel() {
        if (active == 0) return;
        Tracker t = TRACKER.get();
        if (t != null) t.unchecked = true;
    }

    // the most input memory a graph is launched on stand-ins for at capture: the first launch's cost
    // matters for small steps, and stand-ins for large inputs would cost memory and device time
    private static final long PRIME_BYTES = 16L << 20;

    private static void stopTracking() {
        TRACKER.remove();
        changeActive(-1);
    }

    private static synchronized void changeActive(int by) {
        active += by;
    }

    /** NDArray's constructor, while a capture is in progress: the array is the body's own. */
    static void made(NDArray a) {
        Tracker t = TRACKER.get();
        if (t != null) t.made.add(a);
    }

    /** NDArray.live, while a capture is in progress: an array not made by the body is an input. */
    static NDArray used(NDArray a) {
        Tracker t = TRACKER.get();
        if (t == null || t.made.contains(a)) return a;
        if (a.device() != t.device) {
            throw new CaptureException("an array on " + a.device().id() + " inside a capture on " + t.device.id()
                    + ": a captured body uses arrays of its own device only");
        }
        if (t.seen.add(a)) t.inputs.add(a);
        return a;
    }

    /** The arrays a graph binds: checked at each launch (one volatile read each), replaced by launch(bindings). */
    private static final class Bound implements GraphInputs {
        private final Device device;
        private final NDArray[] inputs;
        private final boolean primable;

        Bound(Device device, NDArray[] inputs, boolean primable) {
            this.device = device;
            this.inputs = inputs;
            this.primable = primable;
        }

        @Override
        public int count() {
            return inputs.length;
        }

        // one zero-filled block per distinct input memory, of its size: views of one array share theirs
        @Override
        public StandIns standIns() {
            if (!primable) return null;
            IdentityHashMap<BackendBuffer, Long> sizes = new IdentityHashMap<>();
            long bytes = 0;
            for (NDArray a : inputs) {
                Allocation m = a.allocation();
                if (sizes.put(m.buffer(), m.bytes()) == null) bytes += m.bytes();
            }
            if (bytes > PRIME_BYTES) return null;
            List<NDArray> made = new ArrayList<>();
            IdentityHashMap<BackendBuffer, BackendBuffer> buffers = new IdentityHashMap<>();
            StandIns standIns = new StandIns() {
                @Override
                public Map<BackendBuffer, BackendBuffer> buffers() {
                    return buffers;
                }

                @Override
                public void close() {
                    for (NDArray m : made) m.close();
                }
            };
            try {
                for (Map.Entry<BackendBuffer, Long> e : sizes.entrySet()) {
                    long size = Math.max(e.getValue(), 1);
                    NDArray z = Scope.unscoped(() -> NDArray.empty(device, DType.UINT8, new long[] {size}, Order.C));
                    made.add(z);
                    device.backend().fill(device.currentStream().backendStream(), z.buffer(), 0, size, (byte) 0);
                    buffers.put(e.getKey(), z.buffer());
                }
            } catch (RuntimeException | Error e) {
                standIns.close();
                throw e;
            }
            return standIns;
        }

        @Override
        public Map<BackendBuffer, BackendBuffer> check(Map<? extends DeviceArray, ? extends DeviceArray> bindings) {
            if (bindings.isEmpty()) {
                for (NDArray a : inputs) if (a.isClosed()) throw closed(a);
                return Map.of();
            }
            IdentityHashMap<BackendBuffer, BackendBuffer> rebound = new IdentityHashMap<>();
            Set<NDArray> replaced = Collections.newSetFromMap(new IdentityHashMap<>());
            // raw types can bring in anything: each entry is checked as objects first
            for (Map.Entry<?, ?> e : bindings.entrySet()) {
                if (!(e.getKey() instanceof NDArray from) || !(e.getValue() instanceof NDArray to)) {
                    throw new CaptureException("Graph.launch(bindings): expected a map from NDArray to NDArray; given"
                            + " an entry " + kind(e.getKey()) + " -> " + kind(e.getValue()));
                }
                if (!isInput(from)) {
                    throw new CaptureException("Graph.launch(bindings): the array " + describe(from)
                            + " is not one the graph binds: only arrays made outside the captured body and used in"
                            + " it can be replaced");
                }
                to.live("Graph.launch(bindings)");
                if (to.device() != device) {
                    throw new DeviceException("Graph.launch(bindings): the replacement for " + describe(from)
                            + " is on " + to.device().id() + "; the graph runs on " + device.id());
                }
                if (to.dtype() != from.dtype()) {
                    throw new DTypeException("Graph.launch(bindings): the replacement for " + describe(from)
                            + " has dtype " + to.dtype() + "; expected " + from.dtype());
                }
                if (!java.util.Arrays.equals(to.shape(), from.shape())
                        || !java.util.Arrays.equals(to.strides(), from.strides())
                        || to.offset() != from.offset()) {
                    throw new ShapeException("Graph.launch(bindings): the replacement for " + describe(from)
                            + " has shape " + Shapes.str(to.shape()) + ", strides "
                            + java.util.Arrays.toString(to.strides()) + " and offset " + to.offset() + "; expected"
                            + " the same layout as the array it replaces: shape " + Shapes.str(from.shape())
                            + ", strides " + java.util.Arrays.toString(from.strides()) + ", offset " + from.offset());
                }
                BackendBuffer old = from.allocation().buffer(),
                        now = to.allocation().buffer();
                BackendBuffer before = rebound.put(old, now);
                if (before != null && before != now) {
                    throw new CaptureException("Graph.launch(bindings): " + describe(from) + " shares its memory"
                            + " with another bound array that is given a different replacement's memory");
                }
                replaced.add(from);
            }
            for (NDArray a : inputs) {
                if (replaced.contains(a)) continue;
                if (rebound.containsKey(a.allocation().buffer())) {
                    throw new CaptureException("Graph.launch(bindings): the array " + describe(a) + " that the graph"
                            + " binds views the same memory as a replaced array; replace it too, or bind arrays that"
                            + " own their memory");
                }
                if (a.isClosed()) throw closed(a);
            }
            return rebound;
        }

        private boolean isInput(NDArray a) {
            for (NDArray i : inputs) if (i == a) return true;
            return false;
        }
    }

    private static String kind(Object o) {
        return o == null ? "null" : o.getClass().getSimpleName();
    }

    private static String describe(NDArray a) {
        return a.dtype() + Shapes.str(a.shape());
    }

    private static ArrayClosedException closed(NDArray a) {
        Scope s = a.scope();
        return new ArrayClosedException("Graph.launch: the array " + describe(a)
                + " that the graph binds (made outside the captured body) was "
                + (s != null && s.closed ? "released when its " + s + " closed" : "closed")
                + "; keep it open while the graph is launched, or capture the work again");
    }

    /** {@code e} again, its message naming the public call in the body that issued the refused work. */
    private static CaptureException named(CaptureException e) {
        String call = publicCall(e.getStackTrace());
        return new CaptureException(
                "Nd.capture: " + (call != null ? call + " cannot be captured: " : "") + e.getMessage()
                        + "; the capture was discarded",
                e);
    }

    private static final Set<String> PUBLIC =
            Set.of(NDArray.class.getName(), Stream.class.getName(), Device.class.getName(), Event.class.getName());

    // the outermost frame of the public API (Nd, NDArray, Stream, Device, Event) inside the body: below
    // the outermost frame of this class (a refused nested capture has an inner one too)
    private static String publicCall(StackTraceElement[] trace) {
        int end = trace.length;
        while (end > 0 && !trace[end - 1].getClassName().equals(Captures.class.getName())) end--;
        String found = null;
        for (int i = 0; i < end - 1; i++) {
            String c = trace[i].getClassName();
            boolean facade = c.startsWith("org.ndgpu.") && c.indexOf('.', "org.ndgpu.".length()) < 0;
            if (facade || PUBLIC.contains(c))
                found = c.substring(c.lastIndexOf('.') + 1) + "." + trace[i].getMethodName();
        }
        return found;
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> RuntimeException rethrow(Throwable t) throws T {
        throw (T) t;
    }
}
