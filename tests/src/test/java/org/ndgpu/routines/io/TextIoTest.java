package org.ndgpu.routines.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.io.TextFormat;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Nd.loadtxt, Nd.genfromtxt and Nd.savetxt against NumPy (fixtures/textio, made by
 * make_textio_fixtures.py): the arrays NumPy reads from the same files (dtype, shape, values
 * exactly), and the text NumPy's savetxt writes, character for character.
 */
public class TextIoTest extends PerDeviceTest {

    private static List<String[]> rows(String file) {
        try (InputStream in = TextIoTest.class.getResourceAsStream("/fixtures/textio/" + file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.isBlank())
                    .map(l -> l.split("\t", -1))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path copy(String name) throws IOException {
        Path dir = Files.createTempDirectory("textio");
        try (InputStream in = TextIoTest.class.getResourceAsStream("/fixtures/textio/" + name)) {
            Path p = dir.resolve(name);
            Files.copy(in, p);
            return p;
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

    private static double[] values(String s) {
        return s.isEmpty()
                ? new double[0]
                : Arrays.stream(s.split(" ")).mapToDouble(TextIoTest::num).toArray();
    }

    @TestFactory
    Stream<DynamicTest> readsAsNumPy() {
        return rows("cases.tsv").stream()
                .map(r -> DynamicTest.dynamicTest(r[0], () -> {
                    var f = TextFormat.defaults()
                            .withDtype(DType.of(r[3]))
                            .withDelimiter(r[4].isEmpty() ? null : r[4])
                            .withComments(r[5].isEmpty() ? null : r[5])
                            .withSkiprows(Integer.parseInt(r[6]));
                    if (!r[7].isEmpty())
                        f = f.withUsecols(Arrays.stream(longs(r[7]))
                                .mapToInt(Math::toIntExact)
                                .toArray());
                    if (!r[8].isEmpty()) f = f.withFillingValue(Double.parseDouble(r[8]));
                    Path p = copy(r[2]);
                    try (NDArray a = r[1].equals("loadtxt") ? Nd.loadtxt(p, f) : Nd.genfromtxt(p, f)) {
                        assertEquals(DType.of(r[9]), a.dtype(), "dtype");
                        assertArrayEquals(longs(r[10]), a.shape(), "shape");
                        assertArrayEquals(values(r[11]), a.toDoubleArray(), "values");
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> writesAsNumPy() {
        return rows("savetxt.tsv").stream()
                .map(r -> DynamicTest.dynamicTest(r[0], () -> {
                    Path out = Files.createTempFile("savetxt", ".txt");
                    try (NDArray f = Nd.array(values(r[5]), DType.FLOAT64, longs(r[4]));
                            NDArray a = f.astype(DType.of(r[3]))) {
                        Nd.savetxt(out, a, r[1], r[2]);
                        assertEquals(r[6].replace("\\n", "\n"), Files.readString(out));
                    } finally {
                        Files.deleteIfExists(out);
                    }
                }));
    }

    @Test
    void roundTripAndHostileInputs() throws IOException {
        Path out = Files.createTempFile("savetxt", ".txt");
        try (NDArray a = Nd.array(new double[] {0.1, -2.5e-300, 1e300, 3}, DType.FLOAT64, 2, 2)) {
            Nd.savetxt(out, a);
            try (NDArray b = Nd.loadtxt(out)) {
                assertArrayEquals(a.toDoubleArray(), b.toDoubleArray(), "%.18e keeps every bit");
            }
            Files.writeString(out, "1,2\n3\n");
            NdException ex = assertThrows(ShapeException.class, () -> Nd.loadtxt(out, TextFormat.csv()));
            assertTrue(ex.getMessage().contains("loadtxt: the number of columns changed from 2 to 1"), ex.getMessage());
            Files.writeString(out, "1,,2\n");
            ex = assertThrows(NdException.class, () -> Nd.loadtxt(out, TextFormat.csv()));
            assertEquals("loadtxt: could not convert string '' to float64 at row 0, column 2.", ex.getMessage());
            Files.writeString(out, "1.5 2\n");
            assertThrows(
                    NdException.class,
                    () -> Nd.loadtxt(out, TextFormat.defaults().withDtype(DType.INT64)));
            assertThrows(
                    NdException.class,
                    () -> Nd.loadtxt(out, TextFormat.defaults().withUsecols(5)));
            Files.writeString(out, "# nothing\n");
            try (NDArray e = Nd.loadtxt(out)) {
                assertArrayEquals(new long[] {0}, e.shape());
            }
            assertThrows(NullPointerException.class, () -> Nd.loadtxt(null));
            assertThrows(
                    org.ndgpu.exceptions.NdIOException.class, () -> Nd.loadtxt(out.resolveSibling("no-such-file.txt")));
            assertThrows(NdException.class, () -> TextFormat.defaults().withDtype(DType.COMPLEX128));
            assertThrows(NdException.class, () -> TextFormat.defaults().withSkiprows(-1));
            assertThrows(NdException.class, () -> TextFormat.defaults().withDelimiter(""));
            assertThrows(ShapeException.class, () -> Nd.savetxt(out, Nd.array(1.0)));
            assertThrows(NdException.class, () -> Nd.savetxt(out, a, "no conversion", " "));
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static String saved(NDArray a, String fmt, String delimiter) throws IOException {
        Path out = Files.createTempFile("savetxt", ".txt");
        try {
            Nd.savetxt(out, a, fmt, delimiter);
            return Files.readString(out);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    @Test
    void savetxtWritesAsPythonPercent() throws IOException {
        // each expected text is np.savetxt(BytesIO(), a, fmt=..., delimiter=...) under NumPy 2.4
        try (NDArray f64 = Nd.array(new double[] {
                    0.1, -0.0, 1e300, 1.5e-7, Double.POSITIVE_INFINITY, Double.NaN, 3.0, 123456789012345.0, -2.5e-300
                });
                NDArray f32 =
                        Nd.array(new double[] {0.1, 1e20, 123456789.0, 1e-4}).astype(DType.FLOAT32);
                NDArray f16 = Nd.array(new double[] {0.1, 1024, 65504, 6e-8}).astype(DType.FLOAT16);
                NDArray bools = Nd.array(new boolean[] {true, false, true}).reshape(1, 3);
                NDArray m = Nd.array(new double[] {1, 2, 3, 4}, DType.FLOAT64, 2, 2);
                NDArray u64 = Nd.array(new long[] {-1, 5}).astype(DType.UINT64);
                NDArray u64row =
                        Nd.array(new long[] {-1, 255}).astype(DType.UINT64).reshape(1, 2);
                NDArray trunc = Nd.array(new double[] {-0.5, -0.0, 2.7, -2.7, 1e20});
                NDArray special =
                        Nd.array(new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1.5});
                NDArray mixed = Nd.array(new double[] {Double.NaN, 1.5, 2}, DType.FLOAT64, 1, 3);
                NDArray i8 = Nd.array(new long[] {7, -8}).astype(DType.INT8).reshape(1, 2)) {
            assertEquals(
                    "0.1\n-0.0\n1e+300\n1.5e-07\ninf\nnan\n3.0\n123456789012345.0\n-2.5e-300\n", saved(f64, "%s", " "));
            assertEquals("0.1\n1e+20\n1.2345679e+08\n1e-04\n", saved(f32, "%s", " "));
            assertEquals("0.1\n1.024e+03\n6.55e+04\n6e-08\n", saved(f16, "%s", " "));
            assertEquals("True|0|1.0\n", saved(bools, "%s|%d|%.1f", " "));
            assertEquals("1.00,2.0\n3.00,4.0\n", saved(m, "%.2f,%.1f", ";"), "a row format ignores the delimiter");
            assertEquals("18446744073709551615\n5\n", saved(u64, "%d", " "));
            assertEquals("1.844674407370955162e+19\n5.000000000000000000e+00\n", saved(u64, "%.18e", " "));
            assertEquals("18446744073709551615 0xff\n", saved(u64row, "%s %#x", " "));
            assertEquals("0\n0\n2\n-2\n100000000000000000000\n", saved(trunc, "%i", " "));
            assertEquals("+0000nan\n+0000inf\n-0000inf\n+0001.50\n", saved(special, "%+08.2f", " "));
            assertEquals("NAN     |   1.| 2.0\n", saved(mixed, "%-8.2E|%5.2s|% .1f", " "));
            assertEquals("007:-8\n", saved(i8, "%03d:%x", " "));

            // np.savetxt raises ValueError "fmt has wrong number of % formats" for these
            NdException ex = assertThrows(NdException.class, () -> saved(f64, "%.1f-%.2f", " "));
            assertTrue(ex.getMessage().contains("savetxt: fmt has wrong number of % formats"), ex.getMessage());
            assertThrows(NdException.class, () -> saved(f64, "%.1f%%", " "));
            assertThrows(NdException.class, () -> saved(m, "%d%d%d", " "));
            // ... and TypeError "Mismatch between array dtype and format specifier" for these
            try (NDArray three = Nd.zeros(DType.FLOAT64, 1, 3)) {
                assertThrows(NdException.class, () -> saved(three, "%.1f%%", " "));
            }
            assertThrows(NdException.class, () -> saved(f64, "%x", " "));
            // '%d' % np.float64(nan) raises ValueError, of inf OverflowError
            ex = assertThrows(NdException.class, () -> saved(special, "%d", " "));
            assertTrue(ex.getMessage().contains("cannot convert float NaN to integer"), ex.getMessage());
        }
    }

    private static Path text(String content) throws IOException {
        Path p = Files.createTempFile("textio", ".txt");
        Files.writeString(p, content);
        return p;
    }

    @Test
    void integerFieldsAreCheckedAgainstTheDtype() throws IOException {
        Path p = text("300\n1\n");
        try {
            for (DType dt : new DType[] {DType.INT8, DType.UINT8}) {
                // np.loadtxt: ValueError: could not convert string '300' to int8 at row 0, column 1.
                NdException ex = assertThrows(
                        NdException.class,
                        () -> Nd.loadtxt(p, TextFormat.defaults().withDtype(dt)));
                assertEquals(
                        "loadtxt: could not convert string '300' to " + dt + " at row 0, column 1.", ex.getMessage());
                // np.genfromtxt: OverflowError: Python integer 300 out of bounds for int8
                ex = assertThrows(
                        NdException.class,
                        () -> Nd.genfromtxt(p, TextFormat.defaults().withDtype(dt)));
                assertTrue(ex.getMessage().startsWith("genfromtxt: integer 300 "), ex.getMessage());
                assertTrue(ex.getMessage().contains("out of bounds for " + dt), ex.getMessage());
            }
            try (NDArray a = Nd.loadtxt(p, TextFormat.defaults().withDtype(DType.INT16))) {
                assertArrayEquals(new long[] {300, 1}, a.toLongArray());
            }
            Files.writeString(p, "70000\n");
            assertThrows(
                    NdException.class, () -> Nd.loadtxt(p, TextFormat.defaults().withDtype(DType.INT16)));
            // np.loadtxt / np.genfromtxt(..., dtype=np.uint64) -> [18446744073709551614, 1]
            Files.writeString(p, "18446744073709551614\n1\n");
            for (boolean gen : new boolean[] {false, true}) {
                var f = TextFormat.defaults().withDtype(DType.UINT64);
                try (NDArray a = gen ? Nd.genfromtxt(p, f) : Nd.loadtxt(p, f)) {
                    assertEquals(DType.UINT64, a.dtype());
                    assertArrayEquals(new long[] {-2, 1}, a.toLongArray(), "2^64-2 as its bits");
                }
            }
            Files.writeString(p, "18446744073709551616\n");
            assertThrows(
                    NdException.class, () -> Nd.loadtxt(p, TextFormat.defaults().withDtype(DType.UINT64)));
            assertThrows(
                    NdException.class,
                    () -> Nd.genfromtxt(p, TextFormat.defaults().withDtype(DType.UINT64)));
            // np.genfromtxt(["a 1"], dtype=np.uint8): OverflowError, the default filling value -1 does not fit
            Files.writeString(p, "a 1\n");
            assertThrows(
                    NdException.class,
                    () -> Nd.genfromtxt(p, TextFormat.defaults().withDtype(DType.UINT8)));
            // np.genfromtxt(["1.5 -2.7 1_0 abc 1e2"], dtype=np.int8) -> [1, -2, 10, -1, 100]
            Files.writeString(p, "1.5 -2.7 1_0 abc 1e2\n");
            try (NDArray a = Nd.genfromtxt(p, TextFormat.defaults().withDtype(DType.INT8))) {
                assertArrayEquals(new long[] {1, -2, 10, -1, 100}, a.toLongArray());
            }
        } finally {
            Files.deleteIfExists(p);
        }
    }

    @Test
    void boolAndFloatFieldsParseAsNumPy() throws IOException {
        Path p = text("False 1 0 True\n");
        try {
            // np.genfromtxt(..., dtype=bool) -> [False, False, False, True]; np.loadtxt raises
            try (NDArray a = Nd.genfromtxt(p, TextFormat.defaults().withDtype(DType.BOOL))) {
                assertArrayEquals(new boolean[] {false, false, false, true}, a.toBooleanArray());
            }
            assertThrows(
                    NdException.class, () -> Nd.loadtxt(p, TextFormat.defaults().withDtype(DType.BOOL)));
            // np.loadtxt(["2 -1 0 01"], dtype=bool) -> [True, True, False, True]
            Files.writeString(p, "2 -1 0 01\n");
            try (NDArray a = Nd.loadtxt(p, TextFormat.defaults().withDtype(DType.BOOL))) {
                assertArrayEquals(new boolean[] {true, true, false, true}, a.toBooleanArray());
            }
            // np.genfromtxt(["a TRUE"], dtype=bool, filling_values=5) -> [True, True]
            Files.writeString(p, "a TRUE\n");
            try (NDArray a =
                    Nd.genfromtxt(p, TextFormat.defaults().withDtype(DType.BOOL).withFillingValue(5))) {
                assertArrayEquals(new boolean[] {true, true}, a.toBooleanArray());
            }
            // np.loadtxt raises for each of these; np.genfromtxt gives nan, except 1_000.5 (Python's float takes it)
            for (String t : new String[] {"0x1p3", "1d", "1f", "1D", "1F", "0x10", "1e", "+-1", "nan(1)", "1_000.5"}) {
                Files.writeString(p, t + "\n");
                NdException ex = assertThrows(NdException.class, () -> Nd.loadtxt(p), t);
                assertEquals(
                        "loadtxt: could not convert string '" + t + "' to float64 at row 0, column 1.",
                        ex.getMessage());
                try (NDArray a = Nd.genfromtxt(p)) {
                    assertArrayEquals(new double[] {t.equals("1_000.5") ? 1000.5 : Double.NaN}, a.toDoubleArray(), t);
                }
            }
            // np.loadtxt(["+.5e-3 5. -iNf Infinity 1e500"]) -> [0.0005, 5.0, -inf, inf, inf]
            Files.writeString(p, "+.5e-3 5. -iNf Infinity 1e500\n");
            try (NDArray a = Nd.loadtxt(p)) {
                assertArrayEquals(
                        new double[] {
                            0.0005, 5.0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY
                        },
                        a.toDoubleArray());
            }
        } finally {
            Files.deleteIfExists(p);
        }
    }
}
