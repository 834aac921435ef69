package org.ndgpu.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KernelTemplateTest {
    @Test
    void inlinePlaceholdersByName() {
        var t = KernelTemplate.of("t", "y[${i}] = ${x} + ${x};");
        assertEquals("y[i] = a + a;", t.fill(Map.of("i", "i", "x", "a")));
        assertEquals(Set.of("i", "x"), t.placeholders());
        assertEquals("_l[256]", KernelTemplate.of("n", "_l[${n}]").fill(Map.of("n", 256)));
    }

    @Test
    void namesAndValuesInTurn() {
        var t = KernelTemplate.of("t", "${a}${b}");
        assertEquals("12", t.fill("a", 1, "b", "2"));
        assertThrows(IllegalArgumentException.class, () -> t.fill("a", 1, "b"));
        assertThrows(IllegalArgumentException.class, () -> t.fill("a", 1, "a", 2));
        assertThrows(IllegalArgumentException.class, () -> t.fill("a", 1, 2, "b"));
    }

    @Test
    void dollarWithoutBraceIsText() {
        assertEquals(
                "a$b $ ${x}",
                KernelTemplate.of("t", "a$b $ ${y}").fill(Map.of("y", "${x}")),
                "values are not re-read as templates");
    }

    @Test
    void blockLinesTakeTheirIndentation() {
        var t = KernelTemplate.of("t", "{\n    ${body}\n    x;\n}\n");
        assertEquals("{\n    a;\n\n    b;\n    x;\n}\n", t.fill(Map.of("body", "a;\n\nb;")));
        assertEquals(
                "{\n    a;\n    x;\n}\n",
                t.fill(Map.of("body", "a;\n")),
                "a trailing line break of the value is the line's own");
        assertEquals("{\n    x;\n}\n", t.fill(Map.of("body", "")), "an empty block removes its line");
        assertEquals(
                "a\n  b\n  c",
                KernelTemplate.of("t", "a\n  ${v}").fill(Map.of("v", "b\nc")),
                "a block on the last line");
        assertEquals(
                "f(b\nc);\n",
                KernelTemplate.of("t", "f(${v});\n").fill(Map.of("v", "b\nc")),
                "inline: the value as it is");
    }

    @Test
    void unfilledAndUnknownPlaceholdersAreErrors() {
        var t = KernelTemplate.of("demo", "${a} ${b}");
        var unfilled = assertThrows(IllegalArgumentException.class, () -> t.fill(Map.of("a", "1")));
        assertTrue(
                unfilled.getMessage().contains("demo") && unfilled.getMessage().contains("${b}"),
                unfilled.getMessage());
        var unknown = assertThrows(IllegalArgumentException.class, () -> t.fill(Map.of("a", "1", "b", "2", "c", "3")));
        assertTrue(unknown.getMessage().contains("${c}"), unknown.getMessage());
    }

    @Test
    void malformedPlaceholdersAreErrors() {
        for (String bad : new String[] {"x ${", "${}", "${1a}", "${a b}", "${a-b}", "line\n${a"}) {
            var e = assertThrows(IllegalArgumentException.class, () -> KernelTemplate.of("bad", bad), bad);
            assertTrue(e.getMessage().contains("bad placeholder"), e.getMessage());
        }
    }

    @Test
    void sectionsOfAResource() {
        var s = KernelTemplate.sections(
                "kernel-template-test.tmpl", KernelTemplateTest.class.getResourceAsStream("kernel-template-test.tmpl"));
        String params = s.get("params").fill(Map.of("name", "x"));
        assertEquals(", ND_GLOBAL char* _b_x\n", params, "a section's lines keep their line breaks");
        assertEquals(
                "ND_KERNEL void k(long _n, ND_GLOBAL char* _b_x) {\n    return;\n}\n",
                s.get("kernel").fill(Map.of("name", "k", "params", "long _n" + params.strip(), "body", "return;")),
                "comment lines and trailing blank lines dropped");
        assertEquals("", s.get("empty").fill(Map.of()));
        var e = assertThrows(IllegalArgumentException.class, () -> s.get("kernal"));
        assertTrue(e.getMessage().contains("kernal"), e.getMessage());
    }

    @Test
    void duplicateSectionsAndMissingResources() {
        String twice = "@@ a\nx\n@@ a\ny\n";
        assertThrows(
                IllegalArgumentException.class,
                () -> KernelTemplate.sections(
                        "twice", new ByteArrayInputStream(twice.getBytes(StandardCharsets.UTF_8))));
        assertThrows(
                NullPointerException.class,
                () -> KernelTemplate.sections(
                        "absent.tmpl", KernelTemplateTest.class.getResourceAsStream("absent.tmpl")));
    }
}
