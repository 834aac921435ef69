package org.ndgpu.notebook;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.device.Device;

/**
 * The GPU host's run of every example notebook ({@code .gpu/tests.sh notebook}): as {@link
 * NotebookRunnerTest}, with the first CUDA device current while the cells run. Skipped, saying
 * why, where there is no CUDA device.
 */
@Tag("gpu")
class NotebooksCudaTest {
    @TestFactory
    Stream<DynamicTest> everyNotebookRunsOnCuda() throws IOException {
        Optional<Device> cuda = Device.list().stream()
                .filter(d -> d.backendName().equals("cuda"))
                .findFirst();
        assumeTrue(cuda.isPresent(), () -> "no CUDA device here: " + Device.list() + " " + Device.problems());
        return NotebookRunnerTest.everyNotebook(cuda.orElseThrow());
    }
}
