package org.ndgpu.routines.io;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
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
 * numpy.loadtxt and numpy.genfromtxt: text is parsed on the host, by nature, and the numbers cross
 * to the device in one transfer ({@link SaveText} writes it). The result has NumPy's
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
}
