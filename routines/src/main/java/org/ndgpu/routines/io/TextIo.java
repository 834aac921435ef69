package org.ndgpu.routines.io;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
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
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.NdIOException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.io.TextFormat;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Transfers;

/**
 * numpy.loadtxt, numpy.genfromtxt and numpy.savetxt: text is parsed and written on the host, by
 * nature, and the numbers cross to (or from) the device in one transfer. The result has NumPy's
 * shape: rows by columns, with an axis of length 1 squeezed (one row or one column is 1-d, a single
 * value 0-d), and an empty file gives an empty 1-d array.
 */
public final class TextIo {
    private TextIo() {}

    /**
     * numpy.loadtxt(file, dtype, delimiter, comments, skiprows, usecols): every field must parse, as
     * NumPy's C parser reads it (decimal floats, nan and inf; integers within the dtype's range;
     * bool as an integer, non-zero true).
     */
    public static NDArray loadtxt(Path file, TextFormat f) {
        return read("loadtxt", file, f, false);
    }

    /**
     * numpy.genfromtxt: as loadtxt, but fields parse as Python's float() and int() read them (an
     * integer field may be a float, truncated; bool is "true" or "false" in any case), and a missing
     * or unparsable field becomes the filling value; an integer out of the dtype's range raises.
     */
    public static NDArray genfromtxt(Path file, TextFormat f) {
        return read("genfromtxt", file, f, true);
    }

