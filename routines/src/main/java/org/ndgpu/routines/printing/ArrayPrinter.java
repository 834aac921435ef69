package org.ndgpu.routines.printing;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.ndgpu.config.PrintOptions;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.DateUnit;
import org.ndgpu.ndarray.HostArray;
import org.ndgpu.routines.DateTimes;
import org.ndgpu.routines.printing.Dragon4.Kind;
import org.ndgpu.routines.printing.Dragon4.Trim;

/**
 * NumPy's {@code repr} and {@code str} of an array, character for character as NumPy 2.4 prints
 * with the print options in force ({@link PrintOptions}; NumPy's defaults: line width 75,
 * summarization with "..." above 1000 elements (3 edge items per side), precision 8, suppress off)
 * with floatmode 'maxprec', the shortest round-trip digits of the array's own float type, and
 * NumPy's choice between positional and scientific notation.
 *
 * <pre>{@code
 * ArrayPrinter.repr(a);   // "array([[1., 2.],\n       [3., 4.]], dtype=float32)"
 * ArrayPrinter.str(a);    // "[[1. 2.]\n [3. 4.]]"
 * }</pre>
 *
 * <p>It reads elements from a {@link HostArray} (C or Fortran order) and touches only those it
 * shows, so printing a large array costs no more than its corners.
 */
public final class ArrayPrinter {
    private final HostArray array;
    private final ByteBuffer buf;
    private final long[] shape;
    private final long[] strides;
    private final boolean summarize;
    private final String separator;
    private final PrintOptions options;
    private final int edge;
    private Element element;

    /** The text of one element, given its byte offset. */
    private interface Element {
        String at(int offset);
    }

    /** Which elements are present: all of them, or only the edges of each long axis (see {@link #summaryShape}). */
    private final long[] present;

    // {@code array} holds either every element, or (when its shape is summaryShape(logical)) only the
    // first and last edgeitems along each cut axis: all that a summarized print reads
    private ArrayPrinter(HostArray array, long[] logical, String separator, PrintOptions options) {
        this.options = options;
        this.edge = options.edgeitems();
        this.array = array;
        this.buf = array.data();
        this.shape = logical;
        this.present = array.shape();
        this.separator = separator;
        this.summarize = HostArray.size(logical) > options.threshold();
        int nd = shape.length;
        strides = new long[nd];
        long s = array.dtype().itemsize();
        for (int k = 0; k < nd; k++) {
            int axis = array.fortranOrder() ? k : nd - 1 - k;
            strides[axis] = s;
            s *= present[axis];
        }
    }

    /**
     * The shape of what a print of an array of {@code shape} reads: with more than threshold elements,
     * each axis longer than 2 * edgeitems keeps only its first and last edgeitems; else the shape itself.
     */
    public static long[] summaryShape(long[] shape, PrintOptions o) {
        long[] out = shape.clone();
        if (HostArray.size(shape) <= o.threshold()) return out;
        // edgeitems 0 reads every element: NumPy's _leading_trailing takes a[:0] and a[-0:], the whole axis
        if (o.edgeitems() == 0) return out;
        for (int d = 0; d < out.length; d++) out[d] = Math.min(out[d], 2L * o.edgeitems());
        return out;
    }

    // byte offset of logical index i along axis, in an array that may hold only the edges of that axis
    private long step(int axis, long i) {
        long n = shape[axis];
        long at = present[axis] < n && i >= edge ? i - (n - present[axis]) : i;
        return at * strides[axis];
    }

    /**
     * NumPy's repr: {@code array([0, 1, 2])}, {@code array([1., 2.], dtype=float32)},
     * {@code array([], shape=(0, 3), dtype=float32)}, {@code array(3.5)}.
     * <pre>{@code ArrayPrinter.repr(Npy.read(Path.of("x.npy")))}</pre>
     */
    public static String repr(HostArray a) {
        return repr(a, a.shape(), PrintOptions.current());
    }

    /** repr of an array of shape {@code logical} whose elements {@code a} holds in full or as {@link #summaryShape}. */
    static String repr(HostArray a, long[] logical, PrintOptions o) {
        String prefix = "array(";
        long size = HostArray.size(logical);
        // array2string takes the ")" suffix off the line width
        String lst = size == 0 ? "[]" : new ArrayPrinter(a, logical, ", ", o).render(o.linewidth() - 1, prefix);
        List<String> extras = new ArrayList<>();
        boolean shapeIsZero = logical.length == 1 && logical[0] == 0;
        if ((size == 0 && !shapeIsZero) || size > o.threshold()) extras.add("shape=" + HostArray.shapeString(logical));
        if (!dtypeIsImplied(a.dtype()) || size == 0) extras.add("dtype=" + dtypeText(a.dtype()));
        if (extras.isEmpty()) return prefix + lst + ")";
        String arrStr = prefix + lst + ",";
        String extraStr = String.join(", ", extras) + ")";
        int lastLineLen = arrStr.length() - (arrStr.lastIndexOf('\n') + 1);
        String spacer = lastLineLen + extraStr.length() + 1 > o.linewidth() ? "\n" + " ".repeat(prefix.length()) : " ";
        return arrStr + spacer + extraStr;
    }

