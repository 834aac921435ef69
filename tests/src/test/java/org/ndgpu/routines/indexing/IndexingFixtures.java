package org.ndgpu.routines.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.ndgpu.Nd;
import org.ndgpu.io.Npy;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.HostData;
import org.ndgpu.ndarray.NDArray;

/**
 * The NumPy fixtures of make_indexing_fixtures.py: its cases, its arrays, and the comparison by
 * dtype; public for the suites of round (math) and lexsort (sorting), which share the script.
 */
public final class IndexingFixtures {
    private IndexingFixtures() {}

    private static final String DIR = "/fixtures/indexing/";

    /** One line of cases.tsv: the NumPy function, the case, its parameter, its arrays (the expected result last). */
    public record Case(String dir, String func, String name, String param, List<String> arrays) {
        /** The parameter as an axis; empty is NumPy's axis=None. */
        public Integer axis() {
            return param.isEmpty() ? null : Integer.valueOf(param);
        }

        /** Input k (or the expected result, the last) on the current device. */
        public NDArray load(int k) {
            return IndexingFixtures.load(dir, arrays.get(k));
        }

        public int count() {
            return arrays.size();
        }
    }

    /** Every case of NumPy function {@code func}. */
    public static List<Case> cases(String func) {
        return cases(DIR, func);
    }

    /** Every case of {@code func} in another script's directory of the same layout, e.g. "/fixtures/speedpaths/". */
    public static List<Case> cases(String dir, String func) {
        List<Case> all = text(dir, "cases.tsv")
                .lines()
                .filter(l -> !l.isBlank())
                .map(l -> l.split("\t", -1))
                .map(f -> new Case(dir, f[0], f[1], f[2], List.of(f[3].split(","))))
                .filter(c -> c.func().equals(func))
                .toList();
        assertFalse(all.isEmpty(), "no fixtures for " + func);
        return all;
    }

    private static String text(String dir, String file) {
        try (InputStream in = IndexingFixtures.class.getResourceAsStream(dir + file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The fixture array {@code name} on the current device. */
    public static NDArray load(String name) {
        return load(DIR, name);
    }

    private static NDArray load(String dir, String name) {
        try (InputStream in = IndexingFixtures.class.getResourceAsStream(dir + name + ".npy")) {
            return Nd.fromHost(Npy.read(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The tolerance a dtype's results are held to, relative to max(1, |expected|). */
    public static double tol(DType d) {
        return switch (d) {
            case FLOAT16 -> 1e-3;
            case FLOAT32, COMPLEX64 -> 1e-6;
            case FLOAT64, COMPLEX128 -> 1e-13;
            default -> 0;
        };
    }

    /** Same shape, dtype and elements (NaN where NumPy has NaN; inexact dtypes within {@link #tol}). */
    public static void assertMatches(NDArray expected, NDArray actual, String what) {
        assertArrayEquals(expected.shape(), actual.shape(), what + ": shape");
        assertEquals(expected.dtype(), actual.dtype(), what + ": dtype");
        double[] e = HostData.interleaved(expected.toBytes(), expected.dtype());
        double[] a = HostData.interleaved(actual.toBytes(), actual.dtype());
        double tol = tol(expected.dtype());
        for (int i = 0; i < e.length; i++) {
            boolean same = e[i] == a[i]
                    || (Double.isNaN(e[i]) && Double.isNaN(a[i]))
                    || Math.abs(e[i] - a[i]) <= tol * Math.max(1, Math.abs(e[i]));
            assertTrue(same, what + ": element " + i + ": expected " + e[i] + ", got " + a[i]);
        }
    }
}
