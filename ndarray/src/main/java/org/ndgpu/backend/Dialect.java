package org.ndgpu.backend;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A kernel-source language. Generated kernels are written once against the ND_* macros and type
 * names of a prelude; each dialect's prelude (a resource beside the code generator) gives them
 * their meaning, so the differences between OpenCL C and CUDA C are data, not two generators.
 */
public enum Dialect {
    /** OpenCL C, with {@code prelude-opencl.h}. */
    OPENCL("OpenCL C", "prelude-opencl.h"),
    /** CUDA C++ for NVRTC, with {@code prelude-cuda.h}. */
    CUDA("CUDA C++", "prelude-cuda.h");

    private final String language;
    private final String prelude;

    Dialect(String language, String resource) {
        this.language = language;
        // the dialect's own names first, then the helpers written once against them
        this.prelude = read(resource) + read("prelude-common.h");
    }

    private static String read(String resource) {
        try (InputStream in = Dialect.class.getResourceAsStream("/org/ndgpu/codegen/" + resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** "OpenCL C" or "CUDA C++". */
    public String language() { return language; }

    /** The header every generated kernel starts with. */
    public String prelude() { return prelude; }

    /**
     * Guesses the dialect of user-written source: CUDA if it uses __global__ or extern "C" or
     * threadIdx/blockIdx, OpenCL if it uses __kernel or get_global_id; null if it cannot tell.
     */
    public static Dialect recognize(String source) {
        java.util.Objects.requireNonNull(source, "Dialect.recognize: source is null");
        boolean cuda = source.contains("__global__") || source.contains("threadIdx") || source.contains("blockIdx")
                || source.contains("extern \"C\"");
        boolean opencl = source.contains("__kernel") || source.matches("(?s).*\\bkernel\\s+void\\b.*")
                || source.contains("get_global_id") || source.contains("get_local_id");
        if (cuda == opencl) return null;
        return cuda ? CUDA : OPENCL;
    }
}
