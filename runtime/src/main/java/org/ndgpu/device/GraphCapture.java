package org.ndgpu.device;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.exceptions.CaptureException;
import org.ndgpu.exceptions.NdException;

/**
 * {@code Nd.capture}'s driver: runs a body once with its device's work captured ({@link Capture})
 * and returns the {@link Graph}, noting meanwhile which arrays the body uses that it did not make:
 * those the graph binds by reference, and checks at each launch.
 *
 * <p>An array counts as made by the body when it was created on this thread during the capture
 * (views included: a view the body makes of an outside array and closes is not an input). An array
 * counts as used when an operation checks that it is open, which every operation does for its
 * operands, and a view for its base. The array module reports both ({@link #made}, {@link #used}) and
 * makes the {@link GraphInputs} of the arrays used ({@link Binder}), as only it knows their dtypes and
 * layouts ({@code org.ndgpu.ndarray.Captures}).
 */
public final class GraphCapture {
    private GraphCapture() {}

    private static final ThreadLocal<Tracker> TRACKER = new ThreadLocal<>();

    /** The arrays of one capture: those it made, and the others it used (in first-use order). */
    private static final class Tracker {
        final Device device;
        final Set<DeviceArray> made = Collections.newSetFromMap(new IdentityHashMap<>());
        final Set<DeviceArray> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        final List<DeviceArray> inputs = new ArrayList<>();
        // a kernel of the user's own, whose reads nothing bounds (RawKernel, JavaKernel), was captured
        boolean unchecked;

        Tracker(Device device) {
            this.device = device;
        }
    }

    /** Makes the inputs a graph binds from the arrays its body used: the array module's, which knows them. */
    @FunctionalInterface
    public interface Binder {
        /**
         * The graph's inputs on {@code device}: {@code inputs} are the arrays from outside the body
         * that it used, in first-use order; {@code primable} is false when the graph holds a kernel
         * whose reads nothing bounds, and must then not be launched on stand-ins
         * ({@link GraphInputs#standIns}).
         */
        GraphInputs bind(Device device, DeviceArray[] inputs, boolean primable);
    }

    /**
     * Captures the device work {@code body} issues on the current device into a graph, running none
     * of it, and binds the arrays it used by {@code binder}. When the body throws, the capture is
     * discarded and the body's exception is thrown; a CaptureException (work that cannot be captured)
     * is thrown again naming the public call that issued it: a method of {@code arrays}, of
     * {@link Stream}, {@link Device} or {@link Event}, or of the facade.
     */
    public static Graph capture(Runnable body, Class<? extends DeviceArray> arrays, Binder binder) {
        // before the capture, not after its end: the end primes the graph through its own launch path,
        // and the user's first launch should follow that, not another graph's launch and release
        if (Capture.current() == null) warm(Device.current());
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
        try {
            body.run();
        } catch (Throwable e) {
            TRACKER.remove();
            Throwable thrown = e instanceof CaptureException c ? named(c, arrays) : e;
            try {
                capture.abort();
            } catch (RuntimeException | Error cleanup) {
                thrown.addSuppressed(cleanup);
            }
            throw rethrow(thrown);
        }
        TRACKER.remove();
        DeviceArray[] inputs = t.inputs.toArray(DeviceArray[]::new);
        try {
            return capture.end(binder.bind(capture.device(), inputs, !t.unchecked));
        } catch (NdException e) {
            // the driver found something wrong only at the end (CUDA: a call that invalidated the capture)
            throw new CaptureException(
                    "Nd.capture: the captured work could not be made into a graph: " + e.getMessage()
                            + "; the capture was discarded",
                    e);
        }
    }

    // devices on which a graph was launched once: the process's first launch of any graph pays one-time
    // costs (the driver's, the foreign calls' linkage) that a user's first replay should not
    private static final Set<Device> LAUNCHED = ConcurrentHashMap.newKeySet();

    private static void warm(Device device) {
        try {
            warmLaunchPath(device);
        } catch (NdException e) {
            throw new CaptureException(
                    "Nd.capture: the captured work could not be made into a graph: " + e.getMessage()
                            + "; the capture was discarded",
                    e);
        }
    }

    /** Once per device, captures and launches a graph of one fill of one scratch byte. */
    private static void warmLaunchPath(Device device) {
        if (!LAUNCHED.add(device)) return;
        Object owner = new Object();
        Cleaner.Cleanable scratch = null;
        try {
            Allocation memory = Allocation.allocate(device, 1);
            scratch = memory.retain(owner);
            Capture c = Capture.begin(device);
            try {
                device.backend().fill(device.currentStream().backendStream(), memory.buffer(), 0, 1, (byte) 0);
            } catch (RuntimeException | Error e) {
                c.abort();
                throw e;
            }
            try (Graph g = c.end(GraphInputs.NONE)) {
                g.launch();
            }
        } finally {
            if (scratch != null) scratch.clean();
            Reference.reachabilityFence(owner);
        }
    }

