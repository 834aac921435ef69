package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.assertClose;
import static org.ndgpu.linalg.impl.Fixtures.load;
import static org.ndgpu.linalg.impl.Fixtures.values;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eig;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * pinv, matrixRank, matrixPower, multiDot, cond, eig/eigvals and einsum of three or more operands
 * against NumPy (make_more_fixtures.py: {@code fixtures/linalg2/cases.tsv}); eigenvectors by
 * their definition, A v = lambda v with |v| = 1, since NumPy's are unique only up to phase.
 * Hostile input is in {@link MoreLinalgErrorsTest}.
 */
class MoreLinalgTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();

    private static List<String[]> cases(String kind) {
        return Fixtures.tsv(Fixtures.MORE, "cases.tsv").stream()
                .filter(r -> r[0].equals(kind))
                .toList();
    }

    /** float64 results to 1e-10 of the largest element; float32 (which NumPy computes differently) to 1e-4. */
    private static double tol(NDArray expected) {
        DType d = expected.dtype();
        return d.isInteger() ? 0 : d == DType.FLOAT32 || d == DType.COMPLEX64 ? 1e-4 : 1e-10;
    }

    private static void check(String what, NDArray expected, NDArray actual) {
        try {
            assertClose(expected, actual, tol(expected));
        } catch (AssertionError e) {
            throw new AssertionError(what + ": " + e.getMessage(), e);
        }
    }

    @Test
    void pinvMatchesNumpy() {
        var rows = cases("pinv");
        for (String[] r : rows) {
            NDArray a = load(r[1]);
            NDArray p = r[2].isEmpty() ? LA.pinv(a) : LA.pinv(a, Double.parseDouble(r[2]));
            check("pinv " + r[1], load(r[3]), p);
        }
        assertEquals(6, rows.size());
        // a transposed (F-ordered) view: pinv(a.T) = pinv(a).T
        NDArray w = load("p_wide");
        assertClose(LA.pinv(w).T().copy(), LA.pinv(w.T()), 1e-10);
    }

    @Test
    void matrixRankMatchesNumpy() {
        var rows = cases("rank");
        for (String[] r : rows) {
            NDArray a = load(r[1]);
            NDArray k = r[2].isEmpty() ? LA.matrixRank(a) : LA.matrixRank(a, Double.parseDouble(r[2]));
            check("matrixRank " + r[1], load(r[3]), k);
        }
        assertEquals(5, rows.size());
        assertArrayEquals(new long[] {5, 3, 1}, LA.matrixRank(load("r_stack")).toLongArray());
    }

    @Test
    void matrixPowerMatchesNumpy() {
        var rows = cases("power");
        for (String[] r : rows)
            check("matrixPower " + r[1] + " " + r[2], load(r[3]), LA.matrixPower(load(r[1]), Long.parseLong(r[2])));
        assertEquals(12, rows.size());
    }

    @Test
    void multiDotMatchesNumpyAndItsOrder() {
        var rows = cases("multidot");
        for (String[] r : rows) {
            NDArray[] arrays =
                    Arrays.stream(r[1].split(",")).map(Fixtures::load).toArray(NDArray[]::new);
            check("multiDot " + r[1], load(r[3]), LA.multiDot(arrays));
        }
        assertEquals(6, rows.size());
        var chains = cases("chain");
        for (String[] r : chains) {
            long[] p = Arrays.stream(r[1].split(",")).mapToLong(Long::parseLong).toArray();
            assertEquals(r[3], Chains.parenthesize(Chains.chainOrder(p), 0, p.length - 2), "dims " + r[1]);
        }
        assertEquals(7, chains.size());
    }

    @Test
    void condMatchesNumpy() {
        var rows = cases("cond");
        for (String[] r : rows) {
            Object p = switch (r[2]) {
                case "None" -> null;
                case "fro", "nuc" -> r[2];
                case "inf" -> Double.POSITIVE_INFINITY;
                case "-inf" -> Double.NEGATIVE_INFINITY;
                default -> Double.parseDouble(r[2]);
            };
            NDArray expected = load(r[3]), got = LA.cond(load(r[1]), p);
            assertArrayEquals(expected.shape(), got.shape(), "cond shape " + r[1] + " " + r[2]);
            assertEquals(expected.dtype(), got.dtype(), "cond dtype " + r[1] + " " + r[2]);
            double[] e = values(expected), g = values(got);
            for (int i = 0; i < e.length; i++) {
                // element by element: a singular matrix's inf beside finite ones must not widen the tolerance
                // NumPy's inf is LAPACK meeting an exact zero pivot; cuSOLVER's LU of the same singular matrix may
                // meet a pivot rounded to 1e-17 instead, and the norm product is then about 1/eps or more: singular
                // either way
                double huge = 0.1 / Math.ulp(expected.dtype() == org.ndgpu.ndarray.DType.FLOAT32 ? 1.0f : 1.0);
                boolean ok = Double.isInfinite(e[i])
                        ? e[i] == g[i] || g[i] >= huge
                        : Math.abs(e[i] - g[i]) <= tol(expected) * Math.abs(e[i]);
                assertTrue(ok, "cond " + r[1] + " p=" + r[2] + " [" + i + "]: expected " + e[i] + ", got " + g[i]);
            }
        }
        assertEquals(15, rows.size());
    }

    @Test
    void eigMatchesNumpy() {
        var rows = cases("eig");
        for (String[] r : rows) {
            NDArray a = load(r[1]), expected = load(r[3]);
            Eig e = LA.eig(a);
            NDArray w = LA.eigvals(a);
            assertEquals(expected.dtype(), e.eigenvalues().dtype(), "eig dtype " + r[1]);
            assertEquals(expected.dtype(), e.eigenvectors().dtype(), "eig vector dtype " + r[1]);
            assertEquals(expected.dtype(), w.dtype(), "eigvals dtype " + r[1]);
            assertArrayEquals(expected.shape(), e.eigenvalues().shape(), r[1]);
            long n = a.shape(a.ndim() - 1);
            double[] ex = complexValues(expected), got = complexValues(e.eigenvalues()), gw = complexValues(w);
            int count = (int) (ex.length / 2 / n);
            double t = expected.dtype() == DType.FLOAT32 || expected.dtype() == DType.COMPLEX64 ? 1e-4 : 1e-10;
            for (int b = 0; b < count; b++) {
                int from = (int) (b * n * 2), to = (int) ((b + 1) * n * 2);
                assertSameMultiset(
                        Arrays.copyOfRange(ex, from, to), Arrays.copyOfRange(got, from, to), t, "eig " + r[1]);
                assertSameMultiset(
                        Arrays.copyOfRange(ex, from, to), Arrays.copyOfRange(gw, from, to), t, "eigvals " + r[1]);
            }
            assertEigenpairs(values(a), got, complexValues(e.eigenvectors()), (int) n, count, t, r[1]);
        }
        assertEquals(9, rows.size());
    }

    /** Interleaved (re, im) of a real or complex array. */
    private static double[] complexValues(NDArray a) {
        double[] v = values(a);
        if (a.dtype().isComplex()) return v;
        double[] c = new double[v.length * 2];
        for (int i = 0; i < v.length; i++) c[2 * i] = v[i];
        return c;
    }

    /** Each expected eigenvalue matched to the nearest unused actual one (LAPACK's and EJML's orders differ). */
    private static void assertSameMultiset(double[] e, double[] g, double tol, String what) {
        int n = e.length / 2;
        double scale = 1;
        for (int i = 0; i < n; i++) scale = Math.max(scale, Math.hypot(e[2 * i], e[2 * i + 1]));
        boolean[] used = new boolean[n];
        for (int i = 0; i < n; i++) {
            int best = -1;
            double d = Double.POSITIVE_INFINITY;
            for (int j = 0; j < n; j++) {
                double dj = Math.hypot(e[2 * i] - g[2 * j], e[2 * i + 1] - g[2 * j + 1]);
                if (!used[j] && dj < d) {
                    d = dj;
                    best = j;
                }
            }
            used[best] = true;
            assertTrue(
                    d <= tol * scale,
                    what + ": eigenvalue " + e[2 * i] + "+" + e[2 * i + 1] + "j has no match within " + tol * scale
                            + " (nearest " + d + ")");
        }
    }

    /** A v_j = w_j v_j and |v_j| = 1 for every column, in complex arithmetic on the host. */
    static void assertEigenpairs(double[] a, double[] w, double[] v, int n, int count, double tol, String what) {
        for (int b = 0; b < count; b++) {
            double norm = 0;
            for (int i = 0; i < n * n; i++) norm = Math.max(norm, Math.abs(a[b * n * n + i]));
            for (int j = 0; j < n; j++) {
                double wr = w[2 * (b * n + j)], wi = w[2 * (b * n + j) + 1], len = 0;
                for (int i = 0; i < n; i++) {
                    double sr = 0, si = 0;
                    for (int k = 0; k < n; k++) {
                        double ar = a[b * n * n + i * n + k];
                        sr += ar * v[2 * (b * n * n + k * n + j)];
                        si += ar * v[2 * (b * n * n + k * n + j) + 1];
                    }
                    double vr = v[2 * (b * n * n + i * n + j)], vi = v[2 * (b * n * n + i * n + j) + 1];
                    sr -= wr * vr - wi * vi;
                    si -= wr * vi + wi * vr;
                    len += vr * vr + vi * vi;
                    assertTrue(
                            Math.hypot(sr, si) <= tol * Math.max(1, norm) * n,
                            what + ": (A v - w v)[" + i + "] of pair " + j + " (matrix " + b + ") is "
                                    + Math.hypot(sr, si));
                }
                assertEquals(1, Math.sqrt(len), tol * 10, what + ": |v| of pair " + j);
            }
        }
    }

    @Test
    void einsumOfThreeOrMoreMatchesNumpyAndItsPath() {
        var rows = cases("einsum");
        for (String[] r : rows) {
            NDArray[] ops =
                    Arrays.stream(r[2].split(" ")).map(n -> load("es_" + n)).toArray(NDArray[]::new);
            check("einsum " + r[1], load(r[3]), LA.einsum(r[1], ops));
            if (r[1].contains("...")) continue;
            // the path EinsumPath picks, beside numpy.einsum_path(optimize='greedy')
            String[] io = r[1].split("->", -1);
            List<String> ins = List.of(io[0].split(","));
            Map<Character, Long> sizes = new HashMap<>();
            for (int i = 0; i < ins.size(); i++) {
                for (int d = 0; d < ins.get(i).length(); d++)
                    sizes.merge(ins.get(i).charAt(d), ops[i].shape(d), Math::max);
            }
            String out = io.length == 2 ? io[1] : implicitOutput(io[0]);
            List<String> path = new ArrayList<>();
            for (int[] p : EinsumPath.greedy(ins, out, sizes)) path.add(p[0] + "," + p[1]);
            assertEquals(r[4], String.join(";", path), "path of " + r[1]);
        }
        assertEquals(13, rows.size());
    }

    private static String implicitOutput(String ins) {
        String all = ins.replace(",", "");
        var once = new TreeSet<Character>();
        for (char c : all.toCharArray()) if (all.indexOf(c) == all.lastIndexOf(c)) once.add(c);
        var sb = new StringBuilder();
        once.forEach(sb::append);
        return sb.toString();
    }
}
