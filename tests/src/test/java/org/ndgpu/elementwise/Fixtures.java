package org.ndgpu.elementwise;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.HostData;
import org.ndgpu.ndarray.NDArray;

/** Reads the text fixtures of src/test/python and converts between their values and device arrays. */
final class Fixtures {
    private Fixtures() {}

    static List<String[]> rows(String resource) {
        List<String[]> out = new ArrayList<>();
        try (var r = new BufferedReader(
                new InputStreamReader(Fixtures.class.getResourceAsStream(resource), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) if (!line.isBlank()) out.add(line.split("\t", -1));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out;
    }

    /** Values as [re, im] pairs (im 0 for real dtypes). */
    static double[][] parse(String text) {
        String[] tok = text.strip().split(" ");
        double[][] v = new double[tok.length][2];
        for (int i = 0; i < tok.length; i++) {
            String[] p = tok[i].split(":");
            v[i][0] = num(p[0]);
            if (p.length > 1) v[i][1] = num(p[1]);
        }
        return v;
    }

    private static double num(String s) {
        return switch (s) {
            case "nan" -> Double.NaN;
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(s);
        };
    }

    /**
     * Integer tokens exactly as 64 bits (two's complement; a uint64 above 2^63 keeps its bits, as
     * Java keeps an unsigned long), so values beyond 2^53 survive the text.
     */
    static long[] parseBits(String text) {
        String[] tok = text.strip().split(" ");
        long[] v = new long[tok.length];
        for (int i = 0; i < tok.length; i++) v[i] = new BigInteger(tok[i]).longValue();
        return v;
    }

    /** An array of the fixture's text: integer and bool dtypes exactly (see parseBits), the others as parse reads them. */
    static NDArray array(Device dev, DType d, long[] shape, String text) {
        if (!d.isInteger() && !d.isBool()) return array(dev, d, shape, parse(text));
        long[] bits = parseBits(text);
        MemorySegment seg = Arena.ofAuto().allocate((long) bits.length * d.itemsize(), 16);
        for (int i = 0; i < bits.length; i++) HostData.put(seg, d, i, 0, 0, bits[i], true);
        return NDArray.fromHost(dev, d, shape, seg);
    }

    /** An integer or bool array's elements exactly: the value (uint64: its 64 bits). */
    static long[] bits(NDArray a) {
        MemorySegment seg = a.toBytes();
        long[] v = new long[(int) a.size()];
        for (int i = 0; i < v.length; i++) v[i] = HostData.getLong(seg, a.dtype(), i);
        return v;
    }

    /** null when equal (uint64 printed unsigned in the message), else a description. */
    static String compareBits(DType d, long[] want, long[] got) {
        for (int i = 0; i < want.length; i++) {
            if (want[i] != got[i]) {
                return "element " + i + ": expected " + show(d, want[i]) + ", got " + show(d, got[i]);
            }
        }
        return null;
    }

    /** compare or, for integer and bool results, compareBits: a fixture's text against an array. */
    static String compare(DType d, String wantText, NDArray got) {
        if (d.isInteger() || d.isBool()) return compareBits(d, parseBits(wantText), bits(got));
        return compare(d, parse(wantText), values(got));
    }

    private static String show(DType d, long bits) {
        return d == DType.UINT64 ? Long.toUnsignedString(bits) : Long.toString(bits);
    }

    static NDArray array(Device dev, DType d, long[] shape, double[][] v) {
        MemorySegment seg = Arena.ofAuto().allocate((long) v.length * d.itemsize(), 16);
        for (int i = 0; i < v.length; i++) {
            long o = (long) i * d.itemsize();
            double x = v[i][0];
            switch (d) {
                case BOOL, UINT8, INT8 -> seg.set(ValueLayout.JAVA_BYTE, o, (byte) (long) x);
                case INT16, UINT16 -> seg.set(ValueLayout.JAVA_SHORT_UNALIGNED, o, (short) (long) x);
                case INT32, UINT32 -> seg.set(ValueLayout.JAVA_INT_UNALIGNED, o, (int) (long) x);
                case INT64 -> seg.set(ValueLayout.JAVA_LONG_UNALIGNED, o, (long) x);
                case UINT64 -> seg.set(ValueLayout.JAVA_LONG_UNALIGNED, o, HostData.doubleToUnsigned(x));
                case FLOAT16 -> seg.set(ValueLayout.JAVA_SHORT_UNALIGNED, o, Float.floatToFloat16((float) x));
                case FLOAT32 -> seg.set(ValueLayout.JAVA_FLOAT_UNALIGNED, o, (float) x);
                case FLOAT64 -> seg.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, o, x);
                case COMPLEX64 -> {
                    seg.set(ValueLayout.JAVA_FLOAT_UNALIGNED, o, (float) x);
                    seg.set(ValueLayout.JAVA_FLOAT_UNALIGNED, o + 4, (float) v[i][1]);
                }
                case COMPLEX128 -> {
                    seg.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, o, x);
                    seg.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, o + 8, v[i][1]);
                }
                default -> seg.set(ValueLayout.JAVA_LONG_UNALIGNED, o, (long) x); // datetime64, timedelta64
            }
        }
        return NDArray.fromHost(dev, d, shape, seg);
    }

    /** An array's values (C order) as [re, im] pairs. */
    static double[][] values(NDArray a) {
        MemorySegment seg = a.toBytes();
        double[][] v = new double[(int) a.size()][];
        for (int i = 0; i < v.length; i++)
            v[i] = new double[] {HostData.getDouble(seg, a.dtype(), i), HostData.getImag(seg, a.dtype(), i)};
        return v;
    }

    /** Relative tolerance that fits the dtype (PoCL and GPU libm are within a few ulp). */
    static double rtol(DType d) {
        return switch (d.real()) {
            case FLOAT16 -> 2e-3;
            case FLOAT32 -> 1e-5;
            case FLOAT64 -> 1e-12;
            default -> 0;
        };
    }

    /** null when equal within tolerance (NaN equals NaN), else a description. */
    static String compare(DType d, double[][] want, double[][] got) {
        double rt = rtol(d);
        double scale = 0;
        for (double[] w : want) if (Double.isFinite(w[0])) scale = Math.max(scale, Math.abs(w[0]) + Math.abs(w[1]));
        for (int i = 0; i < want.length; i++) {
            for (int c = 0; c < 2; c++) {
                double w = want[i][c], g = got[i][c];
                if (Double.isNaN(w) && Double.isNaN(g)) continue;
                if (w == g) continue;
                if (rt > 0 && Math.abs(w - g) <= rt * Math.abs(w) + rt * 1e-2 * scale) continue;
                return "element " + i + (c == 1 ? " (imag)" : "") + ": expected " + w + ", got " + g;
            }
        }
        return null;
    }

    /** null when bit-equal as doubles (the sign of zero counts; any NaN equals any NaN), else a description. */
    static String compareExact(double[][] want, double[][] got) {
        for (int i = 0; i < want.length; i++) {
            for (int c = 0; c < 2; c++) {
                if (Double.compare(want[i][c], got[i][c]) != 0) {
                    return "element " + i + (c == 1 ? " (imag)" : "") + ": expected exactly " + want[i][c] + ", got "
                            + got[i][c];
                }
            }
        }
        return null;
    }
}
