package org.ndgpu.notebook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every notebook of examples/notebooks executes headless with ndgpu's kernel ({@code jupyter
 * nbconvert --execute}, which fails on an error cell), on whatever device ndgpu picks (PoCL in CI,
 * CUDA on the GPU host). The kernelspec is written here, with this test's class path, so the test
 * needs no installed ndgpu. Skipped, saying why, where Jupyter is missing
 * ({@code ./nd notebook} installs it).
 */
class NotebooksTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static boolean onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
            if (Files.isExecutable(Path.of(dir, command))) return true;
        return false;
    }

    @TestFactory
    Stream<DynamicTest> everyNotebookExecutes() throws IOException {
        assumeTrue(
                onPath("jupyter-nbconvert"),
                "jupyter-nbconvert is not installed: the notebooks were not executed"
                        + " (./nd notebook installs Jupyter: apt-get install jupyter-notebook jupyter-nbconvert)");
        Path jupyter = Path.of("target/jupyter-test").toAbsolutePath();
        Path spec = jupyter.resolve("kernels/ndgpu");
        Files.createDirectories(spec);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> argv = List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-Djava.awt.headless=true",
                "-cp",
                System.getProperty("java.class.path"),
                NdKernel.class.getName(),
                "{connection_file}",
                ROOT.resolve("examples/src/main/jshell/ndgpu.jsh").toString(),
                ROOT.resolve("notebook/src/main/jshell/notebook.jsh").toString());
        StringBuilder json = new StringBuilder("{\"argv\": [");
        for (int i = 0; i < argv.size(); i++)
            json.append(i == 0 ? "" : ", ")
                    .append('"')
                    .append(argv.get(i).replace("\\", "\\\\").replace("\"", "\\\""))
                    .append('"');
        json.append("], \"display_name\": \"Java (ndgpu)\", \"language\": \"java\"}\n");
        Files.writeString(spec.resolve("kernel.json"), json);
        List<Path> notebooks;
        try (Stream<Path> files = Files.list(ROOT.resolve("examples/notebooks"))) {
            notebooks =
                    files.filter(p -> p.toString().endsWith(".ipynb")).sorted().toList();
        }
        assertTrue(notebooks.size() >= 3, "notebooks in examples/notebooks: " + notebooks);
        Path out = Path.of("target/executed-notebooks").toAbsolutePath();
        return notebooks.stream()
                .map(nb -> dynamicTest(nb.getFileName().toString(), () -> {
                    ProcessBuilder pb = new ProcessBuilder(
                                    "jupyter-nbconvert",
                                    "--to",
                                    "notebook",
                                    "--execute",
                                    "--ExecutePreprocessor.timeout=300",
                                    "--output-dir",
                                    out.toString(),
                                    nb.toString())
                            .redirectErrorStream(true);
                    pb.environment().put("JUPYTER_PATH", jupyter.toString());
                    pb.environment().remove("LD_PRELOAD"); // the JVM's libjsig is for the JVM, not for Python
                    Process p = pb.start();
                    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    assertEquals(0, p.waitFor(), nb.getFileName() + " failed:\n" + log);
                    String executed = Files.readString(out.resolve(nb.getFileName()));
                    assertFalse(executed.contains("\"output_type\": \"error\""), executed);
                    assertTrue(executed.contains("\"execution_count\": 1"), "cells ran");
                }));
    }
}
