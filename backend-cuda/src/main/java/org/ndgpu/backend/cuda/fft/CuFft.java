package org.ndgpu.backend.cuda.fft;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.Map;
import org.ndgpu.backend.cuda.CudaBackend;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Scope;
import org.ndgpu.vendor.VendorFft;

/**
 * The {@link VendorFft} of one CUDA device through cuFFT. Plans are made with cufftMakePlanMany64 and
 * kept per thread in an LRU of {@value #PLANS} (as CuPy's plan cache), keyed by type,
 * lengths, batch and layout: a plan must not run on two threads at once, and a thread's plans need no
 * lock. A plan runs on the device's current stream (cufftSetStream before each run). cuFFT allocates
 * nothing itself (cufftSetAutoAllocation(0)): a plan's work area comes from ndgpu's memory pool when
 * the plan is made and goes back when the plan is evicted, as CuPy's plans keep theirs. cuFFT never
 * normalizes, and neither does this class: module fft scales the result after the transform.
 */
final class CuFft implements VendorFft {
    static final int PLANS = 16;

    private final Device device;
    private final CudaBackend backend;

    CuFft(Device device) {
        this.device = device;
        this.backend = (CudaBackend) device.backend();
    }

    @Override
    public boolean available() {
        return CuFftLoader.api() != null;
    }

    @Override
    public String describe() {
        return CuFftLoader.describe();
    }

    /** The bound library; callers asked {@link #available()} first, so this throws only for a caller that did not. */
    private CuFftApi api() {
        CuFftApi a = CuFftLoader.api();
        if (a == null) throw new DeviceException(device.id() + ": cuFFT is not available: " + CuFftLoader.problem());
        return a;
    }

    /** A plan's identity: everything cufftMakePlanMany64 was given. */
    private record Key(Device device, int type, String layout) {}

    /**
     * A plan, its work area (null when it needs none), which it keeps as CuPy's plans do, and the
     * stream that area belongs to: a run on another stream takes an area of its own from the pool, so
     * that two streams never share one.
     */
    private record Plan(int handle, long workBytes, NDArray work, long stream) {}

    private static final ThreadLocal<Map<Key, Plan>> PLAN_CACHE =
            ThreadLocal.withInitial(() -> new LinkedHashMap<>(16, 0.75f, true));

