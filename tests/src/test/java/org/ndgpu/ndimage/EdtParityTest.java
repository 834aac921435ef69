package org.ndgpu.ndimage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.testing.PerDeviceTest;

/**
 * distance_transform_edt against every case of make_ndimage_edt_fixtures.py (SciPy 1.17) on every
 * tested device, with the default bands and with bands of 1, 2, 3 and 5 elements (so that the
 * merging of bands runs over many rounds on small masks): the distances bit for bit, and the indices
 * equal to SciPy's everywhere without sampling (the passes break ties as SciPy's do) and, with
 * sampling, wherever one background element alone is nearest.
 */
class EdtParityTest extends PerDeviceTest {
    private static final long[] WIDTHS = {0, 1, 2, 3, 5};

    record Arr(long[] shape, double[] values) {}

    record Case(String name, double[] sampling, Map<String, Arr> arrays) {}

    static List<Case> cases() {
        var in = EdtParityTest.class.getResourceAsStream("/fixtures/ndimage/edt.tsv.gz");
        if (in == null) throw new IllegalStateException("missing fixtures/ndimage/edt.tsv.gz");
        List<Case> cases = new ArrayList<>();
        try (var r = new BufferedReader(new InputStreamReader(new GZIPInputStream(in), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.isBlank()) continue;
                String[] f = line.split("\t", -1);
                double[] sampling = f[1].equals("none") ? null : NdimageParityTest.doubles(f[1]);
                Map<String, Arr> arrays = new LinkedHashMap<>();
                for (int k = 2; k < f.length; k++) {
                    String[] a = f[k].split(":", 4);
                    arrays.put(a[0], new Arr(NdimageParityTest.longs(a[2]), NdimageParityTest.doubles(a[3])));
                }
                cases.add(new Case(f[0], sampling, arrays));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }

    @TestFactory
    Stream<DynamicTest> distancesAndIndicesEqualSciPy() {
        return cases().stream()
                .flatMap(c -> Stream.of(WIDTHS)
                        .flatMapToLong(Arrays::stream)
                        .mapToObj(w -> DynamicTest.dynamicTest(
                                c.name() + (w == 0 ? "" : " bands of " + w), () -> check(c, w))));
    }

    @TestFactory
    Stream<DynamicTest> distancesOrIndicesAloneEqualSciPy() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> alone(c)));
    }

    /**
     * SciPy's distances= and indices=: written in place (C- and F-ordered arrays), the record holding
     * only the parts not written; a wrong dtype, shape or flag is an NdException naming the function.
     */
    @TestFactory
    Stream<DynamicTest> outputArraysTakeTheResults() {
        return cases().stream()
                .filter(c -> c.name().startsWith("random3d") || c.name().startsWith("sampling2d"))
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> into(c)));
    }

    private static void into(Case c) {
        Map<String, Arr> a = c.arrays();
        long[] shape = a.get("input").shape();
        long[] ishape = a.get("indices").shape();
        double[] want = a.get("indices").values();
        double[] unique = a.get("unique").values();
        Ndimage nd = Nd.ndimage();
        for (Order order : new Order[] {Order.C, Order.F}) {
            try (NDArray x = mask(a.get("input"));
                    NDArray dist = Nd.empty(DType.FLOAT64, order, shape);
                    NDArray ind = Nd.empty(DType.INT32, order, ishape)) {
                try (DistanceTransform t = nd.distanceTransformEdt(x, c.sampling(), true, true, dist, ind)) {
                    assertNull(t.distances());
                    assertNull(t.indices());
                }
                assertArrayEquals(a.get("distances").values(), dist.toDoubleArray(), "distances= " + order);
                double[] got = toDoubles(ind);
                for (int k = 0; k < got.length; k++) {
                    if (c.sampling() == null || unique[(int) (k % x.size())] == 1)
                        assertEquals(want[k], got[k], "indices= " + order + " [" + k + "]");
                }
                try (NDArray dist2 = Nd.empty(DType.FLOAT64, order, shape);
                        DistanceTransform t = nd.distanceTransformEdt(x, c.sampling(), true, true, dist2, null)) {
                    assertNull(t.distances());
                    assertArrayEquals(got, toDoubles(t.indices()), "indices beside distances=");
                    assertArrayEquals(a.get("distances").values(), dist2.toDoubleArray(), "distances= alone");
                }
                raises(() -> nd.distanceTransformEdt(x, null, false, true, dist, null), "return_distances");
                raises(() -> nd.distanceTransformEdt(x, null, true, false, null, ind), "return_indices");
                try (NDArray f32 = Nd.empty(DType.FLOAT32, shape);
                        NDArray i64 = Nd.empty(DType.INT64, ishape);
                        NDArray small = Nd.empty(DType.FLOAT64, 2)) {
                    raises(() -> nd.distanceTransformEdt(x, null, true, false, f32, null), "float64", "float32");
                    raises(() -> nd.distanceTransformEdt(x, null, true, true, null, i64), "int32", "int64");
                    raises(() -> nd.distanceTransformEdt(x, null, true, false, small, null), "shape");
                }
            }
        }
    }

    private static void raises(Executable call, String... words) {
        NdException e = assertThrows(NdException.class, call);
        assertTrue(e.getMessage().contains("ndimage.distance_transform_edt"), e.getMessage());
        for (String w : words) assertTrue(e.getMessage().contains(w), e.getMessage());
    }

    /**
     * The mask as bool, as float64 with NaN foreground (nonzero, as np.where(input, 1, 0) takes it)
     * and as a transposed (non-contiguous) view: SciPy's distances and indices all the same.
     */
    @TestFactory
    Stream<DynamicTest> dtypesAndViewsGiveTheSameTransform() {
        return cases().stream()
                .filter(c -> c.name().startsWith("random2d") || c.name().startsWith("sampling2d"))
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> views(c)));
    }

    private static void views(Case c) {
        Arr in = c.arrays().get("input");
        int r = (int) in.shape()[0], k = (int) in.shape()[1];
        double[] nan = in.values().clone();
        double[] t = new double[r * k];
        for (int i = 0; i < r * k; i++) {
            if (nan[i] != 0 && i % 3 == 0) nan[i] = Double.NaN;
            t[(i % k) * r + i / k] = in.values()[i];
        }
        try (NDArray m = mask(in);
                NDArray b = m.astype(DType.BOOL);
                NDArray fv = Nd.array(nan);
                NDArray f = fv.reshape(in.shape());
                NDArray tv = Nd.array(t);
                NDArray tt = tv.reshape(k, r);
                NDArray view = tt.T()) {
            for (NDArray x : new NDArray[] {b, f, view}) {
                try (DistanceTransform d = Nd.ndimage().distanceTransformEdt(x, c.sampling(), true, true)) {
                    assertArrayEquals(
                            c.arrays().get("distances").values(),
                            d.distances().toDoubleArray(),
                            x.dtype() + " distances");
                    double[] got = toDoubles(d.indices());
                    double[] want = c.arrays().get("indices").values();
                    double[] unique = c.arrays().get("unique").values();
                    for (int i = 0; i < got.length; i++) {
                        if (c.sampling() == null || unique[i % (r * k)] == 1)
                            assertEquals(want[i], got[i], x.dtype() + " indices[" + i + "]");
                    }
                }
            }
        }
    }

    /**
     * Masks larger than the fixtures (many bands of the default width, many merge rounds) against a
     * plain Java search of every background element: the distances (the square root of an integer sum,
     * as SciPy's) exactly, and each index a background element at that distance.
     */
    @TestFactory
    Stream<DynamicTest> largeMasksEqualABruteForceSearch() {
        long[][] shapes = {{200, 300}, {5, 3000}, {4097}, {24, 50, 61}, {300, 200}, {20000}, {3, 9000}};
        double[] background = {0.01, 0.005, 0.003, 0.002, 0.0, 0.002, 0.0};
        return IntStream.range(0, shapes.length)
                .mapToObj(k -> DynamicTest.dynamicTest(
                        Arrays.toString(shapes[k]), () -> brute(shapes[k], background[k], 40 + k)));
    }

    private static void brute(long[] shape, double background, long seed) {
        int nd = shape.length;
        int n = (int) Arrays.stream(shape).reduce(1, Math::multiplyExact);
        var rng = new SplittableRandom(seed);
        double[] m = new double[n];
        List<int[]> bg = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            m[i] = rng.nextDouble() < background ? 0 : 1;
        }
        if (background == 0) m[n / 3] = 0; // one element: the search spans the whole mask
        int[][] coord = new int[n][nd];
        for (int i = 0; i < n; i++) {
            long rem = i;
            for (int d = nd - 1; d >= 0; d--) {
                coord[i][d] = (int) (rem % shape[d]);
                rem /= shape[d];
            }
            if (m[i] == 0) bg.add(coord[i]);
        }
        try (NDArray x = mask(new Arr(shape, m));
                DistanceTransform t = Nd.ndimage().distanceTransformEdt(x, null, true, true)) {
            double[] dist = t.distances().toDoubleArray();
            double[] idx = toDoubles(t.indices());
            for (int i = 0; i < n; i++) {
                long best = Long.MAX_VALUE;
                for (int[] b : bg) {
                    long s = 0;
                    for (int d = 0; d < nd; d++) s += (long) (b[d] - coord[i][d]) * (b[d] - coord[i][d]);
                    best = Math.min(best, s);
                }
                assertEquals(Math.sqrt((double) best), dist[i], "distance at " + i);
                long s = 0;
                for (int d = 0; d < nd; d++) {
                    long f = (long) idx[d * n + i];
                    assertEquals(0.0, m[(int) flat(idx, shape, n, i)], "indices at " + i + " name background");
                    s += (f - coord[i][d]) * (f - coord[i][d]);
                }
                assertEquals(best, s, "indices at " + i + " name a nearest background element");
            }
        }
    }

    private static long flat(double[] idx, long[] shape, int n, int i) {
        long f = 0;
        for (int d = 0; d < shape.length; d++) f = f * shape[d] + (long) idx[d * n + i];
        return f;
    }

    private static NDArray mask(Arr a) {
        try (NDArray f = Nd.array(a.values());
                NDArray s = f.reshape(a.shape())) {
            return s.astype(DType.INT32);
        }
    }

    private static double[] toDoubles(NDArray y) {
        try (NDArray f = y.astype(DType.FLOAT64)) {
            return f.toDoubleArray();
        }
    }

    private static void check(Case c, long width) {
        Map<String, Arr> a = c.arrays();
        try (NDArray x = mask(a.get("input"));
                DistanceTransform t = width == 0
                        ? Nd.ndimage().distanceTransformEdt(x, c.sampling(), true, true)
                        : Edt.transform(x, c.sampling(), true, true, width)) {
            assertEquals(DType.FLOAT64, t.distances().dtype());
            assertArrayEquals(a.get("distances").shape(), t.distances().shape());
            assertArrayEquals(a.get("distances").values(), t.distances().toDoubleArray(), "distances");
            assertEquals(DType.INT32, t.indices().dtype());
            assertArrayEquals(a.get("indices").shape(), t.indices().shape());
            double[] got = toDoubles(t.indices());
            double[] want = a.get("indices").values();
            double[] unique = a.get("unique").values();
            long n = x.size();
            for (int k = 0; k < got.length; k++) {
                if (c.sampling() == null || unique[(int) (k % n)] == 1)
                    assertEquals(want[k], got[k], "indices[" + k + "]");
            }
        }
    }

    private static void alone(Case c) {
        Map<String, Arr> a = c.arrays();
        try (NDArray x = mask(a.get("input"))) {
            try (NDArray d = Nd.ndimage().distanceTransformEdt(x, c.sampling())) {
                assertArrayEquals(a.get("distances").values(), d.toDoubleArray(), "distances alone");
            }
            try (DistanceTransform t = Nd.ndimage().distanceTransformEdt(x, c.sampling(), false, true)) {
                assertNull(t.distances());
                double[] got = toDoubles(t.indices());
                double[] want = a.get("indices").values();
                double[] unique = a.get("unique").values();
                long n = x.size();
                for (int k = 0; k < got.length; k++) {
                    if (c.sampling() == null || unique[(int) (k % n)] == 1)
                        assertEquals(want[k], got[k], "indices alone[" + k + "]");
                }
            }
        }
    }
}
