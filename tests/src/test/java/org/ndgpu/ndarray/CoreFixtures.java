package org.ndgpu.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ndgpu.Nd;

/**
 * Reads the NumPy fixtures written by src/test/python/make_core_fixtures.py: blocks of
 * "key value" lines, one case per block, and checks results against them.
 */
public final class CoreFixtures {
    private CoreFixtures() {}

    /** One case: its fields (the last of each key) and its "op" lines in order. */
    public record Case(Map<String, String> fields, List<String> ops) {
        public String name() {
            return fields.get("name");
        }

        public String get(String key) {
            return fields.get(key);
        }

        public boolean has(String key) {
            return fields.containsKey(key);
        }

        @Override
        public String toString() {
            return name() + " " + ops;
        }
    }

    /** The cases of fixtures/core/{file}. */
    public static List<Case> load(String file) {
        String text;
        try (InputStream in = CoreFixtures.class.getResourceAsStream("/fixtures/core/" + file)) {
            if (in == null) throw new AssertionError("missing fixture " + file + "; run make_core_fixtures.py");
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        List<Case> cases = new ArrayList<>();
        for (String blockText : text.split("\n\n")) {
            Map<String, String> f = new LinkedHashMap<>();
            List<String> ops = new ArrayList<>();
            for (String line : blockText.split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                int sp = line.indexOf(' ');
                String k = sp < 0 ? line : line.substring(0, sp);
                String v = sp < 0 ? "" : line.substring(sp + 1);
                if (k.equals("op")) ops.add(v);
                else f.put(k, v);
            }
            if (!f.isEmpty()) cases.add(new Case(f, ops));
        }
        return cases;
    }

    /** "2 3 4" -> {2, 3, 4}; "" -> {}. A uint64 value above Long.MAX_VALUE gives the long of its 64 bits, as ndgpu's host reads do. */
    public static long[] longs(String s) {
        String t = s == null ? "" : s.strip();
        if (t.isEmpty()) return new long[0];
        return Arrays.stream(t.split(" +")).mapToLong(CoreFixtures::integer).toArray();
    }

    /** One integer of a fixture: signed, or unsigned up to 2^64 - 1. */
    public static long integer(String t) {
        return t.startsWith("-") ? Long.parseLong(t) : Long.parseUnsignedLong(t);
    }

    public static int[] ints(String s) {
        return Arrays.stream(longs(s)).mapToInt(Math::toIntExact).toArray();
    }

    /** Parses a value written by the generator: ints, repr floats, nan, inf, -inf. */
    public static double dbl(String t) {
        return switch (t) {
            case "nan" -> Double.NaN;
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(t);
        };
    }

    public static String[] tokens(String s) {
        String t = s == null ? "" : s.strip();
        return t.isEmpty() ? new String[0] : t.split(" +");
    }

    /** An array of dtype and shape holding the listed values, copied to the device byte for byte. */
    public static NDArray array(DType dtype, long[] shape, String values) {
        String[] v = tokens(values);
        long n = Shapes.size(shape);
        if (v.length != n)
            throw new AssertionError("fixture has " + v.length + " values for shape " + Shapes.str(shape));
        MemorySegment seg =
                Arena.ofAuto().allocate(Math.max(1, n * dtype.itemsize()), 16).asSlice(0, n * dtype.itemsize());
        for (int i = 0; i < v.length; i++) {
            if (dtype.isFloating()) HostData.put(seg, dtype, i, dbl(v[i]), 0, 0, false);
            else HostData.put(seg, dtype, i, 0, 0, integer(v[i]), true);
        }
        return Nd.array(seg, dtype, shape);
    }

    /** The case's base array (dtype, shape, input). */
    public static NDArray base(Case c) {
        return array(DType.of(c.get("dtype")), longs(c.get("shape")), c.get("input"));
    }

    /** Asserts dtype, shape and values (exactly, bit for bit: NaN equals NaN, -0.0 differs from 0.0). */
    public static void assertValues(Case c, NDArray r) {
        String where = c.toString();
        assertEquals(c.get("out_dtype"), r.dtype().numpyName(), "dtype of " + where);
        assertArrayEquals(longs(c.get("out_shape")), r.shape(), "shape of " + where);
        String[] want = tokens(c.get("out_values"));
        if (r.dtype().isFloating()) {
            double[] got = r.toDoubleArray();
            assertEquals(want.length, got.length, "size of " + where);
            for (int i = 0; i < want.length; i++) {
                double w = dbl(want[i]);
                if (Double.compare(w, got[i]) != 0) {
                    fail("value " + i + " of " + where + ": expected " + w + " but was " + got[i] + "\n expected "
                            + c.get("out_values") + "\n actual   " + Arrays.toString(got));
                }
            }
        } else {
            long[] got = r.toLongArray();
            long[] w = longs(c.get("out_values"));
            assertArrayEquals(w, got, () -> "values of " + where + "\n actual " + Arrays.toString(got));
        }
    }

    /** Asserts everything a view/copy case records: values, strides, flags, sharing and offset. */
    public static void assertLayout(Case c, NDArray base, NDArray r) {
        String where = c.toString();
        assertValues(c, r);
        assertArrayEquals(
                longs(c.get("out_strides")),
                r.strides(),
                () -> "strides of " + where + ", shape " + Shapes.str(r.shape()));
        assertEquals(c.get("out_c").equals("1"), r.isCContiguous(), "C_CONTIGUOUS of " + where);
        assertEquals(c.get("out_f").equals("1"), r.isFContiguous(), "F_CONTIGUOUS of " + where);
        boolean shares = c.get("out_shares").equals("1");
        assertEquals(shares, r.sharesMemory(base), "shares memory with the base: " + where);
        if (shares) assertEquals(Long.parseLong(c.get("out_offset")), r.offset() - base.offset(), "offset of " + where);
    }
}
