package org.ndgpu.examples;

import java.io.PrintStream;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.reduction.ReductionKernel;

/**
 * CuPy's custom-kernel tour, each on its documented inputs: an ElementwiseKernel with an if/else
 * (the course's {@code zero_suppress}), CuPy's {@code squared_diff} ElementwiseKernel, the
 * ReductionKernel {@code l2norm}, and the RawKernel {@code my_add} launched on a 5 x 5 grid (grid
 * (5,), block (5,)) in the device's dialect: CuPy's CUDA source on a CUDA device, the same kernel
 * in OpenCL C on an OpenCL device. Fuse's {@code squared_diff} is {@link FuseSquaredDiff}.
 *
 * <p>Run: {@code ./nd demo CustomKernels}
 */
public final class CustomKernels implements Example {
    /** The course's zero_suppress: an if/else per element. */
    public static final ElementwiseKernel ZERO_SUPPRESS = new ElementwiseKernel(
            "float32 waveform, float32 threshold",
            "float32 result",
            "if (waveform < threshold) { result = 0; } else { result = waveform; }",
            "zero_suppress");

    /** CuPy's first ElementwiseKernel. */
    public static final ElementwiseKernel SQUARED_DIFF =
            new ElementwiseKernel("float32 x, float32 y", "float32 z", "z = (x - y) * (x - y)", "squared_diff");

    /** CuPy's ReductionKernel example: the L2 norm. */
    public static final ReductionKernel L2NORM =
            new ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm");

    /** CuPy's RawKernel example, as CuPy writes it (CUDA C). */
    public static final String MY_ADD_CUDA = """
            extern "C" __global__
            void my_add(const float* x1, const float* x2, float* y) {
                int tid = blockDim.x * blockIdx.x + threadIdx.x;
                y[tid] = x1[tid] + x2[tid];
            }
            """;

    /** The same kernel in OpenCL C. */
    public static final String MY_ADD_OPENCL = """
            __kernel void my_add(__global const float* x1, __global const float* x2, __global float* y) {
                int tid = get_global_id(0);
                y[tid] = x1[tid] + x2[tid];
            }
            """;

    /** {@code my_add} for {@code device}'s dialect. */
    public static RawKernel myAdd(Device device) {
        return device.backend().dialect() == Dialect.CUDA
                ? new RawKernel(MY_ADD_CUDA, "my_add")
                : new RawKernel(MY_ADD_OPENCL, "my_add");
    }

    @Override
    public String title() {
        return "custom kernels: ElementwiseKernel with if/else, squared_diff, ReductionKernel l2norm, RawKernel my_add";
    }

    @Override
    public Result run(PrintStream out) {
        Device device = Device.current();
        Result r = Result.on(name(), device);

        NDArray wave = Nd.array(new float[] {-3, 1, 5, 16, 20, 15});
        var zs = Timing.of(() -> ZERO_SUPPRESS.call(wave, 15f));
        out.println("  zero_suppress(" + wave + ", 15) = " + zs.value());
        r.value("zero_suppress", zs.value().toFloatArray()).millis("zero_suppress (first call)", zs.millis());

        NDArray x = Nd.arange(0, 10, 1, DType.FLOAT32).reshape(2, 5);
        NDArray y = Nd.arange(0, 5, 1, DType.FLOAT32);
        var sd = Timing.of(() -> SQUARED_DIFF.call(x, y));
        out.println("  squared_diff(x, y) =\n" + indent(sd.value()));
        r.value("squared_diff", sd.value().toFloatArray()).millis("squared_diff (first call)", sd.millis());

        var norm = Timing.of(() -> L2NORM.call(x, 1));
        out.println("  l2norm(x, axis=1) = " + norm.value());
        r.value("l2norm", norm.value().toFloatArray()).millis("l2norm (first call)", norm.millis());

        NDArray x1 = Nd.arange(0, 25, 1, DType.FLOAT32).reshape(5, 5);
        NDArray x2 = Nd.arange(0, 25, 1, DType.FLOAT32).reshape(5, 5);
        NDArray sum = Nd.zeros(DType.FLOAT32, 5, 5);
        RawKernel add = myAdd(device);
        var raw = Timing.of(() -> {
            add.launch(new long[] {5}, new long[] {5}, x1, x2, sum); // grid, block, arguments
            return sum;
        });
        out.println("  my_add(x1, x2) [" + add.module().dialect() + "] =\n" + indent(sum));
        r.value("my_add dialect", String.valueOf(add.module().dialect()))
                .value("my_add", sum.toFloatArray())
                .millis("my_add (first call)", raw.millis());
        return r;
    }

    static String indent(Object printed) {
        return "    " + printed.toString().replace("\n", "\n    ");
    }

    /** Runs it on the current device and prints the result. */
    public static void main(String[] args) {
        Examples.main(new CustomKernels());
    }
}
