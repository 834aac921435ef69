package org.ndgpu.reliability;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.Devices;
import org.ndgpu.device.Event;
import org.ndgpu.device.MemoryPool;
import org.ndgpu.device.Stream;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.fuse.Fuse;
import org.ndgpu.fuse.Fused;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.Casting;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.random.Random;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.raw.RawModule;
import org.ndgpu.reduction.ReductionKernel;

/**
 * The reflection-driven part of the hostile suite: every public method and constructor of the
 * user-facing classes is called with ordinary arguments except one, which gets a hostile value
 * for its type (null, negative, zero, huge, NaN and infinities, closed arrays, closed streams and
 * events, 0-d, empty, bool, complex, uint64 and read-only arrays, an array of another device, wrong dtypes,
 * malformed strings, closed or read-only memory segments). Instance methods of NDArray are also
 * called on a closed receiver. The rule ({@link Hostile#judgeSweep}): the call returns, or throws
 * an NdException, or a NullPointerException naming its parameter; and the JVM lives (the parent
 * runs every case in a child JVM and checks a canary array after each).
 *
 * <p>The case list is deterministic (methods sorted by signature), so a case is named by its
 * index and its text, and a crash can be reproduced with {@link HostileChild}.
 */
final class HostileSweep {
    private HostileSweep() { }

    /** A value for one parameter: its description and a supplier that makes it fresh for each case. */
    private record Value(String what, Supplier<Object> make) { }

    /** A class whose public surface is swept, with a way to make a fresh receiver for its instance methods. */
    private record Target(Class<?> type, Supplier<Object> receiver) { }

    private static final Path SCRATCH = scratch();

