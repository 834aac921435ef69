package org.ndgpu.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The committed NumPy fixtures of structured arrays (make_structured_fixtures.py), one per manifest line. */
final class StructuredFixtures {
    private StructuredFixtures() {}

    /** One case: NAME.npy as NumPy made it, its fields' names, shape and NumPy's str(dtype). */
    record Case(String name, List<String> fields, long[] shape, String dtypeStr) {
        Path npy() {
            return dir().resolve(name + ".npy");
        }

        /** What np.save writes for the same values in C order, little-endian, padding 0. */
        Path canonical() {
            return dir().resolve(name + ".c.npy");
        }

        /** Field {@code f}'s values as NumPy saved them (files are numbered by field, so their names stay ASCII). */
        Path field(String f) {
            return dir().resolve(name + ".f." + fields.indexOf(f) + ".npy");
        }

        String repr() {
            return text(name + ".repr.txt");
        }

        String str() {
            return text(name + ".str.txt");
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static Path dir;

    /** The fixtures as real files (copied out of the jar when the tests run from one). */
    static synchronized Path dir() {
        if (dir != null) return dir;
        try {
            URI uri = StructuredFixtures.class
                    .getResource("/fixtures/structured/manifest.tsv")
                    .toURI();
            if (!uri.getScheme().equals("jar")) {
                dir = Path.of(uri).getParent();
                return dir;
            }
            Path copy = Files.createTempDirectory("ndgpu-structured-fixtures");
            try (FileSystem jar = FileSystems.newFileSystem(uri, Map.of());
                    Stream<Path> files = Files.list(jar.getPath("/fixtures/structured"))) {
                for (Path f : files.toList())
                    Files.copy(f, copy.resolve(f.getFileName().toString()));
            }
            dir = copy;
            return dir;
        } catch (URISyntaxException | IOException e) {
            throw new IllegalStateException("the structured fixtures cannot be read", e);
        }
    }

    static List<Case> all() {
        List<Case> out = new ArrayList<>();
        for (String line : text("manifest.tsv").split("\n")) {
            if (line.isBlank()) continue;
            String[] f = line.split("\t", -1);
            long[] shape = f[2].isEmpty()
                    ? new long[0]
                    : Arrays.stream(f[2].split(",")).mapToLong(Long::parseLong).toArray();
            out.add(new Case(f[0], List.of(f[1].split(",")), shape, f[3]));
        }
        return out;
    }

    static Case get(String name) {
        return all().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    private static String text(String file) {
        try {
            return Files.readString(dir().resolve(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
