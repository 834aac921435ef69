package org.ndgpu.reliability;

import static org.ndgpu.reliability.Hostile.numpy;
import static org.ndgpu.reliability.Hostile.raises;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.Event;
import org.ndgpu.device.Graph;
import org.ndgpu.device.Stream;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.CaptureException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;
import org.ndgpu.exceptions.KernelLaunchException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.NpyFormatException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.fuse.Fuse;
import org.ndgpu.ndarray.Casting;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Scope;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.reduction.ReductionKernel;

/**
 * The named hostile cases: every example of issue 15 (each was a crash, a silent wrong result or a
 * wrong exception type when it was filed) and their neighbours. Silent-result cases assert NumPy's
 * answer (computed with NumPy 2.4 and written next to the case); the others the exception kind and
 * message.
 */
final class HostileCases {
    private HostileCases() {}

    private static NDArray f32(long... shape) {
        return Nd.ones(DType.FLOAT32, shape);
    }

    private static String rawSource(String body) {
        boolean cuda = Device.current().backendName().equals("cuda");
        return cuda
                ? "extern \"C\" __global__ void k(float* x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; "
                        + body + " }"
                : "__kernel void k(__global float* x, int n) { int i = get_global_id(0); " + body + " }";
    }

    private static RawKernel scale() {
        return new RawKernel(rawSource("if (i < n) x[i] = 2 * x[i];"), "k");
    }

    /**
     * A refused call on an unsigned array: it must raise DTypeException naming {@code fragments} and
     * leave the array holding {@code bits} (the int64 of {@code bits} cast to {@code dtype}, as
     * {@code toLongArray} reads it back: unsigned values for uint16/uint32, the 64 bits for uint64).
     */
    private static Hostile refusedKeeps(
            String name, DType dtype, long[] bits, java.util.function.Consumer<NDArray> call, String... fragments) {
        return new Hostile(name, () -> {
            try (NDArray a = Nd.array(bits).astype(dtype)) {
                raises(name, DTypeException.class, () -> call.accept(a), fragments)
                        .check()
                        .run();
                long[] now = a.toLongArray();
                if (!java.util.Arrays.equals(bits, now)) {
                    throw new AssertionError("the refused call changed its array: " + java.util.Arrays.toString(now));
                }
            }
        });
    }