    private static NDArray read(String op, Path file, TextFormat f, boolean fill) {
        Objects.requireNonNull(file, op + ": file is null");
        Objects.requireNonNull(f, op + ": format is null");
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new NdIOException(op + ": cannot read " + file + ": " + e, e);
        }
        DType dt = f.dtype();
        // bool and the integers are read exactly as integers; bool becomes value != 0 on the device
        boolean integral = dt.isInteger() || dt.isBool();
        Number fv = f.fillingValue();
        double fillValue = fv != null ? fv.doubleValue() : dt.isInteger() ? -1 : dt.isBool() ? 0 : Double.NaN;
        List<double[]> floats = new ArrayList<>();
        List<long[]> ints = new ArrayList<>();
        int cols = -1;
        int[] use = f.usecols();
        for (int ln = f.skiprows(); ln < lines.size(); ln++) {
            String line = lines.get(ln);
            if (f.comments() != null) {
                int c = line.indexOf(f.comments());
                if (c >= 0) line = line.substring(0, c);
            }
            if (line.isBlank()) continue;
            String[] fields =
                    f.delimiter() == null ? line.strip().split("\\s+") : line.split(Pattern.quote(f.delimiter()), -1);
            int row = integral ? ints.size() : floats.size();
            if (use != null) {
                String[] kept = new String[use.length];
                for (int k = 0; k < use.length; k++) {
                    int u = use[k] < 0 ? use[k] + fields.length : use[k];
                    if (u < 0 || u >= fields.length) {
                        throw new NdException(op + ": usecols[" + k + "] is " + use[k] + ", but row " + row + " (line "
                                + (ln + 1) + ") has " + fields.length + " columns");
                    }
                    kept[k] = fields[u];
                }
                fields = kept;
            }
            if (cols >= 0 && fields.length != cols) {
                throw new ShapeException(op + ": the number of columns changed from " + cols + " to " + fields.length
                        + " at row " + row + " (line " + (ln + 1) + "); use usecols to select a subset");
            }
            cols = fields.length;
            if (integral) {
                long[] v = new long[cols];
                for (int k = 0; k < cols; k++) v[k] = parseInteger(op, fields[k], dt, row, k, fill, fv, fillValue);
                ints.add(v);
            } else {
                double[] v = new double[cols];
                for (int k = 0; k < cols; k++) v[k] = parseDouble(op, fields[k], dt, row, k, fill, fillValue);
                floats.add(v);
            }
        }
        int rows = integral ? ints.size() : floats.size();
        if (rows == 0) return NDArray.empty(Device.current(), dt, new long[] {0}, org.ndgpu.ndarray.Order.C);
        long[] shape = rows == 1 && cols == 1
                ? new long[0]
                : rows == 1 ? new long[] {cols} : cols == 1 ? new long[] {rows} : new long[] {rows, cols};
        MemorySegment data;
        DType carrier;
        if (integral) {
            long[] all = new long[rows * cols];
            for (int r = 0; r < rows; r++) System.arraycopy(ints.get(r), 0, all, r * cols, cols);
            data = MemorySegment.ofArray(all);
            carrier = dt == DType.UINT64 ? DType.UINT64 : DType.INT64; // uint64 keeps its bits above 2^63
        } else {
            double[] all = new double[rows * cols];
            for (int r = 0; r < rows; r++) System.arraycopy(floats.get(r), 0, all, r * cols, cols);
            data = MemorySegment.ofArray(all);
            carrier = DType.FLOAT64;
        }
        NDArray wide = Transfers.fromHost(Device.current(), carrier, shape, data);
        if (carrier == dt) return wide;
        try (wide) { // the numbers cross once; the cast runs on the device
            return wide.astype(dt);
        }
    }

    private static NdException notConverted(String op, String t, DType dt, int row, int col) {
        return new NdException(op + ": could not convert string '" + t + "' to " + dt + " at row " + row + ", column "
                + (col + 1) + ".");
    }

    /** What loadtxt reads as a float: decimal digits only (no hex floats, no Java d/f suffixes). */
    private static final Pattern C_FLOAT = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    /** What Python's float() reads, genfromtxt's parser: decimal digits with single underscores between digits. */
    private static final Pattern PY_FLOAT = Pattern.compile(
            "[+-]?(\\d+(?:_\\d+)*(?:\\.(?:\\d+(?:_\\d+)*)?)?|\\.\\d+(?:_\\d+)*)([eE][+-]?\\d+(?:_\\d+)*)?");

    private static final Pattern C_INT = Pattern.compile("[+-]?\\d+");
    private static final Pattern PY_INT = Pattern.compile("[+-]?\\d+(?:_\\d+)*");

    /** A float as NumPy's loadtxt (C parser) or genfromtxt (Python's float()) reads it, or null if it does not parse. */
    private static Double floatOf(String t, boolean python) {
        switch (t.toLowerCase(Locale.ROOT)) {
            case "nan", "+nan", "-nan" -> {
                return Double.NaN;
            }
            case "inf", "+inf", "infinity", "+infinity" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-inf", "-infinity" -> {
                return Double.NEGATIVE_INFINITY;
            }
            default -> {}
        }
        if (!(python ? PY_FLOAT : C_FLOAT).matcher(t).matches()) return null;
        return Double.parseDouble(t.replace("_", ""));
    }

    private static double parseDouble(String op, String s, DType dt, int row, int col, boolean fill, double v) {
        String t = s.strip();
        Double d = floatOf(t, fill);
        if (d != null) return d;
        if (fill) return v;
        throw notConverted(op, t, dt, row, col);
    }

    /**
     * An integer or bool field, checked against the dtype's range as NumPy checks it: loadtxt takes
     * only integer text (bool: an integer, non-zero is true); genfromtxt takes what Python's int()
     * or int(float()) takes, and for bool only "true"/"false" in any case, else the filling value.
     */
    private static long parseInteger(
            String op, String s, DType dt, int row, int col, boolean fill, Number fv, double fillValue) {
        String t = s.strip();
        BigInteger x = null;
        if (dt.isBool()) {
            if (fill) {
                if (t.equalsIgnoreCase("true")) return 1;
                if (t.equalsIgnoreCase("false")) return 0;
                return fillValue != 0 ? 1 : 0;
            }
            if (C_INT.matcher(t).matches()) return new BigInteger(t).signum() != 0 ? 1 : 0;
            throw notConverted(op, t, dt, row, col);
        }
        if (!fill) {
            if (C_INT.matcher(t).matches()) x = new BigInteger(t);
            if (x == null || !inRange(x, dt)) throw notConverted(op, t, dt, row, col);
            return x.longValue();
        }
        if (PY_INT.matcher(t).matches()) {
            x = new BigInteger(t.replace("_", ""));
        } else {
            Double d = floatOf(t, true);
            if (d != null && Double.isInfinite(d)) {
                throw new NdException(op + ": cannot convert float infinity to integer ('" + t + "' at row " + row
                        + ", column " + (col + 1) + ", dtype " + dt + ")");
            }
            if (d != null && !d.isNaN()) x = new BigDecimal(d).toBigInteger();
        }
        boolean filled = x == null;
        if (filled) x = fillInteger(op, fv, dt);
        if (!inRange(x, dt)) {
            throw new NdException(op + ": " + (filled ? "the filling value " : "integer ") + x + " (from '" + t
                    + "' at row " + row + ", column " + (col + 1) + ") is out of bounds for " + dt);
        }
        return x.longValue();
    }

    private static BigInteger fillInteger(String op, Number fv, DType dt) {
        if (fv == null) return BigInteger.valueOf(-1);
        if (fv instanceof BigInteger b) return b;
        if (fv instanceof Long || fv instanceof Integer || fv instanceof Short || fv instanceof Byte) {
            return BigInteger.valueOf(fv.longValue());
        }
        double d = fv.doubleValue();
        if (!Double.isFinite(d)) {
            throw new NdException(op + ": the filling value " + fv + " cannot be converted to " + dt);
        }
        return new BigDecimal(d).toBigInteger();
    }

    private static boolean inRange(BigInteger x, DType dt) {
        int bits = dt.itemsize() * 8;
        BigInteger lo = dt.isSigned() ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
        BigInteger hi = dt.isSigned()
                ? BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
        return x.compareTo(lo) >= 0 && x.compareTo(hi) <= 0;
    }

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
