package org.ndgpu.ndarray;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.IndexException;

/**
 * The lists of an index string, as Python writes them inside {@code a[...]}: {@code [2, 0]},
 * {@code [[0, 1], [1, 0]]}, {@code [True, False]}, {@code []}. Nested lists must be rectangular; a list of
 * only booleans is a mask, any integer makes it an integer list (True counts 1, as NumPy converts).
 */
final class IndexLists {
    private IndexLists() {}

    /** The list {@code item} (which starts with '[') of the index string {@code text}. */
    static IndexExpr.Item parse(String op, String text, String item) {
        List<Long> longs = new ArrayList<>();
        int[] bools = {0, 0}; // how many booleans, how many integers
        List<Long> shape = new ArrayList<>();
        int[] pos = {0};
        int depth = element(op, text, item, pos, 0, shape, longs, bools);
        skipSpace(item, pos);
        if (pos[0] != item.length()) {
            throw IndexExpr.malformed(
                    op,
                    text,
                    "unexpected '" + item.substring(pos[0]) + "' after the list '" + item.substring(0, pos[0]) + "'");
        }
        long[] s = new long[depth];
        for (int d = 0; d < depth; d++) s[d] = shape.get(d);
        if (bools[1] == 0 && bools[0] > 0) {
            boolean[] v = new boolean[longs.size()];
            for (int i = 0; i < v.length; i++) v[i] = longs.get(i) != 0;
            return new IndexExpr.Bools(v, s);
        }
        return new IndexExpr.Ints(longs.stream().mapToLong(Long::longValue).toArray(), s);
    }

    // one element at nesting level `level`: a number (depth 0) or a list; returns its depth
    private static int element(
            String op, String text, String s, int[] pos, int level, List<Long> shape, List<Long> out, int[] kinds) {
        skipSpace(s, pos);
        if (pos[0] >= s.length()) throw IndexExpr.malformed(op, text, "a list ends early in '" + s + "'");
        if (s.charAt(pos[0]) != '[') {
            int from = pos[0];
            while (pos[0] < s.length() && ",] ".indexOf(s.charAt(pos[0])) < 0) pos[0]++;
            String tok = s.substring(from, pos[0]);
            switch (tok) {
                case "True" -> {
                    out.add(1L);
                    kinds[0]++;
                }
                case "False" -> {
                    out.add(0L);
                    kinds[0]++;
                }
                default -> {
                    try {
                        out.add(Long.parseLong(tok.startsWith("+") ? tok.substring(1) : tok));
                        kinds[1]++;
                    } catch (NumberFormatException e) {
                        throw new IndexException(op + ": only integers and booleans can be in an index list: '" + tok
                                + "' in '" + text + "' (arrays used as indices must be of integer (or boolean) type)");
                    }
                }
            }
            return 0;
        }
        pos[0]++; // '['
        long n = 0;
        int childDepth = -1;
        skipSpace(s, pos);
        if (pos[0] < s.length() && s.charAt(pos[0]) == ']') {
            pos[0]++;
            childDepth = 0;
        } else {
            if (level >= 32)
                throw new IndexException(op + ": an index list nests deeper than 32 levels in '" + text + "'");
            while (true) {
                int d = element(op, text, s, pos, level + 1, shape, out, kinds);
                if (childDepth >= 0 && d != childDepth) throw ragged(op, text);
                childDepth = d;
                n++;
                skipSpace(s, pos);
                if (pos[0] >= s.length()) throw IndexExpr.malformed(op, text, "unbalanced '['");
                char c = s.charAt(pos[0]++);
                if (c == ']') break;
                if (c != ',') throw IndexExpr.malformed(op, text, "expected ',' or ']' in a list, got '" + c + "'");
                skipSpace(s, pos);
                if (pos[0] < s.length() && s.charAt(pos[0]) == ']') { // a trailing comma, as in [1, 2,]
                    pos[0]++;
                    break;
                }
            }
        }
        while (shape.size() <= level) shape.add(-1L); // inner lists finish first: one slot per level
        if (shape.get(level) < 0) shape.set(level, n);
        else if (shape.get(level) != n) throw ragged(op, text);
        return childDepth + 1;
    }

    private static IndexException ragged(String op, String text) {
        return new IndexException(op + ": the nested lists of '" + text
                + "' are not rectangular (an index list must have one length per level)");
    }

    private static void skipSpace(String s, int[] pos) {
        while (pos[0] < s.length() && Character.isWhitespace(s.charAt(pos[0]))) pos[0]++;
    }
}
