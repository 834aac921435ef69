package org.ndgpu.examples;

import java.io.PrintStream;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * {@code sin(x) * cos(y)} over 1,000,000 float32 values three ways: a Java loop, two device ufuncs
 * and a multiply (three kernels, two temporaries), and one ElementwiseKernel (one kernel, no
 * temporary). All three are compared with the loop.
 *
 * <p>Run: {@code ./nd demo SinCos} or {@code ./nd run org.ndgpu.examples.SinCos [n]}
 */
public final class SinCos implements Example {
    /** The kernel: one pass, the snippet compiled for the device's dialect. */
    public static final ElementwiseKernel SIN_COS =
            new ElementwiseKernel("float32 x, float32 y", "float32 z", "z = sin(x) * cos(y)", "sin_cos");

    private final int n;

    /** 1,000,000 values. */
    public SinCos() {
        this(1_000_000);
    }

    /** {@code n} values. */
    public SinCos(int n) {
        this.n = n;
    }

    @Override
    public String title() {
        return "sin(x) * cos(y) over " + n + " values: host loop vs device ufuncs vs ElementwiseKernel";
    }

    @Override
    public Result run(PrintStream out) {
        Device device = Device.current();
        NDArray x = Nd.linspace(0, 10, n, true, DType.FLOAT32);
        NDArray y = Nd.linspace(-5, 5, n, true, DType.FLOAT32);
        float[] hx = x.toFloatArray(), hy = y.toFloatArray();
        var host = Timing.host(() -> {
            float[] z = new float[n];
            for (int i = 0; i < n; i++) z[i] = (float) (Math.sin(hx[i]) * Math.cos(hy[i]));
            return z;
        });
        x.sin().mul(y.cos()).close(); // warm-up: compile the kernels
        SIN_COS.call(x, y).close();
        var ufuncs = Timing.of(() -> x.sin().mul(y.cos()));
        var kernel = Timing.of(() -> SIN_COS.call(x, y));
        float[] z = kernel.value().toFloatArray();
        out.printf("  z[1] = %.6f, z[n/2] = %.6f%n", z[1], z[n / 2]);
        return Result.on(name(), device)
                .value("n", n)
                .value(
                        "max abs error (ufuncs)",
                        Check.maxAbsError(ufuncs.value().toFloatArray(), host.value()))
                .value("max abs error (kernel)", Check.maxAbsError(z, host.value()))
                .value("sum (kernel)", kernel.value().sum().doubleValue())
                .value("sum (host)", sum(host.value()))
                .millis("host loop", host.millis())
                .millis("device ufuncs", ufuncs.millis())
                .millis("ElementwiseKernel", kernel.millis());
    }

    private static double sum(float[] z) {
        double s = 0;
        for (float v : z) s += v;
        return s;
    }

    /** Runs it on the current device and prints the result. */
    public static void main(String[] args) {
        Examples.main(new SinCos(args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000));
    }
}
