package org.ndgpu.ndimage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The tiled kernel of correlate and convolve (TiledCorrelate) at its edges: SciPy's results from
 * make_ndimage_tiled_fixtures.py (every mode by every name, origins, even windows, windows larger
 * than the image or a tile, 3-D and 4-D windows, integer inputs, a NaN under a zero weight), and a
 * plain Java loop (SciPy's sum over the nonzero weights in C order, in double) over images with
 * interior work-groups and partial tiles, every mode, float32, float64 and int16, views.
 */
class NdimageTiledCorrelateTest extends PerDeviceTest {

    @TestFactory
    Stream<DynamicTest> equalsSciPy() {
        return NdimageParityTest.read("/fixtures/ndimage/correlate_tiled.tsv.gz").stream()
                .map(c -> DynamicTest.dynamicTest(c.toString(), () -> NdimageParityTest.check(c)));
    }

    /** SciPy's index map of k along an axis of n, or -1 for CONSTANT outside. */
    private static long map(Mode mode, long k, long n) {
        if (k >= 0 && k < n) return k;
        return switch (mode.filter()) {
            case REFLECT -> {
                long p = 2 * n, m = Math.floorMod(k, p);
                yield m >= n ? p - m - 1 : m;
            }
            case MIRROR -> {
                if (n == 1) yield 0;
                long p = 2 * n - 2, m = Math.floorMod(k, p);
                yield m >= n ? p - m : m;
            }
            case NEAREST -> k < 0 ? 0 : n - 1;
            case WRAP -> Math.floorMod(k, n);
            default -> -1;
        };
    }

    /** scipy.ndimage.correlate of a 2-D image as SciPy sums it. */
    static double[] correlate(
            double[] x, long n0, long n1, double[] w, int w0, int w1, int[] origins, Mode mode, double cval) {
        double[] y = new double[(int) (n0 * n1)];
        long s0 = w0 / 2 + origins[0], s1 = w1 / 2 + origins[1];
        for (long i = 0; i < n0; i++) {
            for (long j = 0; j < n1; j++) {
                double acc = 0;
                for (int a = 0; a < w0; a++) {
                    for (int b = 0; b < w1; b++) {
                        double wt = w[a * w1 + b];
                        if (wt == 0) continue;
                        long r = map(mode, i + a - s0, n0), c = map(mode, j + b - s1, n1);
                        acc += wt * (r < 0 || c < 0 ? cval : x[(int) (r * n1 + c)]);
                    }
                }
                y[(int) (i * n1 + j)] = acc;
            }
        }
        return y;
    }

    private static double[] weights(SplittableRandom rng, int n) {
        double[] w = new double[n];
        for (int t = 0; t < n; t++) w[t] = Math.rint(rng.nextDouble(-1, 1) * 1000) / 1000;
        w[n / 2] = 0; // a zero weight: outside SciPy's footprint
        return w;
    }

    private static void check(DType dt, long n0, long n1, int w0, int w1, int[] origins, Mode mode, long seed) {
        var rng = new SplittableRandom(seed);
        double[] x = new double[(int) (n0 * n1)];
        for (int i = 0; i < x.length; i++) x[i] = rng.nextInt(-400, 400) / (dt.isInteger() ? 1.0 : 4.0);
        double[] w = weights(rng, w0 * w1);
        double cval = 1.25;
        double[] expected = correlate(x, n0, n1, w, w0, w1, origins, mode, cval);
        try (NDArray xs = Nd.array(x).reshape(n0, n1).astype(dt);
                NDArray ws = Nd.array(w).reshape(w0, w1);
                NDArray y = Nd.ndimage().correlate(xs, ws, mode, cval, origins)) {
            assertArrayEquals(new long[] {n0, n1}, y.shape());
            double[] got = y.astype(DType.FLOAT64).toDoubleArray();
            double rtol = dt == DType.FLOAT32 ? 2e-6 : 1e-9;
            for (int i = 0; i < got.length; i++) {
                double e = dt.isInteger() ? (double) (long) expected[i] : expected[i];
                double tol = dt.isInteger() ? 1 : rtol * (Math.abs(e) + 100);
                assertTrue(
                        Math.abs(got[i] - e) <= tol,
                        dt + " " + n0 + "x" + n1 + " window " + w0 + "x" + w1 + " " + mode + " element " + i + ": "
                                + got[i] + ", expected " + e);
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> everyModeOnImagesWithInteriorTiles() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Mode mode : Mode.values()) {
            tests.add(DynamicTest.dynamicTest(
                    mode + " 5x5 on 100x130", () -> check(DType.FLOAT32, 100, 130, 5, 5, new int[2], mode, 1)));
            tests.add(DynamicTest.dynamicTest(
                    mode + " 4x6 origins on 67x97",
                    () -> check(DType.FLOAT64, 67, 97, 4, 6, new int[] {1, -3}, mode, 2)));
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> windowAndImageSizes() {
        // (n0, n1, w0, w1): one element, one row and one column, sides one past a tile, the largest
        // tiled window, a window wider than the image, one past the tiled kernel's side
        long[][] sizes = {
            {1, 1, 1, 1},
            {1, 1, 3, 3},
            {1, 70, 1, 5},
            {70, 1, 5, 1},
            {33, 33, 3, 3},
            {64, 96, 32, 32},
            {65, 40, 31, 2},
            {10, 12, 20, 25},
            {50, 40, 33, 3},
            {40, 50, 3, 33}
        };
        List<DynamicTest> tests = new ArrayList<>();
        // each window shape compiles its own kernel: one mode each, the two kinds of edge in turn
        for (int k = 0; k < sizes.length; k++) {
            long[] s = sizes[k];
            Mode mode = k % 2 == 0 ? Mode.CONSTANT : Mode.REFLECT;
            tests.add(DynamicTest.dynamicTest(
                    s[0] + "x" + s[1] + " window " + s[2] + "x" + s[3] + " " + mode,
                    () -> check(DType.FLOAT64, s[0], s[1], (int) s[2], (int) s[3], new int[2], mode, 3)));
        }
        tests.add(DynamicTest.dynamicTest(
                "int16 70x80 5x3 mirror", () -> check(DType.INT16, 70, 80, 5, 3, new int[] {-2, 1}, Mode.MIRROR, 4)));
        tests.add(DynamicTest.dynamicTest(
                "int32 70x80 3x3 wrap", () -> check(DType.INT32, 70, 80, 3, 3, new int[2], Mode.WRAP, 5)));
        return tests.stream();
    }

    @Test
    void aViewIsReadAsItsElements() {
        var rng = new SplittableRandom(6);
        double[] x = new double[80 * 90];
        for (int i = 0; i < x.length; i++) x[i] = rng.nextInt(-100, 100) / 4.0;
        double[] w = weights(rng, 15);
        try (NDArray big = Nd.array(x).reshape(80, 90);
                NDArray view = big.get("5:75:2, ::-1").T();
                NDArray ws = Nd.array(w).reshape(3, 5);
                NDArray copy = view.copy();
                NDArray got = Nd.ndimage().correlate(view, ws, Mode.NEAREST, 0, null);
                NDArray want = Nd.ndimage().correlate(copy, ws, Mode.NEAREST, 0, null)) {
            long[] sh = copy.shape();
            double[] expected = correlate(copy.toDoubleArray(), sh[0], sh[1], w, 3, 5, new int[2], Mode.NEAREST, 0);
            double[] g = got.toDoubleArray(), v = want.toDoubleArray();
            for (int i = 0; i < g.length; i++) {
                assertTrue(Math.abs(g[i] - expected[i]) <= 1e-9 * (Math.abs(expected[i]) + 25), "element " + i);
                assertTrue(g[i] == v[i], "element " + i + " of the view and of its copy");
            }
        }
    }
}
