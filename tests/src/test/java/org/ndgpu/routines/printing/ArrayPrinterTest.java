package org.ndgpu.routines.printing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.HostArray;

/** Every case of repr.txt (made by make_repr_fixtures.py with NumPy 2.4) printed character for character. */
class ArrayPrinterTest {

    record Case(String name, HostArray array, String repr, String str) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case> cases() {
        List<String> lines;
        try {
            // -Dndgpu.reprFixtures=FILE runs the same checks on another file (e.g. a larger fuzz set)
            String other = System.getProperty("ndgpu.reprFixtures");
            if (other != null) {
                lines = Files.readAllLines(Path.of(other));
            } else {
                // read as a stream: on the GPU host the fixture is inside a test jar, not a file
                try (var in = ArrayPrinterTest.class.getResourceAsStream("/fixtures/repr/repr.txt")) {
                    lines = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                            .lines()
                            .toList();
                }
            }
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
            String data = lines.get(i++).substring("data".length()).trim();
            i++; // "repr"
            StringBuilder repr = new StringBuilder();
            while (!lines.get(i).equals("str"))
                repr.append(repr.isEmpty() ? "" : "\n").append(lines.get(i++));
            i++;
            StringBuilder str = new StringBuilder();
            while (!lines.get(i).equals("end"))
                str.append(str.isEmpty() ? "" : "\n").append(lines.get(i++));
            i++;
            out.add(new Case(
                    name,
                    HostArray.of(dtype, Base64.getDecoder().decode(data), shape),
                    repr.toString(),
                    str.toString()));
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> reprMatchesNumPy() {
        return cases().stream()
                .map(c -> dynamicTest("repr " + c, () -> assertEquals(c.repr(), ArrayPrinter.repr(c.array()))));
    }

    @TestFactory
    Stream<DynamicTest> strMatchesNumPy() {
        return cases().stream()
                .map(c -> dynamicTest("str " + c, () -> assertEquals(c.str(), ArrayPrinter.str(c.array()))));
    }

    /** The layout of the bytes must not change the text. */
    @TestFactory
    Stream<DynamicTest> fortranOrderedInputPrintsTheSame() {
        return cases().stream()
                .filter(c -> c.array().ndim() > 1)
                .map(c -> dynamicTest("fortran " + c, () -> {
                    HostArray f = c.array().toFortranOrder();
                    assertEquals(c.repr(), ArrayPrinter.repr(f));
                    assertEquals(c.str(), ArrayPrinter.str(f));
                }));
    }

    /** Every NumPy case matches, repr and str; the count is printed in the build log. */
    @Test
    void summary() {
        int total = 0, pass = 0;
        List<String> failing = new ArrayList<>();
        for (Case c : cases()) {
            total++;
            boolean ok =
                    c.repr().equals(ArrayPrinter.repr(c.array())) && c.str().equals(ArrayPrinter.str(c.array()));
            if (ok) pass++;
            else failing.add(c.name());
            if (!ok && failing.size() <= 8 && System.getProperty("ndgpu.reprFixtures") != null) {
                System.out.println("--- " + c.name() + " " + c.array() + "\nNumPy:\n" + c.repr() + "\n" + c.str()
                        + "\nJava:\n" + ArrayPrinter.repr(c.array()) + "\n" + ArrayPrinter.str(c.array()));
            }
        }
        String summary = "ArrayPrinter: " + pass + " of " + total + " NumPy cases match exactly (repr and str)"
                + (failing.isEmpty() ? "" : "; failing: " + failing);
        System.out.println(summary);
        assertTrue(total > 0 && failing.isEmpty(), summary);
    }
}