    private Plan plan(
            int type,
            long[] n,
            long[] inembed,
            long istride,
            long idist,
            long[] onembed,
            long ostride,
            long odist,
            long batch) {
        String layout = java.util.Arrays.toString(n) + java.util.Arrays.toString(inembed) + istride + "/" + idist
                + java.util.Arrays.toString(onembed) + ostride + "/" + odist + "x" + batch;
        Key key = new Key(device, type, layout);
        Map<Key, Plan> cache = PLAN_CACHE.get();
        Plan p = cache.get(key);
        if (p != null) return p;
        CuFftApi api = api();
        backend.makeCurrent();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment h = a.allocate(JAVA_INT), ws = a.allocate(JAVA_LONG);
            CuFftApi.check(api.create(h), device.id() + " cufftCreate");
            int handle = h.get(JAVA_INT, 0);
            try {
                CuFftApi.check(api.setAutoAllocation(handle, 0), device.id() + " cufftSetAutoAllocation");
                CuFftApi.check(
                        api.makePlanMany64(
                                handle,
                                n.length,
                                longs(a, n),
                                longs(a, inembed),
                                istride,
                                idist,
                                longs(a, onembed),
                                ostride,
                                odist,
                                type,
                                batch,
                                ws),
                        device.id() + " cufftMakePlanMany64 (type 0x" + Integer.toHexString(type) + ", " + layout
                                + ")");
            } catch (RuntimeException e) {
                api.destroy(handle);
                throw e;
            }
            long workBytes = ws.get(JAVA_LONG, 0);
            NDArray work = null;
            try {
                if (workBytes > 0) {
                    // the plan keeps its work area past the caller's scope
                    work = Scope.unscoped(() -> NDArray.empty(device, DType.UINT8, new long[] {workBytes}, Order.C));
                    CuFftApi.check(api.setWorkArea(handle, work.devicePointer()), device.id() + " cufftSetWorkArea");
                }
            } catch (RuntimeException e) {
                api.destroy(handle);
                if (work != null) work.close();
                throw e;
            }
            p = new Plan(handle, workBytes, work, device.currentStream().ptr());
        }
        cache.put(key, p);
        if (cache.size() > PLANS) {
            var eldest = cache.entrySet().iterator().next();
            cache.remove(eldest.getKey());
            ((CudaBackend) eldest.getKey().device().backend()).makeCurrent();
            api.destroy(eldest.getValue().handle());
            // back to the pool on the current stream, ordered after the plan's last run there; another
            // stream's allocation of it waits for this one (MemoryPool)
            if (eldest.getValue().work() != null) eldest.getValue().work().close();
        }
        return p;
    }

    private static MemorySegment longs(Arena a, long[] v) {
        if (v == null) return MemorySegment.NULL;
        MemorySegment s = a.allocate(JAVA_LONG, v.length);
        for (int i = 0; i < v.length; i++) s.setAtIndex(JAVA_LONG, i, v[i]);
        return s;
    }

    /** Runs a plan from in to out (device addresses) on the current stream, with the plan's work area on its own stream. */
    private void run(Plan p, int type, long in, long out, int direction) {
        CuFftApi api = api();
        backend.makeCurrent();
        long stream = device.currentStream().ptr();
        CuFftApi.check(api.setStream(p.handle(), stream), device.id() + " cufftSetStream");
        boolean own = p.work() == null || stream == p.stream();
        NDArray work = own ? null : NDArray.empty(device, DType.UINT8, new long[] {p.workBytes()}, Order.C);
        try {
            if (work != null)
                CuFftApi.check(api.setWorkArea(p.handle(), work.devicePointer()), device.id() + " cufftSetWorkArea");
            CuFftApi.check(
                    api.exec(type, p.handle(), in, out, direction),
                    device.id() + " cufftExec (type 0x" + Integer.toHexString(type) + ")");
        } finally {
            if (work != null) {
                // the plan's own area again for the next run, and this one back to the pool on this stream (ordered
                // after the transform)
                CuFftApi.check(
                        api.setWorkArea(p.handle(), p.work().devicePointer()), device.id() + " cufftSetWorkArea");
                work.close();
            }
        }
    }

    @Override
    public void c2c(NDArray in, NDArray out, long batch, long n, boolean inverse) {
        if (batch == 0) return;
        int type = in.dtype() == DType.COMPLEX64 ? CuFftApi.C2C : CuFftApi.Z2Z;
        Plan p = plan(type, new long[] {n}, null, 1, n, null, 1, n, batch);
        run(p, type, in.devicePointer(), out.devicePointer(), inverse ? CuFftApi.INVERSE : CuFftApi.FORWARD);
    }

    /**
     * A strided axis without a copy: {@code v} is the complex input with the axis last (any positive
     * strides), whose other axes collapse to one (count, stride) pair; cuFFT's advanced layout reads
     * it in place. False (and nothing run) when the strides do not allow it.
     */
    @Override
    public boolean c2cStrided(NDArray v, NDArray out, long n, boolean inverse) {
        int isz = v.itemsize(), nd = v.ndim();
        long[] shape = v.shape(), st = v.strides();
        long es = st[nd - 1];
        if (es <= 0 || es % isz != 0) return false;
        long count = 1, dist = 0;
        for (int i = nd - 2; i >= 0; i--) {
            if (shape[i] == 1) continue;
            if (st[i] <= 0 || st[i] % isz != 0) return false;
            if (count == 1) dist = st[i];
            else if (st[i] != dist * count) return false;
            count *= shape[i];
        }
        if (count == 0) return true;
        long idist = count == 1 ? n * (es / isz) : dist / isz;
        int type = v.dtype() == DType.COMPLEX64 ? CuFftApi.C2C : CuFftApi.Z2Z;
        Plan p = plan(type, new long[] {n}, new long[] {n}, es / isz, idist, new long[] {n}, 1, n, count);
        run(p, type, v.devicePointer(), out.devicePointer(), inverse ? CuFftApi.INVERSE : CuFftApi.FORWARD);
        return true;
    }

    @Override
    public boolean r2c(NDArray in, NDArray out, long batch, long n) {
        if (batch == 0) return true;
        int type = in.dtype() == DType.FLOAT32 ? CuFftApi.R2C : CuFftApi.D2Z;
        long half = n / 2 + 1;
        Plan p = plan(type, new long[] {n}, null, 1, n, null, 1, half, batch);
        run(p, type, in.devicePointer(), out.devicePointer(), 0);
        return true;
    }

    @Override
    public boolean c2r(NDArray in, NDArray out, long batch, long n) {
        if (batch == 0) return true;
        int type = in.dtype() == DType.COMPLEX64 ? CuFftApi.C2R : CuFftApi.Z2D;
        long half = n / 2 + 1;
        Plan p = plan(type, new long[] {n}, null, 1, half, null, 1, n, batch);
        run(p, type, in.devicePointer(), out.devicePointer(), 0);
        return true;
    }

    @Override
    public boolean c2cTrailing(NDArray in, NDArray out, long batch, long[] dims, boolean inverse) {
        if (batch == 0) return true;
        long points = 1;
        for (long d : dims) points *= d;
        int type = in.dtype() == DType.COMPLEX64 ? CuFftApi.C2C : CuFftApi.Z2Z;
        Plan p = plan(type, dims.clone(), null, 1, points, null, 1, points, batch);
        run(p, type, in.devicePointer(), out.devicePointer(), inverse ? CuFftApi.INVERSE : CuFftApi.FORWARD);
        return true;
    }
}
