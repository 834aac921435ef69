package org.ndgpu.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/DESIGN.md's module table is each library module's module-info.java, row for row: requires,
 * exports and provides cannot drift from what the design tells a newcomer.
 */
class ModuleTableTest {
    private static final Path ROOT = Path.of("..");
    private static final String HEADER = "| directory | module | requires (ndgpu and libraries) | exports | provides |";

    /** One README row made from {@code dir}'s module-info.java. */
    private static String row(String dir) throws IOException {
        String t = Files.readString(ROOT.resolve(dir).resolve("src/main/java/module-info.java"))
                .replaceAll("(?s)/\\*.*?\\*/", "")
                .replaceAll("//[^\\n]*", "");
        Matcher module = Pattern.compile("module\\s+([\\w.]+)").matcher(t);
        if (!module.find()) throw new AssertionError(dir + ": no module declaration");
        List<String> requires = new ArrayList<>(), exports = new ArrayList<>(), provides = new ArrayList<>();
        Matcher m = Pattern.compile("requires\\s+(transitive\\s+|static\\s+)?([\\w.]+)\\s*;")
                .matcher(t);
        while (m.find())
            requires.add(m.group(2) + (m.group(1) != null ? " (" + m.group(1).strip() + ")" : ""));
        m = Pattern.compile("exports\\s+([\\w.]+)(\\s+to\\s+[^;]+)?;").matcher(t);
        while (m.find()) exports.add(m.group(1) + (m.group(2) != null ? " (to ndgpu modules)" : ""));
        m = Pattern.compile("provides\\s+([\\w.]+)\\s+with").matcher(t);
        while (m.find()) provides.add(m.group(1).substring(m.group(1).lastIndexOf('.') + 1));
        return "| " + dir + " | " + module.group(1) + " | " + joined(requires) + " | " + joined(exports) + " | "
                + joined(provides) + " |";
    }

    private static String joined(List<String> xs) {
        return xs.isEmpty() ? "-" : String.join(", ", xs);
    }

    @Test
    void readmeModuleTableIsTheModuleInfoFiles() throws IOException {
        List<String> readme = Files.readAllLines(ROOT.resolve("docs/DESIGN.md"));
        int at = readme.indexOf(HEADER);
        if (at < 0) throw new AssertionError("docs/DESIGN.md has no module table headed " + HEADER);
        List<String> shown = new ArrayList<>();
        for (int i = at + 2; i < readme.size() && readme.get(i).startsWith("|"); i++) shown.add(readme.get(i));
        List<String> expected = new ArrayList<>();
        for (String line : shown) expected.add(row(line.split("\\|")[1].trim()));
        assertEquals(String.join("\n", expected), String.join("\n", shown));
        // and every module with a module-info has its row
        try (var dirs = Files.list(ROOT)) {
            List<String> withInfo = dirs.filter(d -> Files.exists(d.resolve("src/main/java/module-info.java")))
                    .map(d -> d.getFileName().toString())
                    .sorted()
                    .toList();
            List<String> rows =
                    shown.stream().map(l -> l.split("\\|")[1].trim()).sorted().toList();
            assertEquals(withInfo, rows, "modules with a module-info vs docs/DESIGN.md's table");
        }
    }
}
