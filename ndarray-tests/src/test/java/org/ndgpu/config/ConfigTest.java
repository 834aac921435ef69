package org.ndgpu.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.ndgpu.exceptions.NdException;

/** Config: where the disk cache lives, the typed settings and their checks, and docs/configuration.md's table of them. */
class ConfigTest {
    @Test
    void cacheDirFollowsXdg() {
        assertEquals(Path.of("/x/ndgpu/kernels"), Config.cacheDir(null, "/x", "/home/u"));
        assertEquals(Path.of("/home/u/.cache/ndgpu/kernels"), Config.cacheDir(null, null, "/home/u"));
        assertEquals(
                Path.of("/home/u/.cache/ndgpu/kernels"),
                Config.cacheDir(null, "relative/path", "/home/u"),
                "XDG ignores relative paths");
        assertEquals(Path.of("/mine"), Config.cacheDir("/mine", "/x", "/home/u"));
        assertNull(Config.cacheDir("none", "/x", "/home/u"));
    }

    /** docs/configuration.md's table lists exactly Config.settings(), in order, with the same variable, default and meaning. */
    @Test
    void docsTableMatchesSettings() throws IOException {
        List<String> lines = Files.readAllLines(configurationDoc());
        int header = lines.indexOf("| property | variable | default | meaning |");
        assertTrue(
                header > 0
                        && lines.get(header - 1).isEmpty()
                        && lines.get(header + 1).equals("|---|---|---|---|"),
                "docs/configuration.md has the settings table under its header row");
        List<String> rows = new ArrayList<>();
        for (int i = header + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) rows.add(lines.get(i));
        List<String> expected = Config.settings().stream()
                .map(s -> "| `" + s.property() + "` | " + (s.variable() == null ? "—" : "`" + s.variable() + "`")
                        + " | " + s.defaultValue() + " | " + s.description() + " |")
                .toList();
        assertEquals(String.join("\n", expected), String.join("\n", rows));
    }

    @Test
    void settingsAreDistinctAndNamedByConvention() {
        var props = new HashSet<String>();
        for (Config.Setting s : Config.settings()) {
            assertTrue(props.add(s.property()), "twice: " + s.property());
            assertTrue(s.property().matches("ndgpu(\\.[a-z][a-zA-Z0-9]*)+"), s.property());
            if (s.variable() != null) {
                assertEquals(
                        "NDGPU_" + s.property().substring(6).replace('.', '_').toUpperCase(java.util.Locale.ROOT),
                        s.variable());
            }
            for (String cell : List.of(s.defaultValue(), s.description()))
                assertFalse(cell.isBlank() || cell.contains("|"), s.property());
        }
    }

    @Test
    void defaultsWhenUnset() {
        assertEquals(16, Config.reductionBlocksPerCu());
        assertEquals(2, Config.reductionVectorUnroll());
        assertEquals(8, Config.reductionUnroll(true));
        assertEquals(4, Config.reductionUnroll(false));
        assertEquals(32, Config.reductionColumnThreads());
        assertEquals(256, Config.reductionRowThreads());
        assertTrue(Config.reductionOccupancy());
        assertFalse(Config.cudaTf32());
        assertEquals("auto", Config.cudaSvd());
        assertFalse(Config.fftOwnKernels());
        assertFalse(Config.sparseOwnKernels());
        assertTrue(Config.cudaStagingPipelined());
        assertEquals(4, Config.cudaStagingChunkMiB(true));
        assertEquals(16, Config.cudaStagingChunkMiB(false));
        assertEquals(16, Config.cudaStagingSlots(true));
        assertEquals(4, Config.cudaStagingSlots(false));
        assertEquals(
                Math.max(1, Math.min(8, Runtime.getRuntime().availableProcessors() / 2)), Config.cudaCopyThreads());
        assertEquals(4L << 20, Config.openClStagingChunk());
        assertEquals(16, Config.openClStagingSlots());
        assertEquals(
                Math.max(1, Math.min(8, Runtime.getRuntime().availableProcessors() / 2)), Config.openClCopyThreads());
        assertFalse(Config.nullBackend());
    }

