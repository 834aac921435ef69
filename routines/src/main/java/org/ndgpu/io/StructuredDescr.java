package org.ndgpu.io;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.NpyFormatException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.structured.Field;
import org.ndgpu.structured.StructuredDType;

/**
 * A .npy header's descr for a structured array, read as NumPy's {@code descr_to_dtype} reads it: a
 * list of {@code (name, typestring)} and {@code (name, typestring, shape)} entries, laid out one
 * after another, where {@code ('', '|V4')} entries are padding (which is how NumPy writes offsets
 * and the aligned layout). Each field keeps its byte order, so big-endian fields are swapped on
 * the way in.
 *
 * <pre>{@code
 * StructuredDescr.parse(List.of(new Tuple(List.of("x", "<f4")), new Tuple(List.of("", "|V4"))), "a.npy")
 *     .dtype().itemsize();   // 8
 * }</pre>
 *
 * @param dtype     the record type, every field little-endian
 * @param bigEndian per field of {@code dtype}, true when the file stores it big-endian
 */
record StructuredDescr(StructuredDType dtype, boolean[] bigEndian) {

    /** Reads a list descr; {@code where} names the file for messages. */
    static StructuredDescr parse(List<?> descr, String where) {
        List<Field> fields = new ArrayList<>();
        List<Boolean> big = new ArrayList<>();
        long offset = 0;
        for (Object entry : descr) {
            if (!(entry instanceof PyLiteral.Tuple(List<Object> items)) || items.size() < 2 || items.size() > 3) {
                throw new NpyFormatException(where + ": header 'descr' entry " + PyLiteral.repr(entry)
                        + " is not a field; expected (name, typestring) or (name, typestring, shape)");
            }
            Object name = items.get(0), type = items.get(1);
            if (name instanceof PyLiteral.Tuple) {
                throw new NpyFormatException(
                        where + ": field " + PyLiteral.repr(name) + " has a title; field titles are not supported");
            }
            if (!(name instanceof String n)) {
                throw new NpyFormatException(where + ": header 'descr' entry " + PyLiteral.repr(entry)
                        + " has the name " + PyLiteral.repr(name) + "; expected a string");
            }
            if (type instanceof List<?>) {
                throw new NpyFormatException(where + ": field " + PyLiteral.repr(n)
                        + " is itself structured; nested structured fields are not supported");
            }
            if (!(type instanceof String t)) {
                throw new NpyFormatException(where + ": field " + PyLiteral.repr(n) + " has the type "
                        + PyLiteral.repr(type) + "; expected a typestring such as '<f4'");
            }
            long[] shape = items.size() == 3 ? subshape(items.get(2), n, where) : new long[0];
            String code = "<>|=".indexOf(t.isEmpty() ? ' ' : t.charAt(0)) >= 0 ? t.substring(1) : t;
            if (code.matches("V[0-9]{1,9}")) {
                // NumPy's padding: an unnamed void field of that many bytes
                if (!n.isEmpty() || shape.length > 0) {
                    throw new NpyFormatException(where + ": field " + PyLiteral.repr(n) + " is a void field "
                            + PyLiteral.repr(t) + "; only unnamed void entries (padding) are supported");
                }
                offset += Long.parseLong(code.substring(1));
                continue;
            }
            if (n.isEmpty()) {
                throw new NpyFormatException(where + ": a field of type " + PyLiteral.repr(t)
                        + " has an empty name; NumPy reserves '' for padding ('|Vn')");
            }
            DType d;
            try {
                d = NpyHeader.dtype(t, where);
            } catch (NpyFormatException e) {
                throw new NpyFormatException(
                        where + ": field " + PyLiteral.repr(n) + ": "
                                + e.getMessage().substring(where.length() + 2),
                        e);
            }
            Field f;
            try {
                f = new Field(n, d, offset, shape);
            } catch (NdException e) {
                throw new NpyFormatException(where + ": " + e.getMessage(), e);
            }
            fields.add(f);
            big.add(t.charAt(0) == '>');
            offset += f.itemsize();
        }
        if (fields.isEmpty()) {
            throw new NpyFormatException(where + ": header 'descr' " + PyLiteral.repr(descr)
                    + " has no fields; a structured array needs at least one");
        }
        StructuredDType dtype;
        try {
            dtype = new StructuredDType(fields, offset, false);
        } catch (NdException e) {
            throw new NpyFormatException(where + ": " + e.getMessage(), e);
        }
        boolean[] flags = new boolean[big.size()];
        for (int i = 0; i < flags.length; i++) flags[i] = big.get(i);
        return new StructuredDescr(dtype, flags);
    }

    // NumPy takes a tuple of sizes, or one integer for a 1-d subarray
    private static long[] subshape(Object value, String name, String where) {
        if (value instanceof Long d) value = new PyLiteral.Tuple(List.of(d));
        try {
            return NpyHeader.shape(value, where);
        } catch (NpyFormatException e) {
            throw new NpyFormatException(
                    where + ": field " + PyLiteral.repr(name) + " has the subarray shape " + PyLiteral.repr(value)
                            + "; expected a tuple of non-negative integers",
                    e);
        }
    }
}
