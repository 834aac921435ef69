package org.ndgpu.notebook;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;

/**
 * Executes notebooks headless, without Jupyter, as {@code jupyter nbconvert --execute} does with
 * ndgpu's kernel: one fresh session ({@link CellEvaluator}, the kernel's own evaluation) per
 * notebook, the start-ups first, then each code cell in order, its printed text and its value's
 * display kept as the cell's outputs. It stops at the first cell that throws or does not compile
 * and reports it with its source. CI runs every example notebook this way ({@code
 * NotebookRunnerTest}). Cells run on the calling thread, so on its current device: ndgpu's default
 * ({@code ndgpu.device}), or the device of a {@code Device.use()} around the call.
 *
 * <pre>{@code
 * NotebookRun r = NotebookRunner.run(Path.of("examples/notebooks/fft.ipynb"), startups);
 * if (!r.ok()) System.out.println(r.failure().report());
 * }</pre>
 */
public final class NotebookRunner {
    private static final Gson JSON =
            new GsonBuilder().disableHtmlEscaping().setPrettyPrinting().create();

    private NotebookRunner() {}

    /**
     * {@code NotebookRunner STARTUP.jsh... NOTEBOOK.ipynb...}: runs each notebook, prints one line
     * for each (or the failed cell's report), exits with 1 when one failed. {@code ./nd notebook run}.
     */
    public static void main(String[] args) throws IOException {
        List<Path> startups = new ArrayList<>();
        List<Path> notebooks = new ArrayList<>();
        for (String a : args) (a.endsWith(".jsh") ? startups : notebooks).add(Path.of(a));
        int failed = 0;
        for (Path nb : notebooks) {
            long t0 = System.nanoTime();
            NotebookRun r = run(nb, startups);
            System.out.printf("%s (%.1f s)%n", r.summary(), (System.nanoTime() - t0) / 1e9);
            if (!r.ok()) failed++;
        }
        System.exit(failed == 0 ? 0 : 1);
    }

    /**
     * Runs {@code notebook}'s code cells in a new session that first evaluates the {@code startups}.
     * A file that is not a notebook (not JSON, or without a list of cells) is an IllegalArgumentException.
     */
    public static NotebookRun run(Path notebook, List<Path> startups) throws IOException {
        Objects.requireNonNull(notebook, "NotebookRunner.run: notebook is null");
        Objects.requireNonNull(startups, "NotebookRunner.run: startups is null");
        JsonObject nb = parse(notebook);
        try (CellEvaluator cells = new CellEvaluator()) {
            for (Path s : startups) {
                // a start-up's greeting is for a person at a prompt, not a cell's output
                String code = Files.readString(s);
                captured(() -> cells.eval(code), new JsonArray());
            }
            int count = 0;
            for (JsonElement e : nb.getAsJsonArray("cells")) {
                JsonObject cell = e.getAsJsonObject();
                if (!cell.get("cell_type").getAsString().equals("code")) continue;
                String source = text(cell.get("source"));
                int n = ++count;
                JsonArray outputs = new JsonArray();
                CellException failed = null;
                try {
                    DisplayData shown = captured(() -> cells.eval(source), outputs);
                    if (shown != null) outputs.add(result(shown, n));
                } catch (CellException x) {
                    failed = x;
                    outputs.add(error(x));
                }
                cell.add("outputs", outputs);
                cell.addProperty("execution_count", n);
                if (failed != null)
                    return new NotebookRun(notebook, n, new NotebookRun.Failure(n, source, failed), JSON.toJson(nb));
            }
            return new NotebookRun(notebook, count, null, JSON.toJson(nb));
        }
    }

    private static JsonObject parse(Path notebook) throws IOException {
        String text = Files.readString(notebook);
        try {
            JsonElement json = JsonParser.parseString(text);
            if (json.isJsonObject() && json.getAsJsonObject().get("cells") instanceof JsonArray)
                return json.getAsJsonObject();
        } catch (JsonParseException e) {
            throw new IllegalArgumentException(
                    "NotebookRunner.run: expected a notebook (.ipynb JSON), got " + notebook + ": " + e.getMessage(),
                    e);
        }
        throw new IllegalArgumentException(
                "NotebookRunner.run: expected a notebook (.ipynb JSON with a list of cells), got " + notebook);
    }

    private interface Cell {
        DisplayData run();
    }

    // as the kernel does during an execute_request: System.out and System.err are the cell's
    // streams while it runs (snippets run in this JVM)
    private static DisplayData captured(Cell cell, JsonArray outputs) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            return cell.run();
        } finally {
            System.out.flush();
            System.err.flush();
            System.setOut(stdout);
            System.setErr(stderr);
            stream(outputs, "stdout", out);
            stream(outputs, "stderr", err);
        }
    }

    private static void stream(JsonArray outputs, String name, ByteArrayOutputStream bytes) {
        if (bytes.size() == 0) return;
        JsonObject o = new JsonObject();
        o.addProperty("output_type", "stream");
        o.addProperty("name", name);
        o.addProperty("text", bytes.toString(StandardCharsets.UTF_8));
        outputs.add(o);
    }

    private static JsonObject result(DisplayData shown, int count) {
        JsonObject o = new JsonObject();
        o.addProperty("output_type", "execute_result");
        o.addProperty("execution_count", count);
        o.add("data", JSON.toJsonTree(shown).getAsJsonObject().get("data"));
        o.add("metadata", new JsonObject());
        return o;
    }

    private static JsonObject error(CellException x) {
        JsonObject o = new JsonObject();
        o.addProperty("output_type", "error");
        String message = x.getMessage();
        int colon = message.indexOf(": ");
        o.addProperty("ename", colon < 0 ? "CellException" : message.substring(0, colon));
        o.addProperty("evalue", colon < 0 ? message : message.substring(colon + 2));
        JsonArray traceback = new JsonArray();
        traceback.add(message);
        o.add("traceback", traceback);
        return o;
    }

    // nbformat stores a cell's source as one string or as a list of lines
    private static String text(JsonElement source) {
        if (!source.isJsonArray()) return source.getAsString();
        StringBuilder s = new StringBuilder();
        for (JsonElement line : source.getAsJsonArray()) s.append(line.getAsString());
        return s.toString();
    }
}
