package org.ndgpu.ndimage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
                        .flatMapToLong(java.util.Arrays::stream)
                        .mapToObj(w -> DynamicTest.dynamicTest(
                                c.name() + (w == 0 ? "" : " bands of " + w), () -> check(c, w))));
    }

    @TestFactory
    Stream<DynamicTest> distancesOrIndicesAloneEqualSciPy() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> alone(c)));
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
