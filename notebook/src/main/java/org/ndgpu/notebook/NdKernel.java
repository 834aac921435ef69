package org.ndgpu.notebook;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import jdk.jshell.Diag;
import jdk.jshell.EvalException;
import jdk.jshell.ExpressionSnippet;
import jdk.jshell.JShell;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.VarSnippet;
import org.dflib.jjava.jupyter.channels.JupyterConnection;
import org.dflib.jjava.jupyter.kernel.BaseKernel;
import org.dflib.jjava.jupyter.kernel.BaseKernelBuilder;
import org.dflib.jjava.jupyter.kernel.JupyterIO;
import org.dflib.jjava.jupyter.kernel.KernelConnectionProperties;
import org.dflib.jjava.jupyter.kernel.LanguageInfo;
import org.dflib.jjava.jupyter.kernel.ReplacementOptions;
import org.dflib.jjava.jupyter.kernel.comm.CommManager;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.dflib.jjava.jupyter.kernel.display.Renderer;
import org.dflib.jjava.jupyter.kernel.history.HistoryManager;
import org.dflib.jjava.jupyter.kernel.magic.MagicParser;
import org.dflib.jjava.jupyter.kernel.magic.MagicsRegistry;
import org.dflib.jjava.jupyter.kernel.util.StringStyler;

/**
 * ndgpu's Jupyter kernel: JShell, run in this JVM, behind JJava's Jupyter protocol
 * ({@code jjava-jupyter}). JJava's own kernel and launcher are not on Maven Central, so this is
 * the small part they would give: evaluate a cell snippet by snippet, and show its last value
 * richly ({@link RichDisplay}). Started by Jupyter through the kernelspec {@code ./nd notebook}
 * writes: {@code java -cp ... org.ndgpu.notebook.NdKernel CONNECTION_FILE STARTUP.jsh...}.
 */
public final class NdKernel extends BaseKernel {
    private final JShell shell;

    private NdKernel(
            String name,
            String version,
            HistoryManager history,
            JupyterIO io,
            CommManager comms,
            Renderer renderer,
            MagicParser magics,
            MagicsRegistry registry,
            StringStyler errors) {
        super(
                name,
                version,
                new LanguageInfo(
                        "java", Runtime.version().toString(), "text/x-java-source", ".jshell", "java", "java", null),
                List.of(),
                history,
                io,
                comms,
                renderer,
                magics,
                registry,
                false,
                errors);
        // "local": snippets run in this JVM, so Shown hands their values to the kernel
        shell = JShell.builder().executionEngine("local").build();
        shell.addToClasspath(System.getProperty("java.class.path"));
    }

    /** {@code NdKernel CONNECTION_FILE [STARTUP.jsh...]}: runs the start-ups, then serves one Jupyter connection until it closes. */
    public static void main(String[] args) throws Exception {
        NdKernel kernel = new Builder().name("ndgpu").version("0.1").build();
        for (int i = 1; i < args.length; i++) kernel.eval(Files.readString(Path.of(args[i])));
        KernelConnectionProperties props = KernelConnectionProperties.parse(Files.readString(Path.of(args[0])));
        JupyterConnection connection = new JupyterConnection(props);
        kernel.becomeHandlerForConnection(connection);
        connection.connect();
        connection.waitUntilClose();
        kernel.shell.close();
    }

    @Override
    public DisplayData eval(String code) {
        Object value = null;
        String text = null;
        SourceCodeAnalysis analysis = shell.sourceCodeAnalysis();
        String rest = code;
        while (!rest.isBlank()) {
            SourceCodeAnalysis.CompletionInfo info = analysis.analyzeCompletion(rest);
            String source = info.completeness().isComplete() ? info.source() : rest;
            if (source == null) source = rest;
            rest = info.completeness().isComplete() ? info.remaining() : "";
            for (SnippetEvent e : shell.eval(source)) {
                if (e.causeSnippet() != null) continue;
                check(e);
                // only an expression's value is shown; a declaration or a statement shows nothing
                String name = valueName(e.snippet());
                text = name == null ? null : e.value();
                value = null;
                if (text != null) {
                    shell.eval("org.ndgpu.notebook.Shown.keep(" + name + ");");
                    value = Shown.take();
                }
            }
        }
        return text == null ? null : RichDisplay.of(value, text);
    }

    // the variable holding an expression's value: $3 for "a.add(b)", a for "a"
    private static String valueName(Snippet s) {
        return switch (s) {
            case VarSnippet v when s.subKind() == Snippet.SubKind.TEMP_VAR_EXPRESSION_SUBKIND -> v.name();
            case ExpressionSnippet x -> x.name();
            default -> null;
        };
    }

    private void check(SnippetEvent e) {
        if (e.exception() != null) {
            Throwable t = e.exception();
            String kind = t instanceof EvalException ee
                    ? ee.getExceptionClassName()
                    : t.getClass().getName();
            throw new CellException(kind + ": " + t.getMessage(), t);
        }
        if (e.status() == Snippet.Status.REJECTED) {
            List<String> lines = new ArrayList<>();
            for (Diag d : shell.diagnostics(e.snippet()).toList()) lines.add(d.getMessage(null));
            throw new CellException(
                    "does not compile: " + e.snippet().source().strip() + "\n" + String.join("\n", lines), null);
        }
    }

    @Override
    public Object evalRaw(String code) {
        return eval(code);
    }

    @Override
    public DisplayData inspect(String code, int at, boolean extra) {
        String docs = shell.sourceCodeAnalysis().documentation(code, at, false).stream()
                .map(SourceCodeAnalysis.Documentation::signature)
                .collect(Collectors.joining("\n"));
        return docs.isEmpty() ? null : new DisplayData(docs);
    }

    @Override
    public ReplacementOptions complete(String code, int at) {
        int[] anchor = new int[1];
        List<String> names = shell.sourceCodeAnalysis().completionSuggestions(code, at, anchor).stream()
                .map(SourceCodeAnalysis.Suggestion::continuation)
                .distinct()
                .toList();
        return new ReplacementOptions(names, anchor[0], at);
    }

    @Override
    public String isComplete(String code) {
        SourceCodeAnalysis.CompletionInfo info = shell.sourceCodeAnalysis().analyzeCompletion(code);
        return info.completeness().isComplete() || info.completeness() == SourceCodeAnalysis.Completeness.EMPTY
                ? IS_COMPLETE_YES
                : IS_COMPLETE_MAYBE;
    }

    /** A cell that failed: what JShell said, as the notebook's error. */
    static final class CellException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CellException(String message, Throwable cause) {
            super(message, cause, false, false);
        }
    }

    private static final class Builder extends BaseKernelBuilder<Builder, NdKernel> {
        @Override
        public NdKernel build() {
            return new NdKernel(
                    buildName(),
                    buildVersion(),
                    buildHistoryManager(),
                    buildJupyterIO(buildJupyterIOEncoding()),
                    buildCommManager(),
                    buildRenderer(),
                    new MagicParser("(?<=(?:^|=))\\s*%", "%%", buildMagicTranspiler()),
                    buildMagicsRegistry(),
                    buildErrorStyler());
        }
    }
}
