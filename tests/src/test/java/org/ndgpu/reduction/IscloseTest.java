package org.ndgpu.reduction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Nd.isclose, allclose and arrayEqual against NumPy (fixtures/isclose/isclose.tsv, made by
 * make_isclose_fixtures.py): NaN, infinities, signed zeros, values at the tolerance's edge, mixed
 * int/float/float32 inputs and broadcast shapes.
 */
public class IscloseTest extends PerDeviceTest {

    @TestFactory
    Stream<DynamicTest> agreeWithNumPy() {
        return rows().stream()
                .map(r -> DynamicTest.dynamicTest(r[0], () -> {
                    try (NDArray x = array(r[1], r[2], r[3]);
                            NDArray y = array(r[4], r[5], r[6])) {
                        double rtol = Double.parseDouble(r[7]), atol = Double.parseDouble(r[8]);
                        boolean equalNan = r[9].equals("1");
                        String[] want = r[10].split(" ");
                        try (NDArray close = Nd.isclose(x, y, rtol, atol, equalNan)) {
                            assertEquals(DType.BOOL, close.dtype());
                            boolean[] got = close.toBooleanArray();
                            assertEquals(want.length, got.length, "size");
                            for (int i = 0; i < got.length; i++) {
                                assertEquals(
                                        want[i].equals("1"),
                                        got[i],
                                        "element " + i + ": x "
                                                + r[3].split(" ")[Math.min(i, r[3].split(" ").length - 1)]);
                            }
                        }
                        assertEquals(r[11].equals("1"), Nd.allclose(x, y, rtol, atol, equalNan), "allclose");
                        assertEquals(r[12].equals("1"), Nd.arrayEqual(x, y), "arrayEqual");
                    }
                }));
    }

    private static java.util.List<String[]> rows() {
        try (var in = IscloseTest.class.getResourceAsStream("/fixtures/isclose/isclose.tsv")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.isBlank())
                    .map(l -> l.split("\t", -1))
                    .toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    // the fixture's values are exact in float64 (ints, NaN, infinities, float32 values), so a cast from it is exact
    private static NDArray array(String dtype, String shape, String values) {
        double[] v = Arrays.stream(values.strip().split(" "))
                .mapToDouble(t -> switch (t) {
                    case "nan" -> Double.NaN;
                    case "inf" -> Double.POSITIVE_INFINITY;
                    case "-inf" -> Double.NEGATIVE_INFINITY;
                    default -> Double.parseDouble(t);
                })
                .toArray();
        try (NDArray f = Nd.array(v, DType.FLOAT64, shape(shape))) {
            return f.astype(DType.of(dtype));
        }
    }

    private static long[] shape(String s) {
        return s.isEmpty()
                ? new long[0]
                : Arrays.stream(s.split(",")).mapToLong(Long::parseLong).toArray();
    }

    @Test
    void defaultsScalarsAndEqualNan() {
        try (NDArray a = Nd.array(new double[] {1.0, 1e10, Double.NaN, 0.0});
                NDArray b = Nd.array(new double[] {1.000001, 1.00001e10, Double.NaN, 1e-9})) {
            try (NDArray c = Nd.isclose(a, b)) {
                assertArrayEquals(new boolean[] {true, true, false, true}, c.toBooleanArray());
            }
            try (NDArray c = Nd.isclose(a, b, 1e-5, 1e-8, true)) {
                assertArrayEquals(new boolean[] {true, true, true, true}, c.toBooleanArray());
            }
            try (NDArray c = Nd.isclose(a, 1)) { // a Java int compares as a double
                assertArrayEquals(new boolean[] {true, false, false, false}, c.toBooleanArray());
            }
            assertEquals(false, Nd.allclose(a, b));
            assertEquals(true, Nd.allclose(a, b, 1e-5, 1e-8, true));
            assertEquals(true, Nd.arrayEqual(a, a.copy(), true));
            assertEquals(false, Nd.arrayEqual(a, a.copy()));
            try (NDArray r = a.reshape(2, 2)) {
                assertEquals(false, Nd.arrayEqual(a, r)); // shapes differ: no broadcasting
            }
        }
    }
}