    @Test
    void oneValueForBothDeviceKindsWhenSet() {
        assertEquals(6, with(Config.REDUCTION_UNROLL, "6", () -> Config.reductionUnroll(true)));
        assertEquals(6, with(Config.REDUCTION_UNROLL, "6", () -> Config.reductionUnroll(false)));
        assertEquals(Config.LogLevel.DEBUG, with(Config.LOG, "DEBUG", Config::log));
        assertEquals("gesvdj", with(Config.CUDA_SVD, "GESVDJ", Config::cudaSvd));
        assertFalse(with(Config.CUDA_STAGING_MODE, "simple", Config::cudaStagingPipelined));
        assertFalse(with(Config.REDUCTION_OCCUPANCY, "false", Config::reductionOccupancy));
        assertEquals(64, with(Config.REDUCTION_ROW_THREADS, " 64 ", Config::reductionRowThreads));
        assertEquals(4096L, with(Config.OPENCL_STAGING_CHUNK, "4k", Config::openClStagingChunk));
        assertEquals(1L << 30, with(Config.OPENCL_STAGING_CHUNK, "1G", Config::openClStagingChunk));
        assertEquals(3, with(Config.OPENCL_STAGING_SLOTS, "3", Config::openClStagingSlots));
        assertEquals(32L << 20, Config.poolReclaim(1L << 30));
        assertEquals(64L << 20, with(Config.POOL_RECLAIM, "64m", () -> Config.poolReclaim(1L << 30)));
        assertEquals(1L << 28, with(Config.POOL_RECLAIM, "0.25", () -> Config.poolReclaim(1L << 30)));
        assertEquals(Long.MAX_VALUE, with(Config.POOL_RECLAIM, "OFF", () -> Config.poolReclaim(1L << 30)));
        assertEquals(0.1, Config.poolReclaimShare());
        assertEquals(0.5, with(Config.POOL_RECLAIM_SHARE, "0.5", Config::poolReclaimShare));
        assertEquals(1.0, with(Config.POOL_RECLAIM_SHARE, "1", Config::poolReclaimShare));
    }