    static List<Hostile> all() {
        List<Hostile> c = new ArrayList<>();
        // ---------------------------------------------------------------- crashes (each killed the JVM when filed)
        c.add(raises(
                "launch on a closed Stream",
                DeviceException.class,
                () -> {
                    Stream s = Stream.create();
                    try (var _ = s.use();
                            NDArray a = f32(8)) {
                        s.close();
                        a.add(1);
                    }
                },
                "closed"));
        // ---------------------------------------------------------------- scopes (issue 44): nothing freed twice
        c.add(new Hostile("Scope closed twice, its array closed by hand first", () -> {
            long before = Device.current().memoryPool().usedBytes();
            Scope s = Nd.scope();
            NDArray a = f32(1000);
            a.close();
            NDArray b = f32(1000);
            s.close();
            s.close();
            if (!b.isClosed()) throw new AssertionError("the scope's array is open after close");
            long after = Device.current().memoryPool().usedBytes();
            if (after > before) throw new AssertionError("held " + before + " before, " + after + " after");
        }));
        c.add(raises(
                "Scope closed on another thread",
                NdException.class,
                () -> {
                    Scope s = Nd.scope("owned");
                    try {
                        java.util.concurrent.CompletableFuture.runAsync(s::close)
                                .join();
                    } catch (java.util.concurrent.CompletionException e) {
                        throw e.getCause() instanceof RuntimeException r ? r : e;
                    } finally {
                        s.close();
                    }
                },
                "Scope.close",
                "'owned'",
                "thread"));
        c.add(raises(
                "Scope.keep of an array of the enclosing scope",
                NdException.class,
                () -> {
                    try (var _ = Nd.scope("outer")) {
                        NDArray a = f32(4);
                        try (Scope inner = Nd.scope("inner")) {
                            inner.keep(a);
                        }
                    }
                },
                "Scope.keep: expected an array made inside",
                "'inner'",
                "'outer'"));
        c.add(raises(
                "a kept array used after the outer scope closed",
                ArrayClosedException.class,
                () -> {
                    NDArray kept;
                    try (var _ = Nd.scope("outer")) {
                        try (Scope inner = Nd.scope("inner")) {
                            kept = inner.keep(f32(4).add(1));
                        }
                    }
                    kept.sum();
                },
                "released when its scope",
                "'outer'"));
        c.add(raises(
                "Scope.keep of a closed array",
                ArrayClosedException.class,
                () -> {
                    try (Scope s = Nd.scope()) {
                        NDArray a = f32(4);
                        a.close();
                        s.keep(a);
                    }
                },
                "Scope.keep",
                "closed"));
        c.add(raises(
                "Graph.launch of an input its scope released",
                ArrayClosedException.class,
                () -> {
                    org.ndgpu.device.Graph g;
                    try (var _ = Nd.scope("captured")) {
                        NDArray in = f32(16).add(1);
                        g = Nd.capture(() -> in.mul(2));
                    }
                    try (var graph = g) {
                        graph.launch();
                    }
                },
                "Graph.launch",
                "released when its scope",
                "'captured'"));
        c.add(new Hostile("Event closed twice", () -> {
            Event e = Event.record();
            e.close();
            e.close();
        }));
        c.add(raises(
                "Event synchronized after close",
                DeviceException.class,
                () -> {
                    Event e = Event.record();
                    e.close();
                    e.synchronize();
                },
                "closed"));
        c.add(raises(
                "Event elapsed after close",
                DeviceException.class,
                () -> {
                    Event a = Event.record(), b = Event.record();
                    b.close();
                    a.elapsedMillis(b);
                },
                "closed"));
        c.add(raises(
                "Stream used after close",
                DeviceException.class,
                () -> {
                    Stream s = Stream.create();
                    s.close();
                    s.close();
                    s.use();
                },
                "closed"));
        for (long g : new long[] {1L << 32, 1L << 40, 1L << 62, Long.MAX_VALUE}) {
            c.add(raises(
                    "RawKernel grid " + g + " blocks",
                    KernelLaunchException.class,
                    () -> scale().launch(new long[] {g}, new long[] {1}, f32(4), 4),
                    "grid"));
        }
        c.add(raises(
                "RawKernel float* given uint8",
                DTypeException.class,
                () -> scale().launch(new long[] {1}, new long[] {4}, Nd.zeros(DType.UINT8, 4), 4),
                "float32",
                "uint8"));
        c.add(raises(
                "RawKernel float* given int64",
                DTypeException.class,
                () -> scale().launch(new long[] {1}, new long[] {4}, Nd.zeros(DType.INT64, 4), 4),
                "float32",
                "int64"));
        c.add(raises(
                "RawKernel float* given float64",
                DTypeException.class,
                () -> scale().launch(new long[] {1}, new long[] {4}, Nd.zeros(DType.FLOAT64, 4), 4),
                "float32",
                "float64"));
        c.add(raises(
                "RawKernel given a strided view (it would index the first elements of the buffer)",
                KernelLaunchException.class,
                () -> scale().launch(new long[] {1}, new long[] {4}, f32(8).get("::2"), 4),
                "not contiguous"));
        c.add(raises(
                "RawKernel given a broadcast view",
                KernelLaunchException.class,
                () -> scale().launch(new long[] {1}, new long[] {4}, f32(1).broadcastTo(4), 4),
                "not contiguous"));
        c.add(raises(
                "RawKernel block of 2^40 threads",
                KernelLaunchException.class,
                () -> scale().launch(new long[] {1}, new long[] {1L << 40}, f32(4), 4),
                "block"));
        // found by the pairwise sweep (issue 35): List.copyOf's own NullPointerException named nothing
        c.add(raises(
                "ElementwiseKernel.Options with a null compile option",
                NullPointerException.class,
                () -> new ElementwiseKernel.Options("", "", "", java.util.Arrays.asList("-DX=1", null)),
                "Options",
                "compileOptions"));
        c.add(raises(
                "HostArray.size of (2^40, 2^40) overflows a long",
                ShapeException.class,
                () -> org.ndgpu.ndarray.HostArray.size(new long[] {1L << 40, 1L << 40}),
                "too big"));
        c.add(raises(
                "Fuse.Tuple.get(-1)",
                org.ndgpu.exceptions.IndexException.class,
                () -> Fuse.Tuple.of(f32(2), f32(2)).get(-1),
                "Tuple",
                "-1",
                "2"));
        c.add(raises(
                "Npz.write of a map holding a null array",
                NullPointerException.class,
                () -> org.ndgpu.io.Npz.write(
                        Files.createTempFile("hostile", ".npz"), java.util.Collections.singletonMap("x", null)),
                "savez",
                "'x'"));
        c.add(raises(
                "Npy.read(null byte[])",
                NullPointerException.class,
                () -> org.ndgpu.io.Npy.read((byte[]) null),
                "Npy.read",
                "npyBytes"));
        c.add(raises(
                "NdRange.of(null)",
                NullPointerException.class,
                () -> org.ndgpu.raw.NdRange.of((long[]) null),
                "NdRange",
                "global"));
        c.add(raises(
                "DType.promote(null, FLOAT32)",
                NullPointerException.class,
                () -> DType.promote(null, DType.FLOAT32),
                "DType.promote",
                "a"));
        c.add(raises("RawKernel on a closed array", ArrayClosedException.class, () -> {
            NDArray x = f32(4);
            x.close();
            scale().launch(new long[] {1}, new long[] {4}, x, 4);
        }));
        c.add(raises(
                "empty uint8 Long.MAX_VALUE - 10",
                DeviceOutOfMemoryException.class,
                () -> Nd.empty(DType.UINT8, Long.MAX_VALUE - 10),
                String.valueOf(Long.MAX_VALUE - 10)));
        c.add(raises(
                "empty uint8 beyond the device",
                DeviceOutOfMemoryException.class,
                () -> Nd.empty(DType.UINT8, Device.current().facts().globalMemoryBytes() + 1)));
        c.add(raises(
                "Nd.array of a closed Arena's segment",
                NdException.class,
                () -> {
                    Arena arena = Arena.ofConfined();
                    MemorySegment s = arena.allocate(16);
                    arena.close();
                    Nd.array(s, DType.FLOAT32, 4);
                },
                "closed"));
        c.add(raises(
                "copyTo a closed Arena's segment",
                NdException.class,
                () -> {
                    Arena arena = Arena.ofConfined();
                    MemorySegment s = arena.allocate(16);
                    arena.close();
                    f32(4).copyTo(s);
                },
                "closed"));
        // ---------------------------------------------------------------- silent wrong results (NumPy's answer beside
        // each)
        c.add(new Hostile("add: out is a reversed view of the input (100,000)", () -> {
            try (NDArray a = Nd.arange(0.0, 100_000.0, 1.0)) {
                Nd.add(a.get("::-1"), 0, a); // numpy: a[i] = 99999 - i
                double[] g = a.toDoubleArray();
                for (int i = 0; i < g.length; i++) {
                    if (g[i] != 99_999 - i) throw new AssertionError("silently wrong at " + i + ": " + g[i]);
                }
            }
        }));
        c.add(numpy("add(t, t.T, out=t) 3x3", new double[] {0, 4, 8, 4, 8, 12, 8, 12, 16}, () -> {
            NDArray t = Nd.arange(9).reshape(3, 3);
            return Nd.add(t, t.T(), t);
        }));
        c.add(numpy("subtract(a[1:], a[:-1], out=a[:-1])", new double[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 9}, () -> {
            NDArray a = Nd.arange(10).astype(DType.FLOAT64);
            Nd.sub(a.get("1:"), a.get(":-1"), a.get(":-1"));
            return a;
        }));
        c.add(numpy("negative(a[::-1], out=a)", new double[] {-4, -3, -2, -1, -0.0}, () -> {
            NDArray a = Nd.arange(5).astype(DType.FLOAT64);
            Nd.neg(a.get("::-1"), a);
            return a;
        }));
        c.add(numpy("copyto(a[1:], a[:-1])", new double[] {0, 0, 1, 2, 3, 4}, () -> {
            NDArray a = Nd.arange(6).astype(DType.FLOAT64);
            Nd.copyto(a.get("1:"), a.get(":-1"));
            return a;
        }));
        c.add(numpy("a[...] = a[::-1]", new double[] {5, 4, 3, 2, 1, 0}, () -> {
            NDArray a = Nd.arange(6).astype(DType.FLOAT64);
            a.set("...", a.get("::-1"));
            return a;
        }));
        c.add(numpy("ElementwiseKernel out overlapping its input", new double[] {10, 8, 6, 4, 2, 0}, () -> {
            NDArray a = Nd.arange(6).astype(DType.FLOAT64);
            new ElementwiseKernel("float64 x", "float64 z", "z = 2 * x", "hostile_twice").call(a.get("::-1"), a);
            return a;
        }));
        c.add(numpy("matmul(a, a, out=a)", new double[] {7, 10, 15, 22}, () -> {
            NDArray a = Nd.array(new double[][] {{1, 2}, {3, 4}});
            return Nd.matmul(a, a, a);
        }));
        c.add(raises(
                "RawKernel int64 for float* (was silent)",
                DTypeException.class,
                () -> scale().launch(new long[] {1}, new long[] {4}, Nd.arange(4), 4),
                "int64"));
        c.add(raises(
                "RawKernel grid 1<<62 wrapped to 0 (was silent)",
                KernelLaunchException.class,
                () -> scale().launch(new long[] {1L << 62}, new long[] {4}, f32(4), 4),
                "grid"));
        c.add(raises(
                "matmul into an int32 out",
                DTypeException.class,
                () -> Nd.matmul(f32(2, 2), f32(2, 2), Nd.zeros(DType.INT32, 2, 2)),
                "matmul",
                "same_kind"));
        c.add(raises(
                "copyto int32 from float32",
                DTypeException.class,
                () -> Nd.copyto(Nd.zeros(DType.INT32, 3), f32(3)),
                "copyto",
                "same_kind"));
        c.add(numpy("copyto int32 from float32, casting unsafe", new double[] {1, -2, 3}, () -> {
            NDArray i = Nd.zeros(DType.INT32, 3);
            Nd.copyto(i, Nd.array(new float[] {1.5f, -2.5f, 3.9f}), Casting.UNSAFE);
            return i;
        }));
        c.add(raises(
                "fill(NaN) into int32",
                DTypeException.class,
                () -> Nd.zeros(DType.INT32, 3).fill(Double.NaN),
                "NaN"));
        c.add(raises("full(NaN, INT32)", DTypeException.class, () -> Nd.full(Double.NaN, DType.INT32, 2, 2), "NaN"));
        c.add(raises(
                "fill(inf) into int64",
                DTypeException.class,
                () -> Nd.zeros(DType.INT64, 3).fill(Double.POSITIVE_INFINITY),
                "infinity"));
        c.add(raises(
                "fill(1e20) into int32",
                DTypeException.class,
                () -> Nd.zeros(DType.INT32, 3).fill(1e20)));
        c.add(raises(
                "add into a broadcastTo view",
                NdException.class,
                () -> {
                    NDArray b = Nd.arange(3).broadcastTo(4, 3);
                    Nd.add(b, 1, b);
                },
                "read-only"));
        c.add(raises(
                "copyto into a broadcastTo view",
                NdException.class,
                () -> Nd.copyto(Nd.arange(3).broadcastTo(4, 3), 1),
                "read-only"));
        c.add(raises(
                "set into a broadcastTo view",
                NdException.class,
                () -> Nd.arange(3).broadcastTo(4, 3).set("0", 5),
                "read-only"));
        c.add(raises(
                "sort a broadcastTo view",
                NdException.class,
                () -> Nd.arange(3).broadcastTo(4, 3).sort(),
                "read-only"));
        c.add(raises("normal(0, -1)", NdException.class, () -> Nd.random().normal(0, -1, DType.FLOAT32, 4), "scale"));
        c.add(raises("uniform(NaN, 1)", NdException.class, () -> Nd.random().uniform(Double.NaN, 1, DType.FLOAT32, 4)));
        c.add(raises(
                "uniform(0, inf)",
                NdException.class,
                () -> Nd.random().uniform(0, Double.POSITIVE_INFINITY, DType.FLOAT32, 4)));
        c.add(raises("arange(0.0, NaN, 1.0)", NdException.class, () -> Nd.arange(0.0, Double.NaN, 1.0), "arange"));
        c.add(raises(
                "arange(0.0, inf, 1.0)",
                ShapeException.class,
                () -> Nd.arange(0.0, Double.POSITIVE_INFINITY, 1.0),
                "arange"));
        c.add(numpy(
                "get(::Long.MAX_VALUE)", new double[] {0}, () -> Nd.arange(10).get("::9223372036854775807")));
        c.add(numpy(
                "get(::Long.MIN_VALUE)", new double[] {9}, () -> Nd.arange(10).get("::-9223372036854775808")));
        c.add(new Hostile("setLimit holds after a refused huge allocation", () -> {
            var pool = Device.current().memoryPool();
            long limit = pool.limit();
            try {
                try {
                    Nd.empty(DType.UINT8, Long.MAX_VALUE - 10);
                } catch (DeviceOutOfMemoryException expected) {
                    // the point: the counters stay sane
                }
                if (pool.usedBytes() < 0 || pool.totalBytes() < 0)
                    throw new AssertionError("negative counters: " + pool);
                pool.setLimit(pool.totalBytes() + (1L << 20));
                try {
                    Nd.empty(DType.UINT8, 4L << 20);
                    throw new AssertionError("the limit did not hold: " + pool);
                } catch (DeviceOutOfMemoryException expected) {
                    // the limit holds
                }
            } finally {
                pool.setLimit(limit);
            }
        }));
        c.add(numpy("dot of 1M float32 is accurate (1e-6)", new double[] {1}, () -> {
            int n = 1 << 20;
            var r = new java.util.SplittableRandom(7);
            float[] x = new float[n], y = new float[n];
            double ref = 0;
            for (int i = 0; i < n; i++) {
                x[i] = (float) r.nextDouble();
                y[i] = (float) r.nextDouble();
                ref += (double) x[i] * y[i];
            }
            double got = Nd.dot(Nd.array(x), Nd.array(y)).doubleValue();
            return Nd.array(new double[] {Math.abs(got - ref) / ref < 1e-6 ? 1 : 0});
        }));
        // ---------------------------------------------------------------- unsigned dtypes: a refused call leaves its
        // array as it was
        long[] u16 = {0, 1, 65535, 32768};
        long[] u32 = {0, 1, 4294967295L, 2147483648L};
        long[] u64 = {-1, Long.MIN_VALUE, 5, 0}; // 2^64 - 1, 2^63, 5, 0
        c.add(refusedKeeps(
                "uint8 array + 300", DType.UINT8, new long[] {0, 255, 7}, a -> a.add(300), "add", "300", "uint8"));
        c.add(refusedKeeps("uint32 array + (-1)", DType.UINT32, u32, a -> a.add(-1), "add", "-1", "uint32"));
        c.add(refusedKeeps(
                "add(uint16, 70000, out=itself)",
                DType.UINT16,
                u16,
                a -> Nd.add(a, 70000, a),
                "add",
                "70000",
                "uint16"));
        c.add(refusedKeeps(
                "uint64 array - (-1) into itself",
                DType.UINT64,
                u64,
                a -> Nd.sub(a, -1, a),
                "subtract",
                "-1",
                "uint64"));
        c.add(refusedKeeps("uint16 fill(70000.0)", DType.UINT16, u16, a -> a.fill(70000.0), "fill", "70000", "uint16"));
        c.add(refusedKeeps("uint32 fill(NaN)", DType.UINT32, u32, a -> a.fill(Double.NaN), "fill", "NaN"));
        c.add(refusedKeeps("uint64 fill(-1)", DType.UINT64, u64, a -> a.fill(-1), "fill", "-1", "uint64"));
        c.add(refusedKeeps(
                "uint64 set('[0, 2]', -1)", DType.UINT64, u64, a -> a.set("[0, 2]", -1), "set", "-1", "uint64"));
        c.add(refusedKeeps(
                "uint32 view set(':', 2^32)",
                DType.UINT32,
                u32,
                a -> a.get("::-2").set(":", 1L << 32),
                "set",
                "4294967296"));
        c.add(refusedKeeps(
                "copyto(uint16, float32 array)",
                DType.UINT16,
                u16,
                a -> Nd.copyto(a, Nd.ones(DType.FLOAT32, 4)),
                "copyto",
                "same_kind"));
        c.add(refusedKeeps(
                "sqrt(uint32) into itself", DType.UINT32, u32, a -> Nd.sqrt(a, a), "sqrt", "float64", "uint32"));
        c.add(new Hostile("full(-1, UINT64) of 8 MiB gives its memory back", () -> {
            var pool = Device.current().memoryPool();
            long before = PoolState.settle(pool);
            try {
                Nd.full(-1, DType.UINT64, 1 << 20);
                throw new AssertionError("full(-1, UINT64) did not raise");
            } catch (DTypeException expected) {
                if (!expected.getMessage().contains("full"))
                    throw new AssertionError("message names no operation: " + expected.getMessage());
            }
            long after = PoolState.settle(pool);
            if (after > before) throw new AssertionError("the refused full kept " + (after - before) + " bytes");
        }));
        // ---------------------------------------------------------------- wrong exception types when filed
        c.add(raises(
                "zeros(1<<40, 1<<40)",
                ShapeException.class,
                () -> Nd.zeros(DType.FLOAT32, 1L << 40, 1L << 40),
                "too big"));
        c.add(raises(
                "broadcastTo (1<<40, 1<<40, 3)",
                ShapeException.class,
                () -> Nd.arange(3).broadcastTo(1L << 40, 1L << 40, 3)));
        c.add(raises("arange(0, Long.MAX_VALUE, 1)", ShapeException.class, () -> Nd.arange(0, Long.MAX_VALUE, 1)));
        c.add(raises(
                "reshape(4, 3 + (1<<62)) wrapped to 12",
                ShapeException.class,
                () -> Nd.arange(12).reshape(4, 3 + (1L << 62)),
                "reshape"));
        c.add(raises("a.add(null)", NullPointerException.class, () -> f32(3).add(null), "add"));
        c.add(raises("astype(null)", NullPointerException.class, () -> f32(3).astype((DType) null), "to"));
        c.add(raises("Device.get(null)", NullPointerException.class, () -> Device.get(null), "id"));
        c.add(raises("Device.get(nonsense)", DeviceException.class, () -> Device.get("nonsense:7")));
        c.add(raises("corrupt .npz deflate stream", NpyFormatException.class, () -> {
            Path dir = Files.createTempDirectory("hostile");
            Path f = dir.resolve("x.npz");
            double[] v = new double[2048];
            for (int i = 0; i < v.length; i++) v[i] = Math.cos(i);
            Nd.savezCompressed(f, Map.of("x", Nd.array(v)));
            byte[] b = Files.readAllBytes(f);
            for (int i = 150; i < 230; i++) b[i] ^= 0x33;
            Files.write(f, b);
            Nd.loadNpz(f);
        }));
        c.add(raises(
                "savez with an empty name",
                NdException.class,
                () -> Nd.savez(Files.createTempDirectory("hostile").resolve("e.npz"), Map.of("", f32(2))),
                "savez"));
        c.add(raises(
                "setLimit(-1)",
                NdException.class,
                () -> Device.current().memoryPool().setLimit(-1),
                "setLimit"));
        c.add(raises(
                "setLimit(0)",
                NdException.class,
                () -> Device.current().memoryPool().setLimit(0),
                "setLimit"));
        // ---------------------------------------------------------------- views that reach outside their memory (each
        // crashed PoCL before view() checked its geometry)
        c.add(raises(
                "view with a stride of 2^30 bytes, then read",
                NdException.class,
                () -> Nd.arange(0.0, 12.0, 1.0)
                        .view(new long[] {10}, new long[] {1L << 30}, 0)
                        .toDoubleArray(),
                "view",
                "allocation"));
        c.add(raises(
                "view with an offset past the end",
                NdException.class,
                () -> Nd.arange(0.0, 12.0, 1.0).view(new long[] {4}, new long[] {8}, 1L << 20),
                "offset"));
        c.add(raises(
                "view with a negative offset",
                NdException.class,
                () -> Nd.arange(0.0, 12.0, 1.0).view(new long[] {4}, new long[] {8}, -800),
                "offset"));
        c.add(raises(
                "view with a stride that is not a multiple of the item size",
                NdException.class,
                () -> Nd.arange(0.0, 12.0, 1.0).view(new long[] {4}, new long[] {3}, 0),
                "item size"));
        c.add(raises(
                "view reaching below its memory with a negative stride",
                NdException.class,
                () -> Nd.arange(0.0, 12.0, 1.0).view(new long[] {4}, new long[] {-8}, 8),
                "allocation"));
        c.add(raises(
                "view whose extent overflows a long",
                NdException.class,
                () -> Nd.arange(0.0, 12.0, 1.0).view(new long[] {3, 3}, new long[] {Long.MAX_VALUE - 7, 8}, 0)));
        c.add(raises(
                "readOnlyView past the end",
                NdException.class,
                () -> Nd.arange(0.0, 12.0, 1.0).readOnlyView(new long[] {4}, new long[] {8000}, 0),
                "allocation"));
        c.add(numpy("a legal view: every other element reversed, from a sliced array", new double[] {11, 9, 7}, () -> {
            NDArray a = Nd.arange(0.0, 12.0, 1.0);
            return a.view(new long[] {3}, new long[] {-16}, 88);
        }));
        // ---------------------------------------------------------------- neighbours
        c.add(raises("ufunc out of another shape", ShapeException.class, () -> Nd.add(f32(3), 1, f32(4)), "add"));
        c.add(raises("ufunc out closed", ArrayClosedException.class, () -> {
            NDArray o = f32(3);
            o.close();
            Nd.add(f32(3), 1, o);
        }));
        c.add(raises(
                "ufunc float result into int out",
                DTypeException.class,
                () -> Nd.sqrt(f32(3), Nd.zeros(DType.INT32, 3)),
                "same_kind"));
        c.add(raises(
                "ElementwiseKernel NaN into int32 parameter",
                DTypeException.class,
                () -> new ElementwiseKernel("float32 x, int32 s", "float32 z", "z = x * s", "hostile_scale")
                        .call(f32(3), Double.NaN)));
        c.add(raises(
                "ElementwiseKernel into a read-only view",
                NdException.class,
                () -> new ElementwiseKernel("float32 x", "float32 z", "z = x", "hostile_copy")
                        .call(f32(3), f32(3).broadcastTo(3)),
                "read-only"));
        c.add(raises(
                "ReductionKernel identity NaN for int",
                DTypeException.class,
                () -> new ReductionKernel("T x", "T y", "x", "a + b", "y = a", "nan", "hostile_sum")
                        .call(Nd.arange(4))));
        c.add(raises(
                "Fuse with a null argument",
                NdException.class,
                () -> Fuse.of((p, q) -> p.add(q)).call(f32(3), null)));
        c.add(raises(
                "reshape with two unknowns",
                ShapeException.class,
                () -> Nd.arange(12).reshape(-1, -1)));
        c.add(raises(
                "transpose with wrong axes",
                NdException.class,
                () -> Nd.arange(12).reshape(3, 4).transpose(0, 0)));
        c.add(raises("take out of range", NdException.class, () -> Nd.arange(5).take(new long[] {5})));
        c.add(raises(
                "mask of another shape", NdException.class, () -> Nd.arange(5).get(Nd.ones(DType.BOOL, 4))));
        c.add(raises(
                "get index Long.MAX_VALUE",
                NdException.class,
                () -> Nd.arange(5).get(Long.MAX_VALUE),
                "out of bounds"));
        c.add(raises(
                "sum over axis 5 of a 2-d array",
                NdException.class,
                () -> Nd.ones(2, 2).sum(5)));
        c.add(raises(
                "solve a singular matrix", NdException.class, () -> Nd.linalg().solve(Nd.zeros(2, 2), Nd.ones(2))));
        c.add(raises(
                "inv of a non-square matrix",
                NdException.class,
                () -> Nd.linalg().inv(Nd.ones(2, 3))));
        c.add(raises(
                "einsum with malformed subscripts",
                NdException.class,
                () -> Nd.linalg().einsum("ij,jk->->", f32(2, 2), f32(2, 2))));
        c.add(raises(
                "matmul (2,3) @ (4,5)", ShapeException.class, () -> f32(2, 3).matmul(f32(4, 5)), "not aligned"));
        c.add(raises("linspace with a negative count", NdException.class, () -> Nd.linspace(0, 1, -5)));
        c.add(raises("eye(-1)", NdException.class, () -> Nd.eye(-1)));
        c.add(raises("random.seed(-1)", NdException.class, () -> Nd.random().seed(-1)));
        c.add(raises("uniform high < low", NdException.class, () -> Nd.random().uniform(1, 0, DType.FLOAT64, 3)));
        c.add(raises(
                "copyTo a read-only segment",
                NdException.class,
                () -> f32(4).copyTo(Arena.ofAuto().allocate(16).asReadOnly()),
                "read-only"));
        c.add(raises(
                "copyTo a segment of the wrong size",
                ShapeException.class,
                () -> f32(4).copyTo(Arena.ofAuto().allocate(12))));
        c.add(raises(
                "toFloatArray(out) of the wrong length",
                ShapeException.class,
                () -> f32(4).toFloatArray(new float[3])));
        c.add(raises(
                "uint8 + 300 (NEP 50)",
                DTypeException.class,
                () -> Nd.ones(DType.UINT8, 3).add(300),
                "300"));
        c.add(raises(
                "power of ints to a negative int",
                NdException.class,
                () -> Nd.arange(3).pow(-1),
                "negative"));
        c.add(raises("arange step 0", NdException.class, () -> Nd.arange(0, 10, 0), "step"));
        c.add(raises("concatenate nothing", ShapeException.class, () -> Nd.concatenate(List.of(), 0)));
        c.add(raises(
                "where with shapes that do not broadcast",
                ShapeException.class,
                () -> Nd.where(Nd.ones(DType.BOOL, 2), f32(3), 0)));
        c.add(numpy("a.set(':', floats) into int32 truncates as numpy setitem", new double[] {1, -2, 3}, () -> {
            NDArray i = Nd.zeros(DType.INT32, 3);
            i.set(":", Nd.array(new double[] {1.7, -2.7, 3.2}));
            return i;
        }));
        c.add(numpy("cumsum(out=a) of itself", new double[] {0, 1, 3, 6, 10}, () -> {
            NDArray a = Nd.arange(5).astype(DType.FLOAT64);
            return org.ndgpu.spi.Providers.reductions().scan(org.ndgpu.spi.Scan.CUMSUM, a, 0, a);
        }));
        // ---------------------------------------------------------------- graphs (issue 37): what a capture refuses
        c.add(raises(
                "capture: a body that reads to the host",
                CaptureException.class,
                () -> Nd.capture(() -> f32(3).sum().item()),
                "NDArray.item cannot be captured",
                "the capture was discarded"));
        c.add(raises(
                "capture: a body that synchronizes",
                CaptureException.class,
                () -> Nd.capture(() -> Device.current().synchronize()),
                "Device.synchronize cannot be captured"));
        c.add(raises(
                "capture: a body that copies from Java data",
                CaptureException.class,
                () -> Nd.capture(() -> Nd.array(new float[] {1, 2})),
                "Nd.array cannot be captured"));
        c.add(raises(
                "capture: a capture inside a body",
                CaptureException.class,
                () -> Nd.capture(() -> Nd.capture(() -> {})),
                "do not nest"));
        c.add(raises(
                "capture: a body that throws",
                IllegalStateException.class,
                () -> Nd.capture(() -> {
                    f32(2).add(1);
                    throw new IllegalStateException("the body's own");
                }),
                "the body's own"));
        c.add(raises(
                "graph: a launch after an input was closed",
                ArrayClosedException.class,
                () -> {
                    NDArray x = f32(4);
                    try (Graph g = Nd.capture(() -> x.add(1))) {
                        x.close();
                        g.launch();
                    }
                },
                "Graph.launch",
                "was closed"));
        c.add(raises(
                "graph: a launch after close",
                DeviceException.class,
                () -> {
                    Graph g = Nd.capture(() -> f32(2).add(1));
                    g.close();
                    g.launch();
                },
                "Graph.launch",
                "was closed"));
        c.add(raises(
                "capture: a fused chain, then a read to the host",
                CaptureException.class,
                () -> Nd.capture(() -> f32(3).mul(2).add(1).sum().item()),
                "NDArray.item cannot be captured",
                "the capture was discarded"));
        c.add(raises(
                "capture: a fused chain whose shapes do not broadcast",
                ShapeException.class,
                () -> Nd.capture(() -> f32(3).mul(2).add(f32(4))),
                "add"));
        c.add(raises(
                "capture: a fused chain with a float bitwise_and",
                DTypeException.class,
                () -> Nd.capture(() -> f32(3).mul(2).bitwiseAnd(1)),
                "bitwise_and"));
        c.add(numpy("graph: a fused chain, a view of it and an out= call", new double[] {1, 3, 5, 7}, () -> {
            NDArray x = Nd.arange(4).astype(DType.FLOAT64), o = Nd.zeros(DType.FLOAT64, 4);
            try (Graph g = Nd.capture(() -> {
                NDArray t = x.mul(2).add(1);
                Nd.add(t.reshape(2, 2).reshape(4), 2, o);
                Nd.sub(o, 2, o);
            })) {
                g.launch();
                g.launch();
            }
            return o;
        }));
        c.add(numpy("graph: three launches of x += 1", new double[] {3, 3}, () -> {
            NDArray x = Nd.zeros(DType.FLOAT64, 2);
            try (Graph g = Nd.capture(() -> Nd.add(x, 1, x))) {
                g.launch();
                g.launch();
                g.launch();
            }
            return x;
        }));
        return c;
    }
}