    /**
     * NumPy's str: {@code [[1. 2.]\n [3. 4.]]}; a 0-d array prints as its scalar does ({@code 3.5}).
     * <pre>{@code System.out.println(ArrayPrinter.str(a));}</pre>
     */
    public static String str(HostArray a) {
        return str(a, a.shape(), PrintOptions.current());
    }

    /** str of an array of shape {@code logical} whose elements {@code a} holds in full or as {@link #summaryShape}. */
    static String str(HostArray a, long[] logical, PrintOptions o) {
        if (logical.length == 0) return new ArrayPrinter(a, logical, " ", o).scalarStr();
        if (HostArray.size(logical) == 0) return "[]";
        return new ArrayPrinter(a, logical, " ", o).render(o.linewidth(), "");
    }

    /**
     * The text of every element of {@code a}, in C order, formatted as NumPy formats them within one
     * array (one width and notation for all): what each field of a structured array shows in its
     * records. With {@code floatsAsScalars}, floats print as their scalars' str ({@code 1.0}), as
     * NumPy prints the fields of a 0-d structured array's str.
     */
    public static List<String> elementTexts(HostArray a, PrintOptions o, boolean floatsAsScalars) {
        ArrayPrinter p = new ArrayPrinter(a, a.shape(), ", ", o);
        List<Integer> offsets = new ArrayList<>();
        long n = a.size();
        int nd = p.shape.length;
        long[] idx = new long[nd];
        for (long e = 0; e < n; e++) {
            long off = 0;
            for (int k = 0; k < nd; k++) off += idx[k] * p.strides[k];
            offsets.add((int) off);
            for (int k = nd - 1; k >= 0 && ++idx[k] == p.shape[k]; k--) idx[k] = 0;
        }
        DType d = a.dtype();
        Element element = floatsAsScalars && d.isFloating()
                ? off -> FloatingFormat.scalarStr(p.readDouble(off, 0), kind(d), Trim.ONE_ZERO, false)
                : p.formatter(offsets);
        List<String> texts = new ArrayList<>(offsets.size());
        for (int off : offsets) texts.add(element.at(off));
        return texts;
    }

    /**
     * NumPy's _formatArray over elements already turned to text (a structured array's records):
     * {@code texts} holds, in C order, the elements a print of shape {@code logical} shows (all of
     * them, or those of {@link #summaryShape}); rows wrap at {@code lineWidth}, continuation lines
     * indented past {@code prefix}.
     */
    public static String layout(
            List<String> texts, long[] logical, String separator, int lineWidth, String prefix, PrintOptions o) {
        long[] present = summaryShape(logical, o);
        ByteBuffer index = ByteBuffer.allocate(texts.size() * 4);
        ArrayPrinter p = new ArrayPrinter(new HostArray(DType.INT32, present, false, index), logical, separator, o);
        // an INT32 array in C order: the element at byte offset 4k is the k-th text
        p.element = off -> texts.get(off / 4);
        return p.recurse(0, 0, " " + " ".repeat(prefix.length()), lineWidth);
    }

    // NumPy quotes a dtype whose name has brackets: dtype='datetime64[s]', but dtype=timedelta64
    private static String dtypeText(DType d) {
        return d.numpyName().indexOf('[') >= 0 ? "'" + d.numpyName() + "'" : d.numpyName();
    }

    /** The dtypes NumPy's repr leaves unnamed: the defaults of Python's bool, int, float, complex. */
    private static boolean dtypeIsImplied(DType d) {
        return d == DType.BOOL || d == DType.INT64 || d == DType.FLOAT64 || d == DType.COMPLEX128;
    }

    private String render(int lineWidth, String prefix) {
        List<Integer> shown = new ArrayList<>();
        collect(0, 0, shown);
        element = formatter(shown);
        String hanging = " " + " ".repeat(prefix.length());
        return recurse(0, 0, hanging, lineWidth);
    }

