package org.ndgpu.special;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The cases of fixtures/special/cases.txt (made by make_special_fixtures.py with SciPy 1.17). */
final class SpecialFixtures {
    private SpecialFixtures() {}

    /**
     * One case: SciPy's function {@code name} over inputs of {@code dtype}, giving {@code expected} of dtype
     * {@code out}; {@code fields} holds every line (reductions.txt adds shape, axis, keepdims, outshape).
     */
    record Case(
            String name,
            String dtype,
            String out,
            List<double[]> inputs,
            double[] expected,
            Map<String, String> fields) {
        long[] longs(String key) {
            String v = fields.get(key).trim();
            if (v.isEmpty()) return new long[0];
            return java.util.Arrays.stream(v.split(" "))
                    .mapToLong(Long::parseLong)
                    .toArray();
        }

        /** The axes, or null for "none". */
        int[] axes() {
            String v = fields.get("axis").trim();
            if (v.equals("none")) return null;
            return java.util.Arrays.stream(v.split(" "))
                    .mapToInt(Integer::parseInt)
                    .toArray();
        }

        @Override
        public String toString() {
            return name + "(" + dtype + ")";
        }
    }

    /** The cases of fixtures/special/{@code file}. */
    static List<Case> cases(String file) {
        String text;
        try (InputStream in = SpecialFixtures.class.getResourceAsStream("/fixtures/special/" + file)) {
            if (in == null) throw new IllegalStateException("fixtures/special/" + file + " is missing");
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Case> cases = new ArrayList<>();
        for (String block : text.split("\n\n")) {
            if (block.isBlank()) continue;
            Map<String, String> f = new LinkedHashMap<>();
            for (String line : block.strip().split("\n")) {
                int c = line.indexOf(':');
                f.put(line.substring(0, c), line.substring(c + 1).trim());
            }
            List<double[]> inputs = new ArrayList<>();
            for (int k = 0; f.containsKey("x" + k); k++) inputs.add(doubles(f.get("x" + k)));
            cases.add(new Case(f.get("name"), f.get("dtype"), f.get("out"), inputs, doubles(f.get("expected")), f));
        }
        return cases;
    }

    private static double[] doubles(String s) {
        if (s.isBlank()) return new double[0];
        String[] p = s.trim().split(" ");
        double[] d = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            d[i] = switch (p[i]) {
                case "nan" -> Double.NaN;
                case "inf" -> Double.POSITIVE_INFINITY;
                case "-inf" -> Double.NEGATIVE_INFINITY;
                default -> Double.parseDouble(p[i]);
            };
        }
        return d;
    }
}
