package org.ndgpu.notebook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.ndgpu.device.Device;

/**
 * Every notebook of examples/notebooks runs headless through {@link NotebookRunner} (the kernel's
 * own evaluation, no Jupyter), and an error cell fails it with the cell's source and exception. The
 * cells run on ndgpu's default device: PoCL in CI; {@code -Dndgpu.device=cuda:0} (or
 * {@code NDGPU_DEVICE}) runs them on CUDA. {@link NotebooksCudaTest} is the GPU host's run.
 */
class NotebookRunnerTest {
    /** The repository root: the first folder up from here that holds examples/notebooks. */
    static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent())
            if (Files.isDirectory(p.resolve("examples/notebooks"))) return p;
        throw new IllegalStateException(
                "no examples/notebooks above " + Path.of("").toAbsolutePath());
    }

    /** The kernel's start-ups: the JShell imports, then the notebook's. */
    static List<Path> startups() {
        return List.of(
                root().resolve("examples/src/main/jshell/ndgpu.jsh"),
                root().resolve("notebook/src/main/jshell/notebook.jsh"));
    }

    /**
     * One test per example notebook, each run in a fresh session on {@code device} (null: the
     * default device); the executed copies go to target/headless-notebooks.
     */
    static Stream<DynamicTest> everyNotebook(Device device) throws IOException {
        List<Path> notebooks;
        try (Stream<Path> files = Files.list(root().resolve("examples/notebooks"))) {
            notebooks =
                    files.filter(p -> p.toString().endsWith(".ipynb")).sorted().toList();
        }
        assertTrue(notebooks.size() >= 3, "notebooks in examples/notebooks: " + notebooks);
        Path out = Path.of("target/headless-notebooks").toAbsolutePath();
        Files.createDirectories(out);
        return notebooks.stream()
                .map(nb -> dynamicTest(nb.getFileName().toString(), () -> {
                    NotebookRun r = NotebookRunner.run(nb, startups());
                    Files.writeString(out.resolve(nb.getFileName()), r.executed());
                    System.out.println(r.summary());
                    assertTrue(r.ok(), r.summary());
                    assertTrue(r.cellsRun() > 0, "no code cells in " + nb);
                }));
    }

    @TestFactory
    Stream<DynamicTest> everyNotebookRuns() throws IOException {
        return everyNotebook(null);
    }

    @Test
    void theFirstErrorCellIsReportedWithItsSource(@TempDir Path dir) throws IOException {
        Path nb = dir.resolve("bad.ipynb");
        Files.writeString(nb, """
                {"cells": [
                  {"cell_type": "markdown", "metadata": {}, "source": "# a title"},
                  {"cell_type": "code", "metadata": {}, "outputs": [], "source": ["int a = 1;\\n", "System.out.println(a + 1);"]},
                  {"cell_type": "code", "metadata": {}, "outputs": [], "source": "Nd.arange(3)"},
                  {"cell_type": "code", "metadata": {}, "outputs": [], "source": "if (a == 1) throw new AssertionError(\\"pi is wrong\\");"},
                  {"cell_type": "code", "metadata": {}, "outputs": [], "source": "a"}
                ], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
                """);
        NotebookRun r = NotebookRunner.run(nb, startups());
        assertFalse(r.ok());
        assertEquals(3, r.cellsRun());
        assertEquals(3, r.failure().cell());
        String report = r.summary();
        assertTrue(report.contains("code cell 3 failed"), report);
        assertTrue(report.contains("throw new AssertionError(\"pi is wrong\")"), report);
        assertTrue(report.contains("java.lang.AssertionError: pi is wrong"), report);
        // the outputs of the cells before: printed text, an array's repr and table
        assertTrue(r.executed().contains("\"text\": \"2\\n\""), r.executed());
        assertTrue(r.executed().contains("array([0, 1, 2])"), r.executed());
        assertTrue(r.executed().contains("text/html"), r.executed());
        assertTrue(r.executed().contains("\"output_type\": \"error\""), r.executed());
    }

    @Test
    void aFileThatIsNotANotebookIsRefused(@TempDir Path dir) throws IOException {
        Path json = Files.writeString(dir.resolve("list.ipynb"), "[1, 2]");
        Path text = Files.writeString(dir.resolve("text.ipynb"), "{not json");
        for (Path p : List.of(json, text)) {
            var e = assertThrows(IllegalArgumentException.class, () -> NotebookRunner.run(p, startups()));
            assertTrue(e.getMessage().startsWith("NotebookRunner.run: expected a notebook"), e.getMessage());
        }
        assertThrows(NullPointerException.class, () -> NotebookRunner.run(null, startups()));
    }

    @Test
    void aCellThatDoesNotCompileFails(@TempDir Path dir) throws IOException {
        Path nb = dir.resolve("typo.ipynb");
        Files.writeString(nb, """
                {"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": "var x = Nd.arnge(3);"}],
                 "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
                """);
        NotebookRun r = NotebookRunner.run(nb, startups());
        assertEquals(1, r.failure().cell());
        assertTrue(r.summary().contains("does not compile: var x = Nd.arnge(3);"), r.summary());
        assertNull(r.failure().error().getCause());
    }
}
