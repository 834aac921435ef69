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
 * Every case of make_ndimage_fixtures.py (SciPy 1.17's results) on every tested device: each
 * function over the five boundary modes, origins, axes, float32, float64 and int32 inputs of 1 to 3
 * dimensions. Floats agree to the rounding of a differently ordered sum (1e-9 for float64, 2e-6 for
 * float32, relative to the value plus the input's scale); integers exactly, except where fractional
 * weights make a sum whose truncation may differ by one when SciPy orders it differently.
 */
class NdimageParityTest extends PerDeviceTest {

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
            return fn + " " + params + " " + dtype + Arrays.toString(shape);
        }
    }

    static List<Case> cases() {
        return read("/fixtures/ndimage/ndimage.tsv.gz");
    }

    /** The cases of one gzipped fixture file of make_ndimage_fixtures.py's format. */
    static List<Case> read(String resource) {
        var in = NdimageParityTest.class.getResourceAsStream(resource);
        if (in == null) throw new IllegalStateException("missing " + resource);
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
                        longs(f[3]),
                        doubles(f[4]),
                        DType.of(f[5]),
                        longs(f[6]),
                        doubles(f[7])));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }

    /** The fixtures' comma-separated integers (every ndimage parity test reads them so). */
    static long[] longs(String s) {
        return s.isEmpty()
                ? new long[0]
                : Arrays.stream(s.split(",")).mapToLong(Long::parseLong).toArray();
    }

    /** The fixtures' numbers, space- or comma-separated, NumPy's nan and inf spelled as it prints them. */
    static double[] doubles(String s) {
        return s.isEmpty()
                ? new double[0]
                : Arrays.stream(s.split("[ ,]"))
                        .mapToDouble(v -> switch (v) {
                            case "nan" -> Double.NaN;
                            case "inf" -> Double.POSITIVE_INFINITY;
                            case "-inf" -> Double.NEGATIVE_INFINITY;
                            default -> Double.parseDouble(v);
                        })
                        .toArray();
    }

    static int[] ints(String s) {
        return Arrays.stream(longs(s)).mapToInt(Math::toIntExact).toArray();
    }

    private static NDArray run(Case c, NDArray x) {
        Map<String, String> p = c.params();
        Ndimage nd = Nd.ndimage();
        Mode mode = Mode.of(p.get("mode"));
        double cval = p.containsKey("cval") ? Double.parseDouble(p.get("cval")) : 0;
        int axis = p.containsKey("axis") ? Integer.parseInt(p.get("axis")) : 0;
        int origin = p.containsKey("origin") ? Integer.parseInt(p.get("origin")) : 0;
        int size = p.containsKey("size") ? Integer.parseInt(p.get("size")) : 0;
        double sigma = p.containsKey("sigma") ? Double.parseDouble(p.get("sigma")) : 0;
        return switch (c.fn()) {
            case "correlate1d" -> nd.correlate1d(x, doubles(p.get("w")), axis, mode, cval, origin);
            case "convolve1d" -> nd.convolve1d(x, doubles(p.get("w")), axis, mode, cval, origin);
            case "uniform_filter1d" -> nd.uniformFilter1d(x, size, axis, mode, cval, origin);
            case "minimum_filter1d" -> nd.minimumFilter1d(x, size, axis, mode, cval, origin);
            case "maximum_filter1d" -> nd.maximumFilter1d(x, size, axis, mode, cval, origin);
            case "uniform_filter" -> nd.uniformFilter(x, size, mode, cval, 0);
            case "minimum_filter" -> nd.minimumFilter(x, size, mode);
            case "maximum_filter" -> nd.maximumFilter(x, size, mode);
            case "gaussian_filter1d" ->
                nd.gaussianFilter1d(
                        x,
                        sigma,
                        axis,
                        Integer.parseInt(p.get("order")),
                        mode,
                        cval,
                        Double.parseDouble(p.get("truncate")));
            case "gaussian_filter" ->
                mode == Mode.REFLECT
                        ? nd.gaussianFilter(x, sigma)
                        : nd.gaussianFilter(x, perAxis(x, sigma), new int[0], mode, cval, 4.0);
            case "gaussian_filter_orders" ->
                nd.gaussianFilter(x, doubles(p.get("sigmas")), ints(p.get("orders")), mode, 0, 4.0);
            case "sobel" -> nd.sobel(x, axis, mode, cval);
            case "prewitt" -> nd.prewitt(x, axis, mode, cval);
            case "laplace" -> nd.laplace(x, mode, cval);
            case "gaussian_laplace" -> nd.gaussianLaplace(x, sigma, mode, cval);
            case "gaussian_gradient_magnitude" -> nd.gaussianGradientMagnitude(x, sigma, mode, cval);
            case "correlate", "convolve" -> {
                try (NDArray w = Nd.array(doubles(p.get("w"))).reshape(longs(p.get("wshape")))) {
                    int[] origins = ints(p.get("origins"));
                    yield c.fn().equals("correlate")
                            ? nd.correlate(x, w, mode, cval, origins)
                            : nd.convolve(x, w, mode, cval, origins);
                }
            }
            default -> throw new IllegalArgumentException("no such function in the fixtures: " + c.fn());
        };
    }

    private static double[] perAxis(NDArray x, double sigma) {
        double[] s = new double[x.ndim()];
        Arrays.fill(s, sigma);
        return s;
    }

    @TestFactory
    Stream<DynamicTest> everyFunctionEqualsSciPy() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.toString(), () -> check(c)));
    }

    static void check(Case c) {
        try (NDArray x = Nd.array(c.values()).reshape(c.shape()).astype(c.dtype());
                NDArray y = run(c, x)) {
            assertEquals(c.outDtype(), y.dtype(), "dtype");
            assertArrayEquals(c.outShape(), y.shape(), "shape");
            double[] got = y.astype(DType.FLOAT64).toDoubleArray();
            double scale = 0;
            for (double v : c.values()) if (Double.isFinite(v)) scale = Math.max(scale, Math.abs(v));
            boolean integer = c.dtype().isInteger();
            // a sum of fractional terms lands on the other side of an integer when summed in another order
            boolean truncatedSum = c.fn().startsWith("gaussian")
                    || c.fn().startsWith("uniform")
                    || (c.params().containsKey("w")
                            && Arrays.stream(doubles(c.params().get("w"))).anyMatch(v -> v != Math.rint(v)));
            double rtol = c.dtype() == DType.FLOAT32 ? 2e-6 : 1e-9;
            for (int i = 0; i < got.length; i++) {
                double e = c.expected()[i];
                if (Double.isNaN(e)) {
                    assertTrue(Double.isNaN(got[i]), "element " + i + ": " + got[i] + ", SciPy nan");
                    continue;
                }
                double tol = integer ? (truncatedSum ? 1 : 0) : rtol * (Math.abs(e) + scale);
                assertTrue(Math.abs(got[i] - e) <= tol, "element " + i + ": " + got[i] + ", SciPy " + e);
            }
        }
    }
}
