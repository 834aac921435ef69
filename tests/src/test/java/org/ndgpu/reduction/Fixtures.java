package org.ndgpu.reduction;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.HostData;
import org.ndgpu.ndarray.NDArray;

/** The NumPy fixtures of make_reduction_fixtures.py, and a host decoder of any dtype. */
final class Fixtures {
    private Fixtures() {}

    static final long[] SHAPE = {3, 4, 5};

    /**
     * One line of cases.tsv; {@code exact}: for bool and integer results the values as the bits of a long
     * (uint64 past Long.MAX_VALUE negative), which doubles cannot hold beyond 2^53; else null.
     */
    record Case(
            int id,
            String op,
            DType dtype,
            String input,
            String layout,
            int[] axes,
            boolean keepdims,
            int ddof,
            DType resultType,
            long[] resultShape,
            double[] values,
            long[] exact) {
        @Override
        public String toString() {
            return id + " " + op + " " + input + " layout=" + layout + " axes="
                    + (axes == null ? "none" : java.util.Arrays.toString(axes)) + (keepdims ? " keepdims" : "")
                    + (ddof != 0 ? " ddof=" + ddof : "");
        }
    }

    static List<Case> cases() {
        List<Case> out = new ArrayList<>();
        for (String line : read("cases.tsv").split("\n")) {
            if (line.isBlank()) continue;
            String[] f = line.split("\t", -1);
            int[] axes = f[5].equals("none")
                    ? null
                    : java.util.Arrays.stream(f[5].split(","))
                            .mapToInt(Integer::parseInt)
                            .toArray();
            long[] shape = f[9].isEmpty()
                    ? new long[0]
                    : java.util.Arrays.stream(f[9].split(","))
                            .mapToLong(Long::parseLong)
                            .toArray();
            String[] tokens = f[10].isEmpty() ? new String[0] : f[10].split(",");
            double[] vals =
                    java.util.Arrays.stream(tokens).mapToDouble(Fixtures::num).toArray();
            DType rt = DType.of(f[8]);
            java.util.function.ToLongFunction<String> parse =
                    rt.kind() == 'u' ? Long::parseUnsignedLong : Long::parseLong;
            long[] exact = rt.isBool() || rt.isInteger()
                    ? java.util.Arrays.stream(tokens).mapToLong(parse).toArray()
                    : null;
            out.add(new Case(
                    Integer.parseInt(f[0]),
                    f[1],
                    DType.of(f[2]),
                    f[3],
                    f[4],
                    axes,
                    Boolean.parseBoolean(f[6]),
                    Integer.parseInt(f[7]),
                    rt,
                    shape,
                    vals,
                    exact));
        }
        return out;
    }

    private static double num(String s) {
        return switch (s) {
            case "nan" -> Double.NaN;
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(s);
        };
    }

    /** The input array of a case, on the current device, in the case's layout. */
    static NDArray input(String name, DType dtype, String layout) {
        byte[] bytes;
        try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/reduction/" + name + ".bin")) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        MemorySegment seg = Arena.ofAuto().allocate(bytes.length, 16);
        seg.copyFrom(MemorySegment.ofArray(bytes));
        NDArray a = Nd.array(seg, dtype, SHAPE);
        return switch (layout) {
            case "c" -> a;
            case "t" -> a.transpose(2, 0, 1);
            case "s" -> a.get(":, ::2, ::-1");
            default -> throw new IllegalArgumentException(layout);
        };
    }

    /** Host values in C order; complex as re, im pairs; bool and integers as their values. */
    static double[] values(NDArray a) {
        return HostData.interleaved(a.toBytes(), a.dtype());
    }

    /** Bool and integer host values in C order, exactly: each as a long (uint64 as its 64 bits). */
    static long[] exactValues(NDArray a) {
        MemorySegment seg = a.toBytes();
        long[] v = new long[Math.toIntExact(a.size())];
        for (int i = 0; i < v.length; i++) v[i] = HostData.getLong(seg, a.dtype(), i);
        return v;
    }

    /** Relative tolerance for results of a dtype computed from (3, 4, 5) inputs. */
    static double tolerance(DType d) {
        return switch (d.real()) {
            case FLOAT16 -> 2e-2;
            case FLOAT32 -> 2e-5;
            case FLOAT64 -> 1e-12;
            default -> 0;
        };
    }

    private static String read(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/reduction/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
