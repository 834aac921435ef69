package org.ndgpu.display;

import java.util.List;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;

/**
 * An array as HTML: a line with its shape, dtype and device, then its elements as a table (one
 * row per index of the second-last axis; one table per index of the axes before). The element
 * texts are those of NumPy's str ({@link NDArray#str()}), so the table shows the digits and the
 * summarization ("..." beyond the first and last three along each long axis of an array of more
 * than 1000 elements) of the text repr, and reads from the device only what that print reads.
 */
final class ArrayHtml {
    private static final String CELL = "<td style=\"text-align:right;font-family:monospace\">";

    private ArrayHtml() {}

    static String of(NDArray a) {
        if (a.isClosed() || a.symbol() != null) return "<div class=\"ndgpu\">" + Html.pre(a.toString()) + "</div>";
        StringBuilder s = new StringBuilder("<div class=\"ndgpu\"><div class=\"ndgpu-head\">")
                .append("NDArray shape=")
                .append(Shapes.str(a.shape()))
                .append(" dtype=")
                .append(a.dtype().numpyName())
                .append(" device=")
                .append(Html.escape(a.device().id()))
                .append("</div>");
        String str = a.str();
        if (a.ndim() == 0) {
            s.append("<table><tr>").append(CELL).append(Html.escape(str)).append("</td></tr></table>");
        } else if (a.size() == 0) {
            s.append(Html.pre(str));
        } else {
            boolean complex = a.dtype() == DType.COMPLEX64 || a.dtype() == DType.COMPLEX128;
            block(s, PrintedCells.parse(str, complex), a.shape(), 0, "");
        }
        return s.append("</div>").toString();
    }

    // the axes before the last two: a label per index and the table of the last two under it
    private static void block(StringBuilder s, List<Object> node, long[] shape, int axis, String label) {
        if (shape.length - axis <= 2) {
            if (!label.isEmpty())
                s.append("<div class=\"ndgpu-index\">[")
                        .append(label)
                        .append(":, ".repeat(shape.length - axis - 1))
                        .append(":]</div>");
            table(s, node, shape.length - axis == 1 ? null : shape[axis], shape[shape.length - 1]);
            return;
        }
        long[] index = indices(node, shape[axis]);
        for (int i = 0; i < node.size(); i++) {
            if (node.get(i) instanceof List<?> child) {
                @SuppressWarnings("unchecked")
                List<Object> sub = (List<Object>) child;
                block(s, sub, shape, axis + 1, label + index[i] + ", ");
            } else {
                s.append("<div class=\"ndgpu-skip\">...</div>");
            }
        }
    }

    // rows == null: a 1-d array, one row
    private static void table(StringBuilder s, List<Object> node, Long rows, long columns) {
        s.append("<table>");
        List<Object> firstRow = rows == null ? node : firstList(node);
        long[] col = indices(firstRow, columns);
        s.append("<tr><th></th>");
        for (int j = 0; j < firstRow.size(); j++)
            s.append("<th>").append(col[j] < 0 ? "..." : col[j]).append("</th>");
        s.append("</tr>");
        if (rows == null) {
            row(s, "", node);
        } else {
            long[] index = indices(node, rows);
            for (int i = 0; i < node.size(); i++) {
                if (node.get(i) instanceof List<?> r) {
                    @SuppressWarnings("unchecked")
                    List<Object> cells = (List<Object>) r;
                    row(s, Long.toString(index[i]), cells);
                } else {
                    s.append("<tr><th>...</th>")
                            .append("<td colspan=\"")
                            .append(firstRow.size())
                            .append("\" style=\"text-align:center\">...</td></tr>");
                }
            }
        }
        s.append("</table>");
    }

    private static void row(StringBuilder s, String label, List<Object> cells) {
        s.append("<tr><th>").append(label).append("</th>");
        for (Object c : cells) s.append(CELL).append(Html.escape((String) c)).append("</td>");
        s.append("</tr>");
    }

    private static List<Object> firstList(List<Object> node) {
        @SuppressWarnings("unchecked")
        List<Object> first = (List<Object>) node.getFirst();
        return first;
    }

    // the index along an axis of length n of each printed node; -1 for the "..." of a summarized axis
    private static long[] indices(List<Object> node, long n) {
        long[] out = new long[node.size()];
        int skip = node.indexOf(PrintedCells.ELLIPSIS);
        for (int i = 0; i < out.length; i++) out[i] = skip < 0 || i < skip ? i : i == skip ? -1 : n - (out.length - i);
        return out;
    }
}
