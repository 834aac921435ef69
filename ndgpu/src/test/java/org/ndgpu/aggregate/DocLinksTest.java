package org.ndgpu.aggregate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every relative link of the repository's Markdown resolves: README.md, CONTRIBUTING.md, the docs/
 * pages, BENCHMARKS.md, RELIABILITY.md and the modules' own READMEs and notes. A README that is the
 * user's guide sends its reader on to docs/ by links, so a moved page or a renamed section must fail
 * the build rather than leave a dead end. A link's {@code #anchor} must name a heading of its target,
 * as GitHub makes them ("How the modules fit together" is {@code #how-the-modules-fit-together}).
 */
class DocLinksTest {
    /** {@code [text](target)} and {@code ![alt](target)}, with an optional title after the target. */
    private static final Pattern INLINE = Pattern.compile(
            "\\[(?:[^\\]\\[\\n]++|\\[[^\\]\\n]*+\\])*+\\]\\([ \\t]*<?([^)\\s>]+)>?(?:[ \\t]+\"[^\"\\n]*\")?[ \\t]*\\)");
    /** A reference definition: {@code [label]: target}. */
    private static final Pattern REFERENCE = Pattern.compile("(?m)^ {0,3}\\[[^\\]\\n]+\\]:[ \\t]*<?([^\\s>]+)>?.*$");

    private static final Pattern HEADING = Pattern.compile("(?m)^ {0,3}#{1,6}[ \\t]+(.*?)[ \\t]*#*[ \\t]*$");
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

    /** The repository's root: the folder above the module folder the test runs in. */
    private static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("README.md"))
                    && Files.isRegularFile(p.resolve("ndgpu").resolve("pom.xml"))) return p;
        }
        throw new AssertionError("no repository root (README.md beside ndgpu/pom.xml) above "
                + Path.of("").toAbsolutePath());
    }

    /** Every Markdown file of the repository outside build output and hidden folders. */
    private static List<Path> markdownFiles(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p))
                    .filter(p -> {
                        for (Path part : root.relativize(p)) {
                            String s = part.toString();
                            if (s.equals("target") || s.startsWith(".")) return false;
                        }
                        return true;
                    })
                    .sorted()
                    .toList();
        }
    }

    /**
     * The text with code blanked: fenced blocks, indented blocks (four spaces after a blank line:
     * commands, not prose) and inline code spans, where brackets are code, not links.
     */
    static String withoutCode(String md) {
        var out = new StringBuilder();
        String fence = null;
        boolean indented = false;
        boolean blankBefore = true;
        for (String line : md.split("\n", -1)) {
            String t = line.stripLeading();
            if (fence == null && (t.startsWith("```") || t.startsWith("~~~"))) {
                fence = t.substring(0, 3);
                line = "";
            } else if (fence != null) {
                if (t.startsWith(fence)) fence = null;
                line = "";
            } else {
                indented = line.startsWith("    ") && (indented || blankBefore);
                line = indented ? "" : line.replaceAll("`[^`]*`", "``");
            }
            blankBefore = t.isEmpty();
            out.append(line).append('\n');
        }
        return out.toString();
    }

    /** GitHub's anchor of a heading: links to their text, lower case, punctuation dropped, spaces to hyphens. */
    static String anchor(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1");
        return text.toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N} _-]", "")
                .replace(' ', '-');
    }

    /** The anchors of {@code md}'s headings (outside fenced blocks), with GitHub's -1, -2 for repeated ones. */
    static Set<String> anchors(String md) {
        var text = new StringBuilder();
        boolean fenced = false;
        for (String line : md.split("\n", -1)) {
            String t = line.stripLeading();
            boolean fenceLine = t.startsWith("```") || t.startsWith("~~~");
            if (fenceLine) fenced = !fenced;
            // a '#' comment in a shell block is no heading
            text.append(fenced || fenceLine ? "" : line).append('\n');
        }
        Set<String> found = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        Matcher m = HEADING.matcher(text);
        while (m.find()) {
            String a = anchor(m.group(1));
            int n = seen.merge(a, 1, Integer::sum);
            found.add(n == 1 ? a : a + "-" + (n - 1));
        }
        return found;
    }

    /** "file: target (why)" for each relative link of {@code file} that does not resolve. */
    static List<String> brokenLinks(Path root, Path file) throws IOException {
        String md = Files.readString(file);
        String text = withoutCode(md);
        List<String> targets = new ArrayList<>();
        for (Pattern p : List.of(INLINE, REFERENCE)) {
            Matcher m = p.matcher(text);
            while (m.find()) targets.add(m.group(1));
        }
        List<String> broken = new ArrayList<>();
        String name = root.relativize(file).toString();
        for (String target : targets) {
            if (SCHEME.matcher(target).find() || target.startsWith("//")) continue; // http, https, mailto
            int hash = target.indexOf('#');
            String path = URLDecoder.decode(hash < 0 ? target : target.substring(0, hash), StandardCharsets.UTF_8);
            String fragment = hash < 0 ? null : target.substring(hash + 1);
            Path resolved = path.isEmpty()
                    ? file
                    : (path.startsWith("/")
                                    ? root.resolve(path.substring(1))
                                    : file.getParent().resolve(path))
                            .normalize();
            if (!resolved.startsWith(root)) {
                broken.add(name + ": " + target + " (outside the repository)");
            } else if (!Files.exists(resolved)) {
                broken.add(name + ": " + target + " (no such file)");
            } else if (fragment != null
                    && !fragment.isEmpty()
                    && resolved.toString().endsWith(".md")
                    && !anchors(Files.readString(resolved)).contains(fragment.toLowerCase(Locale.ROOT))) {
                broken.add(name + ": " + target + " (no heading with that anchor)");
            }
        }
        return broken;
    }

    @Test
    void everyRelativeLinkResolves() throws IOException {
        Path root = root();
        List<Path> files = markdownFiles(root);
        assertTrue(
                files.contains(root.resolve("README.md"))
                        && files.contains(root.resolve("docs").resolve("DESIGN.md")),
                "the scan finds README.md and docs/DESIGN.md: " + files);
        List<String> broken = new ArrayList<>();
        for (Path f : files) broken.addAll(brokenLinks(root, f));
        assertTrue(
                broken.isEmpty(),
                broken.size() + " broken relative links in " + files.size() + " Markdown files:\n  "
                        + String.join("\n  ", broken));
    }

    @Test
    void anchorsAreGitHubs() {
        assertTrue(anchors("## How the modules fit together\n").contains("how-the-modules-fit-together"));
        assertTrue(anchors("## Set up: two commands\n").contains("set-up-two-commands"));
        assertTrue(anchors("## `numpy.fft`: 14 of 18\n").contains("numpyfft-14-of-18"));
        assertTrue(anchors("# A\n## A\n").contains("a-1"));
        assertTrue(anchors("```\n# not a heading\n```\n").isEmpty());
    }

    @Test
    void findsBrokenLinksAndSkipsCode(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a.md"), """
                # Title
                [ok](a.md) [self](#title) [web](https://example.org/x) [mail](mailto:x@y.z)
                [gone](missing.md) [bad anchor](a.md#nowhere)
                `[code](not-a-link.md)`
                ```
                [fenced](also-not.md)
                ```
                [ref]: other-missing.md
                """);
        List<String> broken = brokenLinks(dir, dir.resolve("a.md"));
        assertTrue(
                broken.equals(List.of(
                        "a.md: missing.md (no such file)",
                        "a.md: a.md#nowhere (no heading with that anchor)",
                        "a.md: other-missing.md (no such file)")),
                broken.toString());
    }
}
