package org.ndgpu.routines.printing;

import org.ndgpu.exceptions.NdException;
import org.ndgpu.routines.printing.Dragon4.Kind;
import org.ndgpu.routines.printing.Dragon4.Trim;

/**
 * NumPy's text of single numbers: format_float_positional and format_float_scientific (the shortest
 * digits that read back to the same double, Dragon4 as NumPy's), base_repr and binary_repr.
 *
 * <pre>{@code
 * NumberText.formatFloatScientific(0.1);   // "1.e-01"
 * NumberText.binaryRepr(-5, 8);            // "11111011"
 * }</pre>
 */
public final class NumberText {
    private NumberText() {}

    /** The longest padding or width taken: a longer string is a mistake, not a number's text. */
    private static final int MAX_WIDTH = 1 << 16;

    /** numpy.format_float_positional(x): {@code "0.1"}, {@code "1."}, {@code "nan"}. */
    public static String formatFloatPositional(double x) {
        return Dragon4.positional(x, Kind.DOUBLE, -1, -1, Trim.NONE, false, -1, -1);
    }

    /** numpy.format_float_scientific(x): {@code "1.e-01"}, {@code "-2.5e+00"}. */
    public static String formatFloatScientific(double x) {
        return Dragon4.scientific(x, Kind.DOUBLE, -1, -1, Trim.NONE, false, -1, -1);
    }

    /** numpy.base_repr(number, base, padding): {@code baseRepr(255, 16, 0)} is "FF", with {@code padding} zeros in front. */
    public static String baseRepr(long number, int base, int padding) {
        if (base < 2 || base > 36) throw new NdException("base_repr: base must be in 2..36, got " + base);
        if (padding < 0 || padding > MAX_WIDTH) {
            throw new NdException("base_repr: padding must be in 0.." + MAX_WIDTH + ", got " + padding);
        }
        String digits = Long.toString(Math.abs(number), base).toUpperCase(java.util.Locale.ROOT);
        if (number == Long.MIN_VALUE)
            digits = Long.toUnsignedString(number, base).toUpperCase(java.util.Locale.ROOT);
        return (number < 0 ? "-" : "") + "0".repeat(padding) + digits;
    }

    /**
     * numpy.binary_repr(num, width): the binary digits, with a minus sign when {@code width} is 0
     * (NumPy's None), else the two's complement in {@code width} bits: {@code binaryRepr(-5, 8)} is
     * "11111011".
     */
    public static String binaryRepr(long num, int width) {
        if (width < 0 || width > MAX_WIDTH) {
            throw new NdException("binary_repr: width must be in 0.." + MAX_WIDTH + ", got " + width);
        }
        if (width == 0 || num >= 0) {
            String b = Long.toBinaryString(Math.abs(num));
            if (num == Long.MIN_VALUE) b = Long.toBinaryString(num);
            if (width > 0 && b.length() > width) {
                throw new NdException(
                        "binary_repr: " + num + " needs " + b.length() + " bits, more than width " + width);
            }
            return (num < 0 ? "-" : "") + "0".repeat(Math.max(0, width - b.length())) + b;
        }
        if (width < 64 && num < -(1L << (width - 1))) {
            throw new NdException("binary_repr: " + num + " does not fit " + width + " bits of two's complement");
        }
        String b = Long.toBinaryString(num);
        return width <= 64 ? b.substring(64 - width) : "1".repeat(width - 64) + b;
    }
}
