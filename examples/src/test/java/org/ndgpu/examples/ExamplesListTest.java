package org.ndgpu.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import org.junit.jupiter.api.Test;
import org.ndgpu.backend.Dialect;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.raw.RawModule;

/** The example list, the README's list of it, and the CUDA sources, none of which needs a device. */
class ExamplesListTest {
    @Test
    void namesAreUniqueAndFoundCaseInsensitively() {
        var names = new HashSet<String>();
        for (Example e : Examples.all()) {
            assertTrue(names.add(e.name()), "duplicate " + e.name());
            assertFalse(e.title().isBlank());
            assertEquals(
                    e.name(),
                    Examples.named(e.name().toLowerCase(java.util.Locale.ROOT)).name());
        }
        var err = assertThrows(IllegalArgumentException.class, () -> Examples.named("Nope"));
        assertTrue(err.getMessage().contains("MonteCarloPi"), err.getMessage());
    }

    @Test
    void everyExampleHasALineInTheReadme() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        for (Example e : Examples.all())
            assertTrue(readme.contains("`" + e.name() + "`"), "README lists no `" + e.name() + "`");
    }

    @Test
    void cudaSourcesAreRecognizedAsCudaWithTheirKernels() {
        assertEquals(
                Dialect.CUDA,
                new RawKernel(CustomKernels.MY_ADD_CUDA, "my_add").module().dialect());
        assertEquals(
                Dialect.OPENCL,
                new RawKernel(CustomKernels.MY_ADD_OPENCL, "my_add").module().dialect());
        for (String src : new String[] {TiledMatmul.CUDA, TiledMatmul.OPENCL}) {
            RawModule m = new RawModule(src);
            assertEquals(src.equals(TiledMatmul.CUDA) ? Dialect.CUDA : Dialect.OPENCL, m.dialect());
            assertEquals(6, m.function("tiled_matmul").signature().params().size());
            assertEquals(6, m.function("matmul_2d").signature().params().size());
        }
    }
}
