package org.ndgpu.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A RawKernel that writes far out of bounds on CUDA is reported as a device fault naming the
 * kernel, and the library says the context is unusable; the next call fails with the same story.
 * Runs the fault in a child JVM (the CUDA context cannot be recovered in-process).
 */
@Tag("gpu")
class CudaRawKernelFaultTest {
    @Test
    void outOfBoundsWriteIsAFaultNamingTheKernel() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(
                        java,
                        "--enable-native-access=ALL-UNNAMED",
                        "-cp",
                        System.getProperty("java.class.path"),
                        RawFaultChild.class.getName())
                .redirectErrorStream(true)
                .start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "fault child timed out");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        String first =
                out.lines().filter(l -> l.startsWith("FIRST ")).findFirst().orElseThrow(() -> new AssertionError(out));
        String then =
                out.lines().filter(l -> l.startsWith("THEN ")).findFirst().orElseThrow(() -> new AssertionError(out));
        assertTrue(
                (first.contains("DeviceException") && first.contains("CUDA_ERROR_ILLEGAL_ADDRESS"))
                        || first.contains("CUDA_ERROR_LAUNCH_FAILED"),
                first);
        assertTrue(first.contains("rel_wild_write"), "the kernel's name: " + first);
        assertTrue(first.contains("unusable") && first.contains("restart the process"), first);
        assertTrue(then.contains("unusable") && then.contains("rel_wild_write"), then);
    }
}
