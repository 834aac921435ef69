package org.ndgpu.ndimage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
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
 * Every case of make_ndimage_interp_fixtures.py (SciPy 1.17's results) on every tested device:
 * spline_filter1d, spline_filter, map_coordinates, affine_transform (each matrix form), shift, zoom
 * (grid_mode off and on) and rotate (reshape on and off), over spline orders 0 to 5, the eight
 * interpolation modes, float64, float32, int32 and uint8 inputs of 1 to 3 dimensions, and NaN
 * coordinates. Tolerances, relative to the value plus the input's scale: 1e-9 for float64 (the
 * sums and products run in another order); 1e-6 for float32 (both compute in float64 and round
 * once); integers exactly at order 0 and within 1 above it (a sum landing on x.5 rounds either way).
 */
class NdimageInterpolationParityTest extends PerDeviceTest {

    record Case(
            String fn,
            Map<String, String> params,
            DType dtype,
            long[] shape,
            double[] values,
            DType outDtype,
            long[] outShape,
            double[] expected) {
        @Override
        public String toString() {
            Map<String, String> p = new HashMap<>(params);
            p.remove("coords");
            p.remove("matrix");
            return fn + " " + p + " " + dtype + Arrays.toString(shape);
        }
    }

    static List<Case> cases() {
        var in = NdimageInterpolationParityTest.class.getResourceAsStream("/fixtures/ndimage/interpolation.tsv.gz");
        if (in == null) throw new IllegalStateException("missing fixtures/ndimage/interpolation.tsv.gz");
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
                cases.add(new Case(
                        f[0],
                        p,
                        DType.of(f[2]),
                        NdimageParityTest.longs(f[3]),
                        NdimageParityTest.doubles(f[4]),
                        DType.of(f[5]),
                        NdimageParityTest.longs(f[6]),
                        NdimageParityTest.doubles(f[7])));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }

    private static NDArray run(Case c, NDArray x) {
        Map<String, String> p = c.params();
        Ndimage nd = Nd.ndimage();
        Mode mode = Mode.of(p.get("mode"));
        int order = Integer.parseInt(p.get("order"));
        double cval = p.containsKey("cval") ? Double.parseDouble(p.get("cval")) : 0;
        boolean prefilter = !"False".equals(p.get("prefilter"));
        return switch (c.fn()) {
            case "spline_filter1d" ->
                nd.splineFilter1d(x, order, Integer.parseInt(p.get("axis")), DType.of(p.get("output")), mode);
            case "spline_filter" -> nd.splineFilter(x, order, DType.of(p.get("output")), mode);
            case "map_coordinates" -> {
                try (NDArray co = Nd.array(NdimageParityTest.doubles(p.get("coords")))
                        .reshape(NdimageParityTest.longs(p.get("cshape")))) {
                    yield nd.mapCoordinates(x, co, order, mode, cval, prefilter);
                }
            }
            case "shift" -> nd.shift(x, NdimageParityTest.doubles(p.get("shift")), order, mode, cval, prefilter);
            case "zoom" ->
                nd.zoom(
                        x,
                        NdimageParityTest.doubles(p.get("zoom")),
                        order,
                        mode,
                        cval,
                        prefilter,
                        "True".equals(p.get("grid_mode")));
            case "affine_transform" -> {
                try (NDArray m = Nd.array(NdimageParityTest.doubles(p.get("matrix")))
                        .reshape(NdimageParityTest.longs(p.get("mshape")))) {
                    double[] off = p.containsKey("offset") ? NdimageParityTest.doubles(p.get("offset")) : null;
                    long[] os = p.containsKey("output_shape") ? NdimageParityTest.longs(p.get("output_shape")) : null;
                    yield nd.affineTransform(x, m, off, os, order, mode, cval, prefilter);
                }
            }
            case "rotate" ->
                nd.rotate(
                        x,
                        Double.parseDouble(p.get("angle")),
                        Arrays.stream(NdimageParityTest.longs(p.get("axes")))
                                .mapToInt(Math::toIntExact)
                                .toArray(),
                        "True".equals(p.get("reshape")),
                        order,
                        mode,
                        cval,
                        prefilter);
            default -> throw new IllegalArgumentException("no such function in the fixtures: " + c.fn());
        };
    }

    @TestFactory
    Stream<DynamicTest> everyInterpolationEqualsSciPy() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.toString(), () -> check(c)));
    }

    private static void check(Case c) {
        try (NDArray x = Nd.array(c.values()).reshape(c.shape()).astype(c.dtype());
                NDArray y = run(c, x)) {
            assertEquals(c.outDtype(), y.dtype(), "dtype");
            assertArrayEquals(c.outShape(), y.shape(), "shape");
            double[] got = y.astype(DType.FLOAT64).toDoubleArray();
            double scale = 0;
            for (double v : c.values()) scale = Math.max(scale, Math.abs(v));
            boolean integer = c.outDtype().isInteger();
            int order = Integer.parseInt(c.params().get("order"));
            double rtol = c.outDtype() == DType.FLOAT32 ? 1e-6 : 1e-9;
            for (int i = 0; i < got.length; i++) {
                double e = c.expected()[i];
                double tol = integer ? (order == 0 ? 0 : 1) : rtol * (Math.abs(e) + scale);
                assertTrue(
                        Math.abs(got[i] - e) <= tol || (Double.isNaN(e) && Double.isNaN(got[i])),
                        "element " + i + ": " + got[i] + ", SciPy " + e);
            }
        }
    }
}
