package org.ndgpu.notebook;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jdk.jshell.Diag;
import jdk.jshell.EvalException;
import jdk.jshell.ExpressionSnippet;
import jdk.jshell.JShell;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.VarSnippet;
import jdk.jshell.execution.DirectExecutionControl;
import jdk.jshell.execution.LocalExecutionControlProvider;
import jdk.jshell.spi.ExecutionControl;
import jdk.jshell.spi.ExecutionEnv;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;

/**
 * One notebook session: JShell in this JVM, a cell evaluated snippet by snippet, its last value
 * shown richly ({@link RichDisplay}). The kernel ({@link NdKernel}) answers an execute_request with
 * {@link #eval}, and the headless {@link NotebookRunner} runs each code cell through the same call,
 * so what CI executes is what a notebook user runs.
 */
final class CellEvaluator implements AutoCloseable {
    private final JShell shell;

    CellEvaluator() {
        shell = JShell.builder().executionEngine(new Direct(), Map.of()).build();
        shell.addToClasspath(System.getProperty("java.class.path"));
    }

    /**
     * Runs a cell; returns the display of its last expression's value, or null where the cell ends
     * in a declaration or a statement. A snippet that throws or does not compile is a {@link CellException}.
     */
    DisplayData eval(String code) {
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
        if (text == null) return null;
        try {
            return RichDisplay.of(value, text);
        } catch (RuntimeException e) { // the cell ran: its value's display failed, which is the cell's error
            throw new CellException("the value's display failed: " + e.getMessage(), e);
        }
    }

    /** JShell's source analysis, for the kernel's completion and inspection. */
    SourceCodeAnalysis analysis() {
        return shell.sourceCodeAnalysis();
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
    public void close() {
        shell.close();
    }

    /**
     * Snippets run in this JVM, so Shown hands their values to the kernel, and on the thread that
     * evaluates the cell: JShell's "local" engine runs each snippet on a new thread, which loses a
     * cell's {@code Device.use()} at the next snippet, and instruments the snippets' bytecode with
     * stop checks, which Aparapi cannot translate (a {@code Vectorize} or {@code JavaKernel} written
     * in a cell). What that buys, stopping a running cell, the kernel does not offer.
     */
    private static final class Direct extends LocalExecutionControlProvider {
        @Override
        public ExecutionControl createExecutionControl(ExecutionEnv env, Map<String, String> parameters) {
            return new DirectExecutionControl();
        }
    }
}
