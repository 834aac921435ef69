package org.ndgpu.signal;

import java.util.Locale;
import org.ndgpu.exceptions.NdException;

/**
 * Which part of the full convolution scipy.signal's convolve, correlate and their kin return, as
 * their {@code mode} argument: for inputs of lengths n1 and n2 along an axis,
 *
 * <pre>
 * FULL   n1 + n2 - 1 outputs, every overlap (the default)
 * SAME   n1 outputs, the middle of FULL (centred as SciPy centres it)
 * VALID  |n1 - n2| + 1 outputs, where one input covers the other entirely
 * </pre>
 */
public enum ConvMode {
    FULL,
    SAME,
    VALID;

    /** SciPy's name of a mode ({@code "full"}, {@code "same"}, {@code "valid"}), for code ported from Python. */
    public static ConvMode of(String name) {
        if (name == null) throw new NullPointerException("ConvMode.of: name is null");
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "full" -> FULL;
            case "same" -> SAME;
            case "valid" -> VALID;
            default -> throw new NdException("signal: mode must be one of full, same, valid, got '" + name + "'");
        };
    }

    /** SciPy's name of this mode. */
    public String scipyName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
