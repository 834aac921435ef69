package org.ndgpu.routines.io;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
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

    /** numpy.loadtxt(file, dtype, delimiter, comments, skiprows, usecols): every field must parse. */
    public static NDArray loadtxt(Path file, TextFormat f) {
        return read("loadtxt", file, f, false);
    }

    /** numpy.genfromtxt: as loadtxt, but a missing or unparsable field becomes the filling value. */
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
        boolean integral = dt.isInteger();
        double fillValue = f.fillingValue() != null ? f.fillingValue().doubleValue() : integral ? -1 : Double.NaN;
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
                for (int k = 0; k < cols; k++) v[k] = parseLong(op, fields[k], dt, row, k, fill, (long) fillValue);
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
            carrier = DType.INT64;
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

    private static double parseDouble(String op, String s, DType dt, int row, int col, boolean fill, double v) {
        String t = s.strip();
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
        char last = t.isEmpty() ? ' ' : t.charAt(t.length() - 1);
        if (Character.isDigit(last) || last == '.') {
            try {
                return Double.parseDouble(t);
            } catch (NumberFormatException e) {
                // reported below
            }
        }
        if (fill) return v;
        throw new NdException(op + ": could not convert string '" + t + "' to " + dt + " at row " + row + ", column "
                + (col + 1) + ".");
    }

    private static long parseLong(String op, String s, DType dt, int row, int col, boolean fill, long v) {
        String t = s.strip();
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            if (fill) return v;
            throw new NdException(op + ": could not convert string '" + t + "' to " + dt + " at row " + row
                    + ", column " + (col + 1) + ".");
        }
    }

    private static final Pattern SPEC = Pattern.compile("%([-+ 0#]*)(\\d*)(?:\\.(\\d+))?([eEfFgGdis])");

    /**
     * numpy.savetxt(file, a, fmt, delimiter): a 1-d array as one value per line, a 2-d array as one
     * row per line; {@code fmt} is a C format of one value ({@code "%.18e"}, {@code "%.3f"},
     * {@code "%d"}), written digit for digit as C's printf writes it (the exact binary value
     * rounded half-even), nan and inf as NumPy writes them.
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
        if (a.dtype().isComplex()) throw new NdException("savetxt: complex arrays are not supported, got " + a.dtype());
        Matcher m = SPEC.matcher(fmt);
        if (!m.find())
            throw new NdException("savetxt: fmt must hold one % conversion such as %.18e, got '" + fmt + "'");
        String head = fmt.substring(0, m.start()), tail = fmt.substring(m.end());
        long rows = a.shape()[0];
        long cols = a.ndim() == 1 ? 1 : a.shape()[1];
        double[] v = a.dtype().isInteger() ? null : a.toDoubleArray();
        long[] iv = a.dtype().isInteger() ? a.toLongArray() : null;
        var sb = new StringBuilder();
        for (long r = 0; r < rows; r++) {
            for (long c = 0; c < cols; c++) {
                if (c > 0) sb.append(delimiter);
                int i = (int) (r * cols + c);
                BigDecimal x = iv != null ? BigDecimal.valueOf(iv[i]) : null;
                double d = iv != null ? iv[i] : v[i];
                sb.append(head).append(format(m, x, d)).append(tail);
            }
            sb.append('\n');
        }
        try {
            Files.writeString(file, sb, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new NdIOException("savetxt: cannot write " + file + ": " + e, e);
        }
    }

    /** One value as C's printf writes {@code m}'s conversion; {@code exact} is an integer's exact value, else null. */
    private static String format(Matcher m, BigDecimal exact, double d) {
        String flags = m.group(1), width = m.group(2);
        char conv = m.group(4).charAt(0);
        int prec = m.group(3) != null ? Integer.parseInt(m.group(3)) : 6;
        String body;
        if (exact == null && !Double.isFinite(d)) {
            body = Double.isNaN(d) ? "nan" : d > 0 ? (flags.contains("+") ? "+inf" : "inf") : "-inf";
        } else {
            BigDecimal x = exact != null ? exact : new BigDecimal(d);
            boolean neg = exact != null ? x.signum() < 0 : (d < 0 || (d == 0 && 1 / d < 0));
            BigDecimal ax = x.abs();
            String digits = switch (conv) {
                case 'd', 'i' -> ax.setScale(0, RoundingMode.DOWN).toPlainString();
                case 'f', 'F' -> ax.setScale(prec, RoundingMode.HALF_EVEN).toPlainString();
                case 'e', 'E' -> scientific(ax, prec, conv == 'E');
                case 'g', 'G' -> general(ax, prec == 0 ? 1 : prec, conv == 'G', flags.contains("#"));
                default -> ax.toPlainString(); // %s
            };
            String sign = neg ? "-" : flags.contains("+") ? "+" : flags.contains(" ") ? " " : "";
            body = sign + digits;
        }
        int w = width.isEmpty() ? 0 : Integer.parseInt(width);
        if (body.length() >= w) return body;
        String pad = " ".repeat(w - body.length());
        if (flags.contains("-")) return body + pad;
        if (flags.contains("0") && Character.isDigit(body.charAt(body.length() - 1))) {
            int s = body.startsWith("-") || body.startsWith("+") || body.startsWith(" ") ? 1 : 0;
            return body.substring(0, s) + "0".repeat(w - body.length()) + body.substring(s);
        }
        return pad + body;
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
