package org.ndgpu.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The early collections' default share follows what {@code System.gc()} does under the JVM's
 * collector: {@code -XX:+ExplicitGCInvokesConcurrent} makes it a concurrent cycle under G1 alone,
 * and Parallel and Serial accept the flag and still collect in full, so {@code ./nd run
 * -XX:+UseParallelGC} (./nd passes the flag) keeps the share of a full collection. Each case is a
 * fresh JVM, since the collector is chosen at start.
 */
class ReclaimShareCollectorTest {
    @Test
    void theConcurrentFlagCountsUnderG1Alone() throws Exception {
        assertEquals("0.5", share("-XX:+UseG1GC", "-XX:+ExplicitGCInvokesConcurrent"));
        assertEquals("0.1", share("-XX:+UseG1GC"));
        assertEquals("0.1", share("-XX:+UseParallelGC", "-XX:+ExplicitGCInvokesConcurrent"));
        assertEquals("0.1", share("-XX:+UseSerialGC", "-XX:+ExplicitGCInvokesConcurrent"));
    }

    /** Prints the default share in a child JVM. */
    public static final class Child {
        private Child() {}

        public static void main(String[] args) {
            System.out.println("SHARE " + Config.poolReclaimShare());
        }
    }

    private static String share(String... flags) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new java.util.ArrayList<>(List.of(java, "-Xmx64m"));
        cmd.addAll(List.of(flags));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Child.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), cmd + ": child timed out");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), cmd + ":\n" + out);
        for (String line : out.split("\n"))
            if (line.startsWith("SHARE ")) return line.substring(6).strip();
        throw new AssertionError(cmd + ": no share printed:\n" + out);
    }
}
