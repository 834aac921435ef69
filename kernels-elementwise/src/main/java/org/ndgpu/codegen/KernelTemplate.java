package org.ndgpu.codegen;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A kernel skeleton with {@code ${name}} placeholders, filled by name. The generators keep their
 * fixed C text in template resources and compute only what varies (types, names, unrolled lines),
 * so the skeleton reads as the kernel it becomes.
 *
 * <p>Rules, all checked: a placeholder is {@code ${identifier}}; every placeholder must be filled
 * and every filled name must be a placeholder, else {@link IllegalArgumentException}, so nothing
 * unfilled reaches a compiler. A {@code $} not followed by <code>{</code> is plain text. A line that holds
 * only one placeholder (and indentation) is a block: each line of the value is emitted with that
 * indentation (empty lines stay empty), and an empty value removes the line.
 *
 * <p>A resource holds named sections, each begun by a line {@code @@ name}; a section's text is its
 * lines, each with its line break, blank lines at its end dropped. Text before the first section,
 * and lines that begin with {@code @#}, are comments of the resource, not kernel text.
 *
 * <pre>{@code
 * KernelTemplate t = KernelTemplate.of("demo", "y[i] = ${expr};");
 * t.fill(Map.of("expr", "x[i] * 2"));            // "y[i] = x[i] * 2;"
 * }</pre>
 */
public final class KernelTemplate {
    private final String name;
    private final List<Part> parts = new ArrayList<>();
    private final Set<String> names = new LinkedHashSet<>();
    private final String tail;

    /**
     * Literal text, then placeholder {@code id}; {@code indent} is null for an inline placeholder, else
     * the block's indentation, and {@code lineBreak} whether the block's line ended with one.
     */
    private record Part(String literal, String id, String indent, boolean lineBreak) {}

    private KernelTemplate(String name, String text) {
        this.name = name;
        var literal = new StringBuilder();
        int lineStart = 0;
        for (int i = 0; i < text.length(); ) {
            if (!text.startsWith("${", i)) {
                if (text.charAt(i) == '\n') lineStart = i + 1;
                literal.append(text.charAt(i++));
                continue;
            }
            int end = text.indexOf('}', i);
            String id = end < 0 ? "" : text.substring(i + 2, end);
            if (!identifier(id)) {
                throw new IllegalArgumentException(
                        "template " + name + ": bad placeholder at line " + line(text, i) + ": "
                                + text.substring(i, Math.min(text.length(), i + 20))
                                        .lines()
                                        .findFirst()
                                        .orElse(""));
            }
            String indent = text.substring(lineStart, i);
            boolean lineBreak = end + 1 < text.length() && text.charAt(end + 1) == '\n';
            boolean block = indent.isBlank() && (lineBreak || end + 1 == text.length());
            if (block) literal.setLength(literal.length() - indent.length());
            parts.add(new Part(literal.toString(), id, block ? indent : null, lineBreak));
            literal.setLength(0);
            names.add(id);
            i = block && lineBreak ? end + 2 : end + 1;
            if (block) lineStart = i;
        }
        tail = literal.toString();
    }

    private static boolean identifier(String s) {
        if (s.isEmpty() || !(Character.isLetter(s.charAt(0)) || s.charAt(0) == '_')) return false;
        for (int i = 1; i < s.length(); i++)
            if (!(Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) return false;
        return s.chars().allMatch(c -> c < 128);
    }

    private static int line(String text, int at) {
        return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }

    /** A template of {@code text}; {@code name} names it in errors. */
    public static KernelTemplate of(String name, String text) {
        return new KernelTemplate(name, text);
    }

    /** Its placeholders. */
    public Set<String> placeholders() {
        return Set.copyOf(names);
    }

    /** {@link #fill(Map)} with names and values in turn: {@code fill("ix", "int", "name", "x")}. */
    public String fill(String name, Object value, Object... more) {
        if (more.length % 2 != 0)
            throw new IllegalArgumentException("template " + this.name + ": a name without a value");
        var values = new LinkedHashMap<String, Object>();
        values.put(name, value);
        for (int i = 0; i < more.length; i += 2) {
            if (!(more[i] instanceof String n))
                throw new IllegalArgumentException("template " + this.name + ": not a name: " + more[i]);
            if (values.containsKey(n))
                throw new IllegalArgumentException("template " + this.name + ": ${" + n + "} given twice");
            values.put(n, more[i + 1]);
        }
        return fill(values);
    }

    /** The text with every placeholder replaced by {@code String.valueOf} of its value. */
    public String fill(Map<String, ?> values) {
        for (String k : values.keySet()) {
            if (!names.contains(k))
                throw new IllegalArgumentException("template " + name + " has no placeholder ${" + k + "}");
        }
        var out = new StringBuilder();
        for (Part p : parts) {
            out.append(p.literal());
            Object v = values.get(p.id());
            if (v == null) throw new IllegalArgumentException("template " + name + ": ${" + p.id() + "} is not filled");
            String s = String.valueOf(v);
            if (p.indent() == null) {
                out.append(s);
                continue;
            }
            List<String> lines = s.lines().toList();
            for (int k = 0; k < lines.size(); k++) {
                String l = lines.get(k);
                out.append(l.isEmpty() ? "" : p.indent()).append(l);
                if (k < lines.size() - 1 || p.lineBreak()) out.append('\n');
            }
        }
        return out.append(tail).toString();
    }

    /** The sections of a template resource, by name. */
    public static final class Sections {
        private final String resource;
        private final Map<String, KernelTemplate> byName;

        private Sections(String resource, Map<String, KernelTemplate> byName) {
            this.resource = resource;
            this.byName = byName;
        }

        /** Section {@code section}; an error if the resource has none of that name. */
        public KernelTemplate get(String section) {
            KernelTemplate t = byName.get(section);
            if (t == null)
                throw new IllegalArgumentException("template resource " + resource + " has no section @@ " + section);
            return t;
        }
    }

    /**
     * The sections of resource {@code resource}, read from {@code in} (closed here). The caller opens
     * the stream ({@code Owner.class.getResourceAsStream(...)}) so that a module reads its own resources.
     */
    public static Sections sections(String resource, InputStream in) {
        Objects.requireNonNull(in, () -> "template resource " + resource + " not found");
        String text;
        try (in) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        var byName = new LinkedHashMap<String, KernelTemplate>();
        String current = null;
        var body = new ArrayList<String>();
        for (String l : (text + "\n@@ \n").lines().toList()) {
            if (l.startsWith("@#")) continue;
            if (!l.startsWith("@@ ")) {
                if (current != null) body.add(l);
                continue;
            }
            if (current != null) {
                while (!body.isEmpty() && body.getLast().isBlank()) body.removeLast();
                String joined = body.isEmpty() ? "" : String.join("\n", body) + "\n";
                if (byName.put(current, new KernelTemplate(resource + "#" + current, joined)) != null) {
                    throw new IllegalArgumentException(
                            "template resource " + resource + ": section " + current + " twice");
                }
            }
            current = l.substring(3).strip();
            body.clear();
        }
        return new Sections(resource, Map.copyOf(byName));
    }
}
