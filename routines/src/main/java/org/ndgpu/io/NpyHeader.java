package org.ndgpu.io;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.ndgpu.exceptions.NpyFormatException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.HostArray;

/**
 * The header of a .npy file: what its dict says (dtype, byte order, Fortran order, shape), how to
 * read it from text and how to write it exactly as NumPy's np.save does, so that a file ndgpu
 * writes is byte-identical to NumPy's.
 *
 * <pre>{@code
 * NpyHeader h = NpyHeader.parse("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", "x.npy");
 * h.dtype();   // FLOAT32
 * }</pre>
 *
 * @param dtype        the element type
 * @param bigEndian    true if the file stores multi-byte elements big-endian ('&gt;f4')
 * @param fortranOrder the header's fortran_order
 * @param shape        the header's shape
 */
record NpyHeader(DType dtype, boolean bigEndian, boolean fortranOrder, long[] shape) {

    /** NumPy aligns the start of the data to this many bytes (numpy.lib.format.ARRAY_ALIGN). */
    static final int ARRAY_ALIGN = 64;

    /** NumPy leaves room for the growing axis to reach this many digits (GROWTH_AXIS_MAX_DIGITS). */
    private static final int GROWTH_AXIS_MAX_DIGITS = 21;

    /**
     * Parses a header dict. {@code where} names the file (or .npz entry) for messages.
     */
    static NpyHeader parse(String text, String where) {
        Map<?, ?> dict = dict(text, where);
        Object descr = dict.get("descr");
        boolean fortran = fortranOrder(dict, where);
        long[] shape = shape(dict.get("shape"), where);
        boolean bigEndian = descr instanceof String s && !s.isEmpty() && s.charAt(0) == '>';
        return new NpyHeader(dtype(descr, where), bigEndian, fortran, shape);
    }

    /**
     * The header dict with its three keys checked present and alone; the values are checked by
     * {@link #shape}, {@link #fortranOrder} and the descr's reader.
     */
    static Map<?, ?> dict(String text, String where) {
        Object parsed;
        try {
            parsed = PyLiteral.parse(text);
        } catch (PyLiteral.SyntaxError e) {
            throw new NpyFormatException(where + ": header is not a valid Python literal: " + e.getMessage()
                    + "; header: " + abbreviate(text));
        }
        if (!(parsed instanceof Map<?, ?> dict)) {
            throw new NpyFormatException(where + ": header is not a dict: " + abbreviate(text));
        }
        for (String key : List.of("descr", "fortran_order", "shape")) {
            if (!dict.containsKey(key)) {
                throw new NpyFormatException(where + ": header has no '" + key + "' key; expected the keys"
                        + " 'descr', 'fortran_order' and 'shape', found " + dict.keySet());
            }
        }
        if (dict.size() != 3) {
            throw new NpyFormatException(where + ": header has extra keys; expected only 'descr', "
                    + "'fortran_order' and 'shape', found " + dict.keySet());
        }
        return dict;
    }

    /** The header's fortran_order, which must be True or False. */
    static boolean fortranOrder(Map<?, ?> dict, String where) {
        if (!(dict.get("fortran_order") instanceof Boolean fortran)) {
            throw new NpyFormatException(where + ": header 'fortran_order' must be True or False, found "
                    + PyLiteral.repr(dict.get("fortran_order")));
        }
        return fortran;
    }

    static long[] shape(Object value, String where) {
        if (!(value instanceof PyLiteral.Tuple(List<Object> items))) {
            throw new NpyFormatException(
                    where + ": header 'shape' must be a tuple of integers, found " + PyLiteral.repr(value));
        }
        long[] shape = new long[items.size()];
        for (int i = 0; i < shape.length; i++) {
            if (!(items.get(i) instanceof Long d) || d < 0) {
                throw new NpyFormatException(
                        where + ": header 'shape' " + value + " has " + PyLiteral.repr(items.get(i)) + " at position "
                                + i + "; expected a non-negative 64-bit integer");
            }
            shape[i] = d;
        }
        return shape;
    }

