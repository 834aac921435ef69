package org.ndgpu.benchmarks;

import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndimage.Mode;

/**
 * scipy.ndimage's filters on a float32 image, beside {@code .gpu/cupy_ndimage_anchors.py} (the
 * same calls in cupyx.scipy.ndimage): issue 40's gaussian_filter with sigma 4 on 4096 x 4096, and
 * the uniform, maximum, median (3 x 3, issue 40's too) and Sobel filters, and correlate with 5 x 5 and
 * 9 x 9 windows and, on a cube of as many elements, a 3 x 3 x 3 one. Device time of one call, median after warm-up; GB/s of
 * the image read once and written once per pass.
 */
public final class NdimageBench {
    private NdimageBench() {}

    /** Prints the table on the current device; an argument sets the image's side (default 4096). */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
        Bench.header("NdimageBench");
        var nd = Nd.ndimage();
        try (NDArray image = Nd.random().seed(40).uniform(0, 1, DType.FLOAT32, n, n);
                NDArray box = Nd.ones(DType.FLOAT32, 5, 5)) {
            double bytes = 2.0 * 4 * n * n;
            String side = n + "^2 f32";
            Bench.row(
                    "gaussian_filter sigma 4 " + side,
                    Bench.deviceMsOf(() -> nd.gaussianFilter(image, 4.0), 10, 3),
                    2 * bytes);
            Bench.row(
                    "gaussian_filter1d sigma 4 axis 1 " + side,
                    Bench.deviceMsOf(() -> nd.gaussianFilter1d(image, 4.0), 10, 3),
                    bytes);
            Bench.row(
                    "uniform_filter size 5 " + side,
                    Bench.deviceMsOf(() -> nd.uniformFilter(image, 5), 10, 3),
                    2 * bytes);
            Bench.row(
                    "maximum_filter size 3 " + side,
                    Bench.deviceMsOf(() -> nd.maximumFilter(image, 3), 10, 3),
                    2 * bytes);
            checkMedian(image, nd.medianFilter(image, 3));
            Bench.row("median_filter size 3 " + side, Bench.deviceMsOf(() -> nd.medianFilter(image, 3), 10, 3), bytes);
            Bench.row("sobel axis 0 " + side, Bench.deviceMsOf(() -> nd.sobel(image, 0), 10, 3), 2 * bytes);
            Bench.row(
                    "correlate 5x5 constant " + side,
                    Bench.deviceMsOf(() -> nd.correlate(image, box, Mode.CONSTANT, 0, null), 10, 3),
                    bytes);
            try (NDArray w9 = Nd.ones(DType.FLOAT32, 9, 9)) {
                Bench.row(
                        "correlate 9x9 reflect " + side, Bench.deviceMsOf(() -> nd.correlate(image, w9), 10, 3), bytes);
            }
        }
        // the same number of elements as a cube, and a window of three axes
        int m = (int) Math.round(Math.cbrt((double) n * n));
        try (NDArray cube = Nd.random().seed(41).uniform(0, 1, DType.FLOAT32, m, m, m);
                NDArray w3 = Nd.ones(DType.FLOAT32, 3, 3, 3)) {
            Bench.row(
                    "correlate 3x3x3 reflect " + m + "^3 f32",
                    Bench.deviceMsOf(() -> nd.correlate(cube, w3), 10, 3),
                    2.0 * 4 * cube.size());
        }
    }

    /** The median filter's rows 1 to 3 (inside the edges) against a sort of each 3 x 3 window on the host. */
    private static void checkMedian(NDArray image, NDArray median) {
        int n = (int) image.shape()[1];
        try (median;
                NDArray head = image.get("0:5");
                NDArray got = median.get("1:4")) {
            float[] x = head.toFloatArray(), g = got.toFloatArray();
            float[] w = new float[9];
            for (int r = 1; r < 4; r++) {
                for (int c = 1; c < n - 1; c++) {
                    for (int k = 0; k < 9; k++) w[k] = x[(r - 1 + k / 3) * n + c - 1 + k % 3];
                    java.util.Arrays.sort(w);
                    if (g[(r - 1) * n + c] != w[4]) {
                        throw new IllegalStateException("median_filter: wrong result at (" + r + ", " + c + "): got "
                                + g[(r - 1) * n + c] + ", expected " + w[4]);
                    }
                }
            }
        }
    }
}
