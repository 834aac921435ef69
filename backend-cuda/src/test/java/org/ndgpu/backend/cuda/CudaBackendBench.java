package org.ndgpu.backend.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendEvent;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.backend.Dialect;
import org.ndgpu.backend.KernelArguments;

/**
 * GPU figures of the CUDA backend (run on the GPU host): device copy bandwidth, host-device
 * transfer bandwidth through the pinned staging ring, and host time per kernel launch.
 * Prints a short table last.
 */
public final class CudaBackendBench {

    static double median(List<Double> xs) {
        double[] a = xs.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(a);
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }

    public static void main(String[] args) {
        var d = new CudaProvider().discover();
        if (d.backends().isEmpty()) {
            System.out.println("no CUDA device: " + d.problems());
            System.exit(1);
        }
        CudaBackend cuda = (CudaBackend) d.backends().getFirst();
        BackendStream s = cuda.defaultStream();
        System.out.println("device: " + cuda);
        System.out.println("staging: " + PinnedStaging.describe());
        List<String> rows = new ArrayList<>();

        // 1. device-to-device copy of 2^28 float32 (1 GiB), counting bytes read + written
        long n = 1L << 28, bytes = 4 * n;
        BackendBuffer a = cuda.allocate(bytes), b = cuda.allocate(bytes);
        cuda.fill(s, a, 0, bytes, (byte) 0x3c);
        for (int i = 0; i < 3; i++) cuda.copy(s, a, 0, b, 0, bytes);
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            BackendEvent e0 = cuda.record(s);
            cuda.copy(s, a, 0, b, 0, bytes);
            BackendEvent e1 = cuda.record(s);
            ms.add(cuda.elapsedMillis(e0, e1));
            e0.close();
            e1.close();
        }
        double m = median(ms);
        rows.add(String.format(
                Locale.ROOT,
                "%-44s %9.3f ms %9.1f GB/s",
                "device copy 2^28 f32 (read+write)",
                m,
                2.0 * bytes / m / 1e6));
        cuda.free(b);