    /** Maps a .npy typestring ('&lt;f4', '|b1', '&gt;c16') to a DType, or says why it cannot. */
    static DType dtype(Object descr, String where) {
        if (descr instanceof List<?>) {
            throw new NpyFormatException(where + ": a structured dtype (descr is a list of fields: "
                    + abbreviate(String.valueOf(descr)) + ") is not an NDArray's dtype; load the file with "
                    + "Nd.loadStructured, which gives a StructuredArray");
        }
        if (!(descr instanceof String s) || s.isEmpty()) {
            throw new NpyFormatException(
                    where + ": header 'descr' must be a typestring such as '<f4', found " + PyLiteral.repr(descr));
        }
        char order = s.charAt(0);
        String code = "<>|=".indexOf(order) >= 0 ? s.substring(1) : s;
        DType d = switch (code) {
            case "b1", "?" -> DType.BOOL;
            case "u1", "B" -> DType.UINT8;
            case "i1", "b" -> DType.INT8;
            case "i2" -> DType.INT16;
            case "i4" -> DType.INT32;
            case "i8" -> DType.INT64;
            case "u2", "H" -> DType.UINT16;
            case "u4", "I" -> DType.UINT32;
            case "u8", "Q", "L" -> DType.UINT64;
            case "f2" -> DType.FLOAT16;
            case "f4" -> DType.FLOAT32;
            case "f8" -> DType.FLOAT64;
            case "c8" -> DType.COMPLEX64;
            case "c16" -> DType.COMPLEX128;
            default -> null;
        };
        if (d != null) return d;
        // datetime64 and timedelta64 with their unit: 'M8[s]', 'm8[ms]'
        if (code.matches("[Mm]8(\\[(Y|M|W|D|h|m|s|ms|us|ns|ps|fs|as|generic)\\])?")) return DType.of(code);
        String why;
        if (code.startsWith("O")) why = "object arrays (Python objects, pickled) are not supported";
        else if (code.startsWith("V")) why = "void dtypes are not supported (a structured array's descr is a list)";
        else if (code.startsWith("U") || code.startsWith("S") || code.startsWith("a"))
            why = "string dtypes are not supported";
        else if (code.startsWith("M") || code.startsWith("m"))
            why = "datetime and timedelta dtypes are supported with one unit and no multiple, such as M8[s]";
        else if (code.matches("[fc](10|12|16|20|24|32)")) why = "long double precision is not supported";
        else why = "unknown or unsupported typestring";
        throw new NpyFormatException(
                where + ": " + why + " (descr " + PyLiteral.repr(s) + "); ndgpu arrays hold one of " + supported());
    }

    private static String supported() {
        StringBuilder sb = new StringBuilder();
        for (DType d : DType.values())
            sb.append(sb.isEmpty() ? "" : ", ")
                    .append(d)
                    .append(" '")
                    .append(d.descr())
                    .append('\'');
        return sb.toString();
    }

    /**
     * The whole header block np.save writes: magic, version, length, dict, padding to 64 bytes and
     * a newline. Version 1.0 unless the header needs more than 65535 bytes, then 2.0.
     */
    static byte[] encode(DType dtype, long[] shape, boolean fortranOrder) {
        return encode("'" + dtype.descr() + "'", shape, fortranOrder);
    }

    /**
     * The header block for a descr given as Python text ({@code '<f4'} with its quotes, or a
     * structured dtype's list). A header that Latin-1 cannot encode (a field name beyond it) is
     * written as version 3.0 in UTF-8, as np.save does.
     */
    static byte[] encode(String descrText, long[] shape, boolean fortranOrder) {
        StringBuilder dict = new StringBuilder("{'descr': ")
                .append(descrText)
                .append(", 'fortran_order': ")
                .append(fortranOrder ? "True" : "False")
                .append(", 'shape': ")
                .append(HostArray.shapeString(shape))
                .append(", }");
        // np.save's spare room so that a writer may later grow the outermost axis in place
        if (shape.length > 0) {
            long growing = shape[fortranOrder ? shape.length - 1 : 0];
            dict.append(" "
                    .repeat(Math.max(
                            0, GROWTH_AXIS_MAX_DIGITS - Long.toString(growing).length())));
        }
        boolean latin1 = dict.chars().allMatch(c -> c <= 0xFF);
        byte[] text = dict.toString().getBytes(latin1 ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
        int hlen = text.length + 1; // + '\n'
        int major = 1, lenBytes = 2;
        int pad = ARRAY_ALIGN - ((Npy.MAGIC.length + 2 + lenBytes + hlen) % ARRAY_ALIGN);
        if (!latin1 || hlen + pad > 0xFFFF) {
            major = latin1 ? 2 : 3;
            lenBytes = 4;
            pad = ARRAY_ALIGN - ((Npy.MAGIC.length + 2 + lenBytes + hlen) % ARRAY_ALIGN);
        }
        int total = hlen + pad;
        byte[] out = new byte[Npy.MAGIC.length + 2 + lenBytes + total];
        System.arraycopy(Npy.MAGIC, 0, out, 0, Npy.MAGIC.length);
        int p = Npy.MAGIC.length;
        out[p++] = (byte) major;
        out[p++] = 0;
        for (int i = 0; i < lenBytes; i++) out[p++] = (byte) (total >>> (8 * i));
        System.arraycopy(text, 0, out, p, text.length);
        p += text.length;
        for (int i = 0; i < pad; i++) out[p++] = ' ';
        out[p] = '\n';
        return out;
    }

    /** "shape (3, 4) float32 = 48 bytes", for data-size messages. */
    String describe(long nbytes) {
        return "shape " + HostArray.shapeString(shape) + " " + dtype + " = " + nbytes + " bytes";
    }

    static String abbreviate(String s) {
        String one = s.replace("\n", "\\n");
        return one.length() <= 200 ? one : one.substring(0, 200) + "... (" + one.length() + " characters)";
    }
}
