package org.ndgpu.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aparapi.Kernel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ndgpu.backend.Dialect;

/**
 * Translated Java kernels compared to committed golden files; needs no device. After a deliberate
 * change, regenerate with {@code -Dndgpu.golden.update=true} and review the diff.
 */
class TranslationGoldenTest {
    private static final Path DIR = Path.of("src/test/resources/golden");

    static Stream<Arguments> kernels() {
        return Stream.of(
                        new TestKernels.Saxpy(),
                        new TestKernels.Grid2D(),
                        new TestKernels.GroupSum(),
                        new TestKernels.Histogram(),
                        new TestKernels.Helpers())
                .flatMap(k -> Stream.of(Arguments.of(k, Dialect.OPENCL), Arguments.of(k, Dialect.CUDA)));
    }

    @ParameterizedTest
    @MethodSource("kernels")
    void javaKernel(Kernel k, Dialect d) throws IOException {
        String text = JavaKernelSource.of(k).source(d);
        golden(k.getClass().getSimpleName() + (d == Dialect.OPENCL ? ".cl" : ".cu"), text);
        if (d == Dialect.CUDA) {
            assertFalse(text.matches("(?s).*\\bthis\\b.*"), "'this' renamed for C++");
            assertFalse(text.contains("$"), "no '$' in identifiers");
            assertFalse(text.contains("#pragma OPENCL"));
        }
    }

    /** Checked mode (ndgpu.debug): atomics on a checked array (Histogram) and a helper method's subscripts (Helpers). */
    @ParameterizedTest
    @MethodSource("dialects")
    void checkedJavaKernel(Dialect d) throws IOException {
        for (Kernel k : new Kernel[] {new TestKernels.Histogram(), new TestKernels.Helpers()}) {
            String text = JavaKernelSource.of(k).checkedSource(d);
            golden(k.getClass().getSimpleName() + ".checked" + (d == Dialect.OPENCL ? ".cl" : ".cu"), text);
            assertFalse(
                    text.replace("(*nd_checked_", "").matches("(?s).*this->[a-z]+\\[.*"),
                    "every array subscript checked:\n" + text);
        }
    }

    @ParameterizedTest
    @MethodSource("dialects")
    void vectorizedFunction(Dialect d) throws IOException {
        golden(
                "Hypot.vectorize" + (d == Dialect.OPENCL ? ".cl" : ".cu"),
                Vectorize.of(new TestKernels.Hypot()).source(d));
    }

    static Stream<Dialect> dialects() {
        return Stream.of(Dialect.OPENCL, Dialect.CUDA);
    }

    @org.junit.jupiter.api.Test
    void localArraysBecomeSharedMemoryOffsetsOnCuda() {
        String cu = JavaKernelSource.of(new TestKernels.GroupSum()).source(Dialect.CUDA);
        assertTrue(cu.contains("unsigned long long nd_offset_tile"), cu);
        assertTrue(cu.contains("float *tile = (float *)(nd_dynamic_shared + nd_offset_tile);"), cu);
    }

    /** Hand-written OpenCL C (OpenClEverywhereTest's module) as NVRTC gets it on a CUDA device. */
    @org.junit.jupiter.api.Test
    void handWrittenOpenClOnCuda() throws IOException {
        String cl = OpenClEverywhereTest.MODULE;
        String cu = OpenClOnCuda.translate(cl, KernelSignature.parse(cl, Dialect.OPENCL));
        golden("OpenClEverywhere.module.cu", cu);
        String body = cu.substring(OpenClOnCuda.PRELUDE.length());
        assertFalse(
                body.matches("(?s).*\\b(kernel|global|local|constant)\\b.*"), "unprefixed qualifiers remain:\n" + body);
        assertFalse(body.contains("#pragma OPENCL"), body);
        assertEquals(
                cl.split("\n", -1).length,
                body.split("\n", -1).length - 1,
                "one line per line of the source (after #line 1)");
        assertTrue(body.contains("unsigned long long nd_offset_scratch"), body);
        assertTrue(
                body.contains("__shared__ float tile[16][17];") && body.contains("__shared__ int privat[16];"), body);
        assertTrue(body.contains("void count_local( int* counts, int bin)"), body);
        // string literals keep their words
        String printf = "__kernel void p(__global int* y) { printf(\"local global kernel\"); y[0] = 1; }";
        assertTrue(OpenClOnCuda.translate(printf, KernelSignature.parse(printf, Dialect.OPENCL))
                .contains("\"local global kernel\""));
    }

    private static void golden(String name, String generated) throws IOException {
        // the dialect prelude is shared by every kernel and has its own tests: golden files hold what follows it
        String actual = generated;
        for (Dialect d : Dialect.values()) {
            if (actual.startsWith(d.prelude()))
                actual = "// <" + d + " prelude>\n"
                        + actual.substring(d.prelude().length());
        }
        String openclOnCuda = new String(
                JavaKernelSource.class.getResourceAsStream("opencl-on-cuda.h").readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8);
        actual = actual.replace(openclOnCuda, "// <opencl-on-cuda.h>\n");
        Path file = DIR.resolve(name);
        if (Boolean.getBoolean("ndgpu.golden.update") || !Files.exists(file)) {
            Files.createDirectories(DIR);
            Files.writeString(file, actual);
            if (!Boolean.getBoolean("ndgpu.golden.update"))
                throw new AssertionError("golden file " + file + " was missing; written, review it");
            return;
        }
        assertEquals(Files.readString(file).strip(), actual.strip(), "generated source differs from " + file);
    }
}
