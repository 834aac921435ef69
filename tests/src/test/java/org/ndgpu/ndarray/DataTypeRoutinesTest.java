package org.ndgpu.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.testing.PerDeviceTest;

/**
 * numpy.result_type, promote_types, can_cast (every casting rule), min_scalar_type and common_type
 * against NumPy (fixtures/math/types.tsv, every pair of ndgpu's dtypes), through Nd as users call
 * them; and the arguments NumPy refuses. Host-side, but the arrays are made on each device.
 */
class DataTypeRoutinesTest extends PerDeviceTest {

    private static List<String[]> rows() {
        try (var in = DataTypeRoutinesTest.class.getResourceAsStream("/fixtures/math/types.tsv")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.isBlank())
                    .map(l -> l.split("\t", -1))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // "int:2", "float:2.5", "bool:True" are Java values; anything else names a dtype
    private static Object arg(String s) {
        if (s.startsWith("int:")) return Long.parseLong(s.substring(4));
        if (s.startsWith("float:")) {
            return switch (s.substring(6)) {
                case "inf" -> Double.POSITIVE_INFINITY;
                case "nan" -> Double.NaN;
                default -> Double.parseDouble(s.substring(6));
            };
        }
        if (s.startsWith("bool:")) return Boolean.parseBoolean(s.substring(5).toLowerCase(Locale.ROOT));
        return DType.of(s);
    }

    @Test
    void agreesWithNumPy() {
        int n = 0;
        for (String[] r : rows()) {
            String[] a = r[1].split(",");
            String what = r[0] + "(" + r[1] + ")";
            switch (r[0]) {
                case "promote_types" ->
                    assertEquals(DType.of(r[2]), Nd.promoteTypes(DType.of(a[0]), DType.of(a[1])), what);
                case "can_cast" ->
                    assertEquals(
                            Boolean.parseBoolean(r[2].toLowerCase(Locale.ROOT)),
                            Nd.canCast(DType.of(a[0]), DType.of(a[1]), Casting.valueOf(a[2].toUpperCase(Locale.ROOT))),
                            what);
                case "min_scalar_type" -> assertEquals(DType.of(r[2]), Nd.minScalarType(arg(r[1])), what);
                case "result_type" ->
                    assertEquals(
                            DType.of(r[2]),
                            Nd.resultType(Arrays.stream(a)
                                    .map(DataTypeRoutinesTest::arg)
                                    .toArray()),
                            what);
                case "common_type" -> {
                    NDArray[] arrays =
                            Arrays.stream(a).map(d -> Nd.ones(DType.of(d), 1)).toArray(NDArray[]::new);
                    try {
                        assertEquals(DType.of(r[2]), Nd.commonType(arrays), what);
                    } finally {
                        for (NDArray x : arrays) x.close();
                    }
                }
                default -> throw new AssertionError("unknown fixture row " + r[0]);
            }
            n++;
        }
        assertTrue(n > 1200, "rows: " + n);
    }

    @Test
    void arraysCountAsTheirDtypes() {
        try (NDArray f32 = Nd.ones(DType.FLOAT32, 3);
                NDArray i8 = Nd.ones(DType.INT8, 2);
                NDArray big = Nd.array(new long[] {70000}).reshape();
                NDArray neg = Nd.array(new double[] {-1e10}).reshape()) {
            assertEquals(DType.FLOAT32, Nd.resultType(f32, 2.0));
            assertEquals(DType.FLOAT32, Nd.resultType(f32, i8));
            assertEquals(DType.FLOAT64, Nd.resultType(i8, 0.5));
            assertEquals(DType.INT8, Nd.minScalarType(i8));
            assertEquals(DType.UINT32, Nd.minScalarType(big));
            assertEquals(DType.FLOAT32, Nd.minScalarType(neg));
            assertEquals(DType.FLOAT64, Nd.commonType(i8, f32));
            assertTrue(Nd.canCast(DType.INT32, DType.FLOAT64));
        }
    }

    @Test
    void refusesWhatNumPyRefuses() {
        try (NDArray b = Nd.ones(DType.BOOL, 2)) {
            NdException e = assertThrows(DTypeException.class, () -> Nd.commonType(b));
            assertTrue(e.getMessage().startsWith("common_type:"), e.getMessage());
        }
        assertThrows(DTypeException.class, () -> Nd.resultType());
        assertThrows(DTypeException.class, () -> Nd.resultType(DType.INT8, "float32"));
        assertThrows(DTypeException.class, () -> Nd.resultType(DType.INT8, null));
        assertThrows(DTypeException.class, () -> Nd.minScalarType("x"));
        assertThrows(NullPointerException.class, () -> Nd.promoteTypes(null, DType.INT8));
        assertThrows(NullPointerException.class, () -> Nd.canCast(DType.INT8, DType.INT8, null));
        NDArray closed = Nd.ones(2);
        closed.close();
        assertThrows(NdException.class, () -> Nd.resultType(closed));
        assertThrows(NdException.class, () -> Nd.commonType(closed));
    }
}
