package org.ndgpu.io;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parser for the small subset of Python literals that a .npy header is written in: dicts,
 * tuples, lists, strings, integers, True, False and None. NumPy reads the header with
 * ast.literal_eval; this accepts what that accepts for these types (any key order, any spacing,
 * trailing commas, single or double quotes, a Python 2 "L" suffix on integers).
 *
 * <p>Values come back as Java objects: dict -> {@code LinkedHashMap<Object, Object>}, tuple ->
 * {@link Tuple}, list -> {@code List<Object>}, str -> String, int -> Long (or BigInteger when it
 * does not fit), True/False -> Boolean, None -> {@link #NONE}.
 *
 * <pre>{@code
 * var d = (Map<?, ?>) PyLiteral.parse("{'shape': (2, 3), 'fortran_order': False, 'descr': '<f4', }");
 * d.get("shape");   // Tuple[2, 3]
 * }</pre>
 */
final class PyLiteral {
    /** Python's None (a Java null would be ambiguous with "key absent"). */
    static final Object NONE = new Object() {
        @Override
        public String toString() {
            return "None";
        }
    };

    /** A Python tuple; distinct from a list because NumPy's descr uses a list for structured dtypes. */
    record Tuple(List<Object> items) {
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("(");
            for (int i = 0; i < items.size(); i++) sb.append(i == 0 ? "" : ", ").append(repr(items.get(i)));
            return sb.append(items.size() == 1 ? ",)" : ")").toString();
        }
    }

    /** A literal that is not well formed; the message says where. */
    static final class SyntaxError extends Exception {
        private static final long serialVersionUID = 1L;

        SyntaxError(String message) {
            super(message);
        }
    }

    private final String src;
    private int pos;

    private PyLiteral(String src) {
        this.src = src;
    }

    /** Parses one literal; only whitespace may follow it. */
    static Object parse(String text) throws SyntaxError {
        PyLiteral p = new PyLiteral(text);
        Object v = p.value(0);
        p.skipSpace();
        if (p.pos != text.length()) throw p.error("unexpected text after the literal");
        return v;
    }

    /** Python's repr of a parsed value, for error messages. */
    static String repr(Object v) {
        if (v instanceof String s) return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
        if (v instanceof Boolean b) return b ? "True" : "False";
        return String.valueOf(v);
    }

    // Nesting is capped so that a hostile header cannot overflow the Java stack.
    private static final int MAX_DEPTH = 64;

    private Object value(int depth) throws SyntaxError {
        if (depth > MAX_DEPTH) throw error("nesting deeper than " + MAX_DEPTH);
        skipSpace();
        if (pos >= src.length()) throw error("expected a value, found the end of the header");
        char c = src.charAt(pos);
        return switch (c) {
            case '{' -> dict(depth);
            case '(' -> new Tuple(sequence(')', depth, true));
            case '[' -> sequence(']', depth, false);
            case '\'', '"' -> string();
            default -> {
                if (c == '-' || c == '+' || Character.isDigit(c)) yield integer();
                if (Character.isLetter(c) || c == '_') yield name();
                throw error("unexpected character '" + c + "'");
            }
        };
    }

    private Map<Object, Object> dict(int depth) throws SyntaxError {
        pos++; // '{'
        Map<Object, Object> map = new LinkedHashMap<>();
        while (true) {
            skipSpace();
            if (peek() == '}') {
                pos++;
                return map;
            }
            Object key = value(depth + 1);
            skipSpace();
            expect(':');
            Object val = value(depth + 1);
            if (map.put(key, val) != null) throw error("key " + repr(key) + " appears twice");
            skipSpace();
            char c = peek();
            if (c == ',') pos++;
            else if (c != '}') throw error("expected ',' or '}' in dict");
        }
    }

    private List<Object> sequence(char close, int depth, boolean tuple) throws SyntaxError {
        pos++; // '(' or '['
        List<Object> items = new ArrayList<>();
        boolean sawComma = false;
        while (true) {
            skipSpace();
            if (peek() == close) {
                pos++;
                // (x) is a parenthesized value in Python, not a one-element tuple
                if (tuple && items.size() == 1 && !sawComma)
                    throw error("(x) is not a tuple; a 1-tuple is written (x,)");
                return items;
            }
            items.add(value(depth + 1));
            skipSpace();
            char c = peek();
            if (c == ',') {
                pos++;
                sawComma = true;
            } else if (c != close) throw error("expected ',' or '" + close + "'");
        }
    }

    private String string() throws SyntaxError {
        char quote = src.charAt(pos++);
        StringBuilder sb = new StringBuilder();
        while (pos < src.length()) {
            char c = src.charAt(pos++);
            if (c == quote) return sb.toString();
            if (c == '\n') break;
            if (c == '\\' && pos < src.length()) {
                char e = src.charAt(pos++);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case '0' -> sb.append('\0');
                    case '\\', '\'', '"' -> sb.append(e);
                    case 'x' -> {
                        if (pos + 2 > src.length()) throw error("truncated \\x escape");
                        try {
                            sb.append((char) Integer.parseInt(src.substring(pos, pos + 2), 16));
                        } catch (NumberFormatException ex) {
                            throw error("bad \\x escape");
                        }
                        pos += 2;
                    }
                    default -> sb.append('\\').append(e);
                }
            } else {
                sb.append(c);
            }
        }
        throw error("unterminated string");
    }

    private Object integer() throws SyntaxError {
        int start = pos;
        if (src.charAt(pos) == '-' || src.charAt(pos) == '+') pos++;
        int digitsStart = pos;
        while (pos < src.length() && (Character.isDigit(src.charAt(pos)) || src.charAt(pos) == '_')) pos++;
        if (pos == digitsStart) throw error("expected digits");
        String text = src.substring(start, pos).replace("_", "");
        if (pos < src.length() && (src.charAt(pos) == 'L' || src.charAt(pos) == 'l')) pos++; // Python 2 long
        if (pos < src.length() && (src.charAt(pos) == '.' || src.charAt(pos) == 'e' || src.charAt(pos) == 'E')) {
            throw error("a float is not allowed here");
        }
        BigInteger big = new BigInteger(text);
        return big.bitLength() < 64 ? (Object) big.longValue() : big;
    }

    private Object name() throws SyntaxError {
        int start = pos;
        while (pos < src.length() && (Character.isLetterOrDigit(src.charAt(pos)) || src.charAt(pos) == '_')) pos++;
        String n = src.substring(start, pos);
        return switch (n) {
            case "True" -> Boolean.TRUE;
            case "False" -> Boolean.FALSE;
            case "None" -> NONE;
            default -> {
                pos = start;
                throw error("unknown name '" + n + "' (only True, False and None are literals)");
            }
        };
    }

    private void skipSpace() {
        while (pos < src.length() && Character.isWhitespace(src.charAt(pos))) pos++;
    }

    private char peek() throws SyntaxError {
        if (pos >= src.length()) throw error("unexpected end of the header");
        return src.charAt(pos);
    }

    private void expect(char c) throws SyntaxError {
        if (peek() != c) throw error("expected '" + c + "'");
        pos++;
    }

    private SyntaxError error(String what) {
        int from = Math.max(0, pos - 20), to = Math.min(src.length(), pos + 20);
        String near = src.substring(from, to).replace("\n", "\\n");
        return new SyntaxError(what + " at character " + pos + " (near \"" + near + "\")");
    }
}
