package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.values;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Svd;
import org.ndgpu.testing.PerDeviceTest;
import org.ndgpu.vendor.Solver;

/**
 * The device SVD (one-sided Jacobi, JacobiSvd through DeviceSolver), on every device through a
 * solver made to take it (a CPU device's own solver leaves svd to EJML): per matrix,
 * ||U S V^T - A|| / ||A||, ||U^T U - I||, ||V V^T - I|| under 50 max(m, n) eps of the dtype (eps
 * 6e-8 for float32, 1.1e-16 for float64), singular values descending and equal to EJML's (float64,
 * on the host) to 1e-5 (float32) and 1e-12 (float64) of the largest: random, tall and wide, 1 x N
 * and N x 1, ill-conditioned (condition 1e6), rank-deficient (numerically and exactly: a zero
 * column), the zero matrix, both full_matrices modes, batched stacks, and svdvals (no vectors)
 * against the same; NaN raises as NumPy's.
 */
class JacobiSvdTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();

    private static boolean fp64(DType dt) {
        return dt != DType.FLOAT64 || Device.current().facts().fp64();
    }

    private static double eps(DType dt) {
        return dt == DType.FLOAT32 ? 6e-8 : 1.1e-16;
    }

    private static DeviceSolver kernels() {
        Device d = Device.current();
        return new DeviceSolver(d, new HostSolver(d), true, true);
    }

    /** An (b, m, n) stack of random entries in [-1, 1), seeded. */
    private static double[] random(long seed, int b, int m, int n) {
        Random r = new Random(seed);
        double[] a = new double[b * m * n];
        for (int i = 0; i < a.length; i++) a[i] = 2 * r.nextDouble() - 1;
        return a;
    }

    /** Orthonormal columns (m, k) by Gram-Schmidt, twice, of a seeded random matrix. */
    private static double[] orthonormal(long seed, int m, int k) {
        double[] q = random(seed, 1, m, k);
        for (int pass = 0; pass < 2; pass++)
            for (int j = 0; j < k; j++) {
                for (int l = 0; l < j; l++) {
                    double d = 0;
                    for (int i = 0; i < m; i++) d += q[i * k + j] * q[i * k + l];
                    for (int i = 0; i < m; i++) q[i * k + j] -= d * q[i * k + l];
                }
                double nn = 0;
                for (int i = 0; i < m; i++) nn += q[i * k + j] * q[i * k + j];
                nn = Math.sqrt(nn);
                for (int i = 0; i < m; i++) q[i * k + j] /= nn;
            }
        return q;
    }

    /** U diag(s) V^T of size (m, n) with the given singular values (length min(m, n)). */
    private static double[] withSingularValues(long seed, int m, int n, double[] s) {
        int k = s.length;
        double[] u = orthonormal(seed, m, k), v = orthonormal(seed + 1, n, k), a = new double[m * n];
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) {
                double t = 0;
                for (int l = 0; l < k; l++) t += u[i * k + l] * s[l] * v[j * k + l];
                a[i * n + j] = t;
            }
        return a;
    }

    /** Runs the kernels on (b, m, n) of dt and checks the factorization, both modes. */
    private static void check(String what, DType dt, double[] av, int b, int m, int n) {
        if (!fp64(dt)) return;
        DeviceSolver k = kernels();
        assertTrue(k.svdOnDevice(dt, m, n), what + " on the device");
        try (NDArray a = Nd.array(av, dt, b, m, n)) {
            double[] exact = values(a);
            double[] ref;
            Svd host = new HostSolver(Device.current()).svd(a, false);
            host.u().close();
            host.vh().close();
            try (NDArray s = host.s()) {
                ref = values(s);
            }
            try (NDArray sv = k.svdvals(a)) {
                double[] got = values(sv);
                assertArrayEquals(new long[] {b, Math.min(m, n)}, sv.shape(), what + " svdvals shape");
                double stol = dt == DType.FLOAT32 ? 1e-5 : 1e-12;
                for (int i = 0; i < got.length; i++) {
                    double big = ref[i / Math.min(m, n) * Math.min(m, n)];
                    assertTrue(
                            Math.abs(got[i] - ref[i]) <= stol * Math.max(big, Double.MIN_NORMAL),
                            what + " svdvals[" + i + "]: EJML " + ref[i] + ", got " + got[i]);
                }
            }
            for (boolean full : new boolean[] {false, true}) {
                Svd r = k.svd(a, full);
                try (NDArray u = r.u();
                        NDArray s = r.s();
                        NDArray vh = r.vh()) {
                    verify(what + (full ? " full" : " reduced"), dt, exact, b, m, n, full, u, s, vh, ref);
                }
            }
        }
    }

    private static void verify(
            String what,
            DType dt,
            double[] a,
            int b,
            int m,
            int n,
            boolean full,
            NDArray un,
            NDArray sn,
            NDArray vhn,
            double[] ref) {
        int k = Math.min(m, n), uc = full ? m : k, vr = full ? n : k;
        assertArrayEquals(new long[] {b, m, uc}, un.shape(), what + " u shape");
        assertArrayEquals(new long[] {b, k}, sn.shape(), what + " s shape");
        assertArrayEquals(new long[] {b, vr, n}, vhn.shape(), what + " vh shape");
        assertEquals(dt, un.dtype(), what + " u dtype");
        assertEquals(dt, sn.dtype(), what + " s dtype");
        double[] u = values(un), s = values(sn), vh = values(vhn);
        double tol = 50 * Math.max(m, n) * eps(dt), stol = dt == DType.FLOAT32 ? 1e-5 : 1e-12;
        for (int z = 0; z < b; z++) {
            int ao = z * m * n, uo = z * m * uc, so = z * k, vo = z * vr * n;
            double norm = 0, err = 0;
            for (int i = 0; i < m; i++)
                for (int j = 0; j < n; j++) {
                    double t = 0;
                    for (int l = 0; l < k; l++) t += u[uo + i * uc + l] * s[so + l] * vh[vo + l * n + j];
                    double x = a[ao + i * n + j];
                    err += (t - x) * (t - x);
                    norm += x * x;
                }
            assertTrue(
                    Math.sqrt(err) <= tol * Math.max(Math.sqrt(norm), Double.MIN_NORMAL),
                    what + " matrix " + z + ": ||U S V^T - A|| " + Math.sqrt(err) + " against ||A|| "
                            + Math.sqrt(norm));
            double orthU = 0, orthV = 0;
            for (int i = 0; i < uc; i++)
                for (int j = 0; j < uc; j++) {
                    double t = 0;
                    for (int l = 0; l < m; l++) t += u[uo + l * uc + i] * u[uo + l * uc + j];
                    orthU = Math.max(orthU, Math.abs(t - (i == j ? 1 : 0)));
                }
            for (int i = 0; i < vr; i++)
                for (int j = 0; j < vr; j++) {
                    double t = 0;
                    for (int l = 0; l < n; l++) t += vh[vo + i * n + l] * vh[vo + j * n + l];
                    orthV = Math.max(orthV, Math.abs(t - (i == j ? 1 : 0)));
                }
            assertTrue(orthU <= tol, what + " matrix " + z + ": ||U^T U - I|| " + orthU);
            assertTrue(orthV <= tol, what + " matrix " + z + ": ||V^T V - I|| " + orthV);
            double big = ref[so];
            for (int l = 0; l < k; l++) {
                if (l > 0) assertTrue(s[so + l - 1] >= s[so + l], what + " descending at " + l);
                assertTrue(s[so + l] >= 0, what + " nonnegative");
                assertTrue(
                        Math.abs(s[so + l] - ref[so + l]) <= stol * Math.max(big, Double.MIN_NORMAL),
                        what + " matrix " + z + " s[" + l + "]: EJML " + ref[so + l] + ", got " + s[so + l]);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void randomShapes(String name) {
        DType dt = DType.of(name);
        int[][] shapes = {{12, 12}, {40, 25}, {25, 40}, {5, 5}, {130, 70}, {70, 130}, {1, 7}, {9, 1}, {1, 1}, {2, 2}};
        for (int[] sh : shapes)
            check("random " + Arrays.toString(sh), dt, random(sh[0] * 131L + sh[1], 1, sh[0], sh[1]), 1, sh[0], sh[1]);
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void batchedStacks(String name) {
        DType dt = DType.of(name);
        check("batched 4x12x12", dt, random(5, 4, 12, 12), 4, 12, 12);
        check("batched 3x17x6", dt, random(6, 3, 17, 6), 3, 17, 6);
        check("batched 3x6x17", dt, random(7, 3, 6, 17), 3, 6, 17);
    }

    @Test
    void illConditioned() {
        // condition 1e6 in float64: Jacobi gets the small singular values to high relative accuracy
        int m = 60, n = 40;
        double[] s = new double[n];
        for (int i = 0; i < n; i++) s[i] = Math.pow(10, -6.0 * i / (n - 1));
        check("cond 1e6", DType.FLOAT64, withSingularValues(11, m, n, s), 1, m, n);
        check("cond 1e6 wide", DType.FLOAT64, withSingularValues(12, n, m, s), 1, n, m);
        double[] s32 = new double[n];
        for (int i = 0; i < n; i++) s32[i] = Math.pow(10, -3.0 * i / (n - 1));
        check("cond 1e3 float32", DType.FLOAT32, withSingularValues(13, m, n, s32), 1, m, n);
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void rankDeficientAndZero(String name) {
        DType dt = DType.of(name);
        double[] s = {3, 2, 1, 0, 0, 0, 0, 0};
        check("rank 3 of 8", dt, withSingularValues(21, 20, 8, s), 1, 20, 8);
        check("rank 3 of 8 wide", dt, withSingularValues(22, 8, 20, s), 1, 8, 20);
        // exactly zero columns (rows, wide): no rotation touches them, the QR completes the basis
        double[] a = random(23, 1, 15, 7);
        for (int i = 0; i < 15; i++) a[i * 7 + 2] = a[i * 7 + 5] = 0;
        check("zero columns", dt, a, 1, 15, 7);
        double[] w = random(24, 1, 7, 15);
        Arrays.fill(w, 15, 30, 0);
        check("zero row", dt, w, 1, 7, 15);
        check("zero matrix", dt, new double[6 * 4], 1, 6, 4);
        check("zero matrix wide", dt, new double[2 * 3 * 5], 2, 3, 5);
        check("duplicate columns", dt, duplicateColumns(random(25, 1, 10, 4)), 1, 10, 8);
    }

    /** (10, 8): the 4 columns of (10, 4), twice. */
    private static double[] duplicateColumns(double[] a) {
        double[] d = new double[80];
        for (int i = 0; i < 10; i++) for (int j = 0; j < 8; j++) d[i * 8 + j] = a[i * 4 + j % 4];
        return d;
    }

    @Test
    void scalesNearTheTypesLimits() {
        double[] a = random(31, 1, 9, 6);
        double[] huge = Arrays.stream(a).map(x -> x * 1e36).toArray();
        double[] tiny = Arrays.stream(a).map(x -> x * 1e-36).toArray();
        check("1e36", DType.FLOAT32, huge, 1, 9, 6);
        check("1e-36", DType.FLOAT32, tiny, 1, 9, 6);
        check("1e300", DType.FLOAT64, Arrays.stream(a).map(x -> x * 1e300).toArray(), 1, 9, 6);
    }

    @Test
    void nanRaisesAsNumpy() {
        try (NDArray a = Nd.array(new double[] {1, Double.NaN, 3, 4}, DType.FLOAT32, 2, 2)) {
            var e = assertThrows(LinAlgException.class, () -> LA.svd(a, false));
            assertTrue(e.getMessage().startsWith("svd: SVD did not converge"), e.getMessage());
        }
    }

    @Test
    void placementNamesTheDeviceSvdOnGpus() {
        Device d = Device.current();
        if (!(Solver.forDevice(d) instanceof DeviceSolver s)) return; // a solver plugged in by a test
        String svd = LA.placement(d).get("svd");
        boolean here = s.svdOnDevice(DType.FLOAT32, 1024, 1024);
        assertEquals(s.blocked() && d.facts().isGpu(), here, "svd on the device where the GPU kernels run");
        assertTrue(here ? svd.startsWith("device (ndgpu's kernels") : !svd.startsWith("device (ndgpu's"), svd);
        assertTrue(!s.svdOnDevice(DType.COMPLEX64, 8, 8), "complex svd on the fallback");
    }
}