        // 2. host <-> device 256 MiB, from a Java float[] (heap) and from native memory
        int hn = 64 << 20;
        long hbytes = 4L * hn;
        float[] host = new float[hn];
        for (int i = 0; i < hn; i++) host[i] = i * 0.5f;
        MemorySegment heap = MemorySegment.ofArray(host);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment nat = arena.allocate(hbytes, 64);
            MemorySegment.copy(heap, 0, nat, 0, hbytes);
            for (var src : List.of(new Object[] {"heap float[]", heap}, new Object[] {"native segment", nat})) {
                MemorySegment seg = (MemorySegment) src[1];
                for (int i = 0; i < 2; i++) {
                    cuda.copyIn(s, seg, a, 0, hbytes);
                    cuda.copyOut(s, a, 0, seg, hbytes);
                }
                cuda.synchronize(s);
                List<Double> h2d = new ArrayList<>(), d2h = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    long t0 = System.nanoTime();
                    cuda.copyIn(s, seg, a, 0, hbytes);
                    cuda.synchronize(s);
                    long t1 = System.nanoTime();
                    cuda.copyOut(s, a, 0, seg, hbytes);
                    long t2 = System.nanoTime();
                    h2d.add((t1 - t0) / 1e6);
                    d2h.add((t2 - t1) / 1e6);
                }
                double mh = median(h2d), md = median(d2h);
                rows.add(String.format(
                        Locale.ROOT, "%-44s %9.3f ms %9.1f GB/s", "H2D 256 MiB from " + src[0], mh, hbytes / mh / 1e6));
                rows.add(String.format(
                        Locale.ROOT, "%-44s %9.3f ms %9.1f GB/s", "D2H 256 MiB into " + src[0], md, hbytes / md / 1e6));
            }
        }

        // ceilings: one DMA from / to a pinned 256 MiB buffer, and host memcpy heap -> native
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pp = arena.allocate(java.lang.foreign.ValueLayout.ADDRESS);
            cuda.makeCurrent();
            if (CudaDriverMemory.cuMemHostAlloc(pp, hbytes, 0) == 0) {
                @SuppressWarnings(
                        "restricted") // the driver returns the pinned buffer as a zero-length segment: widened to its
                // size
                MemorySegment pinned =
                        pp.get(java.lang.foreign.ValueLayout.ADDRESS, 0).reinterpret(hbytes);
                MemorySegment sh = ((CudaStream) s).handle();
                long dst = ((CudaBuffer) a).pointer();
                List<Double> h2d = new ArrayList<>(), d2h = new ArrayList<>();
                for (int i = 0; i < 12; i++) {
                    long t0 = System.nanoTime();
                    CudaDriverMemory.cuMemcpyHtoDAsync(dst, pinned, hbytes, sh);
                    CudaDriverStreams.cuStreamSynchronize(sh);
                    long t1 = System.nanoTime();
                    CudaDriverMemory.cuMemcpyDtoHAsync(pinned, dst, hbytes, sh);
                    CudaDriverStreams.cuStreamSynchronize(sh);
                    long t2 = System.nanoTime();
                    if (i >= 2) {
                        h2d.add((t1 - t0) / 1e6);
                        d2h.add((t2 - t1) / 1e6);
                    }
                }
                rows.add(String.format(
                        Locale.ROOT,
                        "%-44s %9.3f ms %9.1f GB/s",
                        "ceiling: H2D 256 MiB, one DMA from pinned",
                        median(h2d),
                        hbytes / median(h2d) / 1e6));
                rows.add(String.format(
                        Locale.ROOT,
                        "%-44s %9.3f ms %9.1f GB/s",
                        "ceiling: D2H 256 MiB, one DMA into pinned",
                        median(d2h),
                        hbytes / median(d2h) / 1e6));
                for (int threads : new int[] {1, HostCopy.threads()}) {
                    List<Double> cp = new ArrayList<>();
                    for (int i = 0; i < 7; i++) {
                        long t0 = System.nanoTime();
                        if (threads == 1) MemorySegment.copy(heap, 0, pinned, 0, hbytes);
                        else HostCopy.copy(heap, 0, pinned, 0, hbytes);
                        cp.add((System.nanoTime() - t0) / 1e6);
                    }
                    rows.add(String.format(
                            Locale.ROOT,
                            "%-44s %9.3f ms %9.1f GB/s",
                            "host memcpy 256 MiB heap->pinned, " + threads + " thread(s)",
                            median(cp),
                            hbytes / median(cp) / 1e6));
                }
                CudaDriverMemory.cuMemFreeHost(pinned);
            }
        }

        // 3. host time per launch of a tiny kernel, back to back
        BackendKernel tiny = cuda.kernel(
                cuda.compile(
                        "tiny",
                        Dialect.CUDA.prelude()
                                + "ND_KERNEL void tiny(ND_GLOBAL float* x, int n) { if (ND_GLOBAL_ID() < (size_t) n) x[ND_GLOBAL_ID()] += 1.0f; }\n",
                        List.of()),
                "tiny");
        long[] grid = {1}, block = {32};
        Integer count = 32;
        for (int i = 0; i < 20_000; i++) {
            cuda.launch(s, tiny, grid, block, 0, args(a, count));
            if (i % 500 == 499) cuda.synchronize(s);
        }
        cuda.synchronize(s);
        List<Double> us = new ArrayList<>();
        int batch = 500;
        for (int rep = 0; rep < 100; rep++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < batch; i++) cuda.launch(s, tiny, grid, block, 0, args(a, count));
            long t1 = System.nanoTime();
            us.add((t1 - t0) / 1e3 / batch);
            cuda.synchronize(s);
        }
        double mu = median(us);
        rows.add(String.format(
                Locale.ROOT,
                "%-44s %9.3f us per launch (batches of %d, median of 100)",
                "launch tiny kernel, host time",
                mu,
                batch));
        // and end-to-end throughput including the GPU, 20000 launches then a synchronize
        long t0 = System.nanoTime();
        for (int i = 0; i < 20_000; i++) cuda.launch(s, tiny, grid, block, 0, args(a, count));
        cuda.synchronize(s);
        long t1 = System.nanoTime();
        rows.add(String.format(
                Locale.ROOT,
                "%-44s %9.3f us per launch",
                "launch tiny kernel, 20000 + synchronize",
                (t1 - t0) / 1e3 / 20_000));
        cuda.free(a);

        System.out.println();
        System.out.println("CudaBackendBench on " + cuda.facts().name() + "; staging " + PinnedStaging.describe());
        for (String r : rows) System.out.println(r);
        cuda.close();
    }

    /** Launch arguments given as Objects, typed as the backend contract takes them. */
    private static KernelArguments args(Object... values) {
        return ObjectArguments.of(values);
    }
}
