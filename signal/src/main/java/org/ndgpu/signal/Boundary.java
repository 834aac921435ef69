package org.ndgpu.signal;

import java.util.Locale;
import org.ndgpu.exceptions.NdException;

/**
 * How scipy.signal's convolve2d and correlate2d extend their first input past its edges, as their
 * {@code boundary} argument. For an input {@code a b c d}:
 *
 * <pre>
 * FILL  k k k | a b c d | k k k   (k is fillvalue; the default)
 * WRAP  b c d | a b c d | a b c   (circular)
 * SYMM  c b a | a b c d | d c b   (symmetric: the edge repeated)
 * </pre>
 */
public enum Boundary {
    FILL,
    WRAP,
    SYMM;

    /** SciPy's name of a boundary ({@code "fill"}, {@code "wrap"}, {@code "symm"}, or its aliases "pad", "circular", "symmetric"). */
    public static Boundary of(String name) {
        if (name == null) throw new NullPointerException("Boundary.of: name is null");
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "fill", "pad" -> FILL;
            case "wrap", "circular" -> WRAP;
            case "symm", "symmetric" -> SYMM;
            default ->
                throw new NdException("signal: boundary must be one of fill, wrap, symm (or pad, circular,"
                        + " symmetric), got '" + name + "'");
        };
    }

    /** C statements mapping the long index {@code k} along an axis of length {@code n}; FILL sets {@code out}. */
    String cIndex() {
        String outside = switch (this) {
            case FILL -> "out = true;";
            case WRAP -> "k %= n; if (k < 0) k += n;";
            case SYMM -> "long p_ = 2 * n; k %= p_; if (k < 0) k += p_; if (k >= n) k = p_ - k - 1;";
        };
        return "if (k < 0 || k >= n) { " + outside + " }";
    }
}
