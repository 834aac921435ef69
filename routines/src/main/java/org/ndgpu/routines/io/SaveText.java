package org.ndgpu.routines.io;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.NdIOException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * numpy.savetxt: the text is written on the host, by nature, after the numbers cross from the device
 * in one transfer, each value as Python's %-format writes it.
 */
public final class SaveText {
    private SaveText() {}

    /** One conversion of a Python %-format: flags, width, precision (-1: none) and the conversion letter. */
    private record Spec(String flags, int width, int prec, char conv) {}

    private static final Pattern SPEC = Pattern.compile("%([-+ 0#]*)(\\d*)(?:\\.(\\d*))?[hlL]?([diueEfFgGsxXo])");

    /**
     * numpy.savetxt(file, a, fmt, delimiter): a 1-d array as one value per line, a 2-d array as one
     * row per line. {@code fmt} is a Python %-format as NumPy takes it: one conversion ({@code "%.18e"},
     * {@code "%.3f"}, {@code "%d"}, {@code "%s"}) applied to every value and joined by {@code
     * delimiter}, or one conversion per column ({@code "%.2f,%d"}) formatting the whole row, the
     * delimiter unused; {@code %%} is a literal %. Numbers are written digit for digit as Python's %
     * writes them (the exact binary value rounded half-even; integers go through float64 for %e, %f
     * and %g; {@code %s} is Python's str() of the element, e.g. 0.1, 1e+300, True).
     */
    public static void savetxt(Path file, NDArray a, String fmt, String delimiter) {
        Objects.requireNonNull(file, "savetxt: file is null");
        Objects.requireNonNull(a, "savetxt: a is null");
        Objects.requireNonNull(fmt, "savetxt: fmt is null");
        Objects.requireNonNull(delimiter, "savetxt: delimiter is null");
        a.live("savetxt");
        if (a.ndim() == 0 || a.ndim() > 2) {
            throw new ShapeException("savetxt: expected a 1-d or 2-d array, got " + a.ndim() + "-d");
        }
        DType dt = a.dtype();
        if (dt.isComplex()) throw new NdException("savetxt: complex arrays are not supported, got " + dt);
        long rows = a.shape()[0];
        long cols = a.ndim() == 1 ? 1 : a.shape()[1];
        // NumPy counts every '%' (a "%%" counts twice): one means the format of each value, the
        // column count means the format of a row
        long percents = fmt.chars().filter(ch -> ch == '%').count();
        List<Object> parts;
        if (percents == 1) {
            List<Object> one = parseFormat(fmt, fmt, 1, dt);
            parts = new ArrayList<>();
            for (long c = 0; c < cols; c++) {
                if (c > 0) parts.add(delimiter);
                parts.addAll(one);
            }
        } else if (percents == cols) {
            parts = parseFormat(fmt, fmt, cols, dt);
        } else {
            throw new NdException("savetxt: fmt has wrong number of % formats: expected 1 or " + cols
                    + " (one per column), got " + percents + " in '" + fmt + "'");
        }
        boolean integral = dt.isInteger() || dt.isBool();
        double[] v = integral ? null : a.toDoubleArray();
        long[] iv = integral ? a.toLongArray() : null;
        var sb = new StringBuilder();
        for (long r = 0; r < rows; r++) {
            int i = (int) (r * cols);
            for (Object part : parts) {
                if (part instanceof String lit) {
                    sb.append(lit);
                } else {
                    sb.append(format((Spec) part, dt, integral ? iv[i] : 0, integral ? 0 : v[i]));
                    i++;
                }
            }
            sb.append('\n');
        }
        try {
            Files.writeString(file, sb, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new NdIOException("savetxt: cannot write " + file + ": " + e, e);
        }
    }

    /** The literal text and conversions of {@code row}, which must hold {@code convs} conversions. */
    private static List<Object> parseFormat(String row, String fmt, long convs, DType dt) {
        List<Object> parts = new ArrayList<>();
        var lit = new StringBuilder();
        int n = 0;
        for (int i = 0; i < row.length(); ) {
            char c = row.charAt(i);
            if (c != '%') {
                lit.append(c);
                i++;
            } else if (i + 1 < row.length() && row.charAt(i + 1) == '%') {
                lit.append('%');
                i += 2;
            } else {
                Matcher m = SPEC.matcher(row).region(i, row.length());
                if (!m.lookingAt()) {
                    throw new NdException("savetxt: unsupported conversion at '" + row.substring(i) + "' in fmt '" + fmt
                            + "'; expected one of %d %i %u %e %E %f %F %g %G %s %x %X %o");
                }
                parts.add(lit.toString());
                lit.setLength(0);
                String p = m.group(3);
                parts.add(new Spec(
                        m.group(1),
                        m.group(2).isEmpty() ? 0 : Integer.parseInt(m.group(2)),
                        p == null ? -1 : p.isEmpty() ? 0 : Integer.parseInt(p),
                        m.group(4).charAt(0)));
                n++;
                i = m.end();
            }
        }
        parts.add(lit.toString());
        if (n != convs) {
            throw new NdException("savetxt: mismatch between array dtype ('" + dt + "') and format specifier ('" + fmt
                    + "'): it holds " + n + " conversions (%% is a literal %), expected " + convs);
        }
        return parts;
    }

    private static BigInteger exactInt(DType dt, long bits) {
        return dt == DType.UINT64 ? new BigInteger(Long.toUnsignedString(bits)) : BigInteger.valueOf(bits);
    }

    /**
     * One value as Python's % writes {@code sp}: {@code bits} is an integer or bool element (uint64
     * as its bits), {@code d} a float element.
     */
    private static String format(Spec sp, DType dt, long bits, double d) {
        String flags = sp.flags();
        char conv = sp.conv();
        boolean integral = dt.isInteger() || dt.isBool();
        boolean left = flags.contains("-");
        if (conv == 's') {
            String body = integral
                    ? (dt.isBool()
                            ? (bits != 0 ? "True" : "False")
                            : exactInt(dt, bits).toString())
                    : pyStr(d, dt);
            if (sp.prec() >= 0 && body.length() > sp.prec()) body = body.substring(0, sp.prec());
            return pad(body, 0, sp.width(), left, false);
        }
        boolean neg;
        String digits;
        switch (conv) {
            case 'd', 'i', 'u' -> {
                BigInteger x;
                if (integral) {
                    x = exactInt(dt, bits);
                } else if (Double.isNaN(d)) {
                    throw new NdException(
                            "savetxt: cannot convert float NaN to integer for %" + conv + " (dtype " + dt + ")");
                } else if (Double.isInfinite(d)) {
                    throw new NdException(
                            "savetxt: cannot convert float infinity to integer for %" + conv + " (dtype " + dt + ")");
                } else {
                    x = new BigDecimal(d).toBigInteger(); // truncates toward zero: -0.5 is 0, with no sign
                }
                neg = x.signum() < 0;
                digits = x.abs().toString();
                if (digits.length() < sp.prec()) digits = "0".repeat(sp.prec() - digits.length()) + digits;
            }
            case 'x', 'X', 'o' -> {
                if (!integral) {
                    throw new NdException("savetxt: mismatch between array dtype ('" + dt + "') and format specifier '%"
                            + conv + "', which needs integers");
                }
                BigInteger x = exactInt(dt, bits);
                neg = x.signum() < 0;
                digits = x.abs().toString(conv == 'o' ? 8 : 16);
                if (conv == 'X') digits = digits.toUpperCase(Locale.ROOT);
                if (flags.contains("#")) digits = (conv == 'o' ? "0o" : conv == 'x' ? "0x" : "0X") + digits;
            }
            default -> {
                double x = integral ? (dt == DType.UINT64 ? Double.parseDouble(Long.toUnsignedString(bits)) : bits) : d;
                boolean upper = Character.isUpperCase(conv);
                if (!Double.isFinite(x)) {
                    neg = x < 0;
                    digits = Double.isNaN(x) ? "nan" : "inf";
                    if (upper) digits = digits.toUpperCase(Locale.ROOT);
                } else {
                    int prec = sp.prec() >= 0 ? sp.prec() : 6;
                    boolean alt = flags.contains("#");
                    neg = x < 0 || (x == 0 && 1 / x < 0);
                    BigDecimal ax = new BigDecimal(x).abs();
                    digits = switch (conv) {
                        case 'f', 'F' ->
                            ax.setScale(prec, RoundingMode.HALF_EVEN).toPlainString() + (alt && prec == 0 ? "." : "");
                        case 'e', 'E' -> {
                            String e = scientific(ax, prec, upper);
                            yield alt && prec == 0 ? e.charAt(0) + "." + e.substring(1) : e;
                        }
                        default -> general(ax, prec == 0 ? 1 : prec, upper, alt);
                    };
                }
            }
        }
        String sign = neg ? "-" : flags.contains("+") ? "+" : flags.contains(" ") ? " " : "";
        return pad(sign + digits, sign.length(), sp.width(), left, flags.contains("0"));
    }

    /** {@code body} padded to {@code width}: on the right, with zeros after the sign, or with spaces on the left. */
    private static String pad(String body, int signLength, int width, boolean left, boolean zeros) {
        if (body.length() >= width) return body;
        int n = width - body.length();
        if (left) return body + " ".repeat(n);
        if (zeros) return body.substring(0, signLength) + "0".repeat(n) + body.substring(signLength);
        return " ".repeat(n) + body;
    }

    /**
     * Python's str() of a NumPy float scalar: the shortest digits that read back as the same value of
     * the dtype, positional from 1e-4 up to 1e16 (float64), 1e6 (float32) or 1e3 (float16), else
     * scientific with at least two exponent digits.
     */
    private static String pyStr(double d, DType dt) {
        if (Double.isNaN(d)) return "nan";
        if (Double.isInfinite(d)) return d > 0 ? "inf" : "-inf";
        if (d == 0) return 1 / d < 0 ? "-0.0" : "0.0";
        BigDecimal shortest;
        double upper;
        if (dt == DType.FLOAT32) {
            shortest = new BigDecimal(Float.toString((float) d));
            upper = 1e6;
        } else if (dt == DType.FLOAT16) {
            short h = Float.floatToFloat16((float) d);
            BigDecimal exact = new BigDecimal(d);
            shortest = exact;
            for (int p = 1; p <= 5; p++) {
                BigDecimal r = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
                if (Float.floatToFloat16(r.floatValue()) == h) {
                    shortest = r;
                    break;
                }
            }
            upper = 1e3;
        } else {
            shortest = new BigDecimal(Double.toString(d));
            upper = 1e16;
        }
        shortest = shortest.stripTrailingZeros();
        double ad = Math.abs(d);
        if (ad >= 1e-4 && ad < upper) {
            String p = shortest.toPlainString();
            return p.contains(".") ? p : p + ".0";
        }
        String u = shortest.unscaledValue().abs().toString();
        int exp = u.length() - 1 - shortest.scale();
        String mant = u.length() > 1 ? u.charAt(0) + "." + u.substring(1) : u;
        return (d < 0 ? "-" : "") + mant + "e" + (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "")
                + Math.abs(exp);
    }

    private static String scientific(BigDecimal ax, int prec, boolean upper) {
        int exp = 0;
        String mant;
        if (ax.signum() == 0) {
            mant = prec == 0 ? "0" : "0." + "0".repeat(prec);
        } else {
            BigDecimal r = ax.round(new MathContext(prec + 1, RoundingMode.HALF_EVEN));
            exp = r.precision() - r.scale() - 1;
            String u = r.unscaledValue().toString();
            u = (u + "0".repeat(prec + 1)).substring(0, prec + 1);
            mant = prec == 0 ? u : u.charAt(0) + "." + u.substring(1);
        }
        String e = (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp);
        return mant + (upper ? "E" : "e") + (exp < 0 ? "-" : "+") + e;
    }

    private static String general(BigDecimal ax, int prec, boolean upper, boolean alt) {
        int exp = ax.signum() == 0
                ? 0
                : ax.round(new MathContext(prec, RoundingMode.HALF_EVEN)).precision()
                        - ax.round(new MathContext(prec, RoundingMode.HALF_EVEN))
                                .scale()
                        - 1;
        String s = exp < -4 || exp >= prec
                ? scientific(ax, prec - 1, upper)
                : ax.setScale(Math.max(prec - 1 - exp, 0), RoundingMode.HALF_EVEN)
                        .toPlainString();
        if (alt) return s;
        int e = s.indexOf(upper ? 'E' : 'e');
        String m = e >= 0 ? s.substring(0, e) : s, rest = e >= 0 ? s.substring(e) : "";
        if (m.contains(".")) m = m.replaceAll("0+$", "").replaceAll("\\.$", "");
        return m + rest;
    }
}
