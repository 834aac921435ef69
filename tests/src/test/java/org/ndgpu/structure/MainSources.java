package org.ndgpu.structure;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The main Java sources of every module under the repository root, for the structure tests. */
final class MainSources {
    private MainSources() {}

    /** Every {@code src/main/java} file under {@code root} (build output and .git aside); fails when there are few. */
    static List<Path> under(Path root) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                String s = p.toString().replace('\\', '/');
                if (s.endsWith(".java")
                        && s.contains("/src/main/java/")
                        && !s.contains("/target/")
                        && !s.contains("/.git/")) files.add(p);
            }
        }
        assertTrue(files.size() > 100, "expected the modules' main sources under " + root + ", found " + files.size());
        return files;
    }
}
