package org.ndgpu.ndimage;

import java.util.Locale;
import org.ndgpu.exceptions.NdException;

/**
 * How a filter extends its input past the edges, as scipy.ndimage's {@code mode} argument. For an
 * input {@code a b c d}:
 *
 * <pre>
 * REFLECT   d c b a | a b c d | d c b a   (SciPy's default; 'grid-mirror')
 * MIRROR      d c b | a b c d | c b a
 * NEAREST   a a a a | a b c d | d d d d
 * WRAP      a b c d | a b c d | a b c d   ('grid-wrap')
 * CONSTANT  k k k k | a b c d | k k k k   (k is cval; 'grid-constant')
 * </pre>
 */
public enum Mode {
    REFLECT,
    MIRROR,
    NEAREST,
    WRAP,
    CONSTANT;

    /** SciPy's name of a mode ({@code "reflect"}, {@code "grid-wrap"}, ...), for code ported from Python. */
    public static Mode of(String name) {
        if (name == null) throw new NullPointerException("Mode.of: name is null");
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "reflect", "grid-mirror" -> REFLECT;
            case "mirror" -> MIRROR;
            case "nearest" -> NEAREST;
            case "wrap", "grid-wrap" -> WRAP;
            case "constant", "grid-constant" -> CONSTANT;
            default ->
                throw new NdException("ndimage: mode must be one of reflect, mirror, nearest, wrap, constant"
                        + " (or grid-mirror, grid-wrap, grid-constant), got '" + name + "'");
        };
    }

    /**
     * C statements that map the long index {@code k} along an axis of length {@code n} into the
     * input, or, for CONSTANT, set {@code out} (a boolean) when it falls outside. An index inside the
     * axis, every tap of an interior element, skips the mapping and its integer divisions.
     */
    String cIndex() {
        String outside = switch (this) {
            case REFLECT -> "long p_ = 2 * n; k %= p_; if (k < 0) k += p_; if (k >= n) k = p_ - k - 1;";
            case MIRROR ->
                "if (n == 1) k = 0; else { long p_ = 2 * n - 2; k %= p_; if (k < 0) k += p_; if (k >= n) k = p_ - k; }";
            case NEAREST -> "k = k < 0 ? 0 : n - 1;";
            case WRAP -> "k %= n; if (k < 0) k += n;";
            case CONSTANT -> "out = true;";
        };
        return "if (k < 0 || k >= n) { " + outside + " }";
    }
}
