package org.ndgpu.benchmarks;

import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * GPU timings of the elementwise machinery, beside CuPy's numbers of issue 4. Device time by
 * events around each call (after warm-up; median of 20), host time of a small op back to back.
 * Run on the GPU host: {@code java -Dndgpu.device=cuda:0 -cp ... org.ndgpu.benchmarks.ElementwiseBench [log2 n]}.
 */
public final class ElementwiseBench {
    private static final int WARMUP = 5;
    private static final int REPS = 20;

    private ElementwiseBench() {}

    /** Prints the table on the current device ({@code -Dndgpu.device=cuda:0} to choose). */
    public static void main(String[] args) {
        int log2n = args.length > 0 ? Integer.parseInt(args[0]) : 28;
        long n = 1L << log2n;
        Device dev = Device.current();
        System.out.println("ElementwiseBench on " + dev + ", n = 2^" + log2n);
        System.out.printf("%-44s %12s %10s%n", "case", "median ms", "GB/s");

        NDArray x = Nd.random().uniform(-1, 1, DType.FLOAT32, n);
        NDArray y = Nd.random().uniform(-1, 1, DType.FLOAT32, n);
        NDArray z = Nd.emptyLike(x);
        double bytes3 = 3.0 * n * 4;
        row("add float32 into out (CuPy 2489 GB/s)", bytes3, () -> Nd.add(x, y, z));

        var k = new ElementwiseKernel("float32 x, float32 y", "float32 z", "z = x * 2.0f + sin(y)", "axpy_sin");
        row("ElementwiseKernel x*2+sin(y) (CuPy 2474)", bytes3, () -> k.call(x, y, z));
        x.close();
        y.close();
        z.close();

        NDArray col = Nd.random().uniform(-1, 1, DType.FLOAT32, 8192, 1);
        NDArray rowv = Nd.random().uniform(-1, 1, DType.FLOAT32, 1, 8192);
        NDArray out = Nd.empty(DType.FLOAT32, 8192, 8192);
        row("broadcast add (8192,1)+(1,8192) (CuPy 784)", 8192.0 * 8192 * 4, () -> Nd.add(col, rowv, out));
        out.close();

        // transposed and mixed-layout operands (issue 20): the tiled loop; CuPy's figures from
        // .gpu/cupy_transpose_anchors.py
        long t = 16384;
        double tt = (double) t * t;
        NDArray m = Nd.random().uniform(-1, 1, DType.FLOAT32, t, t);
        NDArray mb = Nd.random().uniform(-1, 1, DType.FLOAT32, t, t);
        rowOf("ascontiguousarray(m.T()) 16384^2 f32", 8 * tt, () -> Nd.ascontiguousarray(m.T()));
        // astype keeps the layout (order K, as NumPy and CuPy): an F-ordered result written contiguously
        rowOf("m.T().astype(float64) 16384^2 f32", 12 * tt, () -> m.T().astype(DType.FLOAT64));
        // the same cast into C order: transposed and cast in one tiled kernel
        rowOf("m.T() -> C float64 (copyto) 16384^2 f32", 12 * tt, () -> {
            NDArray o = Nd.empty(DType.FLOAT64, t, t);
            Nd.copyto(o, m.T());
            return o;
        });
        rowOf("a.T().add(b) 16384^2 f32", 12 * tt, () -> m.T().add(mb));
        m.close();
        mb.close();

        NDArray s1 = Nd.random().uniform(-1, 1, DType.FLOAT32, 1024);
        NDArray s2 = Nd.random().uniform(-1, 1, DType.FLOAT32, 1024);
        NDArray s3 = Nd.emptyLike(s1);
        Bench.rowHost("small add, 1024 float32 (CuPy 13 us)", () -> Nd.add(s1, s2, s3), 2000);
        // the fluent form allocates its result from the memory pool (closed at once, as a loop body would)
        Bench.rowHost(
                "small s1.add(s2), 1024 float32, new result", () -> s1.add(s2).close(), 2000);
    }

    /** A row of an operation that returns a new array (closed after the timing). */
    private static void rowOf(String name, double bytes, java.util.function.Supplier<? extends AutoCloseable> op) {
        double med = Bench.deviceMsOf(op, REPS, WARMUP);
        System.out.printf("%-44s %12.3f %10.0f%n", name, med, bytes / (med * 1e-3) / 1e9);
    }

    private static void row(String name, double bytes, Runnable op) {
        double med = Bench.deviceMs(op, REPS, WARMUP);
        System.out.printf("%-44s %12.3f %10.0f%n", name, med, bytes / (med * 1e-3) / 1e9);
    }
}
