package org.ndgpu.routines.printing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
import org.ndgpu.config.PrintOptions;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Nd.printoptions (and the options it shares with setPrintoptions) against NumPy's repr and str
 * under np.printoptions (fixtures/printoptions/printoptions.tsv, made by make_printoptions_fixtures.py):
 * precision, threshold, edgeitems, linewidth and suppress; the scope restores what was in force.
 */
public class PrintOptionsTest extends PerDeviceTest {

    private static List<String[]> rows() {
        try (var in = PrintOptionsTest.class.getResourceAsStream("/fixtures/printoptions/printoptions.tsv")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.isBlank())
                    .map(l -> l.split("\t", -1))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @TestFactory
    Stream<DynamicTest> agreesWithNumPy() {
        return rows().stream()
                .map(r -> DynamicTest.dynamicTest(r[0], () -> {
                    var o = new PrintOptions(
                            Integer.parseInt(r[1]),
                            Long.parseLong(r[2]),
                            Integer.parseInt(r[3]),
                            Integer.parseInt(r[4]),
                            r[5].equals("1"));
                    long[] shape = Arrays.stream(r[7].split(","))
                            .mapToLong(Long::parseLong)
                            .toArray();
                    double[] v = Arrays.stream(r[8].split(" "))
                            .mapToDouble(Double::parseDouble)
                            .toArray();
                    PrintOptions before = Nd.getPrintoptions();
                    try (NDArray f = Nd.array(v, DType.FLOAT64, shape);
                            NDArray a = f.astype(DType.of(r[6]))) {
                        try (var p = Nd.printoptions(o)) {
                            assertSame(o, Nd.getPrintoptions());
                            assertSame(before, p.previous());
                            assertEquals(r[9].replace("\\n", "\n"), a.toString(), "repr");
                            assertEquals(r[10].replace("\\n", "\n"), a.str(), "str");
                        }
                        assertSame(before, Nd.getPrintoptions(), "the scope restores the options");
                    }
                }));
    }

    @Test
    void setAndDefaults() {
        PrintOptions before = Nd.getPrintoptions();
        try (NDArray a = Nd.array(new double[] {1.0 / 3, 2});
                var p = Nd.printoptions(before)) {
            assertSame(before, p.previous());
            Nd.setPrintoptions(PrintOptions.defaults().withPrecision(2));
            assertEquals("array([0.33, 2.  ])", a.toString());
            Nd.setPrintoptions(PrintOptions.defaults());
            assertEquals("array([0.33333333, 2.        ])", a.toString());
        }
        assertSame(before, Nd.getPrintoptions());
        assertEquals(new PrintOptions(8, 1000, 3, 75, false), PrintOptions.defaults());
        var ex = assertThrows(NdException.class, () -> PrintOptions.defaults().withPrecision(-1));
        assertEquals("set_printoptions: precision must be at least 0, got -1", ex.getMessage());
        assertThrows(NdException.class, () -> PrintOptions.defaults().withLinewidth(0));
        assertThrows(NdException.class, () -> PrintOptions.defaults().withThreshold(-1));
        assertThrows(NdException.class, () -> PrintOptions.defaults().withEdgeitems(-2));
        assertThrows(NullPointerException.class, () -> Nd.setPrintoptions(null));
    }

    @Test
    void edgeitemsZeroShowsOnlyTheLastElement() {
        // np.set_printoptions(threshold=0, edgeitems=0); repr and str of these arrays
        try (var p = Nd.printoptions(PrintOptions.defaults().withThreshold(0).withEdgeitems(0));
                NDArray a = Nd.arange(6L);
                NDArray m = Nd.arange(6.0).reshape(2, 3);
                NDArray t = Nd.arange(24L).reshape(2, 3, 4);
                NDArray w = Nd.array(new long[] {100, 1})) {
            assertEquals(3, p.previous().edgeitems());
            assertEquals("array([..., 5], shape=(6,))", a.toString());
            assertEquals("[... 5]", a.str());
            assertEquals("array([...,\n       [..., 5.]], shape=(2, 3))", m.toString());
            assertEquals("array([...,\n\n       [...,\n        [..., 23]]], shape=(2, 3, 4))", t.toString());
            assertEquals("array([...,   1], shape=(2,))", w.toString(), "columns sized by the whole array, as NumPy");
        }
    }
}
