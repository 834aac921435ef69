package org.ndgpu.raw;

import com.aparapi.Kernel;
import com.aparapi.Range;
import com.aparapi.internal.kernel.IKernelBarrier;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;

/**
 * {@link JavaKernel.Mode#HOST}: the kernel's own run() on Java threads, over host copies of the
 * bound arrays, then the copies written back. Groups run on a pool of platform threads; the
 * work-items of one group run as virtual threads sharing a barrier (so localBarrier() works)
 * and fresh {@code @Local} arrays; without barriers they run one after another.
 */
final class HostRunner {
    private HostRunner() {}

    static void run(JavaKernel kernel, JavaKernelSource src, NdRange range, Map<String, NDArray> bound) {
        long[] g = range.global();
        long[] l = range.localFor(256);
        int dims = g.length;
        Range r = switch (dims) {
            case 1 -> Range.create((int) g[0], (int) l[0]);
            case 2 -> Range.create2D((int) g[0], (int) g[1], (int) l[0], (int) l[1]);
            default -> Range.create3D((int) g[0], (int) g[1], (int) g[2], (int) l[0], (int) l[1], (int) l[2]);
        };
        boolean barriers = src.source(org.ndgpu.backend.Dialect.OPENCL).contains("barrier(");
        List<String> locals = new ArrayList<>();
        for (KernelSignature.Param p : src.signature().params()) if (p.local()) locals.add(p.name());

        // host copies of the bound arrays, put in the fields for the run, the old field values restored after
        Map<String, Object> previous = new HashMap<>();
        Map<String, Object> host = new HashMap<>();
        for (var e : bound.entrySet()) {
            previous.put(e.getKey(), kernel.get(e.getKey()));
            Object arr = toJava(e.getValue());
            host.put(e.getKey(), arr);
            kernel.set(e.getKey(), arr);
        }
        try {
            long[] groups = new long[3];
            long total = 1;
            for (int d = 0; d < 3; d++) {
                groups[d] = d < dims ? g[d] / l[d] : 1;
                total *= groups[d];
            }
            int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
            try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
                List<Future<?>> work = new ArrayList<>();
                for (long gi = 0; gi < total; gi++) {
                    int[] gid = {
                        (int) (gi % groups[0]), (int) (gi / groups[0] % groups[1]), (int) (gi / groups[0] / groups[1])
                    };
                    work.add(pool.submit(() -> {
                        runGroup(kernel, r, gid, l, locals, barriers);
                        return null;
                    }));
                }
                for (Future<?> f : work) f.get();
            }
            for (var e : bound.entrySet()) fromJava(host.get(e.getKey()), e.getValue());
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException re) throw re;
            if (c instanceof Error err) throw err;
            throw new NdException("JavaKernel " + kernel.getClass().getName() + " (host mode): " + c, c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NdException("JavaKernel " + kernel.getClass().getName() + " (host mode): interrupted", e);
        } finally {
            previous.forEach(kernel::set);
        }
    }

    private static void runGroup(JavaKernel kernel, Range r, int[] gid, long[] l, List<String> locals, boolean barriers)
            throws Exception {
        long[] ls = {l[0], l.length > 1 ? l[1] : 1, l.length > 2 ? l[2] : 1};
        int n = (int) (ls[0] * ls[1] * ls[2]);
        Map<String, Object> groupLocals = new HashMap<>();
        for (String f : locals) {
            Object proto = kernel.get(f);
            groupLocals.put(
                    f,
                    java.lang.reflect.Array.newInstance(
                            proto.getClass().getComponentType(), java.lang.reflect.Array.getLength(proto)));
        }
        CyclicBarrier cb = barriers ? new CyclicBarrier(n) : null;
        IKernelBarrier barrier = cb == null ? null : new Barrier(cb);
        List<Kernel> items = new ArrayList<>(n);
        for (int li = 0; li < n; li++) {
            Kernel item = kernel.clone();
            groupLocals.forEach((f, arr) -> ((JavaKernel) item).set(f, arr));
            Kernel.KernelState s = item.getKernelState();
            s.setRange(r);
            int[] lid = {(int) (li % ls[0]), (int) (li / ls[0] % ls[1]), (int) (li / ls[0] / ls[1])};
            for (int d = 0; d < 3; d++) {
                s.setLocalId(d, lid[d]);
                s.setGroupId(d, gid[d]);
                s.setGlobalId(d, (int) (gid[d] * ls[d] + lid[d]));
            }
            s.setPassId(0);
            if (barrier != null) s.setLocalBarrier(barrier);
            items.add(item);
        }
        if (!barriers) {
            for (Kernel item : items) item.run();
            return;
        }
        List<Thread> ts = new ArrayList<>(n);
        Throwable[] failure = new Throwable[1];
        for (Kernel item : items) {
            ts.add(Thread.ofVirtual().start(() -> {
                try {
                    item.run();
                } catch (Throwable t) {
                    synchronized (failure) {
                        if (failure[0] == null) failure[0] = t;
                    }
                    cb.reset(); // the other work-items of the group must not wait forever
                }
            }));
        }
        for (Thread t : ts) t.join();
        if (failure[0] instanceof RuntimeException re) throw re;
        if (failure[0] instanceof Error err) throw err;
        if (failure[0] != null) throw new NdException("host-mode work-item failed: " + failure[0], failure[0]);
    }

    /** Aparapi's barrier hook over a CyclicBarrier. */
    private record Barrier(CyclicBarrier cb) implements IKernelBarrier {
        @Override
        public boolean block() throws InterruptedException {
            try {
                cb.await();
            } catch (BrokenBarrierException e) {
                throw new NdException("host mode: a work-item of the group failed, so the barrier broke", e);
            }
            return true;
        }

        @Override
        public boolean isReleasable() {
            return false;
        }

        @Override
        public void cancelBarrier() {
            cb.reset();
        }

        @Override
        public void breakBarrier(Throwable t) {
            cb.reset();
        }
    }

    private static Object toJava(NDArray a) {
        return switch (a.dtype()) {
            case FLOAT32 -> a.toFloatArray();
            case FLOAT64 -> a.toDoubleArray();
            case INT32, UINT32 -> a.toIntArray(); // unsigned: the same bits in the signed Java type of that width
            case INT64, UINT64 -> a.toLongArray();
            case BOOL -> a.toBooleanArray();
            case INT16, UINT16, INT8 -> {
                MemorySegment seg = a.toBytes();
                yield a.dtype().itemsize() == 2
                        ? seg.toArray(java.lang.foreign.ValueLayout.JAVA_SHORT)
                        : seg.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            }
            default -> throw new NdException("host mode: " + a.dtype() + " arrays are not supported");
        };
    }

    private static void fromJava(Object arr, NDArray a) {
        MemorySegment heap = switch (arr) {
            case float[] f -> MemorySegment.ofArray(f);
            case double[] d -> MemorySegment.ofArray(d);
            case int[] i -> MemorySegment.ofArray(i);
            case long[] j -> MemorySegment.ofArray(j);
            case short[] s -> MemorySegment.ofArray(s);
            case byte[] b -> MemorySegment.ofArray(b);
            case boolean[] z -> {
                byte[] b = new byte[z.length];
                for (int i = 0; i < z.length; i++) b[i] = (byte) (z[i] ? 1 : 0);
                yield MemorySegment.ofArray(b);
            }
            default -> throw new IllegalStateException(arr.getClass().toString());
        };
        if (a.nbytes() == 0) return;
        Device dev = a.device();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(heap.byteSize(), 16);
            seg.copyFrom(heap);
            dev.backend().copyIn(dev.currentStream().backendStream(), seg, a.buffer(), a.offset(), a.nbytes());
        }
    }
}
