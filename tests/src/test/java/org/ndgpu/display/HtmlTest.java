package org.ndgpu.display;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.HostArray;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.sparse.CsrMatrix;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Html.of(NDArray) against NumPy's text (fixtures/display/cells.txt, made by
 * make_display_fixtures.py with NumPy 2.4): the table's cells, in order, are the element texts of
 * NumPy's str, "..." included where a large array is summarized; the head names shape, dtype and
 * device; the index headers of a summarized axis jump from 2 to n - 3.
 */
public class HtmlTest extends PerDeviceTest {
    private static final Pattern CELL =
            Pattern.compile("<td[^>]*>([^<]*)</td>|<div class=\"ndgpu-skip\">([^<]*)</div>");

    record Case(String name, HostArray array, List<String> cells) {}

    static List<Case> cases() {
        List<String> lines;
        try (InputStream in = HtmlTest.class.getResourceAsStream("/fixtures/display/cells.txt")) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Case> out = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i++);
            if (!line.startsWith("### ")) continue;
            String name = line.substring(4);
            DType dtype = DType.of(lines.get(i++).substring("dtype ".length()));
            String shapeText = lines.get(i++).substring("shape".length()).trim();
            long[] shape = shapeText.isEmpty()
                    ? new long[0]
                    : Arrays.stream(shapeText.split(" "))
                            .mapToLong(Long::parseLong)
                            .toArray();
            byte[] data = Base64.getDecoder().decode(lines.get(i++).substring("data ".length()));
            i++; // "cells"
            List<String> cells = new ArrayList<>();
            while (!lines.get(i).equals("end")) cells.add(lines.get(i++));
            out.add(new Case(name, HostArray.of(dtype, data, shape), cells));
        }
        return out;
    }

    static List<String> cells(String html) {
        List<String> out = new ArrayList<>();
        Matcher m = CELL.matcher(html);
        while (m.find()) out.add(m.group(1) != null ? m.group(1) : m.group(2));
        return out;
    }

    @TestFactory
    Stream<DynamicTest> tableCellsAreNumPysText() {
        List<Case> cases = cases();
        assertTrue(cases.size() >= 12, "fixture cases: " + cases.size());
        return cases.stream()
                .map(c -> dynamicTest(c.name(), () -> {
                    try (NDArray a = Nd.fromHost(c.array())) {
                        String html = Html.of(a);
                        assertEquals(c.cells(), cells(html), c.name());
                        assertTrue(
                                html.contains("NDArray shape=" + Shapes.str(a.shape()) + " dtype="
                                        + a.dtype().numpyName() + " device="
                                        + a.device().id()),
                                html);
                    }
                }));
    }

    @Test
    void summarizedAxisIndicesJumpToTheEnd() {
        try (NDArray a = Nd.arange(2000.0)) {
            String html = Html.of(a);
            assertTrue(html.contains("<th>2</th><th>...</th><th>1997</th><th>1998</th><th>1999</th>"), html);
            // NumPy prints this range in scientific notation (max / min > 1e3)
            assertEquals(
                    List.of("0.000e+00", "1.000e+00", "2.000e+00", "...", "1.997e+03", "1.998e+03", "1.999e+03"),
                    cells(html));
        }
        try (NDArray a = Nd.arange(2000.0).reshape(10, 2, 100)) {
            String html = Html.of(a);
            assertTrue(html.contains("[2, :, :]</div>") && html.contains("[7, :, :]</div>"), "first and last 3 blocks");
            assertTrue(
                    !html.contains("[3, :, :]</div>") && html.contains("<div class=\"ndgpu-skip\">...</div>"), "cut");
        }
    }

    @Test
    void zeroDimensionalEmptyAndClosedArrays() {
        try (NDArray a = Nd.asarray(3.5)) {
            assertEquals(List.of("3.5"), cells(Html.of(a)));
        }
        try (NDArray a = Nd.zeros(DType.FLOAT32, 0, 3)) {
            String html = Html.of(a);
            assertTrue(html.contains("shape=(0, 3) dtype=float32") && html.contains("<pre>[]</pre>"), html);
        }
        NDArray closed = Nd.ones(DType.FLOAT64, 2);
        closed.close();
        assertEquals(
                "<div class=\"ndgpu\"><pre>array(&lt;closed&gt;, dtype=float64, shape=(2,))</pre></div>",
                Html.of(closed));
    }

    @Test
    void sparseMatrixDeviceRecordAndOthers() {
        try (NDArray dense = Nd.asarray(new double[][] {{0, 1.5}, {2, 0}});
                CsrMatrix m = Nd.sparse().csrMatrix(dense)) {
            String html = Html.of(m);
            assertTrue(html.contains("Compressed Sparse Row sparse matrix of dtype 'float64'"), html);
            assertTrue(html.contains("with 2 stored elements and shape (2, 2)"), html);
            assertEquals(List.of("0.", "1.5", "2.", "0."), cells(html));
        }
        Device d = device();
        String html = Html.of(d);
        assertTrue(html.contains(Html.escape(d.id())) && html.contains(Html.escape(d.name())), html);
        assertTrue(html.contains(Html.row("managed memory", d.facts().managedMemory() ? "yes" : "no")), html);
        record Pair(NDArray values, String note) {}
        try (NDArray v = Nd.asarray(new double[] {1, 2})) {
            String r = Html.of(new Pair(v, "a<b"));
            assertTrue(r.contains("<b>Pair</b>") && r.contains("a&lt;b") && r.contains(">1.</td>"), r);
        }
        assertEquals("<pre>null</pre>", Html.of(null));
        assertEquals("<pre>1 &lt; 2</pre>", Html.of("1 < 2"));
    }
}
