package org.ndgpu.ndarray;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.IndexException;

/**
 * NumPy indexing: integers, slices with any step, None (newaxis) and "..." (Ellipsis) as basic
 * indexing, integer and boolean lists or arrays as advanced indexing.
 * {@code parse("1:3, ::-1, None, ...")} then {@code apply} gives the view's shape, strides and offset;
 * advanced items go to the routines module, which gathers or scatters.
 */
public final class IndexExpr {
    /** One item of an index. */
    public sealed interface Item permits Int, Slice, NewAxis, Ellipsis, Ints, Bools, Array {}

    /** An integer index, which removes its axis: the {@code 2} of {@code a[2, :]}. */
    public record Int(long index) implements Item {}

    /** start/stop/step may be null, as in Python. */
    public record Slice(Long start, Long stop, Long step) implements Item {}

    /** {@code None} (numpy.newaxis): a new axis of length 1. */
    public record NewAxis() implements Item {}

    /** {@code ...}: as many full slices as needed. */
    public record Ellipsis() implements Item {}

    /**
     * An integer list of an index string, {@code [2, 0]} or {@code [[0, 1], [1, 0]]}: an advanced
     * index (NumPy's {@code a[[2, 0]]}), held on the host until it is applied.
     */
    public record Ints(long[] values, long[] shape) implements Item {}

    /** A boolean list of an index string, {@code [True, False, True]}: a mask, as {@code a[[True, False, True]]}. */
    public record Bools(boolean[] values, long[] shape) implements Item {}

    /** An index array: an integer NDArray (advanced indexing) or a boolean one (a mask). */
    public record Array(NDArray array) implements Item {}

    /** The view an index selects. */
    public record View(long[] shape, long[] strides, long offset) {}

    private IndexExpr() {}

    /**
     * Parses an index string: comma-separated items such as "1", "-1", "1:3", "::-1", "None", "...",
     * ":", and integer or boolean lists as NumPy's advanced indices ("[2, 0]", "[[0, 1], [1, 0]]",
     * "[True, False, True]"): {@code "[2, 0]"} is {@code a[[2, 0]]} (rows 2 and 0), not {@code a[2, 0]}.
     */
    public static List<Item> parse(String op, String text) {
        if (text == null) throw new IndexException(op + ": expected an index string such as \"1:3, ::-1\", got null");
        List<Item> items = new ArrayList<>();
        String t = text.strip();
        if (t.isEmpty()) return items;
        List<String> parts = topLevel(op, text, t);
        for (int i = 0; i < parts.size(); i++) {
            String p = parts.get(i).strip();
            if (p.isEmpty()) {
                if (i == parts.size() - 1 && i > 0) break; // a trailing comma, as in "1,"
                throw malformed(op, text, "empty item at position " + i);
            }
            if (p.startsWith("[")) items.add(IndexLists.parse(op, text, p));
            else if (p.equals("...") || p.equals("Ellipsis")) items.add(new Ellipsis());
            else if (p.equals("None") || p.equals("newaxis")) items.add(new NewAxis());
            else if (p.equals("True") || p.equals("False"))
                items.add(new Bools(new boolean[] {p.equals("True")}, new long[0]));
            else if (p.contains(":")) {
                String[] f = p.split(":", -1);
                if (f.length > 3) throw malformed(op, text, "a slice has at most two ':' in '" + p + "'");
                Long start = num(op, text, f[0]);
                Long stop = f.length > 1 ? num(op, text, f[1]) : null;
                Long step = f.length > 2 ? num(op, text, f[2]) : null;
                if (step != null && step == 0)
                    throw new IndexException(op + ": slice step cannot be zero in '" + text + "'");
                items.add(new Slice(start, stop, step));
            } else {
                Long v = num(op, text, p);
                items.add(new Int(v));
            }
        }
        if (items.stream().filter(x -> x instanceof Ellipsis).count() > 1) {
            throw new IndexException(op + ": an index can only have a single ellipsis ('...'), got '" + text + "'");
        }
        return items;
    }

    /** True when {@code items} hold an index array or list: NumPy's advanced indexing, which copies. */
    public static boolean isAdvanced(List<Item> items) {
        for (Item it : items) if (it instanceof Ints || it instanceof Bools || it instanceof Array) return true;
        return false;
    }

