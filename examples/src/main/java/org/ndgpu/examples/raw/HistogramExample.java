package org.ndgpu.examples.raw;

import java.util.Arrays;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.device.Event;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.raw.JavaKernel;
import org.ndgpu.raw.NdRange;
import org.ndgpu.raw.RawKernel;

/**
 * A histogram with atomic adds: values in [0, 1) counted into 64 bins. As a RawKernel (OpenCL
 * atomic_inc / CUDA atomicAdd) and as a JavaKernel (Aparapi's atomicAdd), checked against a loop.
 *
 * <p>Run: {@code nd run org.ndgpu.examples.raw.HistogramExample [n]}
 */
public final class HistogramExample {
    private HistogramExample() {}

    static final int BINS = 64;

    static final String OPENCL = """
            __kernel void histogram(__global const float* x, __global int* bins, int n, int nbins) {
                int i = get_global_id(0);
                if (i < n) atomic_inc(&bins[min((int)(x[i] * nbins), nbins - 1)]);
            }
            """;
    static final String CUDA = """
            extern "C" __global__ void histogram(const float* x, int* bins, int n, int nbins) {
                int i = blockIdx.x * blockDim.x + threadIdx.x;
                if (i < n) atomicAdd(&bins[min((int)(x[i] * nbins), nbins - 1)], 1);
            }
            """;

    /** The same histogram in Java. */
    public static final class JavaHistogram extends JavaKernel {
        float[] x;
        int[] bins;
        int n;
        int nbins;

        @Override
        public void run() {
            int i = getGlobalId();
            if (i < n) atomicAdd(bins, min((int) (x[i] * nbins), nbins - 1), 1);
        }
    }

    /** Runs both histograms on the current device; args: n (default 2^20). */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1 << 20;
        Device device = Device.current();
        NDArray x = Nd.random().seed(3).uniform(0, 1, DType.FLOAT32, n);
        int[] want = new int[BINS];
        for (float v : x.toFloatArray()) want[Math.min((int) (v * BINS), BINS - 1)]++;

        var k = new RawKernel(device.backend().dialect() == Dialect.CUDA ? CUDA : OPENCL, "histogram");
        NDArray bins = Nd.zeros(DType.INT32, BINS);
        k.compile(device);
        Event t0 = Event.record();
        k.launch(new long[] {(n + 255) / 256}, new long[] {256}, x, bins, n, BINS);
        Event t1 = Event.record();
        report("RawKernel", device, bins.toIntArray(), want, t0.elapsedMillis(t1));

        var jk = new JavaHistogram();
        jk.n = n;
        jk.nbins = BINS;
        NDArray bins2 = Nd.zeros(DType.INT32, BINS);
        jk.bind("x", x).bind("bins", bins2);
        NdRange range = NdRange.of((n + 255) / 256 * 256L).local(256);
        Event t2 = Event.record();
        jk.launch(range); // the first launch also translates and compiles
        Event t3 = Event.record();
        report("JavaKernel", device, bins2.toIntArray(), want, t2.elapsedMillis(t3));
    }

    static void report(String what, Device device, int[] got, int[] want, double ms) {
        boolean ok = Arrays.equals(got, want);
        System.out.printf(
                "%-10s histogram %s: bins[0..4]=%s, %.3f ms, on %s%n",
                what, ok ? "matches the Java loop" : "DIFFERS", Arrays.toString(Arrays.copyOf(got, 4)), ms, device);
        if (!ok) throw new AssertionError(what + ": got " + Arrays.toString(got) + ", want " + Arrays.toString(want));
    }
}
