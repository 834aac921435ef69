package org.ndgpu.ndimage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Every case of make_ndimage_measurement_fixtures.py (SciPy 1.17's results) on every tested device:
 * label (exactly: SciPy's numbering), find_objects (exactly), the statistics in their four forms
 * (sums and moments to 1e-9 of the values' scale for float64 and int32 input, 1e-5 for float32;
 * minima, maxima, medians and positions exactly) and distance_transform_edt (distances bit for
 * bit; the indices each a nearest background element; EdtParityTest checks them against SciPy's).
 */
class MeasurementsParityTest extends PerDeviceTest {
    private static final long[] INDEX = {0, 1, 2, 3, 4, 5, 9, -1, 2};

    private enum S {
        SUM,
        MEAN,
        VARIANCE,
        STD,
        MIN,
        MAX,
        MEDIAN
    }

    record Arr(DType dtype, long[] shape, double[] values) {}

    record Case(String fn, Map<String, String> params, Map<String, Arr> arrays) {
        @Override
        public String toString() {
            Arr in = arrays.get("input");
            return fn + " " + params + " " + in.dtype() + Arrays.toString(in.shape());
        }
    }

    static List<Case> cases() {
        var in = MeasurementsParityTest.class.getResourceAsStream("/fixtures/ndimage/measurements.tsv.gz");
        if (in == null) throw new IllegalStateException("missing fixtures/ndimage/measurements.tsv.gz");
        List<Case> cases = new ArrayList<>();
        try (var r = new BufferedReader(new InputStreamReader(new GZIPInputStream(in), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.isBlank()) continue;
                String[] f = line.split("\t", -1);
                Map<String, String> p = new HashMap<>();
                for (String kv : f[1].split(";")) {
                    int eq = kv.indexOf('=');
                    p.put(kv.substring(0, eq), kv.substring(eq + 1));
                }
                Map<String, Arr> arrays = new LinkedHashMap<>();
                for (int k = 2; k < f.length; k++) {
                    String[] a = f[k].split(":", 4);
                    arrays.put(
                            a[0],
                            new Arr(DType.of(a[1]), NdimageParityTest.longs(a[2]), NdimageParityTest.doubles(a[3])));
                }
                cases.add(new Case(f[0], p, arrays));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }

    private static NDArray device(Arr a) {
        try (NDArray f = Nd.array(a.values())) {
            try (NDArray s = f.reshape(a.shape())) {
                return s.astype(a.dtype());
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> everyFunctionEqualsSciPy() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.toString(), () -> check(c)));
    }

    private static void check(Case c) {
        Ndimage nd = Nd.ndimage();
        Map<String, Arr> a = c.arrays();
        try (NDArray x = device(a.get("input"))) {
            switch (c.fn()) {
                case "label" -> {
                    NDArray s = a.containsKey("structure") ? device(a.get("structure")) : null;
                    try (Labeled l = nd.label(x, s)) {
                        assertEquals(Integer.parseInt(c.params().get("n")), l.numFeatures(), "numFeatures");
                        assertEquals(DType.INT32, l.labels().dtype());
                        assertArrayEquals(a.get("labels").shape(), l.labels().shape());
                        assertArrayEquals(a.get("labels").values(), toDoubles(l.labels()), "labels");
                    } finally {
                        if (s != null) s.close();
                    }
                }
                case "find_objects" -> {
                    long[][][] boxes =
                            nd.findObjects(x, Long.parseLong(c.params().get("max_label")));
                    Arr b = a.get("bounds");
                    assertEquals(b.shape()[0], boxes.length, "labels");
                    int nd2 = x.ndim() * 2;
                    for (int k = 0; k < boxes.length; k++) {
                        if (b.values()[k * nd2] < 0) {
                            assertNull(boxes[k], "label " + (k + 1) + " is absent");
                            continue;
                        }
                        for (int d = 0; d < x.ndim(); d++) {
                            assertEquals((long) b.values()[k * nd2 + 2 * d], boxes[k][d][0], "start");
                            assertEquals((long) b.values()[k * nd2 + 2 * d + 1], boxes[k][d][1], "stop");
                        }
                    }
                }
                case "distance_transform_edt" -> edt(c, x);
                default -> {
                    try (NDArray labels = device(a.get("labels"))) {
                        stat(c, x, labels);
                    }
                }
            }
        }
    }

    private static double[] toDoubles(NDArray y) {
        try (NDArray f = y.astype(DType.FLOAT64)) {
            return f.toDoubleArray();
        }
    }

    private static void stat(Case c, NDArray x, NDArray labels) {
        Ndimage nd = Nd.ndimage();
        String form = c.params().get("form");
        Arr in = c.arrays().get("input");
        double scale = 1;
        for (double v : in.values()) if (!Double.isNaN(v)) scale += Math.abs(v);
        boolean exact = Stream.of("minimum", "maximum", "median", "extrema").anyMatch(c.fn()::equals);
        double tol = exact ? 0 : (in.dtype() == DType.FLOAT32 ? 1e-5 : 1e-9) * scale;
        if (c.fn().equals("extrema")) {
            Arr mn = c.arrays().get("min"), mx = c.arrays().get("max");
            try (Extrema e = switch (form) {
                case "whole" -> nd.extrema(x);
                case "labels" -> nd.extrema(x, labels);
                case "index" -> nd.extrema(x, labels, 2);
                default -> nd.extrema(x, labels, INDEX);
            }) {
                assertEquals(in.dtype(), e.minimums().dtype());
                close(mn.values(), toDoubles(e.minimums()), 0, "minimums");
                close(mx.values(), toDoubles(e.maximums()), 0, "maximums");
                close(c.arrays().get("minpos").values(), toDoubles(e.minimumPositions()), 0, "minimum positions");
                close(c.arrays().get("maxpos").values(), toDoubles(e.maximumPositions()), 0, "maximum positions");
            }
            return;
        }
        double[] expected = c.arrays().get("result").values();
        if (c.fn().equals("center_of_mass")) {
            double[] got = switch (form) {
                case "whole" -> nd.centerOfMass(x);
                case "labels" -> nd.centerOfMass(x, labels);
                case "index" -> nd.centerOfMass(x, labels, 2);
                default -> {
                    try (NDArray r = nd.centerOfMass(x, labels, INDEX)) {
                        assertArrayEquals(new long[] {INDEX.length, x.ndim()}, r.shape());
                        yield r.toDoubleArray();
                    }
                }
            };
            close(expected, got, (in.dtype() == DType.FLOAT32 ? 1e-5 : 1e-9) * scale, "center of mass");
            return;
        }
        if (c.fn().equals("labeled_comprehension")) {
            double[] got = switch (form) {
                case "labels" -> new double[] {nd.labeledComprehension(x, labels, NDArray::sum)};
                case "index" -> new double[] {nd.labeledComprehension(x, labels, 2, NDArray::sum, -1.5)};
                default -> {
                    try (NDArray r = nd.labeledComprehension(x, labels, INDEX, NDArray::sum, -1.5)) {
                        yield r.toDoubleArray();
                    }
                }
            };
            close(expected, got, (in.dtype() == DType.FLOAT32 ? 1e-5 : 1e-9) * scale, c.fn());
            return;
        }
        S s = switch (c.fn()) {
            case "sum_labels" -> S.SUM;
            case "mean" -> S.MEAN;
            case "variance" -> S.VARIANCE;
            case "standard_deviation" -> S.STD;
            case "minimum" -> S.MIN;
            case "maximum" -> S.MAX;
            case "median" -> S.MEDIAN;
            default -> throw new IllegalArgumentException(c.fn());
        };
        if (form.equals("indices")) {
            try (NDArray r = perIndex(nd, s, x, labels)) {
                assertEquals(DType.of(c.arrays().get("result").dtype().numpyName()), r.dtype(), "dtype");
                close(expected, toDoubles(r), tol, c.fn());
            }
            return;
        }
        double got = switch (form) {
            case "whole" -> single(nd, s, x, null, null);
            case "labels" -> single(nd, s, x, labels, null);
            default -> single(nd, s, x, labels, 2L);
        };
        close(expected, new double[] {got}, in.dtype() == DType.FLOAT32 ? 1e-5 * scale : tol, c.fn());
    }

    // the public methods, by name
    private static double single(Ndimage nd, S s, NDArray x, NDArray labels, Long index) {
        if (labels == null) {
            return switch (s) {
                case SUM -> nd.sumLabels(x);
                case MEAN -> nd.mean(x);
                case VARIANCE -> nd.variance(x);
                case STD -> nd.standardDeviation(x);
                case MIN -> nd.minimum(x);
                case MAX -> nd.maximum(x);
                case MEDIAN -> nd.median(x);
            };
        }
        if (index == null) {
            return switch (s) {
                case SUM -> nd.sumLabels(x, labels);
                case MEAN -> nd.mean(x, labels);
                case VARIANCE -> nd.variance(x, labels);
                case STD -> nd.standardDeviation(x, labels);
                case MIN -> nd.minimum(x, labels);
                case MAX -> nd.maximum(x, labels);
                case MEDIAN -> nd.median(x, labels);
            };
        }
        long i = index;
        return switch (s) {
            case SUM -> nd.sumLabels(x, labels, i);
            case MEAN -> nd.mean(x, labels, i);
            case VARIANCE -> nd.variance(x, labels, i);
            case STD -> nd.standardDeviation(x, labels, i);
            case MIN -> nd.minimum(x, labels, i);
            case MAX -> nd.maximum(x, labels, i);
            case MEDIAN -> nd.median(x, labels, i);
        };
    }

    private static NDArray perIndex(Ndimage nd, S s, NDArray x, NDArray labels) {
        return switch (s) {
            case SUM -> nd.sumLabels(x, labels, INDEX);
            case MEAN -> nd.mean(x, labels, INDEX);
            case VARIANCE -> nd.variance(x, labels, INDEX);
            case STD -> nd.standardDeviation(x, labels, INDEX);
            case MIN -> nd.minimum(x, labels, INDEX);
            case MAX -> nd.maximum(x, labels, INDEX);
            case MEDIAN -> nd.median(x, labels, INDEX);
        };
    }

    private static void close(double[] expected, double[] got, double tol, String what) {
        assertEquals(expected.length, got.length, what + ": length");
        for (int i = 0; i < got.length; i++) {
            double e = expected[i], g = got[i];
            if (tol == 0 && (float) e == (float) g) continue; // float32 values are written to 9 digits
            if (Double.isNaN(e)) {
                assertTrue(Double.isNaN(g), what + "[" + i + "]: " + g + ", SciPy NaN");
            } else {
                assertTrue(Math.abs(g - e) <= tol, what + "[" + i + "]: " + g + ", SciPy " + e);
            }
        }
    }

    private static void edt(Case c, NDArray x) {
        String sp = c.params().get("sampling");
        double[] sampling = sp.equals("none") ? null : NdimageParityTest.doubles(sp.replace(',', ' '));
        Arr dist = c.arrays().get("distances");
        try (DistanceTransform t = Nd.ndimage().distanceTransformEdt(x, sampling, true, true)) {
            assertEquals(DType.FLOAT64, t.distances().dtype());
            assertArrayEquals(dist.shape(), t.distances().shape());
            double[] d = t.distances().toDoubleArray();
            assertArrayEquals(dist.values(), d, "distances (bit for bit)");
            long[] shape = x.shape();
            int nd = shape.length;
            assertEquals(DType.INT32, t.indices().dtype());
            long[] wantShape = new long[nd + 1];
            wantShape[0] = nd;
            System.arraycopy(shape, 0, wantShape, 1, nd);
            assertArrayEquals(wantShape, t.indices().shape());
            double[] idx = toDoubles(t.indices());
            double[] sciIdx = c.arrays().get("indices").values();
            long n = x.size();
            boolean anyBackground =
                    Arrays.stream(c.arrays().get("input").values()).anyMatch(v -> v == 0);
            for (int i = 0; i < n; i++) {
                double ss = 0;
                long rem = i;
                for (int k = nd - 1; k >= 0; k--) {
                    long coord = rem % shape[k];
                    rem /= shape[k];
                    double w = sampling == null ? 1 : sampling[k];
                    double diff = (idx[(int) (k * n + i)] - coord) * w;
                    ss += diff * diff;
                    if (!anyBackground) assertEquals(sciIdx[(int) (k * n + i)], idx[(int) (k * n + i)], "index");
                }
                assertEquals(dist.values()[i], Math.sqrt(ss), 1e-12 * (1 + dist.values()[i]), "index " + i);
            }
        }
    }
}
