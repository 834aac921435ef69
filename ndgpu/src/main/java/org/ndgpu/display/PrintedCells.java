package org.ndgpu.display;

import java.util.ArrayList;
import java.util.List;

/**
 * NumPy's str of an array read back as nested lists of its element texts, so the HTML table shows
 * each element exactly as the text repr does (same digits, same summarization with "...").
 *
 * <p>A node is either a {@code String} (an element, or {@link #ELLIPSIS} where a summarized axis
 * skips elements) or a {@code List} of nodes (one axis). Complex elements print with padding
 * between their real and imaginary parts ({@code [ 1. +2.j -3.-10.j]}), so a complex element ends
 * only at its {@code j}.
 */
final class PrintedCells {
    /** The marker NumPy prints where a summarized axis skips elements. */
    static final String ELLIPSIS = "...";

    private PrintedCells() {}

    /** The nested cells of {@code str}, NumPy's str of an array with at least one axis. */
    static List<Object> parse(String str, boolean complex) {
        List<List<Object>> stack = new ArrayList<>();
        List<Object> root = new ArrayList<>();
        stack.add(root);
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < str.length(); i++) {
            char c = str.charAt(i);
            List<Object> top = stack.getLast();
            if (c == '[') {
                List<Object> axis = new ArrayList<>();
                top.add(axis);
                stack.add(axis);
            } else if (c == ']') {
                flush(word, top);
                stack.removeLast();
            } else if (Character.isWhitespace(c)) {
                if (!complex || word.isEmpty() || word.toString().equals(ELLIPSIS) || endsComplex(word))
                    flush(word, top);
            } else {
                word.append(c);
            }
        }
        @SuppressWarnings("unchecked")
        List<Object> outer = (List<Object>) root.getFirst();
        return outer;
    }

    private static boolean endsComplex(StringBuilder word) {
        return word.charAt(word.length() - 1) == 'j';
    }

    private static void flush(StringBuilder word, List<Object> into) {
        if (word.isEmpty()) return;
        into.add(word.toString());
        word.setLength(0);
    }
}