    /**
     * Called by the kernels whose reads and writes nothing bounds (RawKernel, JavaKernel) as they
     * launch: a graph they were captured into is not launched at capture
     * ({@link GraphInputs#standIns}), since what their inputs hold before the user's first launch
     * could send them out of bounds.
     */
    public static void uncheckedKernel() {
        Tracker t = TRACKER.get();
        if (t != null) t.unchecked = true;
    }

    /** The array module, as it makes an array while a capture is in progress: the array is the body's own. */
    public static void made(DeviceArray a) {
        Tracker t = TRACKER.get();
        if (t != null) t.made.add(a);
    }

    /** The array module, as it checks that an array is open while a capture is in progress: one not made by the body is an input. */
    public static void used(DeviceArray a) {
        Tracker t = TRACKER.get();
        if (t == null || t.made.contains(a)) return;
        if (a.device() != t.device) {
            throw new CaptureException("an array on " + a.device().id() + " inside a capture on " + t.device.id()
                    + ": a captured body uses arrays of its own device only");
        }
        if (t.seen.add(a)) t.inputs.add(a);
    }

    // the most input memory a graph is launched on stand-ins for at capture: the first launch's cost
    // matters for small steps, and stand-ins for large inputs would cost memory and device time
    private static final long PRIME_BYTES = 16L << 20;

    /**
     * For a {@link Binder}'s {@link GraphInputs#standIns}: one zero-filled block on {@code device} per
     * distinct memory of {@code memories} (views of one array share theirs), of its size, or null
     * when together they are too large to be worth a launch at capture.
     */
    public static GraphInputs.StandIns standIns(Device device, List<Allocation> memories) {
        IdentityHashMap<BackendBuffer, Long> sizes = new IdentityHashMap<>();
        long bytes = 0;
        for (Allocation m : memories) {
            if (sizes.put(m.buffer(), m.bytes()) == null) bytes += m.bytes();
        }
        if (bytes > PRIME_BYTES) return null;
        Object owner = new Object();
        List<Cleaner.Cleanable> made = new ArrayList<>();
        IdentityHashMap<BackendBuffer, BackendBuffer> buffers = new IdentityHashMap<>();
        GraphInputs.StandIns standIns = new GraphInputs.StandIns() {
            @Override
            public Map<BackendBuffer, BackendBuffer> buffers() {
                return buffers;
            }

            @Override
            public void close() {
                try {
                    for (Cleaner.Cleanable m : made) m.clean();
                } finally {
                    // the blocks are the owner's: it stays reachable until they are released
                    Reference.reachabilityFence(owner);
                }
            }
        };
        try {
            for (Map.Entry<BackendBuffer, Long> e : sizes.entrySet()) {
                long size = Math.max(e.getValue(), 1);
                Allocation z = Allocation.allocate(device, size);
                made.add(z.retain(owner));
                device.backend().fill(device.currentStream().backendStream(), z.buffer(), 0, size, (byte) 0);
                buffers.put(e.getKey(), z.buffer());
            }
        } catch (RuntimeException | Error e) {
            standIns.close();
            throw e;
        }
        return standIns;
    }

    /** {@code e} again, its message naming the public call in the body that issued the refused work. */
    private static CaptureException named(CaptureException e, Class<?> arrays) {
        String call = publicCall(e.getStackTrace(), arrays);
        return new CaptureException(
                "Nd.capture: " + (call != null ? call + " cannot be captured: " : "") + e.getMessage()
                        + "; the capture was discarded",
                e);
    }

    // the outermost frame of the public API (Nd, the arrays, Stream, Device, Event) inside the body: below
    // the outermost frame of this class (a refused nested capture has an inner one too)
    private static String publicCall(StackTraceElement[] trace, Class<?> arrays) {
        Set<String> published =
                Set.of(arrays.getName(), Stream.class.getName(), Device.class.getName(), Event.class.getName());
        int end = trace.length;
        while (end > 0 && !trace[end - 1].getClassName().equals(GraphCapture.class.getName())) end--;
        String found = null;
        for (int i = 0; i < end - 1; i++) {
            String c = trace[i].getClassName();
            boolean facade = c.startsWith("org.ndgpu.") && c.indexOf('.', "org.ndgpu.".length()) < 0;
            if (facade || published.contains(c))
                found = c.substring(c.lastIndexOf('.') + 1) + "." + trace[i].getMethodName();
        }
        return found;
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> RuntimeException rethrow(Throwable t) throws T {
        throw (T) t;
    }
}
