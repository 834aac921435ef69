package org.ndgpu.signal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The direct convolutions' tiled kernel (DirectTiles) against plain Java sums in float64 and
 * against the general kernel, bit for bit (the two sum the same products in the same order): 1-D
 * and 2-D, every mode, convolve and correlate, the 2-D boundaries and fill values, float32, float64
 * and integer inputs, lengths around the tiles' sizes, filters longer than the signal, every tile
 * shape, and filters taken in chunks (whole rows, and runs of one row) through a small local buffer.
 */
class DirectTilesTest extends PerDeviceTest {

    private static final ConvMode[] MODES = ConvMode.values();

    @AfterEach
    void defaults() {
        DirectTiles.enabled = true;
        DirectTiles.forcedShape = -1;
        DirectTiles.localElements = 0;
    }

    @Test
    void oneDimensionalEveryModeAndLength() {
        var s = Nd.signal();
        int[][] sizes = {
            {1, 1},
            {2, 5},
            {7, 3},
            {255, 31},
            {256, 31},
            {257, 31},
            {1023, 2},
            {1025, 64},
            {3000, 31},
            {40, 300},
            {5, 9}
        };
        for (int[] nk : sizes) {
            for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
                double[] x = values(nk[0], nk[0] * 7L + nk[1], dt), h = values(nk[1], nk[1] * 13L + 1, dt);
                for (ConvMode mode : MODES) {
                    for (boolean corr : new boolean[] {false, true}) {
                        String what = dt + " " + mode + (corr ? " correlate " : " convolve ") + Arrays.toString(nk);
                        check(
                                what,
                                dt,
                                x,
                                new long[] {nk[0]},
                                h,
                                new long[] {nk[1]},
                                mode,
                                corr,
                                Boundary.FILL,
                                0,
                                false,
                                () -> {
                                    try (NDArray a = array(x, dt, nk[0]);
                                            NDArray v = array(h, dt, nk[1])) {
                                        return corr
                                                ? s.correlate(a, v, mode, ConvMethod.DIRECT)
                                                : s.convolve(a, v, mode, ConvMethod.DIRECT);
                                    }
                                });
                    }
                }
            }
        }
    }

    @Test
    void twoDimensionalEveryBoundaryModeAndShape() {
        var s = Nd.signal();
        long[][][] shapes = {
            {{1, 1}, {1, 1}},
            {{3, 5}, {2, 2}},
            {{31, 33}, {5, 5}},
            {{33, 70}, {4, 7}},
            {{20, 9}, {40, 3}},
            {{9, 8}, {2, 50}},
            {{64, 64}, {3, 3}},
            {{2, 300}, {1, 31}}
        };
        for (long[][] sh : shapes) {
            long[] s1 = sh[0], s2 = sh[1];
            for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
                double[] x = values((int) (s1[0] * s1[1]), s1[0] * 31 + s1[1], dt);
                double[] h = values((int) (s2[0] * s2[1]), s2[0] * 17 + s2[1], dt);
                for (ConvMode mode : MODES) {
                    for (Boundary b : Boundary.values()) {
                        if (mode == ConvMode.VALID && b != Boundary.FILL) continue;
                        if (mode == ConvMode.VALID && !(ge(s1, s2) || ge(s2, s1))) continue;
                        double fill = b == Boundary.FILL && dt == DType.FLOAT64 ? 2.5 : 0;
                        for (boolean corr : new boolean[] {false, true}) {
                            String what = dt + " " + mode + " " + b + (corr ? " correlate2d " : " convolve2d ")
                                    + Arrays.toString(s1) + " " + Arrays.toString(s2);
                            check(what, dt, x, s1, h, s2, mode, corr, b, fill, true, () -> {
                                try (NDArray a = array(x, dt, s1);
                                        NDArray v = array(h, dt, s2)) {
                                    return corr
                                            ? s.correlate2d(a, v, mode, b, fill)
                                            : s.convolve2d(a, v, mode, b, fill);
                                }
                            });
                        }
                    }
                }
            }
        }
    }

    @Test
    void everyTileShapeAndChunk() {
        var s = Nd.signal();
        long[] s1 = {37, 45};
        double[] x = values(37 * 45, 5, DType.FLOAT64);
        long[][] filters = {{3, 4}, {7, 20}, {1, 90}};
        // 0: the device's buffer; 1500 elements: a few whole rows per chunk; 400: runs of one row for the wide tiles
        for (int local : new int[] {0, 1500, 400}) {
            for (int shape = 0; shape < DirectTiles.SHAPES.size(); shape++) {
                for (long[] s2 : filters) {
                    double[] h = values((int) (s2[0] * s2[1]), s2[1], DType.FLOAT64);
                    for (Boundary b : Boundary.values()) {
                        DirectTiles.forcedShape = shape;
                        DirectTiles.localElements = local;
                        String what = "shape " + DirectTiles.SHAPES.get(shape) + " local " + local + " " + b + " "
                                + Arrays.toString(s2);
                        if (DirectTiles.plan(Device.current(), 8, 1, 37, 45, s2[0], s2[1]) == null) continue;
                        check(what, DType.FLOAT64, x, s1, h, s2, ConvMode.FULL, true, b, 1.5, true, () -> {
                            try (NDArray a = array(x, DType.FLOAT64, s1);
                                    NDArray v = array(h, DType.FLOAT64, s2)) {
                                return s.correlate2d(a, v, ConvMode.FULL, b, 1.5);
                            }
                        });
                    }
                }
            }
        }
    }

    @Test
    void everyTileShapeInOneDimension() {
        var s = Nd.signal();
        for (int shape = 0; shape < DirectTiles.SHAPES.size(); shape++) {
            for (int[] nk : new int[][] {{1, 3}, {5, 1}, {1023, 31}, {1025, 4}, {2100, 200}}) {
                double[] x = values(nk[0], nk[0] + 3L, DType.FLOAT32), h = values(nk[1], nk[1] + 4L, DType.FLOAT32);
                for (ConvMode mode : MODES) {
                    DirectTiles.forcedShape = shape;
                    String what = "shape " + DirectTiles.SHAPES.get(shape) + " " + mode + " " + Arrays.toString(nk);
                    check(
                            what,
                            DType.FLOAT32,
                            x,
                            new long[] {nk[0]},
                            h,
                            new long[] {nk[1]},
                            mode,
                            false,
                            Boundary.FILL,
                            0,
                            false,
                            () -> {
                                try (NDArray a = array(x, DType.FLOAT32, nk[0]);
                                        NDArray v = array(h, DType.FLOAT32, nk[1])) {
                                    return s.convolve(a, v, mode, ConvMethod.DIRECT);
                                }
                            });
                }
            }
        }
    }

    @Test
    void theChunksKeepTheOrderOfTheSums() {
        Device d = Device.current();
        DirectTiles.localElements = 1500;
        DirectTiles.forcedShape = 0; // 1024 outputs by 1 row
        var p = DirectTiles.plan(d, 8, 1, 1, 5000, 1, 400);
        assertNotNull(p);
        assertEquals(1, p.ky());
        assertTrue(p.kx() < 400 && p.kx() >= 1, "a long 1-D filter comes in runs: " + p);
        DirectTiles.forcedShape = DirectTiles.SHAPES.indexOf(new DirectTiles.Shape(32, 8, 1, 4, false)); // 32 x 32
        p = DirectTiles.plan(d, 8, 1, 100, 100, 20, 5);
        assertNotNull(p);
        assertEquals(5, p.kx(), "whole rows of taps");
        assertTrue(p.ky() < 20, "several chunks of rows: " + p);
        p = DirectTiles.plan(d, 8, 1, 100, 100, 9, 2000);
        assertNotNull(p);
        assertEquals(1, p.ky(), "a row wider than the buffer comes in runs");
        DirectTiles.localElements = 0;
        DirectTiles.forcedShape = -1;
        p = DirectTiles.plan(d, 4, 1, 1, 1 << 22, 1, 31);
        assertEquals(DirectTiles.SHAPES.get(0), p.shape(), "a long 1-D signal takes the long rows");
        assertEquals(31, p.kx());
        p = DirectTiles.plan(d, 4, 1, 2048, 2048, 5, 5);
        assertEquals(5, p.ky());
        assertEquals(5, p.kx());
    }

    @Test
    void integerInputsRoundAsBefore() {
        var s = Nd.signal();
        var rnd = new Random(3);
        double[] x = new double[600], h = new double[7];
        for (int i = 0; i < x.length; i++) x[i] = rnd.nextInt(201) - 100; // int16 sums stay in range
        for (int i = 0; i < h.length; i++) h[i] = rnd.nextInt(21) - 10;
        for (ConvMode mode : MODES) {
            for (boolean corr : new boolean[] {false, true}) {
                check(
                        "int32 1-D " + mode + " " + corr,
                        DType.INT32,
                        x,
                        new long[] {600},
                        h,
                        new long[] {7},
                        mode,
                        corr,
                        Boundary.FILL,
                        0,
                        false,
                        () -> {
                            try (NDArray a = array(x, DType.INT32, 600);
                                    NDArray v = array(h, DType.INT32, 7)) {
                                return corr
                                        ? s.correlate(a, v, mode, ConvMethod.DIRECT)
                                        : s.convolve(a, v, mode, ConvMethod.DIRECT);
                            }
                        });
                for (Boundary b : Boundary.values()) {
                    if (mode == ConvMode.VALID && b != Boundary.FILL) continue;
                    check(
                            "int16 2-D " + mode + " " + b + " " + corr,
                            DType.INT16,
                            x,
                            new long[] {20, 30},
                            h,
                            new long[] {1, 7},
                            mode,
                            corr,
                            b,
                            3,
                            true,
                            () -> {
                                try (NDArray a = array(x, DType.INT16, 20, 30);
                                        NDArray v = array(h, DType.INT16, 1, 7)) {
                                    return corr ? s.correlate2d(a, v, mode, b, 3) : s.convolve2d(a, v, mode, b, 3);
                                }
                            });
                }
            }
        }
    }

    @Test
    void nonFiniteValuesSpoilTheSameOutputs() {
        var s = Nd.signal();
        double[] x = values(300, 1, DType.FLOAT64), h = values(9, 2, DType.FLOAT64);
        x[5] = Double.NaN;
        x[200] = Double.POSITIVE_INFINITY;
        h[0] = Double.NEGATIVE_INFINITY; // inf times the zeros past the edges is NaN, as SciPy's sums
        for (ConvMode mode : MODES) {
            check(
                    "non-finite " + mode,
                    DType.FLOAT64,
                    x,
                    new long[] {300},
                    h,
                    new long[] {9},
                    mode,
                    false,
                    Boundary.FILL,
                    0,
                    false,
                    () -> {
                        try (NDArray a = array(x, DType.FLOAT64, 300);
                                NDArray v = array(h, DType.FLOAT64, 9)) {
                            return s.convolve(a, v, mode, ConvMethod.DIRECT);
                        }
                    });
        }
    }

    @Test
    void batchesAndViewsTakeTheTiles() {
        var s = Nd.signal();
        double[] x = values(4 * 5 * 60, 9, DType.FLOAT32), h3 = values(3 * 4, 10, DType.FLOAT32);
        // (4, 5, 60) with (1, 3, 4): a batch of four 2-D correlations; (4, 5, 60) with (1, 1, 4): twenty 1-D ones
        for (long[] s2 : new long[][] {{1, 3, 4}, {1, 1, 4}, {2, 3, 2}}) {
            int hn = (int) (s2[0] * s2[1] * s2[2]);
            double[] h = Arrays.copyOf(h3, hn);
            for (ConvMode mode : MODES) {
                check(
                        "batch " + Arrays.toString(s2) + " " + mode,
                        DType.FLOAT32,
                        x,
                        new long[] {4, 5, 60},
                        h,
                        s2,
                        mode,
                        true,
                        Boundary.FILL,
                        0,
                        false,
                        () -> {
                            try (NDArray a = array(x, DType.FLOAT32, 4, 5, 60);
                                    NDArray v = array(h, DType.FLOAT32, s2)) {
                                return s.correlate(a, v, mode, ConvMethod.DIRECT);
                            }
                        });
            }
        }
        // a transposed view: its values in C order are the oracle's input
        double[] t = values(30 * 40, 11, DType.FLOAT64), h = values(6, 12, DType.FLOAT64);
        double[] tt = new double[t.length];
        for (int i = 0; i < 40; i++) for (int j = 0; j < 30; j++) tt[i * 30 + j] = t[j * 40 + i];
        check(
                "transposed",
                DType.FLOAT64,
                tt,
                new long[] {40, 30},
                h,
                new long[] {2, 3},
                ConvMode.SAME,
                false,
                Boundary.SYMM,
                0,
                true,
                () -> {
                    try (NDArray a0 = array(t, DType.FLOAT64, 30, 40);
                            NDArray a = a0.T();
                            NDArray v = array(h, DType.FLOAT64, 2, 3)) {
                        return s.convolve2d(a, v, ConvMode.SAME, Boundary.SYMM, 0);
                    }
                });
    }

    @Test
    void theBenchmarksShapesTakeTheTiles() {
        try (NDArray a = Nd.ones(DType.FLOAT32, 3000);
                NDArray v = Nd.ones(DType.FLOAT32, 31);
                NDArray y = DirectTiles.correlate(a, v, new long[] {3000}, new long[] {15}, Boundary.FILL, 0)) {
            assertNotNull(y, "a 1-D signal");
            double[] got = y.astype(DType.FLOAT64).toDoubleArray();
            for (int i = 0; i < got.length; i++) assertEquals(Math.min(31, Math.min(i + 16, 3000 - i + 15)), got[i]);
        }
        try (NDArray a = Nd.ones(DType.FLOAT32, 70, 50);
                NDArray v = Nd.ones(DType.FLOAT32, 5, 5);
                NDArray y = DirectTiles.correlate(a, v, new long[] {70, 50}, new long[] {2, 2}, Boundary.WRAP, 0)) {
            assertNotNull(y, "a 2-D image");
            for (double g : y.astype(DType.FLOAT64).toDoubleArray()) assertEquals(25, g);
        }
    }

    @Test
    void onlyTheLastTwoAxesMayCorrelate() {
        try (NDArray a = Nd.zeros(DType.FLOAT64, 3, 4, 5);
                NDArray v = Nd.ones(DType.FLOAT64, 2, 1, 1);
                NDArray y = DirectTiles.correlate(a, v, new long[] {4, 4, 5}, new long[] {0, 0, 0}, Boundary.FILL, 0)) {
            assertNull(y, "a filter along the first of three axes takes the general kernel");
        }
        try (NDArray a = Nd.ones(DType.FLOAT64, 3, 4, 5);
                NDArray v = Nd.ones(DType.FLOAT64, 1, 1, 2);
                NDArray y = DirectTiles.correlate(a, v, new long[] {3, 4, 6}, new long[] {0, 0, 0}, Boundary.FILL, 0)) {
            assertNotNull(y);
            double[] got = y.toDoubleArray();
            for (int i = 0; i < got.length; i++) assertEquals(i % 6 == 0 || i % 6 == 5 ? 1 : 2, got[i], "element " + i);
        }
    }

    @Test
    void savgolOnRowsAsBefore() {
        double[] x = values(6 * 200, 21, DType.FLOAT64);
        NDArray want;
        DirectTiles.enabled = false;
        try (NDArray a = array(x, DType.FLOAT64, 6, 200)) {
            want = Nd.signal().savgolFilter(a, 11, 3);
        }
        DirectTiles.enabled = true;
        try (want;
                NDArray a = array(x, DType.FLOAT64, 6, 200);
                NDArray got = Nd.signal().savgolFilter(a, 11, 3)) {
            assertBits("savgol", want.toDoubleArray(), got.toDoubleArray());
        }
    }

    // ---------------------------------------------------------------- the oracle

    /**
     * Runs {@code call} with the tiles and with the general kernel; checks the two bit for bit, and
     * against float64 sums in Java of the direct correlation SciPy defines for the mode.
     */
    private static void check(
            String what,
            DType dt,
            double[] x,
            long[] s1,
            double[] h,
            long[] s2,
            ConvMode mode,
            boolean correlate,
            Boundary b,
            double fill,
            boolean twoD,
            Supplier<NDArray> call) {
        double[] tiled, general;
        long[] shape;
        DType rdt;
        DirectTiles.enabled = true;
        try (NDArray y = call.get()) {
            tiled = y.astype(DType.FLOAT64).toDoubleArray();
            shape = y.shape();
            rdt = y.dtype();
        }
        DirectTiles.enabled = false;
        try (NDArray y = call.get()) {
            general = y.astype(DType.FLOAT64).toDoubleArray();
        } finally {
            DirectTiles.enabled = true;
        }
        assertEquals(dt, rdt, what + " dtype");
        assertBits(what, general, tiled);
        int nd = s1.length;
        long[] out = new long[nd], start = new long[nd];
        for (int d = 0; d < nd; d++) {
            long n1 = s1[d], n2 = s2[d];
            switch (mode) {
                case FULL -> {
                    out[d] = n1 + n2 - 1;
                    start[d] = 0;
                }
                case SAME -> {
                    out[d] = n1;
                    start[d] = twoD && correlate ? n2 / 2 : (n2 - 1) / 2;
                }
                case VALID -> {
                    out[d] = Math.abs(n1 - n2) + 1;
                    start[d] = Math.min(n1, n2) - 1;
                }
            }
        }
        assertArrayEquals(out, shape, what + " shape");
        double[] v = correlate ? h : flip(h);
        double[] want = sums(
                x,
                s1,
                v,
                s2,
                out,
                start,
                mode == ConvMode.VALID ? Boundary.FILL : b,
                mode == ConvMode.VALID ? 0 : fill);
        double[] mags = sums(
                abs(x),
                s1,
                abs(v),
                s2,
                out,
                start,
                mode == ConvMode.VALID ? Boundary.FILL : b,
                mode == ConvMode.VALID ? 0 : Math.abs(fill));
        double rtol = dt == DType.FLOAT32 ? 1e-6 : 1e-13;
        for (int i = 0; i < want.length; i++) {
            double e = dt.isInteger() ? Math.rint(want[i]) : want[i];
            boolean same = tiled[i] == e || (Double.isNaN(tiled[i]) && Double.isNaN(e));
            assertTrue(
                    same || Math.abs(tiled[i] - e) <= rtol * mags[i],
                    what + " element " + i + ": " + tiled[i] + ", Java " + e);
        }
    }

    /** out[c] = sum over taps j of v[j] * a[c + start - (n2 - 1) + j], a extended by the boundary, C order. */
    private static double[] sums(
            double[] a, long[] s1, double[] v, long[] s2, long[] out, long[] start, Boundary b, double fill) {
        int nd = s1.length;
        int size = 1;
        for (long o : out) size *= (int) o;
        double[] y = new double[size];
        long[] c = new long[nd], j = new long[nd];
        for (int i = 0; i < size; i++) {
            long rem = i;
            for (int d = nd - 1; d >= 0; d--) {
                c[d] = rem % out[d];
                rem /= out[d];
            }
            double acc = 0;
            for (int t = 0; t < v.length; t++) {
                long r = t;
                for (int d = nd - 1; d >= 0; d--) {
                    j[d] = r % s2[d];
                    r /= s2[d];
                }
                long src = 0;
                boolean outside = false;
                for (int d = 0; d < nd; d++) {
                    long n = s1[d], k = c[d] + start[d] - (s2[d] - 1) + j[d];
                    if (k < 0 || k >= n) {
                        switch (b) {
                            case FILL -> outside = true;
                            case WRAP -> k = Math.floorMod(k, n);
                            case SYMM -> {
                                k = Math.floorMod(k, 2 * n);
                                if (k >= n) k = 2 * n - k - 1;
                            }
                        }
                    }
                    src = src * n + k;
                }
                acc += v[t] * (outside ? fill : a[(int) src]);
            }
            y[i] = acc;
        }
        return y;
    }

    private static double[] flip(double[] h) {
        double[] r = new double[h.length];
        for (int i = 0; i < h.length; i++) r[h.length - 1 - i] = h[i];
        return r; // reversing the C-order values reverses every axis
    }

    private static double[] abs(double[] x) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) r[i] = Math.abs(x[i]);
        return r;
    }

    private static boolean ge(long[] a, long[] b) {
        for (int d = 0; d < a.length; d++) if (a[d] < b[d]) return false;
        return true;
    }

    private static void assertBits(String what, double[] want, double[] got) {
        assertEquals(want.length, got.length, what + " size");
        for (int i = 0; i < want.length; i++) {
            assertTrue(
                    Double.doubleToLongBits(want[i]) == Double.doubleToLongBits(got[i]),
                    what + " element " + i + ": tiled " + got[i] + ", general kernel " + want[i]);
        }
    }

    /** Values exact in the dtype: float32 ones rounded to float. */
    private static double[] values(int n, long seed, DType dt) {
        var rnd = new Random(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = dt == DType.FLOAT32 ? (float) rnd.nextGaussian() : rnd.nextGaussian();
        return x;
    }

    private static NDArray array(double[] x, DType dt, long... shape) {
        try (NDArray a = Nd.array(x)) {
            try (NDArray r = a.reshape(shape)) {
                return r.astype(dt);
            }
        }
    }
}
