package org.ndgpu.benchmarks;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.Nd;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.Dialect;
import org.ndgpu.backend.KernelArguments;
import org.ndgpu.backend.opencl.OpenClHandles;
import org.ndgpu.device.Device;
import org.ndgpu.examples.raw.TransposeExample;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.raw.JavaKernel;
import org.ndgpu.raw.NdRange;
import org.ndgpu.raw.RawKernel;

/**
 * GPU benchmark of raw kernels on the current device (NDGPU_DEVICE / -Dndgpu.device picks it):
 * RawKernel saxpy on 2^28 float32, the tiled transpose of 16384 x 16384 float32, the JavaKernel
 * saxpy, and the host time to launch an already compiled kernel. Device times come from events
 * around each launch, after warm-up; the table shows medians.
 *
 * <p>Run: {@code nd run org.ndgpu.benchmarks.RawBench [log2(n)=28] [transpose side=16384] [reps=20]}
 */
public final class RawBench {
    private RawBench() {}

    // exactly CuPy's RawKernel saxpy (its benchmark's source and launch: grid (n + 255) / 256, block 256),
    // so the comparison is like for like; the OpenCL twin is the same kernel in OpenCL C
    static final String SAXPY_CU = """
            extern "C" __global__ void saxpy(const float a, const float* x, const float* y, float* o, int n) {
                int i = blockDim.x * blockIdx.x + threadIdx.x;
                if (i < n) o[i] = a * x[i] + y[i];
            }
            """;
    static final String SAXPY_CL = """
            __kernel void saxpy(const float a, __global const float* x, __global const float* y, __global float* o, int n) {
                int i = get_global_id(0);
                if (i < n) o[i] = a * x[i] + y[i];
            }
            """;

    /** o = a * x + y in Java, the same kernel as the RawKernel one. */
    public static final class JavaSaxpy extends JavaKernel {
        float[] x;
        float[] y;
        float[] o;
        float a;
        int n;

        @Override
        public void run() {
            int i = getGlobalId();
            if (i < n) o[i] = a * x[i] + y[i];
        }
    }

    record Row(String name, double medianMs, double bytes) {}

    /** Prints the table on the current device ({@code -Dndgpu.device=cuda:0} to choose). */
    public static void main(String[] args) {
        int log2n = args.length > 0 ? Integer.parseInt(args[0]) : 28;
        int side = args.length > 1 ? Integer.parseInt(args[1]) : 16384;
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        Device device = Device.current();
        boolean cuda = device.backend().dialect() == Dialect.CUDA;
        System.out.println("RawBench on " + device);
        List<Row> rows = new ArrayList<>();

        long n = 1L << log2n;
        if (n > Integer.MAX_VALUE)
            throw new IllegalArgumentException("RawBench: saxpy takes an int n (as CuPy's), log2(n) <= 30");
        int ni = (int) n;
        NDArray x = Nd.random().seed(1).uniform(-1, 1, DType.FLOAT32, n);
        NDArray y = Nd.random().seed(2).uniform(-1, 1, DType.FLOAT32, n);
        NDArray o = Nd.empty(DType.FLOAT32, n);
        var saxpy = new RawKernel(cuda ? SAXPY_CU : SAXPY_CL, "saxpy");
        int block = 256;
        long[] grid = {(n + block - 1) / block};
        long[] blk = {block};
        rows.add(new Row(
                "RawKernel saxpy 2^" + log2n + " float32",
                Bench.deviceMs(() -> saxpy.launch(grid, blk, 2.0f, x, y, o, ni), reps),
                3.0 * n * 4));

        var js = new JavaSaxpy();
        js.a = 2.0f;
        js.n = ni;
        js.bind("x", x).bind("y", y).bind("o", o);
        NdRange range = NdRange.of(n).local(block);
        rows.add(new Row(
                "JavaKernel saxpy 2^" + log2n + " float32", Bench.deviceMs(() -> js.launch(range), reps), 3.0 * n * 4));
        x.close();
        y.close();
        o.close();

        NDArray m = Nd.random().seed(3).uniform(-1, 1, DType.FLOAT32, side, side);
        NDArray mt = Nd.zeros(DType.FLOAT32, side, side);
        RawKernel tr = TransposeExample.rawKernel(device);
        rows.add(new Row(
                "tiled transpose " + side + "x" + side + " float32",
                Bench.deviceMs(() -> TransposeExample.transpose(tr, m, mt), reps),
                2.0 * side * side * 4));
        m.close();
        mt.close();

        System.out.printf("%-40s %12s %10s%n", "kernel", "median ms", "GB/s");
        for (Row r : rows) System.out.printf("%-40s %12.4f %10.1f%n", r.name, r.medianMs, r.bytes / r.medianMs / 1e6);
        // host side of a launch of a compiled kernel, to set beside CuPy's RawKernel (benchmarks/notes/PERF.md)
        NDArray a = Nd.zeros(DType.FLOAT32, 256), b = Nd.zeros(DType.FLOAT32, 256), c = Nd.zeros(DType.FLOAT32, 256);
        long[] one = {1}, blk256 = {256};
        Bench.rowHost("launch of a compiled saxpy", () -> saxpy.launch(one, blk256, 1.0f, a, b, c, 256), 2000);
        // the same kernel through the backend contract directly: what RawKernel's checks add is the difference
        var backend = device.backend();
        var kernel = saxpy.compile(device).kernelOn(device);
        var stream = device.currentStream().backendStream();
        KernelArguments raw =
                new Saxpy(Float.floatToRawIntBits(1.0f), new BackendBuffer[] {a.buffer(), b.buffer(), c.buffer()}, 256);
        Bench.rowHost(
                "  the same, backend.launch directly", () -> backend.launch(stream, kernel, one, blk256, 0, raw), 2000);
        if (OpenClHandles.isOpenCl(backend)) {
            // the driver's own floor: the same enqueue with nothing of ndgpu around it (arguments already set)
            Runnable bare = DriverFloor.clEnqueue(OpenClHandles.queue(stream), OpenClHandles.kernel(kernel), 256, 256);
            Bench.rowHost("  the same, a bare clEnqueueNDRangeKernel", bare, 2000);
        }
    }

    /** saxpy's arguments (float a, x, y, out, int n) as the backend reads them, made once. */
    private record Saxpy(int aBits, BackendBuffer[] buffers, int n) implements KernelArguments {
        @Override
        public int size() {
            return 5;
        }

        @Override
        public Kind kind(int i) {
            return i == 0 ? Kind.F32 : i == 4 ? Kind.I32 : Kind.BUFFER;
        }

        @Override
        public long bits(int i) {
            return i == 0 ? aBits & 0xFFFF_FFFFL : i == 4 ? n : 0;
        }

        @Override
        public BackendBuffer buffer(int i) {
            return i >= 1 && i <= 3 ? buffers[i - 1] : null;
        }
    }
}
