package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Nd.linalg().norm(x, ord, axis, keepdims) against NumPy (fixtures/norm/norm.tsv, made by
 * make_norm_fixtures.py): every vector and matrix order, axes in either order, stacks, keepdims,
 * int and float32 inputs; result dtype, shape and values (relative error 1e-12, 1e-5 for float32).
 */
public class NormTest extends PerDeviceTest {

    private static List<String[]> rows() {
        try (var in = NormTest.class.getResourceAsStream("/fixtures/norm/norm.tsv")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.isBlank())
                    .map(l -> l.split("\t", -1))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static double num(String t) {
        return switch (t) {
            case "nan" -> Double.NaN;
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(t);
        };
    }

    private static long[] longs(String s) {
        return s.isEmpty()
                ? new long[0]
                : Arrays.stream(s.split(",")).mapToLong(Long::parseLong).toArray();
    }

    private static Object ord(String s) {
        return switch (s) {
            case "None" -> null;
            case "fro", "nuc" -> s;
            default -> num(s);
        };
    }

    @TestFactory
    Stream<DynamicTest> agreesWithNumPy() {
        return rows().stream()
                .map(r -> DynamicTest.dynamicTest(r[0], () -> {
                    double[] v = Arrays.stream(r[3].split(" "))
                            .mapToDouble(NormTest::num)
                            .toArray();
                    try (NDArray f = Nd.array(v, DType.FLOAT64, longs(r[2]));
                            NDArray x = f.astype(DType.of(r[1]))) {
                        int[] axis = r[5].isEmpty()
                                ? null
                                : Arrays.stream(longs(r[5]))
                                        .mapToInt(Math::toIntExact)
                                        .toArray();
                        try (NDArray n = Nd.linalg().norm(x, ord(r[4]), axis, r[6].equals("1"))) {
                            assertEquals(DType.of(r[7]), n.dtype(), "dtype");
                            assertArrayEquals(longs(r[8]), n.shape(), "shape");
                            double[] want = Arrays.stream(r[9].split(" "))
                                    .mapToDouble(NormTest::num)
                                    .toArray();
                            double[] got = n.toDoubleArray();
                            double tol = n.dtype() == DType.FLOAT32 ? 1e-5 : 1e-12;
                            for (int i = 0; i < want.length; i++) {
                                assertTrue(
                                        Math.abs(got[i] - want[i]) <= tol * Math.max(1, Math.abs(want[i])),
                                        "element " + i + ": " + got[i] + " vs NumPy " + want[i]);
                            }
                        }
                    }
                }));
    }

    @Test
    void badOrdersAndAxes() {
        try (NDArray v = Nd.arange(4).astype(DType.FLOAT64);
                NDArray m = Nd.ones(3, 3);
                NDArray t = Nd.ones(2, 2, 2)) {
            assertThrows(NdException.class, () -> Nd.linalg().norm(v, "fro", new int[] {0}, false));
            assertThrows(NdException.class, () -> Nd.linalg().norm(m, 3));
            assertThrows(NdException.class, () -> Nd.linalg().norm(t, 1));
            assertThrows(NdException.class, () -> Nd.linalg().norm(m, null, new int[] {0, 0}, false));
            assertThrows(NdException.class, () -> Nd.linalg().norm(t, null, new int[] {0, 1, 2}, false));
            assertArrayEquals(new double[] {0, 1, 2, 3}, v.toDoubleArray());
        }
    }
}
