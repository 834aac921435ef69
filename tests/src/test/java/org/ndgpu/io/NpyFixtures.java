package org.ndgpu.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.HostArray;

/** The committed NumPy fixtures (see make_npy_fixtures.py) and helpers shared by the io tests. */
final class NpyFixtures {
    private NpyFixtures() {}

    /** One manifest line: what NumPy wrote into NAME.npy. */
    record Fixture(String name, DType dtype, long[] shape, boolean fortran, boolean bigEndian, String version) {
        Path npy() {
            return dir().resolve(name + ".npy");
        }

        Path bin() {
            return dir().resolve(name + ".bin");
        }

        /** The expected elements as a C-order HostArray. */
        HostArray expected() {
            return HostArray.of(dtype, read(bin()), shape);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static Path dir;

    /**
     * The fixtures as real files: the test-classes folder in a build, or, when the tests run from a jar (the
     * GPU host's packed test jars), a copy in a temporary folder, since Nd.load/save need a file channel.
     */
    static synchronized Path dir() {
        if (dir != null) return dir;
        try {
            URI uri =
                    NpyFixtures.class.getResource("/fixtures/npy/manifest.txt").toURI();
            if (!uri.getScheme().equals("jar")) {
                dir = Path.of(uri).getParent();
                return dir;
            }
            Path copy = Files.createTempDirectory("ndgpu-npy-fixtures");
            try (FileSystem jar = FileSystems.newFileSystem(uri, Map.of());
                    Stream<Path> files = Files.list(jar.getPath("/fixtures/npy"))) {
                for (Path f : files.toList())
                    Files.copy(f, copy.resolve(f.getFileName().toString()));
            }
            dir = copy;
            return dir;
        } catch (URISyntaxException | IOException e) {
            throw new IllegalStateException("the .npy fixtures cannot be read", e);
        }
    }

    static List<Fixture> all() {
        List<Fixture> out = new ArrayList<>();
        for (String line : lines(dir().resolve("manifest.txt"))) {
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] f = line.trim().split(" ");
            long[] shape = f[2].equals("-")
                    ? new long[0]
                    : Arrays.stream(f[2].split(",")).mapToLong(Long::parseLong).toArray();
            out.add(new Fixture(f[0], DType.of(f[1]), shape, f[3].equals("F"), f[4].equals(">"), f[5]));
        }
        return out;
    }

    static Fixture get(String name) {
        return all().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    /** A scratch directory under target/ for files the tests write. */
    static Path outDir(String sub) {
        Path p = Path.of("target", "io-test-output", sub);
        try {
            Files.createDirectories(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    static byte[] read(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> lines(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Runs a Python snippet with NumPy if python3 is on this machine; null if it is not (the
     * tests that use it are skipped then: the build never needs Python).
     */
    static String python(String code) {
        try {
            Process p = new ProcessBuilder("python3", "-c", code)
                    .redirectErrorStream(true)
                    .start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroy();
                return null;
            }
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                if (out.contains("No module named 'numpy'")) return null;
                throw new AssertionError("python failed:\n" + out);
            }
            return out;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
