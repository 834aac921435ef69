package org.ndgpu.backend;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.ndgpu.exceptions.IndexException;

/**
 * A kernel-source language. Generated kernels are written once against the ND_* macros and type
 * names of a prelude; each dialect's prelude (a resource beside the code generator) gives them
 * their meaning, so the differences between OpenCL C and CUDA C are data, not two generators.
 */
public enum Dialect {
    /** OpenCL C, with {@code prelude-opencl.h}; drivers index work-groups with 32-bit ints. */
    OPENCL("OpenCL C", "prelude-opencl.h", Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE),
    /** CUDA C++ for NVRTC, with {@code prelude-cuda.h}; CUDA's grid limits (x 2^31-1, y and z 65535). */
    CUDA("CUDA C++", "prelude-cuda.h", Integer.MAX_VALUE, 65_535, 65_535);

    private final String language;
    private final String prelude;
    private final java.util.regex.Pattern complexMath;
    private final long maxGridX, maxGridY, maxGridZ;

    Dialect(String language, String resource, long maxGridX, long maxGridY, long maxGridZ) {
        this.language = language;
        this.maxGridX = maxGridX;
        this.maxGridY = maxGridY;
        this.maxGridZ = maxGridZ;
        // the dialect's own names first, then the helpers written once against them
        this.prelude = read(resource) + read("prelude-common.h");
        this.complexMath = complexMathCalls(prelude);
    }

    /**
     * A call of any function the prelude defines between {@code #ifdef ND_COMPLEX_MATH} and its
     * {@code #endif} ({@code nd_c64_sin(}, {@code nd_c128_atanh(}, ...), read from the header itself so
     * that a function added there is found without a second list.
     */
    private static java.util.regex.Pattern complexMathCalls(String prelude) {
        int from = prelude.indexOf("#ifdef ND_COMPLEX_MATH"), to = prelude.indexOf("#endif", from);
        if (from < 0 || to < 0) throw new IllegalStateException("the prelude has no ND_COMPLEX_MATH section");
        var names = new java.util.TreeSet<String>();
        var m = java.util.regex.Pattern.compile("ND_DEVICE_FN C nd_##P##_(\\w+)\\(")
                .matcher(prelude.substring(from, to));
        while (m.find()) names.add(m.group(1));
        if (names.isEmpty()) throw new IllegalStateException("the prelude's ND_COMPLEX_MATH section defines nothing");
        return java.util.regex.Pattern.compile("nd_c(64|128)_(" + String.join("|", names) + ")\\(");
    }

    private static String read(String resource) {
        try (InputStream in = Dialect.class.getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** "OpenCL C" or "CUDA C++". */
    public String language() {
        return language;
    }

    /** The header every generated kernel starts with. */
    public String prelude() {
        return prelude;
    }

    /**
     * The header for a kernel whose own text is {@code body}: the prelude, with the complex
     * transcendental functions (ND_COMPLEX_MATH) only where the body calls one, since every kernel
     * compiled with them pays their compile time.
     */
    public String preludeFor(String body) {
        java.util.Objects.requireNonNull(body, "Dialect.preludeFor: body is null");
        return complexMath.matcher(body).find() ? "#define ND_COMPLEX_MATH 1\n" + prelude : prelude;
    }

    /** The most blocks (work-groups) a launch may have along dimension {@code dim}: 0 (x), 1 (y) or 2 (z). */
    public long maxGrid(int dim) {
        return switch (dim) {
            case 0 -> maxGridX;
            case 1 -> maxGridY;
            case 2 -> maxGridZ;
            default -> throw new IndexException("Dialect.maxGrid: dimension " + dim + " is not 0 (x), 1 (y) or 2 (z)");
        };
    }

    /**
     * Guesses the dialect of user-written source: CUDA if it uses __global__ or extern "C" or
     * threadIdx/blockIdx, OpenCL if it uses __kernel or get_global_id; null if it cannot tell.
     */
    public static Dialect recognize(String source) {
        java.util.Objects.requireNonNull(source, "Dialect.recognize: source is null");
        boolean cuda = source.contains("__global__")
                || source.contains("threadIdx")
                || source.contains("blockIdx")
                || source.contains("extern \"C\"");
        boolean opencl = source.contains("__kernel")
                || source.matches("(?s).*\\bkernel\\s+void\\b.*")
                || source.contains("get_global_id")
                || source.contains("get_local_id");
        if (cuda == opencl) return null;
        return cuda ? CUDA : OPENCL;
    }
}
