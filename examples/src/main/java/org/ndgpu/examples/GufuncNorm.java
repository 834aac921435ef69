package org.ndgpu.examples;

import java.io.PrintStream;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The generalized-ufunc case: one L2 norm per row of an (n, 2) array of points, the signature
 * {@code (2)->()}. The points lie on the unit circle, so every norm is 1. Done twice: with CuPy's
 * {@code l2norm} ReductionKernel over the last axis, and with ufuncs and a reduction
 * ({@code sqrt(sum(p**2, axis=-1))}).
 *
 * <p>Run: {@code ./nd demo GufuncNorm} or {@code ./nd run org.ndgpu.examples.GufuncNorm [n]}
 */
public final class GufuncNorm implements Example {
    private final int n;

    /** 1,000,000 points. */
    public GufuncNorm() {
        this(1_000_000);
    }

    /** {@code n} points. */
    public GufuncNorm(int n) {
        this.n = n;
    }

    @Override
    public String title() {
        return "l2 norm over the last axis of (" + n + ", 2) points on the unit circle (gufunc (2)->())";
    }

    /** {@code n} points (cos t, sin t) for t evenly spaced over [0, 2 pi): an (n, 2) float32 array. */
    public static NDArray unitCircle(int n) {
        NDArray t = Nd.linspace(0, 2 * Math.PI, n, false, DType.FLOAT32);
        NDArray points = Nd.empty(DType.FLOAT32, n, 2);
        points.set(":, 0", t.cos()); // assignment through a column view, as p[:, 0] = cos(t)
        points.set(":, 1", t.sin());
        return points;
    }

    @Override
    public Result run(PrintStream out) {
        Device device = Device.current();
        NDArray points = unitCircle(n);
        CustomKernels.L2NORM.call(points, -1).close(); // warm-up: compile
        points.square().sum(-1).sqrt().close();
        var kernel = Timing.of(() -> CustomKernels.L2NORM.call(points, -1));
        var ufuncs = Timing.of(() -> points.square().sum(-1).sqrt());
        NDArray norms = kernel.value();
        out.println("  points[:3] =\n" + CustomKernels.indent(points.get(":3")) + "\n  norms[:3] = " + norms.get(":3"));
        return Result.on(name(), device)
                .value("points shape", java.util.Arrays.toString(points.shape()))
                .value("norms shape", java.util.Arrays.toString(norms.shape()))
                .value(
                        "max |norm - 1| (l2norm kernel)",
                        norms.sub(1).abs().max().doubleValue())
                .value(
                        "max |norm - 1| (ufuncs)",
                        ufuncs.value().sub(1).abs().max().doubleValue())
                .millis("l2norm ReductionKernel", kernel.millis())
                .millis("sqrt(sum(p**2, -1))", ufuncs.millis());
    }

    /** Runs it on the current device and prints the result. */
    public static void main(String[] args) {
        Examples.main(new GufuncNorm(args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000));
    }
}