    private static Path scratch() {
        try {
            Path d = Files.createTempDirectory("ndgpu-hostile");
            Files.write(d.resolve("garbage.npy"), new byte[]{(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (byte) 0xff, (byte) 0xff, '{'});
            Files.write(d.resolve("garbage.npz"), "PK\u0003\u0004 this is not a zip".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            d.toFile().deleteOnExit();
            return d;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static NDArray f32() { return Nd.arange(0.0, 12.0, 1.0).astype(DType.FLOAT32).reshape(3, 4); }

    private static String kernelSource() {
        boolean cuda = Device.current().backendName().equals("cuda");
        return cuda ? "extern \"C\" __global__ void k(float* x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] += 1; }"
                : "__kernel void k(__global float* x, int n) { int i = get_global_id(0); if (i < n) x[i] += 1; }";
    }

    private static List<Target> targets() {
        return List.of(
                new Target(Nd.class, null),
                new Target(NDArray.class, HostileSweep::f32),
                new Target(Device.class, Device::current),
                new Target(Devices.class, null),
                new Target(Stream.class, Stream::create),
                new Target(Event.class, Event::record),
                new Target(MemoryPool.class, () -> Device.current().memoryPool()),
                new Target(ElementwiseKernel.class, () -> new ElementwiseKernel("float32 x", "float32 z", "z = x + 1", "sweep_inc")),
                new Target(ReductionKernel.class, () -> new ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "sweep_sum")),
                new Target(RawKernel.class, () -> new RawKernel(kernelSource(), "k")),
                new Target(RawModule.class, () -> new RawModule(kernelSource())),
                new Target(Fuse.class, null),
                new Target(Fused.class, () -> Fuse.of((Fuse.Fn2<NDArray>) (p, q) -> p.add(q))),
                new Target(Linalg.class, Nd::linalg),
                new Target(Random.class, Nd::random),
                new Target(org.ndgpu.fft.Fft.class, Nd::fft),
                new Target(org.ndgpu.nccl.Nccl.class, null),
                new Target(org.ndgpu.nccl.NcclUniqueId.class, null));
    }

    /** Every case of the sweep, in a fixed order. */
    static List<Hostile> cases() {
        List<Hostile> out = new ArrayList<>();
        for (Target t : targets()) {
            List<Executable> members = new ArrayList<>();
            for (Method m : t.type().getMethods()) {
                if (m.getDeclaringClass() == Object.class || m.isBridge() || m.isSynthetic()) continue;
                if (!Modifier.isStatic(m.getModifiers()) && t.receiver() == null) continue;
                if (Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != t.type()) continue;
                if (skipped(m)) continue;
                members.add(m);
            }
            for (Constructor<?> c : t.type().getConstructors()) members.add(c);
            members.sort(Comparator.comparing(HostileSweep::signature));
            for (Executable e : members) {
                Parameter[] ps = e.getParameters();
                for (int i = 0; i < ps.length; i++) {
                    for (Value v : hostile(ps[i].getType())) {
                        out.add(call(t, e, i, v, false));
                    }
                }
                if (t.type() == NDArray.class && e instanceof Method m && !Modifier.isStatic(m.getModifiers())) {
                    out.add(call(t, e, -1, null, true));
                }
            }
        }
        return out;
    }

    /** Methods whose ordinary behaviour is not a question of hostile values (or that end the process's device state on purpose). */
    private static boolean skipped(Method m) {
        return switch (m.getName()) {
            case "close", "isClosed", "hashCode", "equals", "toString", "wait", "notify", "notifyAll", "getClass" -> true;
            default -> false;
        };
    }

    private static String signature(Executable e) {
        StringBuilder s = new StringBuilder(e.getDeclaringClass().getSimpleName());
        s.append(e instanceof Constructor<?> ? ".<init>" : "." + e.getName()).append('(');
        Class<?>[] types = e.getParameterTypes();
        for (int i = 0; i < types.length; i++) s.append(i == 0 ? "" : ", ").append(types[i].getSimpleName());
        return s.append(')').toString();
    }

    private static Hostile call(Target t, Executable e, int hostileIndex, Value v, boolean closedReceiver) {
        String name = "sweep " + signature(e) + (closedReceiver ? " on a closed array"
                : " " + e.getParameters()[hostileIndex].getName() + " = " + v.what());
        return new Hostile(name, () -> {
            Parameter[] ps = e.getParameters();
            Object[] args = new Object[ps.length];
            for (int i = 0; i < ps.length; i++) {
                boolean varargs = e.isVarArgs() && i == ps.length - 1;
                args[i] = i == hostileIndex ? v.make().get() : ordinary(ps[i], varargs);
            }
            Throwable thrown = null;
            Object result = null;
            try {
                if (e instanceof Constructor<?> c) {
                    c.newInstance(args);
                } else {
                    Method m = (Method) e;
                    Object receiver = null;
                    if (!Modifier.isStatic(m.getModifiers())) {
                        receiver = t.receiver().get();
                        if (closedReceiver) ((NDArray) receiver).close();
                    }
                    result = m.invoke(receiver, args);
                }
            } catch (InvocationTargetException ite) {
                thrown = ite.getCause();
            }
            if (thrown == null) thrown = readBack(result);
            if (closedReceiver && thrown == null && !readsNoData((Method) e)) {
                throw new AssertionError("a closed array answered " + signature(e) + " without an error");
            }
            Hostile.judgeSweep(thrown);
        });
    }

    /**
     * Reads every array a call returned (a copy through a kernel, then the host): a view whose
     * geometry reaches outside its memory would only fault here, not in the call that made it.
     */
    private static Throwable readBack(Object result) {
        try {
            read(result);
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }

    private static void read(Object result) {
        if (result instanceof NDArray a && !a.isClosed() && a.symbol() == null) {
            try (NDArray c = a.copy()) {
                c.toBytes();
            }
        } else if (result instanceof NDArray[] arrays) {
            for (NDArray a : arrays) read(a);
        } else if (result instanceof Collection<?> items) {
            for (Object o : items) read(o);
        }
    }

    /** Methods a closed array may still answer: its metadata, which NumPy keeps too. */
    private static boolean readsNoData(Method m) {
        return switch (m.getName()) {
            case "shape", "hasShape", "dtype", "ndim", "size", "strides", "nbytes", "itemsize", "device", "isWriteable",
                 "isCContiguous", "isFContiguous", "offset", "symbol", "sharesMemory" -> true;
            default -> false;
        };
    }

    // ------------------------------------------------------------------------------ ordinary values

    private static Object ordinary(Parameter p, boolean varargs) {
        Class<?> type = p.getType();
        String n = p.getName().toLowerCase(java.util.Locale.ROOT);
        if (varargs) {
            Class<?> c = type.getComponentType();
            if (c == long.class) return n.contains("shape") ? new long[]{4, 3} : new long[]{4};
            if (c == int.class) return new int[]{0};
            if (c == String.class) return new String[0];
            if (c == NDArray.class) return new NDArray[]{f32(), f32()};
            if (c == Object.class) return new Object[]{f32()};
            if (c == double.class) return new double[]{1, 2, 3};
            return java.lang.reflect.Array.newInstance(c, 0);
        }
        if (type == NDArray.class || type == Object.class) return f32();
        if (type == long.class) return 2L;
        if (type == int.class) return 1;
        if (type == double.class) return 0.5;
        if (type == float.class) return 0.5f;
        if (type == boolean.class) return false;
        if (type == short.class) return (short) 1;
        if (type == byte.class) return (byte) 1;
        if (type == char.class) return 'a';
        if (type == long[].class) return new long[]{4, 3};
        if (type == int[].class) return new int[]{0};
        if (type == double[].class) return new double[]{1, 2, 3};
        if (type == float[].class) return new float[]{1, 2, 3};
        if (type == boolean[].class) return new boolean[]{true, false, true};
        if (type == byte[].class) return new byte[]{1, 2, 3};
        if (type == double[][].class) return new double[][]{{1, 2}, {3, 4}};
        if (type == NDArray[].class) return new NDArray[]{f32(), f32()};
        if (type == Object[].class) return new Object[]{f32()};
        if (type == String.class) return ordinaryString(n);
        if (type == DType.class) return DType.FLOAT32;
        if (type == Casting.class) return Casting.SAME_KIND;
        if (type.isEnum()) return type.getEnumConstants()[0];
        if (type == RawKernel.SharedMemory.class) return RawKernel.sharedMemory(0);
        if (type == Path.class) return SCRATCH.resolve("ordinary-" + System.nanoTime() + ".npy");
        if (type == Device.class) return Device.current();
        if (type == Stream.class) return Stream.current();
        if (type == Event.class) return Event.record();
        if (type == MemorySegment.class) return Arena.ofAuto().allocate(48);
        if (type == Map.class) return new HashMap<>(Map.of("x", f32()));
        if (type == List.class || type == Collection.class || type == Iterable.class) return List.of(f32(), f32());
        if (type.isInterface() && isFunctional(type)) return identityFunction(type);
        return null;
    }

    private static String ordinaryString(String paramName) {
        if (paramName.contains("subscripts")) return "ij->ji";
        if (paramName.contains("code") || paramName.contains("source")) return kernelSource();
        if (paramName.contains("dtype") || paramName.equals("to") || paramName.contains("type")) return "float32";
        if (paramName.contains("name")) return "k";
        if (paramName.contains("order")) return "C";
        return ":";
    }

    private static boolean isFunctional(Class<?> type) {
        return Arrays.stream(type.getMethods()).filter(m -> Modifier.isAbstract(m.getModifiers())).count() == 1;
    }

    /** A lambda for any single-method interface: returns its first argument. */
    private static Object identityFunction(Class<?> type) {
        return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[]{type}, (proxy, m, a) -> {
            if (m.getDeclaringClass() == Object.class) {
                return switch (m.getName()) {
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == a[0];
                    default -> "identity " + type.getSimpleName();
                };
            }
            if (a == null || a.length == 0) return null;
            return a[0] instanceof Object[] arr && arr.length > 0 ? arr[0] : a[0];
        });
    }

    // ------------------------------------------------------------------------------ hostile values

    private static Value v(String what, Supplier<Object> make) { return new Value(what, make); }

    private static List<Value> arrays() {
        List<Value> a = new ArrayList<>();
        a.add(v("null", () -> null));
        a.add(v("a closed array", () -> {
            NDArray x = f32();
            x.close();
            return x;
        }));
        a.add(v("a 0-d array", () -> Nd.full(2.5, DType.FLOAT32)));
        a.add(v("an empty (0, 4) array", () -> Nd.ones(DType.FLOAT32, 0, 4)));
        a.add(v("a bool array", () -> f32().gt(4)));
        a.add(v("a complex128 array", () -> f32().astype(DType.COMPLEX128)));
        a.add(v("a read-only broadcast view", () -> Nd.arange(0.0, 4.0, 1.0).astype(DType.FLOAT32).broadcastTo(3, 4)));
        a.add(v("a reversed strided int8 view", () -> f32().astype(DType.INT8).get("::-1, ::2")));
        a.add(v("a uint64 array, half of it above 2^63", () -> f32().astype(DType.INT64).sub(6).astype(DType.UINT64)));
        a.add(v("an array of another device", () -> {
            Device other = Device.list().stream().filter(d -> d != Device.current()).findFirst().orElse(null);
            if (other == null) return f32().astype(DType.FLOAT16);       // one device only: a float16 array instead
            try (var _ = other.use()) {
                return f32();
            }
        }));
        return a;
    }

    private static List<Value> hostile(Class<?> type) {
        List<Value> h = new ArrayList<>();
        if (type == NDArray.class) return arrays();
        if (type == Object.class) {
            h.addAll(arrays());
            h.add(v("a String", () -> "not an array"));
            h.add(v("a plain Object", Object::new));
            h.add(v("NaN", () -> Double.NaN));
            h.add(v("Long.MAX_VALUE", () -> Long.MAX_VALUE));
            h.add(v("a ragged double[][]", () -> new double[][]{{1}, {1, 2}}));
            return h;
        }
        if (type == long.class) {
            for (long x : new long[]{-1, 0, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 40}) h.add(v(Long.toString(x), () -> x));
            return h;
        }
        if (type == int.class) {
            for (int x : new int[]{-1, Integer.MIN_VALUE, Integer.MAX_VALUE, 1 << 30}) h.add(v(Integer.toString(x), () -> x));
            return h;
        }
        if (type == double.class) {
            for (double x : new double[]{Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -1e300}) h.add(v(Double.toString(x), () -> x));
            return h;
        }
        if (type == float.class) {
            for (float x : new float[]{Float.NaN, Float.POSITIVE_INFINITY, -3e38f}) h.add(v(Float.toString(x), () -> x));
            return h;
        }
        if (type.isPrimitive()) return h;                                  // boolean, char, short, byte: nothing hostile
        h.add(v("null", () -> null));
        if (type == long[].class) {
            h.add(v("{}", () -> new long[0]));
            h.add(v("{-1}", () -> new long[]{-1}));
            h.add(v("{-5, 3}", () -> new long[]{-5, 3}));
            h.add(v("{Long.MAX_VALUE, 2}", () -> new long[]{Long.MAX_VALUE, 2}));
            h.add(v("{2^40, 2^40}", () -> new long[]{1L << 40, 1L << 40}));
            h.add(v("{0}", () -> new long[]{0}));
        } else if (type == int[].class) {
            h.add(v("{}", () -> new int[0]));
            h.add(v("{-1}", () -> new int[]{-1}));
            h.add(v("{Integer.MAX_VALUE}", () -> new int[]{Integer.MAX_VALUE}));
            h.add(v("{Integer.MIN_VALUE}", () -> new int[]{Integer.MIN_VALUE}));
            h.add(v("{0, 0}", () -> new int[]{0, 0}));
        } else if (type == double[].class) {
            h.add(v("{}", () -> new double[0]));
            h.add(v("{NaN}", () -> new double[]{Double.NaN}));
        } else if (type == float[].class || type == boolean[].class || type == short[].class) {
            h.add(v("{}", () -> java.lang.reflect.Array.newInstance(type.getComponentType(), 0)));
        } else if (type == byte[].class) {
            h.add(v("{}", () -> new byte[0]));
            h.add(v("64 garbage bytes", () -> {
                byte[] b = new byte[64];
                new java.util.Random(15).nextBytes(b);
                return b;
            }));
        } else if (type == double[][].class) {
            h.add(v("a ragged double[][]", () -> new double[][]{{1}, {1, 2}}));
            h.add(v("{null}", () -> new double[][]{null}));
        } else if (type == String.class) {
            h.add(v("\"\"", () -> ""));
            h.add(v("\"nonsense[\"", () -> "nonsense["));
            h.add(v("\"::0\"", () -> "::0"));
            h.add(v("\"\\0\"", () -> "\u0000"));
        } else if (type == String[].class) {
            h.add(v("{null}", () -> new String[]{null}));
            h.add(v("{\"-no-such-option\"}", () -> new String[]{"-no-such-option"}));
        } else if (type == Object[].class) {
            h.add(v("{null}", () -> new Object[]{null}));
            h.add(v("{a plain Object}", () -> new Object[]{new Object()}));
            h.add(v("{a closed array}", () -> {
                NDArray x = f32();
                x.close();
                return new Object[]{x};
            }));
            h.add(v("{a 0-d array, NaN}", () -> new Object[]{Nd.full(1.0, DType.FLOAT32), Double.NaN}));
        } else if (type == NDArray[].class) {
            h.add(v("{}", () -> new NDArray[0]));
            h.add(v("{null}", () -> new NDArray[]{null}));
            h.add(v("{a closed array}", () -> {
                NDArray x = f32();
                x.close();
                return new NDArray[]{x};
            }));
            h.add(v("{a 0-d array, a (3, 4) array}", () -> new NDArray[]{Nd.full(1.0, DType.FLOAT32), f32()}));
        } else if (type == DType.class) {
            for (DType d : new DType[]{DType.BOOL, DType.COMPLEX128, DType.FLOAT16, DType.UINT8, DType.UINT32, DType.UINT64}) {
                h.add(v(d.toString(), () -> d));
            }
        } else if (type == Path.class) {
            h.add(v("a folder", () -> SCRATCH));
            h.add(v("a file in a missing folder", () -> SCRATCH.resolve("no/such/folder/x.npy")));
            h.add(v("a garbage .npy", () -> SCRATCH.resolve("garbage.npy")));
            h.add(v("a garbage .npz", () -> SCRATCH.resolve("garbage.npz")));
        } else if (type == MemorySegment.class) {
            h.add(v("a closed Arena's segment", () -> {
                Arena a = Arena.ofConfined();
                MemorySegment s = a.allocate(48);
                a.close();
                return s;
            }));
            h.add(v("a read-only segment", () -> Arena.ofAuto().allocate(48).asReadOnly()));
            h.add(v("a 1-byte segment", () -> Arena.ofAuto().allocate(1)));
            h.add(v("MemorySegment.NULL", () -> MemorySegment.NULL));
        } else if (type == Map.class) {
            h.add(v("{}", HashMap::new));
            h.add(v("{x: null}", () -> {
                var m = new HashMap<String, Object>();
                m.put("x", null);
                return m;
            }));
            h.add(v("{null: array}", () -> {
                var m = new HashMap<String, Object>();
                m.put(null, f32());
                return m;
            }));
        } else if (type == List.class || type == Collection.class || type == Iterable.class) {
            h.add(v("[]", List::of));
            h.add(v("[null]", () -> Arrays.asList((Object) null)));
            h.add(v("[a closed array]", () -> {
                NDArray x = f32();
                x.close();
                return List.of(x);
            }));
        } else if (type == Stream.class) {
            h.add(v("a closed Stream", () -> {
                Stream s = Stream.create();
                s.close();
                return s;
            }));
        } else if (type == Event.class) {
            h.add(v("a closed Event", () -> {
                Event e = Event.record();
                e.close();
                return e;
            }));
        }
        return h;
    }
}
