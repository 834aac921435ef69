package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.HostData;
import org.ndgpu.ndarray.NDArray;

/** NumPy fixtures (src/test/python/make_fixtures.py) and host-side helpers for the linalg suites. */
final class Fixtures {
    private Fixtures() {}

    private static final String DIR = "/fixtures/linalg/";
    /** make_more_fixtures.py's fixtures (pinv, cond, eig, ...), in a folder of their own. */
    static final String MORE = "/fixtures/linalg2/";

    private static final Map<String, String[]> MANIFEST = new HashMap<>();
    private static final Map<String, String> FOLDER = new HashMap<>();

    static {
        for (String dir : new String[] {DIR, MORE}) {
            for (String line : text(dir, "manifest.tsv").split("\n")) {
                if (line.isBlank()) continue;
                String[] f = line.split("\t", -1);
                if (MANIFEST.put(f[0], f) != null)
                    throw new IllegalStateException("fixture " + f[0] + " is in two folders");
                FOLDER.put(f[0], dir);
            }
        }
    }

    static String text(String file) {
        return text(DIR, file);
    }

    static String text(String dir, String file) {
        try (InputStream in = Fixtures.class.getResourceAsStream(dir + file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The fixture {@code name} as an array on the current device. */
    static NDArray load(String name) {
        String[] f = MANIFEST.get(name);
        if (f == null) throw new IllegalArgumentException("no fixture " + name);
        DType dt = DType.of(f[1]);
        long[] shape = f[2].isEmpty()
                ? new long[0]
                : java.util.Arrays.stream(f[2].split(","))
                        .mapToLong(Long::parseLong)
                        .toArray();
        byte[] bytes;
        try (InputStream in = Fixtures.class.getResourceAsStream(FOLDER.get(name) + name + ".bin")) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        MemorySegment seg =
                Arena.ofAuto().allocate(Math.max(1, bytes.length), 16).asSlice(0, bytes.length);
        seg.copyFrom(MemorySegment.ofArray(bytes));
        return Nd.array(seg, dt, shape);
    }

    /** The elements in C order as doubles; complex as re, im pairs; float16 decoded. */
    static double[] values(NDArray a) {
        return HostData.interleaved(a.toBytes(), a.dtype());
    }

    /** The tolerance a dtype's results are held to, relative to the largest magnitude. */
    static double tol(DType d) {
        return switch (d) {
            case FLOAT16 -> 1e-2;
            case FLOAT32, COMPLEX64 -> 2e-5;
            case FLOAT64, COMPLEX128 -> 1e-12;
            default -> 0;
        };
    }

    /** Same shape and dtype, elements within tol * max(1, max|expected|). */
    static void assertClose(NDArray expected, NDArray actual, double tol) {
        assertArrayEquals(expected.shape(), actual.shape(), "shape");
        assertEquals(expected.dtype(), actual.dtype(), "dtype");
        assertClose(values(expected), values(actual), tol);
    }

    static void assertClose(double[] e, double[] a, double tol) {
        assertEquals(e.length, a.length, "length");
        double scale = 1;
        for (double v : e) scale = Math.max(scale, Math.abs(v));
        for (int i = 0; i < e.length; i++) {
            double err = Math.abs(e[i] - a[i]);
            assertTrue(
                    err <= tol * scale || (Double.isNaN(e[i]) && Double.isNaN(a[i])) || e[i] == a[i],
                    "element " + i + ": expected " + e[i] + ", got " + a[i] + " (tolerance " + tol * scale + ")");
        }
    }

    /** Seeded random doubles in [-1, 1). */
    static double[] random(long seed, int n) {
        Random r = new Random(seed);
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = r.nextDouble() * 2 - 1;
        return d;
    }

    /** A random array of dtype and shape on the current device. */
    static NDArray random(long seed, DType dt, long... shape) {
        int n = 1;
        for (long s : shape) n *= (int) s;
        double[] d = random(seed, n);
        if (dt.isInteger() || dt.isBool()) {
            long[] l = new long[n];
            for (int i = 0; i < n; i++) l[i] = dt.isBool() ? (d[i] > 0 ? 1 : 0) : Math.round(d[i] * 50);
            return Nd.array(l, dt, shape);
        }
        return Nd.array(d, dt, shape);
    }

    /** Host reference matmul of row-major (m, k) and (k, n) doubles. */
    static double[] matmul(double[] a, double[] b, int m, int k, int n) {
        double[] c = new double[m * n];
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int l = 0; l < k; l++) s += a[i * k + l] * b[l * n + j];
                c[i * n + j] = s;
            }
        return c;
    }

    static List<String[]> tsv(String file) {
        return tsv(DIR, file);
    }

    static List<String[]> tsv(String dir, String file) {
        return text(dir, file)
                .lines()
                .filter(l -> !l.isBlank())
                .map(l -> l.split("\t", -1))
                .toList();
    }
}
