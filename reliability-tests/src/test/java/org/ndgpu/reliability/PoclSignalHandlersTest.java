package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndgpu.Nd;
import org.ndgpu.backend.SignalGuard;
import org.ndgpu.device.Device;

/**
 * PoCL replaces the JVM's SIGSEGV, SIGBUS, SIGILL and SIGFPE handlers when it initialises (see
 * {@link SignalGuard}). In this JVM (libjsig preloaded by ./nd, or the guard) Java's own signal-based
 * exceptions must still work after PoCL ran; in a child JVM without libjsig, PoCL compiling on eight
 * threads from an empty cache must leave the JVM's handlers in place.
 */
class PoclSignalHandlersTest {
    @TempDir
    Path dir;

    @Test
    void javaExceptionsStillThrowAfterPoclRan() {
        try (var _ = Device.get("opencl:cpu").use();
                var x = Nd.arange(100).mul(3)) {
            assertEquals(14850.0, x.sum().doubleValue());
        }
        assertEquals(List.of(), SignalGuard.replaced());
        JavaSignals.checkDivisionAndNullChecks();
    }

    @Test
    void withoutLibjsigTheGuardKeepsTheJvmHandlers() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var pb = new ProcessBuilder(
                        java,
                        "--enable-native-access=ALL-UNNAMED",
                        "-Dndgpu.cache.dir=" + dir.resolve("kernels"),
                        "-cp",
                        System.getProperty("java.class.path"),
                        SignalChild.class.getName())
                .redirectErrorStream(true);
        pb.environment().remove("LD_PRELOAD");
        pb.environment().put("POCL_CACHE_DIR", dir.resolve("pocl").toString());
        Path log = dir.resolve("child.log");
        pb.redirectOutput(log.toFile());
        Process p = pb.start();
        boolean ended = p.waitFor(300, TimeUnit.SECONDS);
        if (!ended) p.destroyForcibly();
        String out = Files.readString(log);
        assertTrue(ended, "child did not finish in 300 s:\n" + out);
        assertEquals(0, p.exitValue(), "child failed:\n" + out);
        assertTrue(out.contains("CHILD OK"), out);
    }
}
