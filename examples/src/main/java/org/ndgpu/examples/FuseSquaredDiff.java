package org.ndgpu.examples;

import java.io.PrintStream;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.fuse.Fuse;
import org.ndgpu.fuse.Fused;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * CuPy's {@code @cupy.fuse() def squared_diff(x, y): return (x - y) * (x - y)}: the lambda is traced
 * once per argument types and becomes one kernel, where the same ufunc calls unfused run three
 * kernels and allocate two temporaries. Checked against the unfused ufuncs, on CuPy's documented
 * inputs and on 1,000,000 values.
 *
 * <p>Run: {@code ./nd demo FuseSquaredDiff} or {@code ./nd run org.ndgpu.examples.FuseSquaredDiff [n]}
 */
public final class FuseSquaredDiff implements Example {
    /** The fused function. */
    public static final Fused<NDArray> SQUARED_DIFF =
            Fuse.of((NDArray x, NDArray y) -> x.sub(y).mul(x.sub(y))).named("squared_diff");

    private final int n;

    /** 1,000,000 values. */
    public FuseSquaredDiff() {
        this(1_000_000);
    }

    /** {@code n} values. */
    public FuseSquaredDiff(int n) {
        this.n = n;
    }

    @Override
    public String title() {
        return "fuse: squared_diff as one kernel, vs the same ufuncs unfused, over " + n + " values";
    }

    @Override
    public Result run(PrintStream out) {
        Device device = Device.current();
        NDArray small =
                SQUARED_DIFF.call(Nd.arange(0, 10, 1, DType.FLOAT32).reshape(2, 5), Nd.arange(0, 5, 1, DType.FLOAT32));
        out.println("  squared_diff(arange(10).reshape(2, 5), arange(5)) =\n" + CustomKernels.indent(small));
        Nd.random().seed(5);
        NDArray x = Nd.random().uniform(-1, 1, DType.FLOAT32, n);
        NDArray y = Nd.random().uniform(-1, 1, DType.FLOAT32, n);
        SQUARED_DIFF.call(x, y).close(); // warm-up: trace and compile
        SQUARED_DIFF.unfused(x, y).close();
        var fused = Timing.of(() -> SQUARED_DIFF.call(x, y));
        var unfused = Timing.of(() -> SQUARED_DIFF.unfused(x, y));
        return Result.on(name(), device)
                .value("squared_diff (2x5 and 5)", small.toFloatArray())
                .value("kernels fused", SQUARED_DIFF.kernelCount(x, y))
                .value(
                        "max abs difference vs unfused",
                        Check.maxAbsError(
                                fused.value().toFloatArray(), unfused.value().toFloatArray()))
                .value("dtype", fused.value().dtype().toString())
                .millis("fused (1 kernel)", fused.millis())
                .millis("unfused ufuncs (3 kernels)", unfused.millis());
    }

    /** Runs it on the current device and prints the result. */
    public static void main(String[] args) {
        Examples.main(new FuseSquaredDiff(args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000));
    }
}