    // NumPy's _leading_trailing: when summarizing, only the first and last edgeitems along each
    // long axis are shown, and only they decide the column widths and notation
    private void collect(int axis, long base, List<Integer> out) {
        if (axis == shape.length) {
            out.add((int) base);
            return;
        }
        long n = shape[axis];
        // with edgeitems 0 NumPy still shows the last element, and sizes columns by the whole array
        boolean cut = summarize && n > 2L * edge && edge > 0;
        for (long i = 0; i < n; i++) {
            if (cut && i == edge) i = n - edge;
            collect(axis + 1, base + step(axis, i), out);
        }
    }

    // NumPy's _formatArray: rows wrap at the line width, outer axes separate by blank lines
    private String recurse(int axis, long base, String hanging, int width) {
        if (axis == shape.length) return element.at((int) base);
        String nextHanging = hanging + " ";
        int nextWidth = width - 1;
        long n = shape[axis];
        boolean show = summarize && 2L * edge < n;
        long leading = show ? edge : 0, trailing = show ? edge : n;
        StringBuilder s = new StringBuilder();
        if (shape.length - axis == 1) {
            int elemWidth = width - Math.max(separator.stripTrailing().length(), 1);
            StringBuilder line = new StringBuilder(hanging);
            for (long i = 0; i < leading; i++) {
                extendLine(
                        s, line, recurse(axis + 1, base + step(axis, i), nextHanging, nextWidth), elemWidth, hanging);
                line.append(separator);
            }
            if (show) {
                extendLine(s, line, "...", elemWidth, hanging);
                line.append(separator);
            }
            for (long i = trailing; i > 1; i--) {
                extendLine(
                        s,
                        line,
                        recurse(axis + 1, base + step(axis, n - i), nextHanging, nextWidth),
                        elemWidth,
                        hanging);
                line.append(separator);
            }
            extendLine(
                    s, line, recurse(axis + 1, base + step(axis, n - 1), nextHanging, nextWidth), elemWidth, hanging);
            s.append(line);
        } else {
            String lineSep = separator.stripTrailing() + "\n".repeat(shape.length - axis - 1);
            for (long i = 0; i < leading; i++) {
                s.append(hanging)
                        .append(recurse(axis + 1, base + step(axis, i), nextHanging, nextWidth))
                        .append(lineSep);
            }
            if (show) s.append(hanging).append("...").append(lineSep);
            for (long i = trailing; i > 1; i--) {
                s.append(hanging)
                        .append(recurse(axis + 1, base + step(axis, n - i), nextHanging, nextWidth))
                        .append(lineSep);
            }
            s.append(hanging).append(recurse(axis + 1, base + step(axis, n - 1), nextHanging, nextWidth));
        }
        return "[" + s.substring(hanging.length()) + "]";
    }

    private static void extendLine(StringBuilder s, StringBuilder line, String word, int width, String nextLinePrefix) {
        boolean wrap = line.length() + word.length() > width;
        if (line.length() <= nextLinePrefix.length()) wrap = false; // wrapping would not help
        if (wrap) {
            s.append(line.toString().stripTrailing()).append('\n');
            line.setLength(0);
            line.append(nextLinePrefix);
        }
        line.append(word);
    }

    private Element formatter(List<Integer> shown) {
        DType d = array.dtype();
        switch (d) {
            case BOOL -> {
                // " True" lines up with "False", except in a 0-d array
                String trueStr = shape.length == 0 ? "True" : " True";
                return off -> buf.get(off) != 0 ? trueStr : "False";
            }
            case UINT8, INT8, INT16, UINT16, INT32, UINT32, INT64, UINT64 -> {
                int width = 0;
                for (int off : shown) width = Math.max(width, integerStr(off).length());
                int w = width;
                return off -> {
                    String t = integerStr(off);
                    return " ".repeat(w - t.length()) + t;
                };
            }
            case FLOAT16, FLOAT32, FLOAT64 -> {
                double[] v = new double[shown.size()];
                for (int i = 0; i < v.length; i++) v[i] = readDouble(shown.get(i), 0);
                FloatingFormat f = new FloatingFormat(v, kind(d), false, options);
                return off -> f.format(readDouble(off, 0));
            }
            case COMPLEX64, COMPLEX128 -> {
                double[] re = new double[shown.size()], im = new double[shown.size()];
                int half = d.itemsize() / 2;
                for (int i = 0; i < re.length; i++) {
                    re[i] = readDouble(shown.get(i), 0);
                    im[i] = readDouble(shown.get(i), half);
                }
                FloatingFormat fr = new FloatingFormat(re, kind(d), false, options),
                        fi = new FloatingFormat(im, kind(d), true, options);
                return off -> {
                    String r = fr.format(readDouble(off, 0)), i = fi.format(readDouble(off, half));
                    int sp = i.stripTrailing().length(); // the 'j' goes before the padding
                    return r + i.substring(0, sp) + "j" + i.substring(sp);
                };
            }
            default -> {
                if (!d.isTime()) throw new AssertionError(d);
                // datetimes quoted, timedeltas as integers but NaT quoted; right-aligned to one width
                int width = 0;
                for (int off : shown) width = Math.max(width, timeText(off).length());
                int w = width;
                return off -> {
                    String t = timeText(off);
                    return " ".repeat(w - t.length()) + t;
                };
            }
        }
    }

