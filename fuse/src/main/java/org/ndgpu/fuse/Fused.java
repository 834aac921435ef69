package org.ndgpu.fuse;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CallSiteCache;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;

/**
 * A lambda made into kernels by {@link Fuse#of}: call it with arrays or Java numbers (NumPy 2 weak
 * scalars). Traced once per (device, argument dtypes and shapes); the generated kernels are shared
 * by every call that resolves to the same source.
 *
 * <pre>{@code
 * Fused<NDArray> f = Fuse.of((x, y) -> x.sub(y).mul(x.sub(y))).named("sqdiff");
 * NDArray r = f.call(a, b);          // one kernel
 * NDArray s = f.call(a, 2.5);        // y is a weak scalar: float32 a stays float32
 * String src = f.source(a, b);       // the generated kernel source
 * }</pre>
 *
 * <p>Serializable: it travels as its name and lambda (see {@link Fuse}), and is traced anew where it
 * is deserialized.
 *
 * @param <R> what the lambda returns: NDArray, NDArray[] or {@link Fuse.Tuple}; {@link #call} returns the same kind
 */
public final class Fused<R> implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    // never serialized: the function travels as its Definition (writeReplace)
    private final transient String name;
    private final transient int arity;
    private final transient Fuse.FnN<R> fn;
    private final transient Map<String, Traced> cache = new ConcurrentHashMap<>();
    // the previous call's trace, by device and argument types: a warm call builds no key string
    private final transient CallSiteCache<Device, TracedFor> last = new CallSiteCache<>();

    /** The serial form: the name, the arity and the lambda; the traces are made again where it lands. */
    private record Definition(String name, int arity, Fuse.FnN<?> fn) implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;

        @Serial
        private Object readResolve() {
            return new Fused<>(name, arity, fn);
        }
    }

    @Serial
    private Object writeReplace() throws NotSerializableException {
        // a lambda that captures something unserializable fails deep inside the stream with the bare class
        // name; trying it here first lets the message say which fused function and what to do
        try (var probe = new ObjectOutputStream(OutputStream.nullOutputStream())) {
            probe.writeObject(fn);
        } catch (NotSerializableException e) {
            throw new NotSerializableException(
                    "fuse '" + name + "': its function cannot be serialized: it captures a " + e.getMessage()
                            + ", which is not Serializable; capture only serializable values (numbers, Java arrays, ndgpu kernels), or make the"
                            + " fused function inside the task");
        } catch (IOException e) {
            throw new NotSerializableException("fuse '" + name + "': its function cannot be serialized: " + e);
        }
        return new Definition(name, arity, fn);
    }

    @Serial
    private void readObject(ObjectInputStream s) throws InvalidObjectException {
        throw new InvalidObjectException("Fused: deserialized only from its Definition (writeReplace)");
    }

    private enum Kind {
        ONE,
        ARRAY,
        TUPLE
    }

    private record Traced(Program program, Kind kind) {}

    /** A trace and the argument types it was made for ({@link #types}). */
    private record TracedFor(long[] types, Traced traced) {}

    Fused(String name, int arity, Fuse.FnN<R> fn) {
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new NdException("fuse: the name must be a C identifier (letters, digits, _), got '" + name + "'");
        }
        this.name = name;
        this.arity = arity;
        this.fn = fn;
    }

    /** The same function under another name (it names the generated kernels and appears in error messages). */
    public Fused<R> named(String newName) {
        Objects.requireNonNull(newName, "named: newName is null");
        return new Fused<>(newName, arity, fn);
    }

    public String name() {
        return name;
    }

    /** Runs the fused kernels on {@code args} (NDArrays or Java numbers); returns what the lambda returns, computed. */
    @SuppressWarnings("unchecked")
    public R call(Object... args) {
        Objects.requireNonNull(args, "call: args is null");
        Device device = device(args);
        Traced t = traced(device, args);
        NDArray[] res = t.program().run(device, args);
        return (R)
                switch (t.kind()) {
                    case ONE -> res[0];
                    case ARRAY -> res;
                    case TUPLE -> Fuse.Tuple.of(res);
                };
    }

    /** Like {@link #call}, every result as an array element. */
    public NDArray[] callAll(Object... args) {
        Objects.requireNonNull(args, "callAll: args is null");
        Device device = device(args);
        return traced(device, args).program().run(device, args);
    }

    /** Runs the lambda itself on ordinary arrays, one kernel per operation: the reference a fused call must equal. */
    public R unfused(NDArray... args) {
        Objects.requireNonNull(args, "unfused: args is null");
        checkArity(args);
        return fn.apply(args);
    }

    /** The generated source of every kernel a call with these arguments launches, in order (nothing runs). */
    public String source(Object... args) {
        Objects.requireNonNull(args, "source: args is null");
        Device device = device(args);
        return traced(device, args).program().source(device, args);
    }

    /** How many kernels a call with these arguments launches (a full reduction's second pass not counted). */
    public int kernelCount(Object... args) {
        Objects.requireNonNull(args, "kernelCount: args is null");
        return traced(device(args), args).program().kernels();
    }

    private Traced traced(Device device, Object[] args) {
        checkArity(args);
        TracedFor hit = last.get(device);
        if (hit != null && sameTypes(hit.types(), args)) return hit.traced();
        var key = new StringBuilder(device.id());
        for (Object a : args) {
            key.append('|');
            switch (a) {
                case NDArray x -> key.append(x.live(name).dtype()).append(Shapes.str(x.shape()));
                case Number n -> key.append(n.getClass().getSimpleName());
                case Boolean b -> key.append("Boolean");
                case null ->
                    throw new DTypeException(
                            "fuse '" + name + "': an argument is null; expected an NDArray or a Java number");
                default ->
                    throw new DTypeException("fuse '" + name + "': expected NDArrays or Java numbers as arguments, got "
                            + a.getClass().getSimpleName());
            }
        }
        Traced t = cache.computeIfAbsent(key.toString(), k -> trace(device, args));
        long[] types = types(args);
        if (types != null) last.put(device, new TracedFor(types, t));
        return t;
    }

    /**
     * The arguments' types as numbers, what a trace depends on: per array its dtype's ordinal, its ndim
     * and its shape, per Java number or boolean a negative code of its class; null when an argument is
     * none of these.
     */
    private static long[] types(Object[] args) {
        int n = 0;
        for (Object a : args) n += a instanceof NDArray x ? 2 + x.ndim() : 1;
        long[] types = new long[n];
        int i = 0;
        for (Object a : args) {
            if (a instanceof NDArray x) {
                types[i++] = x.dtype().ordinal();
                types[i++] = x.ndim();
                for (int d = 0; d < x.ndim(); d++) types[i++] = x.shape(d);
            } else {
                long code = numberCode(a);
                if (code == 0) return null;
                types[i++] = code;
            }
        }
        return types;
    }

    /** True when {@code args} have {@code types} ({@link #types}); checks on the way that each array is live. */
    private boolean sameTypes(long[] types, Object[] args) {
        int i = 0;
        for (Object a : args) {
            if (a instanceof NDArray x) {
                x.live(name);
                int nd = x.ndim();
                if (i + 2 + nd > types.length || types[i] != x.dtype().ordinal() || types[i + 1] != nd) return false;
                i += 2;
                for (int d = 0; d < nd; d++) if (types[i++] != x.shape(d)) return false;
            } else {
                long code = numberCode(a);
                if (code == 0 || i >= types.length || types[i++] != code) return false;
            }
        }
        return i == types.length;
    }

    /** A negative code of the class of a Java number or boolean (each traces apart, as NumPy 2 weak scalars); 0 for anything else. */
    private static long numberCode(Object a) {
        if (a instanceof Double) return -1;
        if (a instanceof Float) return -2;
        if (a instanceof Long) return -3;
        if (a instanceof Integer) return -4;
        if (a instanceof Short) return -5;
        if (a instanceof Byte) return -6;
        if (a instanceof Boolean) return -7;
        return 0;
    }

    private Traced trace(Device device, Object[] args) {
        Trace trace = new Trace(name, device);
        NDArray[] symbolic = new NDArray[args.length];
        for (int k = 0; k < args.length; k++) symbolic[k] = trace.argument(k, args[k]);
        Object r = fn.apply(symbolic);
        List<Node> results = new ArrayList<>();
        Kind kind;
        switch (r) {
            case NDArray a -> {
                kind = Kind.ONE;
                results.add(trace.nodeOf(a, "its result"));
            }
            case NDArray[] as -> {
                kind = Kind.ARRAY;
                for (int k = 0; k < as.length; k++) results.add(trace.nodeOf(as[k], "result " + k));
            }
            case Fuse.Tuple tu -> {
                kind = Kind.TUPLE;
                for (int k = 0; k < tu.size(); k++) results.add(trace.nodeOf(tu.get(k), "result " + k));
            }
            case null ->
                throw new FuseException("fuse '" + name
                        + "': the function returned null; expected an NDArray, NDArray[] or Fuse.Tuple");
            default ->
                throw new FuseException("fuse '" + name + "': the function returned a "
                        + r.getClass().getSimpleName() + "; expected an NDArray, NDArray[] or Fuse.Tuple");
        }
        if (results.isEmpty()) throw new FuseException("fuse '" + name + "': the function returned no arrays");
        return new Traced(
                new Program(trace, args.length, results, device.facts().fp64()), kind);
    }

    private void checkArity(Object[] args) {
        if (arity >= 0 && args.length != arity) {
            throw new NdException(
                    "fuse '" + name + "': the function takes " + arity + " arguments, got " + args.length);
        }
    }

    private static Device device(Object[] args) {
        for (Object a : args) if (a instanceof NDArray x) return x.device();
        return Device.current();
    }

    @Override
    public String toString() {
        return "Fused[" + name + (arity >= 0 ? ", " + arity + " arguments" : "") + "]";
    }
}