    // the items split at the commas outside brackets
    private static List<String> topLevel(String op, String text, String t) {
        List<String> parts = new ArrayList<>();
        int depth = 0, from = 0;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '[') depth++;
            else if (c == ']' && --depth < 0) throw malformed(op, text, "unbalanced ']' at position " + i);
            else if (c == ',' && depth == 0) {
                parts.add(t.substring(from, i));
                from = i + 1;
            }
        }
        if (depth != 0) throw malformed(op, text, "unbalanced '['");
        parts.add(t.substring(from));
        return parts;
    }

    private static Long num(String op, String text, String s) {
        String t = s.strip();
        if (t.isEmpty()) return null;
        try {
            return Long.parseLong(t.startsWith("+") ? t.substring(1) : t);
        } catch (NumberFormatException e) {
            throw malformed(op, text, "'" + t + "' is not an integer, slice, None or ...");
        }
    }

    static IndexException malformed(String op, String text, String why) {
        return new IndexException(op + ": malformed index '" + text + "': " + why
                + "; expected items like 1, -1, 1:3, ::-1, None, ..., [2, 0] separated by commas");
    }

    /** Applies a basic index (no lists or arrays) to an array's geometry. */
    public static View apply(String op, List<Item> items, long[] shape, long[] strides, long offset) {
        if (isAdvanced(items)) throw new IllegalArgumentException(op + ": apply takes basic indices only");
        int consumed = 0;
        for (Item it : items) if (it instanceof Int || it instanceof Slice) consumed++;
        if (consumed > shape.length) {
            throw new IndexException(op + ": too many indices for array: array is " + shape.length
                    + "-dimensional, but " + consumed + " were indexed");
        }
        List<Long> ns = new ArrayList<>();
        List<Long> nst = new ArrayList<>();
        long off = offset;
        int dim = 0;
        for (Item it : items) {
            switch (it) {
                case Ellipsis e -> {
                    int fill = shape.length - consumed;
                    for (int k = 0; k < fill; k++, dim++) {
                        ns.add(shape[dim]);
                        nst.add(strides[dim]);
                    }
                }
                case NewAxis n -> {
                    ns.add(1L);
                    nst.add(0L);
                }
                case Int i -> {
                    long idx = i.index();
                    long size = shape[dim];
                    if (idx < -size || idx >= size) {
                        throw new IndexException(
                                op + ": index " + idx + " is out of bounds for axis " + dim + " with size " + size);
                    }
                    if (idx < 0) idx += size;
                    off += idx * strides[dim];
                    dim++;
                }
                case Ints x -> throw new IllegalStateException();
                case Bools x -> throw new IllegalStateException();
                case Array x -> throw new IllegalStateException();
                case Slice s -> {
                    long size = shape[dim];
                    long[] r = sliceIndices(s, size);
                    long start = r[0], step = r[2], len = r[3];
                    // an empty slice points at the axis start with step 1, as NumPy's get_view_from_index; a
                    // one-element slice never steps, so a step whose stride would wrap a long (up to Long.MAX_VALUE) is
                    // dropped
                    if (len == 0) {
                        start = 0;
                        step = 1;
                    } else if (len == 1 && Math.multiplyHigh(strides[dim], step) != (strides[dim] * step) >> 63) {
                        step = 1;
                    }
                    off += start * strides[dim];
                    ns.add(len);
                    nst.add(strides[dim] * step);
                    dim++;
                }
            }
        }
        for (; dim < shape.length; dim++) {
            ns.add(shape[dim]);
            nst.add(strides[dim]);
        }
        long[] s = ns.stream().mapToLong(Long::longValue).toArray();
        long[] st = nst.stream().mapToLong(Long::longValue).toArray();
        return new View(s, st, off);
    }

    /** Python's slice.indices(size) plus the length: {start, stop, step, length}. */
    public static long[] sliceIndices(Slice s, long size) {
        long step = s.step() == null ? 1 : s.step();
        long start, stop;
        if (step > 0) {
            start = s.start() == null ? 0 : clamp(s.start(), size, 0, size);
            stop = s.stop() == null ? size : clamp(s.stop(), size, 0, size);
        } else {
            start = s.start() == null ? size - 1 : clamp(s.start(), size, -1, size - 1);
            stop = s.stop() == null ? -1 : clamp(s.stop(), size, -1, size - 1);
        }
        // ceil(span / |step|) without "span + step - 1", which wraps for a step near Long.MAX_VALUE; |Long.MIN_VALUE|
        // as unsigned
        long len;
        if (step > 0) len = stop > start ? (stop - start - 1) / step + 1 : 0;
        else len = start > stop ? Long.divideUnsigned(start - stop - 1, -step) + 1 : 0;
        return new long[] {start, stop, step, len};
    }

    private static long clamp(long v, long size, long lo, long hi) {
        if (v < 0) v += size;
        return Math.max(lo, Math.min(hi, v));
    }
}
