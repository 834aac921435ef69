package org.ndgpu.fuse;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.ndgpu.device.Capture;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.Captures;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.CaptureFuser;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Reduction;
import org.ndgpu.spi.ReductionRunner;
import org.ndgpu.spi.Scan;
import org.ndgpu.spi.UfuncRunner;

/**
 * The fuser of {@code Nd.capture} (a {@link CaptureFuser}): inside a captured body, a chain of
 * ufuncs, {@code where}, {@code clip} and a reduction that ends it become one kernel, as
 * {@link Fuse} makes of a lambda, without the user writing one.
 *
 * <p>Each call is traced ({@link Trace}: the ufunc library's own type resolution and broadcasting,
 * so errors and dtypes are the unfused call's) and returns a real array at once, whose kernel is
 * held back. What is held back is enqueued as one {@link Program} before any other work reaches the
 * capture's stream ({@link Capture#beforeNextWork}) and when the capture ends, so the graph keeps the
 * body's order. Every array the chain made is written, as the unfused calls would write it, except
 * those the body closed that no view still reads: a chain inside {@code Nd.scope()} writes only
 * what the scope keeps.
 *
 * <p>Why the chain is safe to run as one pass: its outputs are new arrays, which no operand can
 * alias, and the arrays it reads from outside are not written by it. A call that would break this
 * (an {@code out=} argument, an operand viewing an array the chain made) enqueues the chain first
 * and runs on its own, as do the ufuncs and reductions {@link Trace} cannot join.
 */
public final class CaptureFusion implements CaptureFuser {
    private final Device device;
    private final Capture capture;
    private final UfuncRunner ufuncs = Providers.ufuncs();
    private final ReductionRunner reductions = Providers.reductions();

    // the chain held back: its trace (null: none), the arrays behind its argument nodes (held
    // references), each array the body sees mapped to its symbolic stand-in, and what the chain writes
    private Trace trace;
    private final List<NDArray> args = new ArrayList<>();
    private final IdentityHashMap<NDArray, NDArray> symbols = new IdentityHashMap<>();
    private final List<NDArray> held = new ArrayList<>();
    private final List<Node> nodes = new ArrayList<>();
    private final Set<Object> written = Collections.newSetFromMap(new IdentityHashMap<>());

    /** The fuser of the capture in progress on this thread, on {@code device}. */
    public CaptureFusion(Device device) {
        this.device = device;
        this.capture = Capture.current();
    }

    @Override
    public NDArray call(Ufunc op, NDArray out, Object... operands) {
        boolean joinable = out == null && op != Ufunc.REAL && op != Ufunc.IMAG && op.nout() == 1;
        Object[] sym = joinable ? enter(op.numpyName(), operands) : null;
        if (sym == null) {
            flush();
            return ufuncs.call(op, out, operands);
        }
        return result(trace.call(op, null, sym));
    }

    @Override
    public NDArray[] call2(Ufunc op, NDArray out1, NDArray out2, Object... operands) {
        flush();
        return ufuncs.call2(op, out1, out2, operands);
    }

    @Override
    public NDArray where(Object cond, Object x, Object y, NDArray out) {
        Object[] sym = out == null ? enter("where", cond, x, y) : null;
        if (sym == null) {
            flush();
            return ufuncs.where(cond, x, y, out);
        }
        return result(trace.where(sym[0], sym[1], sym[2], null));
    }

    @Override
    public NDArray clip(NDArray a, Object lo, Object hi, NDArray out) {
        Object[] sym = out == null ? enter("clip", a, lo, hi) : null;
        if (sym == null) {
            flush();
            return ufuncs.clip(a, lo, hi, out);
        }
        return result(trace.clip((NDArray) sym[0], sym[1], sym[2], null));
    }

    @Override
    public NDArray reduce(Reduction op, NDArray a, int[] axes, boolean keepdims, NDArray out, int ddof) {
        Object[] sym = out == null && Trace.REDUCTIONS.contains(op) ? enter(op.numpyName(), a) : null;
        if (sym == null) {
            flush();
            return reductions.reduce(op, a, axes, keepdims, out, ddof);
        }
        return result(trace.reduce(op, (NDArray) sym[0], axes, keepdims, null, ddof));
    }

    @Override
    public NDArray scan(Scan op, NDArray a, Integer axis, NDArray out) {
        flush();
        return reductions.scan(op, a, axis, out);
    }

    /**
     * The operands as the trace's symbolic arrays (numbers as they are), or null when the call cannot
     * join the chain and must run as the libraries run it (whose checks then speak: a closed array,
     * another device's array, an operand that is neither an array nor a number).
     */
    private Object[] enter(String op, Object... operands) {
        boolean viewsChain = false;
        for (Object o : operands) {
            if (o instanceof NDArray a) {
                if (a.symbol() != null || a.isClosed() || a.device() != device) return null;
                if (!symbols.containsKey(a) && written.contains(Captures.memoryOf(a))) viewsChain = true;
            } else if (o != null && !(o instanceof Number) && !(o instanceof Boolean)) {
                return null;
            }
        }
        // a view of an array the chain made reads memory the chain has not written yet: enqueue it first
        if (viewsChain) flush();
        if (trace == null) trace = new Trace("capture", device, false);
        Object[] sym = new Object[operands.length];
        for (int k = 0; k < operands.length; k++) {
            if (operands[k] instanceof NDArray a) {
                NDArray s = symbols.get(a);
                if (s == null) {
                    a.live(op);
                    NDArray h = Captures.hold(a);
                    s = trace.argument(args.size(), h);
                    args.add(h);
                    symbols.put(a, s);
                }
                sym[k] = s;
            } else {
                sym[k] = operands[k];
            }
        }
        return sym;
    }

    /** The real array standing for {@code symbolic}, written when the chain is enqueued. */
    private NDArray result(NDArray symbolic) {
        Node n = trace.nodeOf(symbolic, "a result");
        NDArray real = NDArray.empty(device, n.dtype(), n.shape(), Order.C);
        symbols.put(real, symbolic);
        held.add(Captures.hold(real));
        nodes.add(n);
        written.add(Captures.memoryOf(real));
        if (held.size() == 1) capture.beforeNextWork(this::flush);
        return real;
    }

    @Override
    public void flush() {
        if (trace == null) return;
        Trace t = trace;
        Object[] in = args.toArray();
        List<Node> results = new ArrayList<>();
        List<NDArray> into = new ArrayList<>();
        for (int k = 0; k < nodes.size(); k++) {
            if (Captures.soleHolder(held.get(k))) continue;
            results.add(nodes.get(k));
            into.add(held.get(k));
        }
        List<NDArray> release = new ArrayList<>(args);
        release.addAll(held);
        // cleared before the launches below: they reach the stream, whose hook must find nothing held
        trace = null;
        args.clear();
        symbols.clear();
        held.clear();
        nodes.clear();
        written.clear();
        try {
            if (!results.isEmpty())
                new Program(t, in.length, results, device.facts().fp64()).run(device, in, into.toArray(NDArray[]::new));
        } finally {
            for (NDArray a : release) a.close();
        }
    }
}
