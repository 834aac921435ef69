package org.ndgpu.benchmarks;

import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * scipy.ndimage's label and distance_transform_edt on a 4096 x 4096 mask, beside
 * {@code .gpu/cupy_ndimage_measure_anchors.py} (the same calls in cupyx.scipy.ndimage): issue 40's
 * label of a random mask (half set, near the percolation threshold of the cross, so the components
 * range from single pixels to a few large ones) and the EDT of a mask with one element in a hundred
 * background (distances, distances and indices, and a cube of as many elements); then sum_labels
 * over the labels found. Device time of one call, median after warm-up.
 */
public final class NdimageMeasureBench {
    private NdimageMeasureBench() {}

    /** Prints the table on the current device; an argument sets the mask's side (default 4096). */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
        Bench.header("NdimageMeasureBench");
        var nd = Nd.ndimage();
        try (NDArray u = Nd.random().seed(40).uniform(0, 1, DType.FLOAT32, n, n);
                NDArray half = u.lt(0.5);
                NDArray sparse = u.lt(0.99);
                NDArray full = Nd.ones(DType.BOOL, 3, 3)) {
            String side = n + "^2";
            Bench.row("label cross, half set " + side, Bench.deviceMsOf(() -> nd.label(half), 5, 2), 0);
            Bench.row("label full 3x3, half set " + side, Bench.deviceMsOf(() -> nd.label(half, full), 5, 2), 0);
            Bench.row(
                    "distance_transform_edt, 1% background " + side,
                    Bench.deviceMsOf(() -> nd.distanceTransformEdt(sparse), 5, 2),
                    0);
            Bench.row(
                    "distance_transform_edt + indices, 1% background " + side,
                    Bench.deviceMsOf(() -> nd.distanceTransformEdt(sparse, null, true, true), 5, 2),
                    0);
            // the same number of elements as a cube
            int m = (int) Math.round(Math.cbrt((double) n * n));
            try (NDArray u3 = Nd.random().seed(41).uniform(0, 1, DType.FLOAT32, m, m, m);
                    NDArray sparse3 = u3.lt(0.99)) {
                Bench.row(
                        "distance_transform_edt 3-D, 1% background " + m + "^3",
                        Bench.deviceMsOf(() -> nd.distanceTransformEdt(sparse3), 5, 2),
                        0);
            }
            try (var l = nd.label(half)) {
                long[] index = new long[Math.min(l.numFeatures(), 1000)];
                for (int i = 0; i < index.length; i++) index[i] = i + 1;
                Bench.row(
                        "sum_labels, 1000 labels " + side,
                        Bench.deviceMsOf(() -> nd.sumLabels(u, l.labels(), index), 5, 2),
                        0);
            }
        }
    }
}
