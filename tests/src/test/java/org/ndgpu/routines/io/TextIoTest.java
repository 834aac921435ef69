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
}
