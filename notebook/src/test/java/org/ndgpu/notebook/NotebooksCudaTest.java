package org.ndgpu.notebook;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.device.Device;

/**
 * The GPU host's run of every example notebook ({@code .gpu/tests.sh notebook}): as {@link
 * NotebookRunnerTest}, on CUDA. Notebook cells run on the JVM's default device (JShell runs each
 * snippet on a thread of its own, so a test's {@code Device.use()} does not reach them), which is
 * the first CUDA GPU there; skipped, saying why, where the default is not a CUDA device.
 */
@Tag("gpu")
class NotebooksCudaTest {
    @TestFactory
    Stream<DynamicTest> everyNotebookRunsOnCuda() throws IOException {
        Device d = Device.current();
        assumeTrue(
                d.backendName().equals("cuda"),
                "the default device is " + d + ", not CUDA: notebooks not run on CUDA " + Device.problems());
        return NotebookRunnerTest.everyNotebook();
    }
}
