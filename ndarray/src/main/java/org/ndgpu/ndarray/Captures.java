package org.ndgpu.ndarray;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.device.Allocation;
import org.ndgpu.device.Capture;
import org.ndgpu.device.Device;
import org.ndgpu.device.DeviceArray;
import org.ndgpu.device.Graph;
import org.ndgpu.device.GraphCapture;
import org.ndgpu.device.GraphInputs;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.CaptureException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.spi.CaptureFuser;
import org.ndgpu.spi.Providers;

/**
 * {@code Nd.capture} on arrays: the runtime's {@link GraphCapture} runs the body under a capture and
 * returns the {@link Graph}; this class tells it which arrays the body made and used (NDArray's hooks),
 * sends the body's ufuncs and reductions to the capture's fuser, and makes the graph's inputs, which
 * check at each launch that the arrays the graph binds are open and that a replacement has the dtype
 * and layout of the array it replaces.
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
        Runnable fused = fuser == null
                ? body
                : () -> {
                    Providers.fuseOnThisThread(fuser.apply(Capture.current().device()));
                    try {
                        body.run();
                    } finally {
                        Providers.fuseOnThisThread(null);
                    }
                };
        changeActive(1);
        try {
            return GraphCapture.capture(fused, NDArray.class, Bound::new);
        } finally {
            changeActive(-1);
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

    /**
     * Called by the kernels whose reads and writes nothing bounds (RawKernel, JavaKernel) as they
     * launch: a graph they were captured into is not launched at capture
     * ({@link GraphInputs#standIns}), since what their inputs hold before the user's first launch
     * could send them out of bounds.
     */
    public static void uncheckedKernel() {
        if (active != 0) GraphCapture.uncheckedKernel();
    }

    private static synchronized void changeActive(int by) {
        active += by;
    }

    /** NDArray's constructor, while a capture is in progress: the array is the body's own. */
    static void made(NDArray a) {
        GraphCapture.made(a);
    }

    /** NDArray.live, while a capture is in progress: an array not made by the body is an input. */
    static NDArray used(NDArray a) {
        GraphCapture.used(a);
        return a;
    }

    /** The arrays a graph binds: checked at each launch (one volatile read each), replaced by launch(bindings). */
    private static final class Bound implements GraphInputs {
        private final Device device;
        private final NDArray[] inputs;
        private final boolean primable;

        Bound(Device device, DeviceArray[] inputs, boolean primable) {
            this.device = device;
            this.inputs = Arrays.copyOf(inputs, inputs.length, NDArray[].class);
            this.primable = primable;
        }

        @Override
        public int count() {
            return inputs.length;
        }

        @Override
        public StandIns standIns() {
            if (!primable) return null;
            List<Allocation> memories = new ArrayList<>();
            for (NDArray a : inputs) memories.add(a.allocation());
            return GraphCapture.standIns(device, memories);
        }

        @Override
        public void checkOpen() {
            NDArray[] in = inputs;
            for (int i = 0; i < in.length; i++) if (in[i].isClosed()) throw closed(in[i]);
        }

        @Override
        public Map<BackendBuffer, BackendBuffer> check(Map<? extends DeviceArray, ? extends DeviceArray> bindings) {
            if (bindings.isEmpty()) {
                checkOpen();
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
}
