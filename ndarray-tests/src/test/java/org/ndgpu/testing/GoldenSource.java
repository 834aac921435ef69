package org.ndgpu.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.ndgpu.backend.Dialect;

/**
 * Golden files of generated kernel source: the text is compared exactly with a file committed under
 * the module's {@code src/test/resources/golden/}. The dialect prelude, shared by every kernel and
 * tested on its own, is written as a one-line marker, so a golden file holds what the generator wrote.
 * After an intended change, regenerate with {@code -Dndgpu.golden.update=true} and review the diff.
 *
 * <pre>{@code
 * GoldenSource.check("reduction/sum_f4.cl", ReductionSource.source(Dialect.OPENCL, spec, layout));
 * }</pre>
 */
public final class GoldenSource {
    private GoldenSource() {}

    /** The system property that rewrites the golden files from the generators instead of comparing. */
    public static final String UPDATE = "ndgpu.golden.update";

    private static final Path DIR = Path.of("src/test/resources/golden");

    /** Asserts that {@code source} (prelude marked) equals golden file {@code file}, or rewrites it under {@value #UPDATE}. */
    public static void check(String file, String source) {
        String actual = source;
        for (Dialect d : Dialect.values()) {
            if (actual.startsWith(d.prelude()))
                actual = "// <" + d + " prelude>\n"
                        + actual.substring(d.prelude().length());
        }
        Path p = DIR.resolve(file);
        try {
            if (Boolean.getBoolean(UPDATE)) {
                Files.createDirectories(p.getParent());
                Files.writeString(p, actual, StandardCharsets.UTF_8);
            }
            if (!Files.exists(p))
                throw new AssertionError("no golden file " + p + "; write it with -D" + UPDATE + "=true and review it");
            assertEquals(Files.readString(p, StandardCharsets.UTF_8), actual, "generated source differs from " + p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
