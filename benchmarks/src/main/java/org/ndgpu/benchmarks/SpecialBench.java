package org.ndgpu.benchmarks;

import java.util.function.Function;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.special.Special;

/**
 * scipy.special on float32, beside {@code .gpu/cupy_special_anchors.py} (the same calls in
 * cupyx.scipy.special): issue 40's erf and gammaln of 2^28 elements and logsumexp over the rows of
 * 16384 x 16384, with erfinv, i0e and ndtri of the same size and softmax over the same rows. Each
 * input is uniform over a range where the function means something (erf on [-3, 3], gammaln on
 * (0, 50], ...). Before it is timed, each row's result is checked on a slice against float64 (the
 * float64 ufunc for the elementwise functions, a plain Java loop for the row reductions), so a fast
 * wrong kernel cannot win. Device time of one call, median after warm-up; GB/s of the input read
 * once and the output written once.
 */
public final class SpecialBench {
    private SpecialBench() {}

    /** Elements checked against float64 per elementwise row. */
    private static final int SLICE = 1 << 16;

    /** Rows checked per reduction row. */
    private static final int ROWS = 4;

    /**
     * Prints the table on the current device; arguments set log2 of the elementwise size (default
     * 28) and the side of the square for the row reductions (default 16384).
     */
    public static void main(String[] args) {
        int log2 = args.length > 0 ? Integer.parseInt(args[0]) : 28;
        int side = args.length > 1 ? Integer.parseInt(args[1]) : 16384;
        long n = 1L << log2;
        Bench.header("SpecialBench");
        Special s = Nd.special();
        String size = "2^" + log2 + " f32";
        double bytes = 2.0 * 4 * n;
        elementwise("erf [-3, 3] " + size, -3, 3, n, s::erf, bytes);
        elementwise("gammaln (0, 50] " + size, 1e-6, 50, n, s::gammaln, bytes);
        elementwise("erfinv (-1, 1) " + size, -0.999, 0.999, n, s::erfinv, bytes);
        elementwise("i0e [-50, 50] " + size, -50, 50, n, s::i0e, bytes);
        elementwise("ndtri (0, 1) " + size, 1e-6, 1 - 1e-6, n, s::ndtri, bytes);
        String rows = side + "x" + side + " f32";
        try (NDArray x = Nd.random().seed(40).normal(0, 4, DType.FLOAT32, side, side)) {
            checkRows("logsumexp", x, s.logsumexp(x, -1), false);
            Bench.row(
                    "logsumexp axis -1 " + rows, Bench.deviceMsOf(() -> s.logsumexp(x, -1), 10, 3), 4.0 * side * side);
            checkRows("softmax", x, s.softmax(x, -1), true);
            Bench.row(
                    "softmax axis -1 " + rows, Bench.deviceMsOf(() -> s.softmax(x, -1), 10, 3), 2.0 * 4 * side * side);
        }
    }

    /** One elementwise row: the input uniform on [lo, hi], the result checked on a slice, then timed. */
    private static void elementwise(
            String name, double lo, double hi, long n, Function<NDArray, NDArray> f, double bytes) {
        try (NDArray x = Nd.random().seed(40).uniform(lo, hi, DType.FLOAT32, n)) {
            try (NDArray y = f.apply(x);
                    NDArray ys = y.get("0:" + SLICE);
                    NDArray xs = x.get("0:" + SLICE);
                    NDArray x64 = xs.astype(DType.FLOAT64);
                    NDArray want = f.apply(x64)) {
                if (y.dtype() != DType.FLOAT32) throw new IllegalStateException(name + ": result " + y.dtype());
                compare(name, ys.toDoubleArray(), want.toDoubleArray(), 2e-6, 1e-30);
            }
            Bench.row(name, Bench.deviceMsOf(() -> f.apply(x), 10, 3), bytes);
        }
    }

    /**
     * The first rows of a row reduction's result against float64 loops on the host: logsumexp
     * (one value per row) or softmax (the row's values).
     */
    private static void checkRows(String name, NDArray x, NDArray result, boolean softmax) {
        int side = (int) x.shape()[1];
        try (result;
                NDArray head = x.get("0:" + ROWS);
                NDArray got = result.get("0:" + ROWS)) {
            float[] v = head.toFloatArray();
            double[] g = got.toDoubleArray();
            double[] want = new double[g.length];
            for (int r = 0; r < ROWS; r++) {
                double max = Double.NEGATIVE_INFINITY;
                for (int j = 0; j < side; j++) max = Math.max(max, v[r * side + j]);
                double sum = 0;
                for (int j = 0; j < side; j++) sum += Math.exp(v[r * side + j] - max);
                if (!softmax) want[r] = max + Math.log(sum);
                else for (int j = 0; j < side; j++) want[r * side + j] = Math.exp(v[r * side + j] - max) / sum;
            }
            compare(name, g, want, 1e-5, 1e-30);
        }
    }

    private static void compare(String name, double[] got, double[] want, double rtol, double atol) {
        if (got.length != want.length) {
            throw new IllegalStateException(name + ": " + got.length + " values, expected " + want.length);
        }
        for (int i = 0; i < got.length; i++) {
            double w = want[i], g = got[i];
            boolean ok = Double.isNaN(w) ? Double.isNaN(g) : g == w || Math.abs(g - w) <= atol + rtol * Math.abs(w);
            if (!ok) {
                throw new IllegalStateException(
                        name + ": wrong result at " + i + ": got " + g + ", float64 reference " + w);
            }
        }
    }
}