    private String timeText(int off) {
        long v = buf.getLong(off);
        if (v == DateUnit.NAT) return "'NaT'";
        DType d = array.dtype();
        return d.isDatetime() ? "'" + DateTimes.format(v, d.unit()) + "'" : Long.toString(v);
    }

    /** NumPy's str of the single element of a 0-d array (the scalar's str). */
    private String scalarStr() {
        DType d = array.dtype();
        return switch (d) {
            case BOOL -> buf.get(0) != 0 ? "True" : "False";
            case UINT8, INT8, INT16, UINT16, INT32, UINT32, INT64, UINT64 -> integerStr(0);
            case FLOAT16, FLOAT32, FLOAT64 -> FloatingFormat.scalarStr(readDouble(0, 0), kind(d), Trim.ONE_ZERO, false);
            case COMPLEX64, COMPLEX128 -> complexScalarStr(readDouble(0, 0), readDouble(0, d.itemsize() / 2), kind(d));
            default -> timeScalarStr(buf.getLong(0), d);
        };
    }

    // numpy.datetime64's str "2024-01-01T10:00"; numpy.timedelta64's "1 milliseconds"; "NaT" for either
    private static String timeScalarStr(long v, DType d) {
        if (v == DateUnit.NAT) return "NaT";
        if (d.isDatetime()) return DateTimes.format(v, d.unit());
        String unit = switch (d.unit()) {
            case GENERIC -> "generic time units";
            case Y -> "years";
            case M -> "months";
            case W -> "weeks";
            case D -> "days";
            case h -> "hours";
            case m -> "minutes";
            case s -> "seconds";
            case ms -> "milliseconds";
            case us -> "microseconds";
            case ns -> "nanoseconds";
            case ps -> "picoseconds";
            case fs -> "femtoseconds";
            case as -> "attoseconds";
        };
        return v + " " + unit;
    }

    // Python's complex repr as NumPy's scalars write it: "(1+2j)", "2j", "(-0-1j)", "(nan+infj)"
    private static String complexScalarStr(double re, double im, Kind kind) {
        if (re == 0 && Double.doubleToRawLongBits(re) >= 0) {
            return FloatingFormat.scalarStr(im, kind, Trim.DPT_ZEROS, false) + "j";
        }
        String r = FloatingFormat.scalarStr(re, kind, Trim.DPT_ZEROS, false);
        String i = FloatingFormat.scalarStr(im, kind, Trim.DPT_ZEROS, true);
        return "(" + r + i + "j)";
    }

    private static Kind kind(DType d) {
        return switch (d.real()) {
            case FLOAT16 -> Kind.HALF;
            case FLOAT32 -> Kind.SINGLE;
            default -> Kind.DOUBLE;
        };
    }

    /** The integer element at {@code off} in decimal; a uint64 past Long.MAX_VALUE prints as its unsigned value. */
    private String integerStr(int off) {
        return array.dtype() == DType.UINT64 ? Long.toUnsignedString(readLong(off)) : Long.toString(readLong(off));
    }

    private long readLong(int off) {
        return switch (array.dtype()) {
            case UINT8 -> buf.get(off) & 0xFFL;
            case INT8 -> buf.get(off);
            case INT16 -> buf.getShort(off);
            case UINT16 -> buf.getShort(off) & 0xFFFFL;
            case INT32 -> buf.getInt(off);
            case UINT32 -> buf.getInt(off) & 0xFFFFFFFFL;
            case INT64, UINT64 -> buf.getLong(off);
            default -> throw new AssertionError(array.dtype());
        };
    }

    private double readDouble(int off, int part) {
        return switch (array.dtype().real()) {
            case FLOAT16 -> Float.float16ToFloat(buf.getShort(off + part));
            case FLOAT32 -> buf.getFloat(off + part);
            case FLOAT64 -> buf.getDouble(off + part);
            default -> throw new AssertionError(array.dtype());
        };
    }
}
