package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import jdk.jshell.JShell;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * What a NumPy user types, checked against what NumPy prints: each case of fixtures/parity.tsv is
 * a Java expression, evaluated by JShell exactly as a user would type it in {@code ./nd jshell}, and
 * NumPy's repr of the mirrored expression (made by make_parity_fixtures.py). The repr carries values,
 * dtype and shape at once, so one string comparison checks all three. Where NumPy raises, ndgpu must
 * throw (the wording differs). Runs on the default device: PoCL in CI.
 */
class NumPyParityTest {
    private static JShell shell;

    @BeforeAll
    static void startShell() {
        shell = JShell.builder().executionEngine("local").build();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator))
            shell.addToClasspath(entry);
        for (String imp : new String[] {
            "org.ndgpu.Nd",
            "org.ndgpu.ndarray.DType",
            "org.ndgpu.ndarray.Order",
            "org.ndgpu.ndarray.NDArray",
            "java.util.List"
        }) {
            eval("import " + imp + ";");
        }
    }

    @AfterAll
    static void stopShell() {
        shell.close();
    }

    private static SnippetEvent eval(String code) {
        List<SnippetEvent> events = shell.eval(code);
        assertTrue(!events.isEmpty(), "JShell gave no result for: " + code);
        SnippetEvent e = events.get(0);
        if (e.status() == Snippet.Status.REJECTED) {
            throw new AssertionError("does not compile: " + code + "\n"
                    + shell.diagnostics(e.snippet())
                            .map(d -> d.getMessage(null))
                            .toList());
        }
        return e;
    }

    // JShell shows a String value as a Java literal: "..." with escapes
    private static String unquote(String literal) {
        String s = literal.substring(1, literal.length() - 1);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                out.append(
                        switch (n) {
                            case 'n' -> '\n';
                            case 't' -> '\t';
                            default -> n;
                        });
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    @TestFactory
    Stream<DynamicTest> javaExpressionsPrintWhatNumPyPrints() {
        return cases("parity.tsv");
    }

    /** Advanced indexing: a.get("[2, 0]"), a.get(":, [0, 2]"), index arrays, a.set with lists and arrays. */
    @TestFactory
    Stream<DynamicTest> advancedIndexingAsNumPy() {
        return cases("parity_indexing.tsv");
    }

    /** The routines of issue 22: histogram, bincount, pad, interp, convolve, set operations, nan-reductions, ... */
    @TestFactory
    Stream<DynamicTest> routinesAsNumPy() {
        return cases("parity_routines.tsv");
    }

    /**
     * The unsigned dtypes (uint16, uint32, uint64 beside uint8): creation, dtype names, astype to and
     * from every dtype, promotion, wraparound, uint64 against int64, reductions, sorting, where and
     * clip, views, printing. uint64 values above Long.MAX_VALUE come from casting a negative int64.
     */
    @TestFactory
    Stream<DynamicTest> unsignedAsNumPy() {
        return cases("parity_unsigned.tsv");
    }

    private static Stream<DynamicTest> cases(String fixture) {
        List<String[]> cases;
        try (var in = NumPyParityTest.class.getResourceAsStream("/fixtures/" + fixture)) {
            cases = new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#"))
                    .map(l -> l.split("\t", 2))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases.stream()
                .map(c -> DynamicTest.dynamicTest(c[0], () -> {
                    String want = c[1].replace("\\n", "\n").replace("\\\\", "\\");
                    SnippetEvent e = eval("String.valueOf(" + c[0] + ")");
                    if (want.startsWith("ERROR ")) {
                        assertTrue(
                                e.exception() != null,
                                "NumPy raises " + want.substring(6) + "; ndgpu returned " + e.value());
                        return;
                    }
                    if (e.exception() != null)
                        throw new AssertionError("ndgpu threw where NumPy gives " + want, e.exception());
                    assertEquals(want, unquote(e.value()));
                }));
    }
}
