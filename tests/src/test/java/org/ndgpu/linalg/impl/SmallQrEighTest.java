package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.values;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Qr;
import org.ndgpu.testing.PerDeviceTest;
import org.ndgpu.vendor.Solver;

/**
 * The device QR and Jacobi eigh of small matrices (SmallQr, SmallEigh through DeviceSolver): qr,
 * eigh and eigvalsh of batched matrices against NumPy fixtures (make_small_qr_eigh_fixtures.py:
 * tall, wide, square, rank-deficient, ill-conditioned, repeated eigenvalues, huge and tiny scales,
 * NaN), and by reconstruction (||QR - A|| / ||A||, ||Q^T Q - I||, ||A V - V diag(w)|| / ||A||,
 * ||V^T V - I||) for random shapes across the kernels' tiles up to 64. GPUs' solvers run these on
 * ndgpu's kernels (CUDA too, where cuSOLVER keeps only larger orders); a CPU device's runs them on
 * the host, so the tests call the kernels through a solver made to take them on any device.
 */
class SmallQrEighTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();

    private static long[] shape(String s) {
        return s.isEmpty()
                ? new long[0]
                : Arrays.stream(s.split(",")).mapToLong(Long::parseLong).toArray();
    }

    private static double[] numbers(String vals) {
        return vals.isEmpty()
                ? new double[0]
                : Arrays.stream(vals.split(" "))
                        .mapToDouble(t -> switch (t) {
                            case "nan" -> Double.NaN;
                            case "inf" -> Double.POSITIVE_INFINITY;
                            case "-inf" -> Double.NEGATIVE_INFINITY;
                            default -> Double.parseDouble(t);
                        })
                        .toArray();
    }

    private static boolean fp64(DType dt) {
        return dt != DType.FLOAT64 || Device.current().facts().fp64();
    }

    private static double eps(DType dt) {
        return dt == DType.FLOAT32 ? 6e-8 : 1.1e-16;
    }

    /** The kernels under test on any device: a solver that takes them whatever the device's kind. */
    private static DeviceSolver kernels() {
        Device d = Device.current();
        return new DeviceSolver(d, new HostSolver(d), true, true);
    }

    @Test
    void gpusRunSmallQrAndEighOnTheKernelsCpusOnTheHost() {
        Device d = Device.current();
        if (!(Solver.forDevice(d) instanceof DeviceSolver s)) return; // a solver plugged in by a test
        assertTrue(!s.qrOnDevice(DType.COMPLEX64, 4, 4), "complex qr on the fallback");
        assertTrue(s.runsOnDevice(DType.FLOAT32, 32), "stacks of small LU on the device, CUDA too");
        Map<String, String> p = LA.placement(d);
        for (String r : List.of("inv", "solve"))
            assertTrue(p.get(r).startsWith("device (ndgpu's kernels"), r + ": " + p.get(r));
        if (d.backend().dialect() == Dialect.OPENCL) assertTrue(s.blocked(), "OpenCL factors large orders here");
        else assertTrue(s.where().startsWith("cuSOLVER") || s.blocked(), s.where());
        if (d.facts().isGpu()) {
            assertTrue(s.qrOnDevice(DType.FLOAT32, 64, 64) && s.qrOnDevice(DType.FLOAT32, 64, 3), "qr to 64");
            assertEquals(s.blocked(), s.qrOnDevice(DType.FLOAT32, 65, 3), "qr past 64 blocked where the LU is");
            assertTrue(
                    s.eighOnDevice(DType.FLOAT32, 64, true) && !s.eighOnDevice(DType.FLOAT32, 65, true), "eigh to 64");
            for (String r : List.of("qr", "eigh", "eigvalsh"))
                assertTrue(p.get(r).startsWith("device (ndgpu's kernels"), r + ": " + p.get(r));
        } else {
            // PoCL: EJML on the host is faster for small matrices; blocked QR from order 768
            assertTrue(!s.qrOnDevice(DType.FLOAT32, 64, 64) && !s.eighOnDevice(DType.FLOAT32, 32, true), "host");
            assertTrue(!s.qrOnDevice(DType.FLOAT64, 767, 767), "qr 767 on the host");
            assertEquals(s.blocked(), s.qrOnDevice(DType.FLOAT64, 768, 768), "blocked qr from 768");
            assertTrue(p.get("eigh").startsWith("host"), p.get("eigh"));
            if (s.blocked()) assertTrue(p.get("qr").contains("from order 768"), p.get("qr"));
        }
    }

    @Test
    void matchNumpyFixtures() {
        List<String[]> rows = Fixtures.tsv("/fixtures/linalg3/", "small_qr_eigh.tsv");
        assertTrue(rows.size() >= 50, "fixture rows: " + rows.size());
        for (String[] r : rows) {
            String name = r[0], op = r[1];
            DType dt = DType.of(r[2]);
            if (!fp64(dt)) continue;
            long[] s = shape(r[3]);
            double[] av = numbers(r[4]);
            try (NDArray a = Nd.array(av, dt, s)) {
                if (r[5].equals("LinAlgError")) {
                    var e = org.junit.jupiter.api.Assertions.assertThrows(
                            org.ndgpu.exceptions.LinAlgException.class,
                            () -> (op.equals("eigh") ? LA.eigh(a).eigenvalues() : LA.eigvalsh(a)).close());
                    assertTrue(e.getMessage().startsWith(op + ": Eigenvalues did not converge"), e.getMessage());
                    continue;
                }
                DeviceSolver k = kernels();
                boolean nan = name.contains("nan");
                switch (op) {
                    case "qr" -> {
                        Qr qr = k.qr(a);
                        try (NDArray q = qr.q();
                                NDArray rr = qr.r()) {
                            checkQr(name, dt, s, av, q, rr);
                            // LAPACK's reflectors fix the signs: entry by entry where the problem is well posed
                            if (!name.contains("hilbert") && !name.contains("rank_deficient")) {
                                compare(name + " q", dt, r[5], q, 1);
                                compare(name + " r", dt, r[6], rr, 1);
                            }
                        }
                    }
                    case "eigh" -> {
                        Eigh e = nan ? LA.eigh(a) : k.eigh(a);
                        try (NDArray w = e.eigenvalues();
                                NDArray v = e.eigenvectors()) {
                            double scale = compare(name + " w", dt, r[5], w, 0);
                            if (!nan) checkEigh(name, dt, s, av, w, v, scale);
                            else compare(name + " v nan", dt, r[6], v, -1);
                        }
                    }
                    default -> {
                        try (NDArray w = nan ? LA.eigvalsh(a) : k.eigvalsh(a)) {
                            compare(name + " w", dt, r[5], w, 0);
                        }
                    }
                }
            }
        }
    }

    /**
     * Compares got with the fixture field "shape;values": entry by entry (mode 1, relative to
     * max(1, |e|)), scaled by the largest |e| of each matrix's vector (mode 0, eigenvalues), or
     * only where NumPy has NaN (mode -1); NaN must match NaN. Returns the largest |e|.
     */
    private static double compare(String what, DType dt, String field, NDArray got, int mode) {
        String[] p = field.split(";", -1);
        double[] e = numbers(p[1]), g = values(got);
        assertArrayEquals(shape(p[0]), got.shape(), what + " shape");
        assertEquals(dt, got.dtype(), what + " dtype");
        double big = 0;
        for (double x : e) if (Double.isFinite(x)) big = Math.max(big, Math.abs(x));
        double tol = dt == DType.FLOAT32 ? 2e-4 : 1e-10;
        for (int k = 0; k < e.length; k++) {
            if (Double.isNaN(e[k]) || mode == -1) {
                if (Double.isNaN(e[k]))
                    assertTrue(Double.isNaN(g[k]), what + " element " + k + ": NaN expected, got " + g[k]);
                continue;
            }
            double ref = mode == 1 ? Math.max(1, Math.abs(e[k])) : big;
            assertTrue(
                    Math.abs(e[k] - g[k]) <= tol * ref,
                    what + " element " + k + ": expected " + e[k] + ", got " + g[k]);
        }
        return big;
    }

    /** ||Q R - A|| <= c eps ||A||, ||Q^T Q - I|| <= c eps, R upper triangular, per matrix. */
    private static void checkQr(String what, DType dt, long[] s, double[] a, NDArray q, NDArray r) {
        int b = (int) s[0], m = (int) s[1], n = (int) s[2], k = Math.min(m, n);
        assertArrayEquals(new long[] {b, m, k}, q.shape(), what + " q shape");
        assertArrayEquals(new long[] {b, k, n}, r.shape(), what + " r shape");
        double[] qv = values(q), rv = values(r);
        double tol = 50 * Math.max(m, n) * eps(dt);
        for (int z = 0; z < b; z++) {
            double err = 0, norm = 0, orth = 0;
            for (int i = 0; i < m; i++)
                for (int j = 0; j < n; j++) {
                    double t = 0;
                    for (int l = 0; l < k; l++) t += qv[z * m * k + i * k + l] * rv[z * k * n + l * n + j];
                    double x = a[z * m * n + i * n + j];
                    err += (t - x) * (t - x);
                    norm += x * x;
                }
            for (int i = 0; i < k; i++)
                for (int j = 0; j < k; j++) {
                    double t = 0;
                    for (int l = 0; l < m; l++) t += qv[z * m * k + l * k + i] * qv[z * m * k + l * k + j];
                    orth = Math.max(orth, Math.abs(t - (i == j ? 1 : 0)));
                }
            for (int i = 0; i < k; i++)
                for (int j = 0; j < Math.min(i, n); j++)
                    assertEquals(0, rv[z * k * n + i * n + j], what + " r below the diagonal");
            assertTrue(
                    Math.sqrt(err) <= tol * Math.max(Math.sqrt(norm), Double.MIN_NORMAL), what + " ||QR - A|| " + err);
            assertTrue(orth <= tol, what + " ||Q^T Q - I|| " + orth);
        }
    }

    /** ||A V - V diag(w)|| <= c eps ||A||, ||V^T V - I|| <= c eps, w ascending, per matrix. */
    private static void checkEigh(String what, DType dt, long[] s, double[] a, NDArray w, NDArray v, double scale) {
        int b = (int) s[0], n = (int) s[1];
        assertArrayEquals(new long[] {b, n, n}, v.shape(), what + " v shape");
        double[] wv = values(w), vv = values(v);
        double tol = 50 * n * eps(dt);
        for (int z = 0; z < b; z++) {
            int o = z * n * n;
            double norm = 0, res = 0, orth = 0;
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) {
                    double x = i >= j ? a[o + i * n + j] : a[o + j * n + i]; // the lower triangle
                    norm += x * x;
                }
            for (int i = 0; i < n; i++)
                for (int c = 0; c < n; c++) {
                    double t = 0;
                    for (int l = 0; l < n; l++) t += (i >= l ? a[o + i * n + l] : a[o + l * n + i]) * vv[o + l * n + c];
                    t -= wv[z * n + c] * vv[o + i * n + c];
                    res += t * t;
                    double u = 0;
                    for (int l = 0; l < n; l++) u += vv[o + l * n + i] * vv[o + l * n + c];
                    orth = Math.max(orth, Math.abs(u - (i == c ? 1 : 0)));
                }
            for (int i = 1; i < n; i++) assertTrue(wv[z * n + i - 1] <= wv[z * n + i], what + " ascending");
            assertTrue(
                    Math.sqrt(res) <= tol * Math.max(Math.sqrt(norm), scale), what + " ||AV - VW|| " + Math.sqrt(res));
            assertTrue(orth <= tol, what + " ||V^T V - I|| " + orth);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void reconstructAcrossTiles(String name) {
        DType dt = DType.of(name);
        if (!fp64(dt)) return;
        DeviceSolver k = kernels();
        int[][] shapes = {{64, 64}, {64, 10}, {10, 64}, {33, 33}, {48, 20}, {16, 16}, {2, 1}};
        for (int[] sh : shapes) {
            long[] s = {3, sh[0], sh[1]};
            try (NDArray a = Fixtures.random(sh[0] * 100L + sh[1], dt, s)) {
                double[] av = values(a);
                Qr qr = k.qr(a);
                try (NDArray q = qr.q();
                        NDArray r = qr.r()) {
                    checkQr("qr " + Arrays.toString(sh), dt, s, av, q, r);
                }
            }
        }
        for (int n : new int[] {64, 63, 32, 31, 9, 3}) {
            long[] s = {3, n, n};
            try (NDArray a = Fixtures.random(7L * n, dt, s)) {
                double[] av = values(a);
                Eigh e = k.eigh(a);
                try (NDArray w = e.eigenvalues();
                        NDArray v = e.eigenvectors();
                        NDArray w2 = k.eigvalsh(a)) {
                    checkEigh("eigh " + n, dt, s, av, w, v, 0);
                    assertArrayEquals(values(w), values(w2), "eigvalsh " + n + " is eigh's eigenvalues");
                }
            }
        }
    }

    /**
     * The blocked QR (sides past 64), on every device here (on CUDA without the setting too: the
     * solver is made directly): tall, wide and square, panels of 64 with a ragged last one, a zero
     * column (tau 0) inside a panel; R's diagonal signs as the small kernel's (LAPACK's) where both
     * see the same leading 64 columns.
     */
    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void blockedQrReconstructs(String name) {
        DType dt = DType.of(name);
        Device d = Device.current();
        if (org.ndgpu.vendor.Blas.forDevice(d) == null || !fp64(dt)) return;
        DeviceSolver s = new DeviceSolver(d, new HostSolver(d), true, true);
        int[][] shapes = {{150, 130}, {70, 200}, {129, 129}, {200, 65}, {65, 40}, {40, 70}};
        for (int[] sh : shapes) {
            long[] sz = {2, sh[0], sh[1]};
            double[] av = Fixtures.random(sh[0] + 1000L * sh[1], (int) (2L * sh[0] * sh[1]));
            for (int i = 0; i < sh[0]; i++) av[i * sh[1] + 3] = 0; // a zero column in matrix 0
            try (NDArray a = Nd.array(av, dt, sz)) {
                double[] exact = values(a);
                assertTrue(s.qrOnDevice(dt, sh[0], sh[1]), "blocked qr " + Arrays.toString(sh));
                Qr qr = s.qr(a);
                try (NDArray q = qr.q();
                        NDArray r = qr.r()) {
                    checkQr("blocked qr " + Arrays.toString(sh), dt, sz, exact, q, r);
                    if (sh[0] > 64) continue;
                    // a wide matrix's first 64 columns alone go through the small kernel: the same reflectors
                    try (NDArray left = a.get("..., :64");
                            NDArray lc = left.copy(org.ndgpu.ndarray.Order.C)) {
                        Qr small = s.qr(lc);
                        double[] rb = values(r), rs = values(small.r());
                        small.q().close();
                        small.r().close();
                        for (int i = 0; i < sh[0]; i++)
                            assertEquals(Math.signum(rs[i * 64 + i]), Math.signum(rb[i * sh[1] + i]), "R sign " + i);
                    }
                }
            }
        }
    }

    /**
     * The kernel's two ways of gathering the rotations agree: in local memory (GPUs, where a second
     * tile fits) and in the eigenvector output (CPU devices, and float64 of order past 32).
     */
    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void rotationsInLocalAndGlobalMemoryAgree(String name) {
        DType dt = DType.of(name);
        if (!fp64(dt)) return;
        for (int n : new int[] {40, 5}) { // the 64 tile and the 16 (slow on PoCL: few, small)
            long[] s = {1, n, n};
            // the way the device's default does not take: local memory on a CPU device with room for two tiles
            var f = Device.current().facts();
            boolean local = !f.isGpu() && f.localMemoryBytes() >= 2L * 64 * 64 * dt.itemsize() + 4096;
            try (NDArray a = Fixtures.random(11L * n, dt, s)) {
                Eigh e = SmallEigh.eigh(a, true, "eigh", local, 1);
                try (NDArray w = e.eigenvalues();
                        NDArray v = e.eigenvectors()) {
                    checkEigh("eigh other memory " + n, dt, s, values(a), w, v, 0);
                }
            }
        }
    }

    @Test
    void largerAndComplexGoToTheFallbackAndEmptyStacksKeepTheirShapes() {
        // order 65: past the kernels, the fallback's answer (EJML or cuSOLVER)
        try (NDArray a = Fixtures.random(65, DType.FLOAT64, 1, 65, 65)) {
            if (!fp64(DType.FLOAT64)) return;
            double[] av = values(a);
            Eigh e = LA.eigh(a);
            try (NDArray w = e.eigenvalues();
                    NDArray v = e.eigenvectors()) {
                checkEigh("eigh 65", DType.FLOAT64, new long[] {1, 65, 65}, av, w, v, 0);
            }
            Qr qr = LA.qr(a);
            try (NDArray q = qr.q();
                    NDArray r = qr.r()) {
                checkQr("qr 65", DType.FLOAT64, new long[] {1, 65, 65}, av, q, r);
            }
        }
        try (NDArray re = Fixtures.random(3, DType.FLOAT32, 2, 4, 4);
                NDArray c = re.astype(DType.COMPLEX64);
                NDArray w = LA.eigvalsh(c)) {
            assertEquals(DType.FLOAT32, w.dtype());
            assertArrayEquals(new long[] {2, 4}, w.shape());
        }
        try (NDArray z = Nd.zeros(DType.FLOAT32, 2, 0, 0);
                NDArray w = LA.eigvalsh(z);
                NDArray t = Nd.zeros(DType.FLOAT64, 3, 0)) {
            assertArrayEquals(new long[] {2, 0}, w.shape());
            Qr qr = LA.qr(t);
            assertArrayEquals(new long[] {3, 0}, qr.q().shape());
            assertArrayEquals(new long[] {0, 0}, qr.r().shape());
            qr.q().close();
            qr.r().close();
        }
    }
}
