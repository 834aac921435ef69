package org.ndgpu.routines;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The small names of issue 39 against NumPy (fixtures/numpymisc, made by make_numpy_misc_fixtures.py):
 * format_float_positional/scientific, base_repr and binary_repr character for character;
 * apply_along_axis and apply_over_axes (shape and values, relative error 1e-12); and the predicates.
 */
public class NumpyMiscTest extends PerDeviceTest {

    private static List<String[]> rows(String file) {
        try (var in = NumpyMiscTest.class.getResourceAsStream("/fixtures/numpymisc/" + file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.isBlank())
                    .map(l -> l.split("\t", -1))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long[] longs(String s) {
        return s.isEmpty()
                ? new long[0]
                : Arrays.stream(s.split(",")).mapToLong(Long::parseLong).toArray();
    }

    private static double num(String t) {
        return switch (t) {
            case "nan" -> Double.NaN;
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(t);
        };
    }

    @TestFactory
    Stream<DynamicTest> textAsNumPy() {
        return rows("text.tsv").stream()
                .map(r -> DynamicTest.dynamicTest(r[0] + " " + r[1], () -> {
                    String got = switch (r[0]) {
                        case "format_float_positional" -> Nd.formatFloatPositional(num(r[1]));
                        case "format_float_scientific" -> Nd.formatFloatScientific(num(r[1]));
                        case "base_repr" -> {
                            long[] a = longs(r[1]);
                            yield Nd.baseRepr(a[0], (int) a[1], (int) a[2]);
                        }
                        case "binary_repr" -> {
                            long[] a = longs(r[1]);
                            yield a[1] == 0 ? Nd.binaryRepr(a[0]) : Nd.binaryRepr(a[0], (int) a[1]);
                        }
                        default -> throw new IllegalStateException(r[0]);
                    };
                    assertEquals(r[2], got);
                }));
    }

    private static Function<NDArray, NDArray> along(String name) {
        return switch (name) {
            case "sort" -> v -> Nd.sort(v);
            case "sum" -> v -> v.sum();
            case "outer" -> v -> Nd.outer(v, v);
            default -> throw new IllegalStateException(name);
        };
    }

    private static BiFunction<NDArray, Integer, NDArray> over(String name) {
        return switch (name) {
            case "over_sum" -> (x, ax) -> x.sum(ax);
            case "over_max" -> (x, ax) -> x.max(ax);
            default -> throw new IllegalStateException(name);
        };
    }

    @TestFactory
    Stream<DynamicTest> applyAsNumPy() {
        return rows("apply.tsv").stream()
                .map(r -> DynamicTest.dynamicTest(r[0], () -> {
                    double[] v = Arrays.stream(r[5].split(" "))
                            .mapToDouble(Double::parseDouble)
                            .toArray();
                    int[] axes = Arrays.stream(longs(r[2]))
                            .mapToInt(Math::toIntExact)
                            .toArray();
                    try (NDArray a = Nd.array(v, DType.of(r[3]), longs(r[4]));
                            NDArray y = r[1].startsWith("over_")
                                    ? Nd.applyOverAxes(over(r[1]), a, axes)
                                    : Nd.applyAlongAxis(along(r[1]), axes[0], a)) {
                        assertArrayEquals(longs(r[6]), y.shape(), "shape");
                        double[] want = Arrays.stream(r[7].split(" "))
                                .mapToDouble(Double::parseDouble)
                                .toArray();
                        double[] got = y.toDoubleArray();
                        for (int i = 0; i < want.length; i++) {
                            assertTrue(
                                    Math.abs(got[i] - want[i]) <= 1e-12 * Math.max(1, Math.abs(want[i])),
                                    "element " + i + ": " + got[i] + " vs NumPy " + want[i]);
                        }
                    }
                }));
    }

    @Test
    void arrayMakers() throws java.io.IOException {
        try (NDArray it = Nd.fromiter(List.of(1, 2.5, -3), DType.FLOAT32);
                NDArray s = Nd.fromstring("1, 2.5 ,-3", DType.FLOAT64, ",");
                NDArray w = Nd.fromstring(" 4 5\n6 ", DType.INT32, " ");
                NDArray b = Nd.frombuffer(new byte[] {1, 0, 0, 0, -1, -1, -1, -1}, DType.INT32);
                NDArray g = Nd.fromfunction(ij -> ij[0].mul(10).add(ij[1]), DType.INT64, 2, 3);
                NDArray gf = Nd.fromfunction(ij -> ij[1], 2, 2);
                NDArray m = Nd.array(new double[] {1, 2, 3, 4}, DType.FLOAT64, 2, 2);
                NDArray d = Nd.diagflat(m, 1);
                NDArray bad = Nd.array(new double[] {1, Double.NaN})) {
            assertEquals(DType.FLOAT32, it.dtype());
            assertArrayEquals(new double[] {1, 2.5, -3}, it.toDoubleArray());
            assertArrayEquals(new double[] {1, 2.5, -3}, s.toDoubleArray());
            assertEquals(DType.INT32, w.dtype());
            assertArrayEquals(new double[] {4, 5, 6}, w.toDoubleArray());
            assertArrayEquals(new double[] {1, -1}, b.toDoubleArray());
            assertArrayEquals(new double[] {0, 1, 2, 10, 11, 12}, g.toDoubleArray());
            assertEquals(DType.FLOAT64, gf.dtype());
            assertArrayEquals(new double[] {0, 1, 0, 1}, gf.toDoubleArray());
            assertArrayEquals(new long[] {5, 5}, d.shape());
            assertArrayEquals(new double[] {0, 1, 0, 0, 0}, Arrays.copyOf(d.toDoubleArray(), 5));
            assertEquals(4.0, d.toDoubleArray()[19]);
            assertTrue(Nd.asarrayChkfinite(m) == m);
            assertTrue(Nd.asanyarray(m) == m);
            var ex = assertThrows(NdException.class, () -> Nd.asarrayChkfinite(bad));
            assertTrue(ex.getMessage().startsWith("asarray_chkfinite:"), ex.getMessage());
            java.nio.file.Path f = java.nio.file.Files.createTempFile("fromfile", ".bin");
            try {
                java.nio.file.Files.write(f, new byte[] {0, 0, (byte) 0x80, 0x3f});
                try (NDArray one = Nd.fromfile(f, DType.FLOAT32)) {
                    assertArrayEquals(new double[] {1}, one.toDoubleArray());
                }
                java.nio.file.Files.writeString(f, "1 2 3");
                try (NDArray t = Nd.fromfile(f, DType.FLOAT64, " ")) {
                    assertArrayEquals(new double[] {1, 2, 3}, t.toDoubleArray());
                }
            } finally {
                java.nio.file.Files.deleteIfExists(f);
            }
            assertThrows(ShapeException.class, () -> Nd.frombuffer(new byte[3], DType.INT32));
            assertThrows(NdException.class, () -> Nd.fromstring("1,x", DType.FLOAT64, ","));
            assertThrows(NdException.class, () -> Nd.fromstring("1", DType.FLOAT64, ""));
            assertThrows(NullPointerException.class, () -> Nd.fromiter(null, DType.FLOAT64));
            assertThrows(NullPointerException.class, () -> Nd.diagflat(null));
        }
    }

    @Test
    void machineLimitsAsNumPy() {
        assertEquals(-128, Nd.iinfo(DType.INT8).min());
        assertEquals(java.math.BigInteger.valueOf(127), Nd.iinfo(DType.INT8).max());
        assertEquals(Long.MIN_VALUE, Nd.iinfo(DType.INT64).min());
        assertEquals("18446744073709551615", Nd.iinfo(DType.UINT64).max().toString());
        assertEquals(32, Nd.iinfo(DType.UINT32).bits());
        // np.finfo: eps, epsneg, max, smallest_normal, smallest_subnormal, resolution, precision
        var f16 = Nd.finfo(DType.FLOAT16);
        assertEquals(0.0009765625, f16.eps());
        assertEquals(65504.0, f16.max());
        assertEquals(-65504.0, f16.min());
        assertEquals(6.103515625e-05, f16.smallestNormal());
        assertEquals(3, f16.precision());
        var f32 = Nd.finfo(DType.FLOAT32);
        assertEquals(1.1920928955078125e-07, f32.eps());
        assertEquals(5.960464477539063e-08, f32.epsneg());
        assertEquals(Float.MAX_VALUE, f32.max());
        assertEquals(Float.MIN_VALUE, f32.smallestSubnormal());
        assertEquals(-126, f32.minexp());
        var f64 = Nd.finfo(DType.COMPLEX128);
        assertEquals(DType.FLOAT64, f64.dtype());
        assertEquals(2.220446049250313e-16, f64.eps());
        assertEquals(1e-15, f64.resolution());
        assertEquals(52, f64.nmant());
        assertThrows(NdException.class, () -> Nd.iinfo(DType.FLOAT32));
        assertThrows(NdException.class, () -> Nd.finfo(DType.INT32));
        assertThrows(NullPointerException.class, () -> Nd.finfo(null));
    }

    @Test
    void ndindexAndNdenumerate() {
        // list(np.ndindex(2, 3)) and list(np.ndenumerate(np.array([[1.5, -2], [0, 4]])))
        var all = new java.util.ArrayList<String>();
        for (long[] i : Nd.ndindex(2, 3)) all.add(Arrays.toString(i));
        assertEquals(List.of("[0, 0]", "[0, 1]", "[0, 2]", "[1, 0]", "[1, 1]", "[1, 2]"), all);
        assertFalse(Nd.ndindex(2, 0).iterator().hasNext());
        assertEquals(
                1,
                java.util.stream.StreamSupport.stream(Nd.ndindex().spliterator(), false)
                        .count());
        try (NDArray a = Nd.array(new double[] {1.5, -2, 0, 4}, DType.FLOAT64, 2, 2);
                NDArray b = Nd.array(new long[] {7, 8})) {
            var seen = new java.util.ArrayList<String>();
            for (var e : Nd.ndenumerate(a)) seen.add(Arrays.toString(e.getKey()) + "=" + e.getValue());
            assertEquals(List.of("[0, 0]=1.5", "[0, 1]=-2.0", "[1, 0]=0.0", "[1, 1]=4.0"), seen);
            var it = Nd.ndenumerate(b).iterator();
            assertEquals(7L, it.next().getValue());
            assertEquals(8L, it.next().getValue());
            assertThrows(java.util.NoSuchElementException.class, it::next);
        }
        assertThrows(ShapeException.class, () -> Nd.ndindex(2, -1));
        assertThrows(NullPointerException.class, () -> Nd.ndenumerate(null));
    }

    @Test
    void predicatesAndHostileInputs() {
        try (NDArray m = Nd.ones(3, 4);
                NDArray t = m.transpose();
                NDArray e = Nd.zeros(0, 3)) {
            assertFalse(Nd.isfortran(m));
            assertTrue(Nd.isfortran(t));
            assertTrue(Nd.mayShareMemory(m, t));
            assertTrue(Nd.isscalar(3.0) && Nd.isscalar(true) && !Nd.isscalar(m));
            assertEquals(m.toString(), Nd.arrayRepr(m));
            assertEquals(m.str(), Nd.arrayStr(m));
            assertEquals(m.str(), Nd.array2string(m));
            assertThrows(AxisException.class, () -> Nd.applyAlongAxis(v -> v, 2, m));
            assertThrows(NdException.class, () -> Nd.applyAlongAxis(v -> v, 1, e));
            assertThrows(NullPointerException.class, () -> Nd.applyAlongAxis(null, 0, m));
            assertThrows(NullPointerException.class, () -> Nd.applyAlongAxis(v -> null, 0, m));
            assertThrows(ShapeException.class, () -> Nd.applyOverAxes((x, ax) -> x.sum(), m, 0));
            assertThrows(NdException.class, () -> Nd.baseRepr(5, 1));
            assertThrows(NdException.class, () -> Nd.binaryRepr(-200, 8));
            assertThrows(NullPointerException.class, () -> Nd.arrayRepr(null));
        }
    }

    @Test
    void ndenumerateGivesItemsRepresentation() {
        // list(np.ndenumerate(np.array([2**64-1, 5], np.uint64))): the uint64 as a long of the same bits
        try (NDArray u = Nd.array(new long[] {-1, 5}).astype(DType.UINT64);
                NDArray d = Nd.array(new String[] {"2024-01-01", "NaT"}, DType.of("M8[D]"))) {
            var it = Nd.ndenumerate(u).iterator();
            Object v = it.next().getValue();
            assertEquals(-1L, v);
            assertEquals("18446744073709551615", Long.toUnsignedString((Long) v));
            // np.datetime64('2024-01-01') is day 19723 since the epoch; NaT is int64's minimum
            var dit = Nd.ndenumerate(d).iterator();
            assertEquals(19723L, dit.next().getValue());
            assertEquals(Long.MIN_VALUE, dit.next().getValue());
            try (NDArray one = d.get(0L)) {
                assertEquals(one.item(), Nd.ndenumerate(d).iterator().next().getValue(), "as item() gives it");
            }
        }
    }
}
