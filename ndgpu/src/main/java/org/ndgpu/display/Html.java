package org.ndgpu.display;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseMatrix;

/**
 * A rich display of ndgpu's objects as HTML, what a notebook shows for {@code text/html}: an array
 * as a table with its shape, dtype and device (summarized as NumPy's repr summarizes a large
 * array), a sparse matrix as its format, shape and stored elements, a device as its facts, and a
 * record (a linalg result) as its named parts.
 *
 * <pre>{@code
 * String html = Html.of(Nd.arange(6).reshape(2, 3));   // <div class="ndgpu">... <table>...
 * }</pre>
 */
public final class Html {
    private Html() {}

    /**
     * The HTML of {@code value}: an {@link NDArray}, a {@link SparseMatrix}, a {@link Device}, a
     * record of these (e.g. {@code Linalg.svd}'s result), else its escaped {@code toString()} in a
     * {@code <pre>}. The text/html twin of NumPy's repr: {@code Html.of(Nd.eye(3))}.
     */
    public static String of(Object value) {
        return switch (value) {
            case null -> pre("null");
            case NDArray a -> ArrayHtml.of(a);
            case SparseMatrix m -> SparseHtml.of(m);
            case Device d -> device(d);
            case Record r -> record(r);
            default -> pre(value.toString());
        };
    }

    private static String device(Device d) {
        return "<div class=\"ndgpu\"><table>" + row("device", d.id()) + row("name", d.name())
                + row("backend", d.backendName()) + row("kind", d.isGpu() ? "GPU" : "CPU")
                + row("memory", (d.facts().globalMemoryBytes() >> 20) + " MiB")
                + row("managed memory", d.facts().managedMemory() ? "yes" : "no") + "</table></div>";
    }

    private static String record(Record r) {
        StringBuilder s = new StringBuilder("<div class=\"ndgpu\"><b>")
                .append(escape(r.getClass().getSimpleName()))
                .append("</b><table>");
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            Object part;
            try {
                part = c.getAccessor().invoke(r);
            } catch (IllegalAccessException | InvocationTargetException e) {
                part = "<unreadable: " + e + ">";
            }
            s.append("<tr><th style=\"vertical-align:top\">")
                    .append(escape(c.getName()))
                    .append("</th><td>")
                    .append(of(part))
                    .append("</td></tr>");
        }
        return s.append("</table></div>").toString();
    }

    static String row(String name, String value) {
        return "<tr><th style=\"text-align:left\">" + escape(name) + "</th><td style=\"text-align:left\">"
                + escape(value) + "</td></tr>";
    }

    static String pre(String text) {
        return "<pre>" + escape(text) + "</pre>";
    }

    /** {@code text} with HTML's special characters escaped. */
    static String escape(String text) {
        StringBuilder s = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> s.append("&lt;");
                case '>' -> s.append("&gt;");
                case '&' -> s.append("&amp;");
                case '"' -> s.append("&quot;");
                default -> s.append(c);
            }
        }
        return s.toString();
    }
}
