package org.ndgpu.io;

import org.ndgpu.ndarray.HostArray;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.ndgpu.ndarray.DType;

/** The committed NumPy fixtures (see make_npy_fixtures.py) and helpers shared by the io tests. */
final class NpyFixtures {
    private NpyFixtures() {}

    /** One manifest line: what NumPy wrote into NAME.npy. */
    record Fixture(String name, DType dtype, long[] shape, boolean fortran, boolean bigEndian, String version) {
        Path npy() { return dir().resolve(name + ".npy"); }

        Path bin() { return dir().resolve(name + ".bin"); }

        /** The expected elements as a C-order HostArray. */
        HostArray expected() { return HostArray.of(dtype, read(bin()), shape); }

        @Override public String toString() { return name; }
    }

    static Path dir() {
        try {
            return Path.of(NpyFixtures.class.getResource("/fixtures/npy/manifest.txt").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<Fixture> all() {
        List<Fixture> out = new ArrayList<>();
        for (String line : lines(dir().resolve("manifest.txt"))) {
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] f = line.trim().split(" ");
            long[] shape = f[2].equals("-") ? new long[0] : Arrays.stream(f[2].split(",")).mapToLong(Long::parseLong).toArray();
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
            Process p = new ProcessBuilder("python3", "-c", code).redirectErrorStream(true).start();
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
