package org.ndgpu.signal;

import java.util.Locale;
import org.ndgpu.exceptions.NdException;

/**
 * How scipy.signal's convolve and correlate compute, as their {@code method} argument: DIRECT sums
 * every product (exact windows: a NaN spoils only the outputs whose window holds it), FFT goes
 * through the transforms (fast for long inputs; a NaN or inf spoils every output), AUTO lets
 * {@code chooseConvMethod} pick by SciPy's operation-count model.
 */
public enum ConvMethod {
    AUTO,
    DIRECT,
    FFT;

    /** SciPy's name of a method ({@code "auto"}, {@code "direct"}, {@code "fft"}). */
    public static ConvMethod of(String name) {
        if (name == null) throw new NullPointerException("ConvMethod.of: name is null");
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "auto" -> AUTO;
            case "direct" -> DIRECT;
            case "fft" -> FFT;
            default -> throw new NdException("signal: method must be one of auto, direct, fft, got '" + name + "'");
        };
    }

    /** SciPy's name of this method, as choose_conv_method returns it. */
    public String scipyName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
