package org.ndgpu.notebook;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import jdk.jshell.SourceCodeAnalysis;
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
 * the small part they would give: the protocol's calls on one {@link CellEvaluator} (the same
 * evaluation {@link NotebookRunner} runs headless), completion and inspection from JShell. Started
 * by Jupyter through the kernelspec {@code ./nd notebook} writes:
 * {@code java -cp ... org.ndgpu.notebook.NdKernel CONNECTION_FILE STARTUP.jsh...}.
 */
public final class NdKernel extends BaseKernel {
    private final CellEvaluator cells;

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
        cells = new CellEvaluator();
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
        kernel.cells.close();
    }

    @Override
    public DisplayData eval(String code) {
        return cells.eval(code);
    }

    @Override
    public Object evalRaw(String code) {
        return eval(code);
    }

    @Override
    public DisplayData inspect(String code, int at, boolean extra) {
        String docs = cells.analysis().documentation(code, at, false).stream()
                .map(SourceCodeAnalysis.Documentation::signature)
                .collect(Collectors.joining("\n"));
        return docs.isEmpty() ? null : new DisplayData(docs);
    }

    @Override
    public ReplacementOptions complete(String code, int at) {
        int[] anchor = new int[1];
        List<String> names = cells.analysis().completionSuggestions(code, at, anchor).stream()
                .map(SourceCodeAnalysis.Suggestion::continuation)
                .distinct()
                .toList();
        return new ReplacementOptions(names, anchor[0], at);
    }

    @Override
    public String isComplete(String code) {
        SourceCodeAnalysis.CompletionInfo info = cells.analysis().analyzeCompletion(code);
        return info.completeness().isComplete() || info.completeness() == SourceCodeAnalysis.Completeness.EMPTY
                ? IS_COMPLETE_YES
                : IS_COMPLETE_MAYBE;
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
