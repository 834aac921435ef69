package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Reduction;
import org.ndgpu.spi.Scan;

/**
 * The generated registry (Ufunc in org.ndgpu.ndarray; Reduction, Scan in org.ndgpu.spi) is up to date with what
 * gen_ufunc_table.py writes it from: the ufuncs of ufunc-loops.tsv in order with their arity (inputs and outputs), then
 * the generator's REAL_FUNCTIONS, REDUCTIONS and SCANS. After editing either, regenerate with
 * {@code python3 src/test/python/gen_ufunc_table.py --registry} (from this module's root).
 */
class RegistryTest {
    private static final Path GENERATOR = Path.of("src/test/python/gen_ufunc_table.py");

    @Test
    void ufuncsAreTheTablesInOrderWithTheirArity() throws IOException {
        Map<String, List<Integer>> expected = new LinkedHashMap<>();
        try (InputStream in = UfuncLoops.class.getResourceAsStream("ufunc-loops.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.startsWith("#") || line.isBlank()) continue;
                String[] f = line.split("\t");
                expected.putIfAbsent(f[0], List.of(f[1].split(",").length, f[3].split(",").length));
            }
        }
        for (String name : list("REAL_FUNCTIONS")) expected.put(name, List.of(1, 1));
        Map<String, List<Integer>> actual = new LinkedHashMap<>();
        for (Ufunc u : Ufunc.values()) {
            actual.put(u.numpyName(), List.of(u.nin(), u.nout()));
            assertEquals(u.numpyName().toUpperCase(java.util.Locale.ROOT), u.name());
            assertSame(u, Ufunc.of(u.numpyName()));
        }
        assertEquals(expected, actual, "Ufunc.java is stale; regenerate it with gen_ufunc_table.py --registry");
        assertEquals(153, actual.size());
        assertEquals(List.of(1, 2), actual.get("frexp"));
        assertEquals(List.of(2, 2), actual.get("divmod"));
        for (String name : expected.keySet()) {
            if (!list("REAL_FUNCTIONS").contains(name)) assertTrue(UfuncLoops.known(name), name);
        }
    }

    @Test
    void reductionsAndScansAreTheGenerators() throws IOException {
        assertEquals(
                list("REDUCTIONS"),
                Arrays.stream(Reduction.values()).map(Reduction::numpyName).toList(),
                "Reduction.java is stale; regenerate it with gen_ufunc_table.py --registry");
        assertEquals(
                list("SCANS"),
                Arrays.stream(Scan.values()).map(Scan::numpyName).toList(),
                "Scan.java is stale; regenerate it with gen_ufunc_table.py --registry");
        for (Reduction r : Reduction.values()) assertSame(r, Reduction.of(r.numpyName()));
        assertEquals(null, Reduction.of("cumsum"));
    }

    /** The string list {@code NAME = [...]} of the generator. */
    private static List<String> list(String name) throws IOException {
        String py = Files.readString(GENERATOR, StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("(?m)^" + name + " = \\[([^\\]]*)\\]").matcher(py);
        assertTrue(m.find(), name + " in " + GENERATOR);
        List<String> out = new ArrayList<>();
        Matcher s = Pattern.compile("\"(\\w+)\"").matcher(m.group(1));
        while (s.find()) out.add(s.group(1));
        return out;
    }
}
