package org.ndgpu.routines;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The NumPy 2.4 arrays of fixtures/numpy3/numpy3.tsv (make_numpy3_fixtures.py): inputs rebuilt on the
 * current device, results compared by dtype, shape and value (float64 relative error 1e-12, float32 1e-5,
 * integers exact, NaN where NumPy has NaN).
 */
public final class Numpy3Fixtures {
    private static final Map<String, String[]> ROWS = load();

    private Numpy3Fixtures() {}

    private static Map<String, String[]> load() {
        try (var in = Numpy3Fixtures.class.getResourceAsStream("/fixtures/numpy3/numpy3.tsv")) {
            Map<String, String[]> m = new LinkedHashMap<>();
            new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.isBlank())
                    .forEach(l -> {
                        String[] r = l.split("\t", -1);
                        m.put(r[0], r);
                    });
            return m;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static double num(String t) {
        return switch (t) {
            case "nan" -> Double.NaN;
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(t);
        };
    }

    public static long[] shape(String name) {
        String s = row(name)[2];
        return s.isEmpty()
                ? new long[0]
                : Arrays.stream(s.split(",")).mapToLong(Long::parseLong).toArray();
    }

    public static double[] values(String name) {
        String s = row(name)[3];
        return s.isEmpty()
                ? new double[0]
                : Arrays.stream(s.split(" ")).mapToDouble(Numpy3Fixtures::num).toArray();
    }

    public static DType dtype(String name) {
        return DType.of(row(name)[1]);
    }

    private static String[] row(String name) {
        String[] r = ROWS.get(name);
        if (r == null) throw new IllegalArgumentException("no fixture " + name);
        return r;
    }

    /** The fixture array {@code name} on the current device, in its NumPy dtype. */
    public static NDArray array(String name) {
        // a 0-d fixture is read as one element, then viewed with no axes
        try (NDArray f = Nd.array(values(name), DType.FLOAT64, shape(name));
                NDArray s = f.reshape(shape(name))) {
            return s.astype(dtype(name));
        }
    }

    /** Asserts that {@code got} is NumPy's {@code name}: dtype, shape and values. */
    public static void check(String name, NDArray got) {
        assertEquals(dtype(name), got.dtype(), name + ": dtype");
        assertArrayEquals(shape(name), got.shape(), name + ": shape");
        double[] want = values(name);
        double[] have;
        try (NDArray d = got.astype(DType.FLOAT64)) {
            have = d.toDoubleArray();
        }
        double tol = got.dtype() == DType.FLOAT32 ? 1e-5 : got.dtype().isInexact() ? 1e-12 : 0;
        for (int i = 0; i < want.length; i++) {
            boolean ok = Double.isNaN(want[i])
                    ? Double.isNaN(have[i])
                    : want[i] == have[i] || Math.abs(have[i] - want[i]) <= tol * Math.max(1, Math.abs(want[i]));
            assertTrue(ok, name + " element " + i + ": " + have[i] + " vs NumPy " + want[i]);
        }
    }
}