    /** A bad value names the property, the form expected and the value given. */
    @Test
    void badValuesNameThePropertyTheFormAndTheValue() {
        bad(
                Config.REDUCTION_UNROLL,
                "0",
                "a positive integer",
                () -> Config.reductionUnroll(true),
                () -> Config.reductionUnroll(false));
        bad(Config.REDUCTION_BLOCKS_PER_CU, "many", "a positive integer", Config::reductionBlocksPerCu);
        bad(Config.REDUCTION_VECTOR_UNROLL, "-2", "a positive integer", Config::reductionVectorUnroll);
        bad(Config.REDUCTION_COLUMN_THREADS, "48", "a power of two from 1 to 256", Config::reductionColumnThreads);
        bad(Config.REDUCTION_ROW_THREADS, "512", "a power of two from 1 to 256", Config::reductionRowThreads);
        bad(Config.REDUCTION_OCCUPANCY, "yes", "true or false", Config::reductionOccupancy);
        bad(Config.CUDA_TF32, "1", "true or false", Config::cudaTf32);
        bad(Config.CUDA_SVD, "qr", "auto, gesvd, gesvdj or gesvdp", Config::cudaSvd);
        bad(Config.FFT_ENGINE, "cufft", "auto or own", Config::fftOwnKernels);
        assertTrue(with(Config.FFT_ENGINE, "OWN", Config::fftOwnKernels));
        bad(Config.LINALG_SOLVER, "cusolver", "auto or own", Config::linalgOwnKernels);
        bad(Config.SPARSE_LIBRARY, "vendor", "auto or own", Config::sparseOwnKernels);
        assertTrue(with(Config.SPARSE_LIBRARY, "own", Config::sparseOwnKernels));
        assertFalse(with(Config.SPARSE_LIBRARY, "auto", Config::sparseOwnKernels));
        bad(Config.SPARSE_SPMV, "vector3", "auto, scalar, stream or vector2 to vector32", Config::sparseSpmv);
        assertEquals("vector8", with(Config.SPARSE_SPMV, "Vector8", Config::sparseSpmv));
        assertEquals("stream", with(Config.SPARSE_SPMV, "stream", Config::sparseSpmv));
        bad(Config.CUDA_STAGING_MODE, "fast", "pipelined or simple", Config::cudaStagingPipelined);
        bad(Config.CUDA_STAGING_CHUNK_MIB, "4.5", "a positive integer", () -> Config.cudaStagingChunkMiB(true));
        bad(Config.CUDA_STAGING_SLOTS, "1", "an integer >= 2", () -> Config.cudaStagingSlots(true));
        bad(Config.CUDA_COPY_THREADS, "0", "a positive integer", Config::cudaCopyThreads);
        bad(Config.OPENCL_STAGING_CHUNK, "512", "bytes from 1k to 1g", Config::openClStagingChunk);
        bad(Config.OPENCL_STAGING_CHUNK, "2g", "bytes from 1k to 1g", Config::openClStagingChunk);
        bad(Config.OPENCL_STAGING_CHUNK, "0.5", "bytes from 1k to 1g", Config::openClStagingChunk);
        bad(Config.OPENCL_STAGING_CHUNK, "lots", "bytes from 1k to 1g", Config::openClStagingChunk);
        bad(Config.OPENCL_STAGING_SLOTS, "1", "an integer >= 2", Config::openClStagingSlots);
        bad(Config.OPENCL_COPY_THREADS, "0", "a positive integer", Config::openClCopyThreads);
        bad(Config.NULL_BACKEND, "on", "true or false", Config::nullBackend);
        bad(Config.LOG, "verbose", "info or debug", Config::log);
        bad(Config.CACHE_MAX, "-1", "a positive size", Config::cacheMax);
        bad(Config.POOL_LIMIT, "lots", "expected bytes", () -> Config.poolLimit(1L << 30));
        for (String v : new String[] {"lots", "0", "-5m", "0.0"}) {
            bad(Config.POOL_RECLAIM, v, "bytes > 0 such as 64m", () -> Config.poolReclaim(1L << 30));
        }
        for (String v : new String[] {"0", "1.5", "-0.1", "NaN", "some"}) {
            bad(Config.POOL_RECLAIM_SHARE, v, "a fraction above 0 and at most 1", Config::poolReclaimShare);
        }
    }

    private static void bad(Config.Setting s, String value, String expected, Supplier<?>... reads) {
        for (Supplier<?> read : reads) {
            var e = assertThrows(NdException.class, () -> with(s, value, read), s.property() + "=" + value);
            assertTrue(
                    e.getMessage().startsWith(s.property() + ": ")
                            && e.getMessage().contains(expected)
                            && e.getMessage().contains("'" + value.strip() + "'"),
                    e.getMessage());
        }
    }

    private static <T> T with(Config.Setting s, String value, Supplier<T> read) {
        String old = System.getProperty(s.property());
        System.setProperty(s.property(), value);
        try {
            return read.get();
        } finally {
            if (old == null) System.clearProperty(s.property());
            else System.setProperty(s.property(), old);
        }
    }

    /** The settings page of the repository this test runs in: the user's guide keeps only a link to it. */
    private static Path configurationDoc() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path f = p.resolve("docs").resolve("configuration.md");
            if (Files.isRegularFile(f)
                    && Files.isRegularFile(p.resolve("ndarray").resolve("pom.xml"))) return f;
        }
        throw new AssertionError("no docs/configuration.md above " + Path.of("").toAbsolutePath());
    }
}
