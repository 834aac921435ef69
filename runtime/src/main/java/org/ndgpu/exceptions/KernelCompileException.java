package org.ndgpu.exceptions;

import java.util.List;

/**
 * A kernel that did not compile. Carries the kernel name, the compiler options, the build log and
 * the source with line numbers, as CuPy's CompileException.dump does.
 */
public class KernelCompileException extends NdException {
    private static final long serialVersionUID = 1L;
    private final String kernelName;

    @SuppressWarnings("serial") // always a List.copyOf, which is serializable; the declared type is just List
    private final List<String> options;

    private final String log;
    private final String source;

    /** A compile failure of {@code kernelName} on {@code backend}: the compiler's options, its log and the source compiled. */
    public KernelCompileException(String backend, String kernelName, List<String> options, String log, String source) {
        super(backend + ": kernel '" + kernelName + "' failed to compile with options " + options
                + "\n--- build log ---\n" + log.strip() + "\n--- source ---\n" + numbered(source));
        this.kernelName = kernelName;
        this.options = List.copyOf(options);
        this.log = log;
        this.source = source;
    }

    /** The kernel's name, e.g. "my_add". */
    public String kernelName() {
        return kernelName;
    }

    /** The compiler options given, e.g. ["-DN=4"]. */
    public List<String> options() {
        return options;
    }

    /** The compiler's build log. */
    public String log() {
        return log;
    }

    /** The source that was compiled (the dialect prelude included). */
    public String source() {
        return source;
    }

    /** The source with 1-based line numbers, as compilers count them in their logs. */
    public static String numbered(String source) {
        var sb = new StringBuilder();
        String[] lines = source.split("\n", -1);
        int width = String.valueOf(lines.length).length();
        for (int i = 0; i < lines.length; i++) {
            sb.append(String.format("%" + width + "d | %s%n", i + 1, lines[i]));
        }
        return sb.toString();
    }
}
