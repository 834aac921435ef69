package org.ndgpu.ndimage;

import java.util.Locale;
import org.ndgpu.exceptions.NdException;

/**
 * How a filter or an interpolation extends its input past the edges, as scipy.ndimage's
 * {@code mode} argument. For an input {@code a b c d}:
 *
 * <pre>
 * REFLECT        d c b a | a b c d | d c b a   (the filters' default; 'grid-mirror')
 * MIRROR           d c b | a b c d | c b a
 * NEAREST        a a a a | a b c d | d d d d
 * WRAP           a b c d | a b c d | a b c d
 * CONSTANT       k k k k | a b c d | k k k k   (k is cval; the interpolations' default)
 * GRID_WRAP      'grid-wrap': as WRAP
 * GRID_CONSTANT  'grid-constant': as CONSTANT
 * </pre>
 *
 * <p>The filters treat GRID_WRAP as WRAP and GRID_CONSTANT as CONSTANT, as SciPy's filters do. The
 * interpolations ({@link Interpolation}) tell them apart, as SciPy's do: WRAP wraps with a period
 * of n - 1 (the first and last samples coincide) where GRID_WRAP's period is n, and CONSTANT gives
 * cval for a point outside [0, n - 1] where GRID_CONSTANT interpolates the input extended by cval.
 */
public enum Mode {
    REFLECT,
    MIRROR,
    NEAREST,
    WRAP,
    CONSTANT,
    GRID_WRAP,
    GRID_CONSTANT;

    /** SciPy's name of a mode ({@code "reflect"}, {@code "grid-wrap"}, ...), for code ported from Python. */
    public static Mode of(String name) {
        if (name == null) throw new NullPointerException("Mode.of: name is null");
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "reflect", "grid-mirror" -> REFLECT;
            case "mirror" -> MIRROR;
            case "nearest" -> NEAREST;
            case "wrap" -> WRAP;
            case "constant" -> CONSTANT;
            case "grid-wrap" -> GRID_WRAP;
            case "grid-constant" -> GRID_CONSTANT;
            default ->
                throw new NdException("ndimage: mode must be one of reflect, mirror, nearest, wrap, constant"
                        + " (or grid-mirror, grid-wrap, grid-constant), got '" + name + "'");
        };
    }

    /** The mode a filter runs: GRID_WRAP as WRAP, GRID_CONSTANT as CONSTANT (SciPy's filters make no difference). */
    Mode filter() {
        return switch (this) {
            case GRID_WRAP -> WRAP;
            case GRID_CONSTANT -> CONSTANT;
            default -> this;
        };
    }

    /**
     * C statements that map the long index {@code k} along an axis of length {@code n} into the
     * input, or, for CONSTANT, set {@code out} (a boolean) when it falls outside. An index inside the
     * axis, every tap of an interior element, skips the mapping and its integer divisions.
     */
    String cIndex() {
        String outside = switch (filter()) {
            case REFLECT -> "long p_ = 2 * n; k %= p_; if (k < 0) k += p_; if (k >= n) k = p_ - k - 1;";
            case MIRROR ->
                "if (n == 1) k = 0; else { long p_ = 2 * n - 2; k %= p_; if (k < 0) k += p_; if (k >= n) k = p_ - k; }";
            case NEAREST -> "k = k < 0 ? 0 : n - 1;";
            case WRAP -> "k %= n; if (k < 0) k += n;";
            case CONSTANT -> "out = true;";
            case GRID_WRAP, GRID_CONSTANT -> throw new IllegalStateException("filter() maps " + this);
        };
        return "if (k < 0 || k >= n) { " + outside + " }";
    }
}
