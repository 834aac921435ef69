package org.ndgpu.structured;

/**
 * Python's {@code repr} of a str, as NumPy writes field names in a dtype's text and in a .npy
 * header: single quotes unless the name holds a single quote and no double quote; backslash,
 * control characters and the quote escaped; other characters as they are.
 */
final class PyText {
    private PyText() {}

    static String repr(String s) {
        char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        StringBuilder sb = new StringBuilder().append(quote);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == quote || c == '\\') sb.append('\\').append(c);
            else if (c == '\n') sb.append("\\n");
            else if (c == '\r') sb.append("\\r");
            else if (c == '\t') sb.append("\\t");
            else if (c < 0x20 || c == 0x7F) sb.append(String.format("\\x%02x", (int) c));
            else sb.append(c);
        }
        return sb.append(quote).toString();
    }
}
