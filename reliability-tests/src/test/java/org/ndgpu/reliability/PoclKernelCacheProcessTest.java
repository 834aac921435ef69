package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The on-disk kernel cache shared by processes: two JVMs compile the same new kernel at the same
 * moment into one cache directory and both succeed, leaving one valid entry; then the entry is
 * truncated, garbled, or replaced by a foreign one, and a third JVM still gets the right answer
 * (the entry is recompiled, never trusted). Each child is a fresh JVM with the test class path.
 */
class PoclKernelCacheProcessTest {
    @TempDir
    Path dir;

    @Test
    void twoProcessesCompileTheSameKernelAtOnceThenBadEntriesAreRecompiled() throws Exception {
        Path cache = dir.resolve("kernels");
        String nonce = Long.toHexString(System.nanoTime());
        Path start = dir.resolve("start");
        Process a = child(cache, nonce, start), b = child(cache, nonce, start);
        Thread.sleep(1500); // both JVMs up and waiting; then release them together
        Files.createFile(start);
        assertOk(a, "first");
        assertOk(b, "second");
        List<Path> entries = entries(cache);
        assertTrue(!entries.isEmpty(), "no cache entry written in " + cache);
        assertTrue(
                entries.stream().noneMatch(p -> p.toString().endsWith(".tmp")), "temp files left behind: " + entries);

        for (String damage : new String[] {"truncate", "garble", "foreign"}) {
            for (Path p : entries(cache)) {
                byte[] bytes = Files.readAllBytes(p);
                switch (damage) {
                    case "truncate" -> Files.write(p, java.util.Arrays.copyOf(bytes, bytes.length / 2));
                    case "garble" -> {
                        for (int i = bytes.length / 2; i < bytes.length; i += 7) bytes[i] ^= 0x5a;
                        Files.write(p, bytes);
                    }
                    default ->
                        Files.write(
                                p,
                                "NDGPU-PROGRAM-2\nsomething else entirely, not this key's program"
                                        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
                }
            }
            assertOk(child(cache, nonce, start), damage);
            // the damaged entry was replaced by a good one of the same length as a fresh compile writes
            assertTrue(
                    entries(cache).stream().allMatch(p -> p.toFile().length() > 100), damage + ": entry not rewritten");
        }
    }

    private static List<Path> entries(Path cache) throws IOException {
        if (!Files.isDirectory(cache)) return List.of();
        try (Stream<Path> s = Files.list(cache)) {
            return s.toList();
        }
    }

    private static Process child(Path cache, String nonce, Path start) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-Dndgpu.cache.dir=" + cache,
                "-cp",
                System.getProperty("java.class.path"),
                CacheChild.class.getName(),
                nonce,
                start.toString()));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    private static void assertOk(Process p, String which) throws Exception {
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), which + " child timed out");
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), which + " child failed:\n" + out);
        assertTrue(out.contains("CHILD OK"), which + " child:\n" + out);
    }
}
