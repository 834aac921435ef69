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

    /** One case: SciPy's function {@code name} over inputs of {@code dtype}, giving {@code expected} of dtype {@code out}. */
    record Case(String name, String dtype, String out, List<double[]> inputs, double[] expected) {
        @Override
        public String toString() {
            return name + "(" + dtype + ")";
        }
    }

    static List<Case> cases() {
        String text;
        try (InputStream in = SpecialFixtures.class.getResourceAsStream("/fixtures/special/cases.txt")) {
            if (in == null) throw new IllegalStateException("fixtures/special/cases.txt is missing");
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Case> cases = new ArrayList<>();
        for (String block : text.split("\n\n")) {
            if (block.isBlank()) continue;
            Map<String, String> f = new LinkedHashMap<>();
            for (String line : block.strip().split("\n")) {
                int c = line.indexOf(": ");
                f.put(line.substring(0, c), line.substring(c + 2));
            }
            List<double[]> inputs = new ArrayList<>();
            for (int k = 0; f.containsKey("x" + k); k++) inputs.add(doubles(f.get("x" + k)));
            cases.add(new Case(f.get("name"), f.get("dtype"), f.get("out"), inputs, doubles(f.get("expected"))));
        }
        return cases;
    }

    private static double[] doubles(String s) {
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
