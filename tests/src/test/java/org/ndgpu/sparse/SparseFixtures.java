package org.ndgpu.sparse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/** The SciPy fixtures of make_sparse_fixtures.py: one {@link Case} per block of cases.txt. */
final class SparseFixtures {
    private SparseFixtures() {}

    /** One case: its "key: values" lines. */
    record Case(Map<String, String> fields) {
        String name() {
            return fields.get("name");
        }

        String kind() {
            return fields.get("kind");
        }

        DType dtype() {
            return DType.of(fields.get("dtype"));
        }

        long[] shape() {
            return longs("shape");
        }

        boolean has(String key) {
            return !fields.get(key).equals("-");
        }

        double[] doubles(String key) {
            String v = fields.get(key).trim();
            return v.isEmpty()
                    ? new double[0]
                    : Arrays.stream(v.split(" "))
                            .mapToDouble(Double::parseDouble)
                            .toArray();
        }

        long[] longs(String key) {
            String v = fields.get(key).trim();
            return v.isEmpty()
                    ? new long[0]
                    : Arrays.stream(v.split(" ")).mapToLong(Long::parseLong).toArray();
        }

        int[] ints(String key) {
            return Arrays.stream(longs(key)).mapToInt(Math::toIntExact).toArray();
        }

        /** The case's values {@code key} as an array of the case's dtype, of {@code shape}. */
        NDArray values(String key, long... shape) {
            return Nd.array(doubles(key), dtype(), shape);
        }

        /** The case's indices {@code key} as int32. */
        NDArray index(String key) {
            int[] v = ints(key);
            return Nd.array(v, DType.INT32, v.length);
        }

        /** The matrix the case describes, built as the case's kind says. */
        SparseMatrix build() {
            long[] s = shape();
            return switch (kind()) {
                case "dense" -> {
                    try (NDArray d = values("dense", s)) {
                        yield Nd.sparse().csrMatrix(d);
                    }
                }
                case "csr" ->
                    Nd.sparse().csrMatrix(values("data", doubles("data").length), index("indices"), index("indptr"), s);
                case "coo" ->
                    Nd.sparse().cooMatrix(values("data", doubles("data").length), index("row"), index("col"), s);
                default -> throw new IllegalArgumentException(kind());
            };
        }

        @Override
        public String toString() {
            return name();
        }
    }

    static List<Case> cases() {
        return load("cases.txt");
    }

    /** The cases of fixtures/sparse/{@code file}, one per block. */
    static List<Case> load(String file) {
        String text;
        try (InputStream in = SparseFixtures.class.getResourceAsStream("/fixtures/sparse/" + file)) {
            if (in == null) throw new IllegalStateException("missing fixture " + file);
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Case> out = new ArrayList<>();
        for (String block : text.split("\n\n")) {
            if (block.isBlank()) continue;
            Map<String, String> f = new LinkedHashMap<>();
            for (String line : block.split("\n")) {
                int at = line.indexOf(": ");
                f.put(line.substring(0, at), at + 2 <= line.length() ? line.substring(at + 2) : "");
            }
            out.add(new Case(f));
        }
        return out;
    }

    /** The largest difference relative to the largest expected magnitude (1 at least). */
    static double relativeError(double[] got, double[] expected) {
        if (got.length != expected.length)
            throw new AssertionError("length " + got.length + ", expected " + expected.length);
        double scale = 1, err = 0;
        for (double e : expected) scale = Math.max(scale, Math.abs(e));
        for (int i = 0; i < got.length; i++) err = Math.max(err, Math.abs(got[i] - expected[i]));
        return err / scale;
    }

    static double tolerance(DType d) {
        return d == DType.FLOAT32 ? 1e-5 : 1e-12;
    }
}
