package org.ndgpu.benchmarks;

import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndimage.Mode;

/**
 * scipy.ndimage's interpolation on a float32 image, beside {@code .gpu/cupy_interpolation_anchors.py}
 * (the same calls in cupyx.scipy.ndimage): issue 40's zoom x2 order 3 of 4096 x 4096, the same
 * without its spline prefilter, the prefilter alone, a linear and a nearest zoom, a shift and a rotation. Device
 * time of one call, median after warm-up; GB/s of the image read once and the output written once.
 */
public final class InterpolationBench {
    private InterpolationBench() {}

    /** Prints the table on the current device; an argument sets the image's side (default 4096). */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
        Bench.header("InterpolationBench");
        var nd = Nd.ndimage();
        double[] two = {2, 2};
        try (NDArray image = Nd.random().seed(40).uniform(0, 1, DType.FLOAT32, n, n)) {
            double in = 4.0 * n * n;
            String side = n + "^2 f32";
            Bench.row("zoom x2 order 3 " + side, Bench.deviceMsOf(() -> nd.zoom(image, 2.0), 10, 3), in + 4 * in);
            Bench.row(
                    "zoom x2 order 3 prefilter=False " + side,
                    Bench.deviceMsOf(() -> nd.zoom(image, two, 3, Mode.CONSTANT, 0, false, false), 10, 3),
                    in + 4 * in);
            Bench.row(
                    "zoom x2 order 1 " + side,
                    Bench.deviceMsOf(() -> nd.zoom(image, two, 1, Mode.CONSTANT, 0, true, false), 10, 3),
                    in + 4 * in);
            Bench.row(
                    "zoom x2 order 0 " + side,
                    Bench.deviceMsOf(() -> nd.zoom(image, two, 0, Mode.CONSTANT, 0, true, false), 10, 3),
                    in + 4 * in);
            Bench.row(
                    "spline_filter order 3 " + side,
                    Bench.deviceMsOf(() -> nd.splineFilter(image, 3, DType.FLOAT32, Mode.MIRROR), 10, 3),
                    2 * in);
            Bench.row(
                    "shift (0.5, -1.5) order 3 " + side,
                    Bench.deviceMsOf(() -> nd.shift(image, new double[] {0.5, -1.5}), 10, 3),
                    2 * in);
            Bench.row(
                    "rotate 30 order 1 " + side,
                    Bench.deviceMsOf(
                            () -> nd.rotate(image, 30, new int[] {1, 0}, false, 1, Mode.CONSTANT, 0, true), 10, 3),
                    2 * in);
        }
    }
}
