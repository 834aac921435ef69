package org.ndgpu.notebook;

import java.nio.file.Path;

/**
 * What {@link NotebookRunner} did with one notebook.
 *
 * @param notebook the .ipynb file
 * @param cellsRun the code cells run, the failed one included
 * @param failure the first cell that failed, or null when every cell ran
 * @param executed the notebook's JSON with the outputs of the cells run, as Jupyter would save it
 */
public record NotebookRun(Path notebook, int cellsRun, Failure failure, String executed) {
    /** Whether every code cell ran without an error. */
    public boolean ok() {
        return failure == null;
    }

    /** "ok: 7 code cells", or the failure's {@link Failure#report()}. */
    public String summary() {
        return notebook.getFileName() + (ok() ? ": ok, " + cellsRun + " code cells" : ": " + failure.report());
    }

    /**
     * The cell that failed.
     *
     * @param cell its number among the notebook's code cells, from 1 (Jupyter's execution count)
     * @param source the cell's code
     * @param error what the cell threw or why it did not compile
     */
    public record Failure(int cell, String source, Throwable error) {
        /** The cell's number and source, the error, and the stack of the exception the cell threw. */
        public String report() {
            StringBuilder s = new StringBuilder("code cell ")
                    .append(cell)
                    .append(" failed:\n")
                    .append(source.strip().indent(4))
                    .append(error.getMessage());
            if (error.getCause() != null)
                for (StackTraceElement e : error.getCause().getStackTrace())
                    s.append("\n\tat ").append(e);
            return s.toString();
        }
    }
}
