package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.assertClose;
import static org.ndgpu.linalg.impl.Fixtures.values;

import java.util.Arrays;
import java.util.List;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Slogdet;
import org.ndgpu.testing.PerDeviceTest;
import org.ndgpu.vendor.Blas;
import org.ndgpu.vendor.Solver;

/**
 * The device LU and Cholesky (DeviceSolver, SmallFactor's kernels): solve, inv, det, slogdet and
 * cholesky of batched small matrices against NumPy fixtures (make_small_factor_fixtures.py) for
 * orders 1, 5 and 17, and by reconstruction (EJML's host products as the oracle) for orders up to
 * 64 and ill-conditioned input; singular, not positive definite, NaN, inf and empty stacks. On
 * OpenCL devices the default solver is the device one; on CUDA it is with
 * {@code -Dndgpu.linalg.solver=own} (else these tests check cuSOLVER by the same rules).
 */
class DeviceSolverTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();
    private static final String DIR = "/fixtures/linalg3/";

    private static long[] shape(String shape) {
        return shape.isEmpty()
                ? new long[0]
                : Arrays.stream(shape.split(",")).mapToLong(Long::parseLong).toArray();
    }

    private static NDArray parse(DType dt, String shape, String vals) {
        long[] s = shape(shape);
        double[] v = vals.isEmpty()
                ? new double[0]
                : Arrays.stream(vals.split(" "))
                        .mapToDouble(DeviceSolverTest::number)
                        .toArray();
        return Nd.array(v, dt, s);
    }

    /** A number as the fixture script writes it: Python's repr, or nan, inf, -inf. */
    private static double number(String t) {
        return switch (t) {
            case "nan" -> Double.NaN;
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(t);
        };
    }

    private static NDArray expected(DType dt, String field) {
        String[] p = field.split(";", -1);
        return parse(dt, p[0], p[1]);
    }

    @Test
    void openclDevicesFactorOnTheDevice() {
        Device d = Device.current();
        if (d.backend().dialect() != Dialect.OPENCL) return;
        Solver s = Solver.forDevice(d);
        assertTrue(s.where().startsWith("ndgpu's kernels"), s.where());
        assertTrue(((DeviceSolver) s).runsOnDevice(DType.FLOAT32, 64), "float32 64 x 64 on the device");
        assertTrue(!((DeviceSolver) s).runsOnDevice(DType.COMPLEX128, 4), "complex on the host");
    }

    /**
     * Solver.eighRefusesNonFinite, the front end's reason to skip its NaN pass, at the worst calls: a
     * null or complex dtype, orders below 3 (NumPy's NaN answer, not an error), negative and huge
     * orders answer false without throwing; where it answers true the kernel runs (eighOnDevice), and
     * the host solver never claims it.
     */
    @Test
    void eighRefusesNonFiniteOnlyWhereTheKernelDoes() {
        Device d = Device.current();
        assertTrue(!new HostSolver(d).eighRefusesNonFinite(DType.FLOAT64, 32, true), "host solver");
        if (!(Solver.forDevice(d) instanceof DeviceSolver s)) return; // a solver plugged in by a test
        for (boolean v : new boolean[] {true, false}) {
            assertTrue(!s.eighRefusesNonFinite(null, 32, v), "null dtype");
            assertTrue(!s.eighRefusesNonFinite(DType.COMPLEX64, 32, v), "complex");
            for (long n : new long[] {Long.MIN_VALUE, -5, 0, 1, 2, 65, Long.MAX_VALUE})
                assertTrue(!s.eighRefusesNonFinite(DType.FLOAT32, n, v), "order " + n);
            for (long n : new long[] {3, 16, 32, 64})
                assertEquals(
                        s.eighOnDevice(DType.FLOAT32, n, v), s.eighRefusesNonFinite(DType.FLOAT32, n, v), "order " + n);
        }
    }

    @Test
    void matchNumpyFixtures() {
        List<String[]> rows = Fixtures.tsv(DIR, "small_factor.tsv");
        assertTrue(rows.size() >= 50, "fixture rows: " + rows.size());
        for (String[] r : rows) {
            String name = r[0], op = r[1];
            DType dt = DType.of(r[2]);
            double tol = dt == DType.FLOAT32 ? 5e-5 : 1e-11;
            try (NDArray a = parse(dt, r[3], r[4]);
                    NDArray b = r[5].isEmpty() ? null : parse(dt, r[5], r[6])) {
                if (r[7].equals("LinAlgError")) {
                    LinAlgException e = assertThrows(
                            LinAlgException.class, () -> run(op, a, b).forEach(NDArray::close));
                    assertTrue(e.getMessage().startsWith(op + ": "), name + ": " + e.getMessage());
                    continue;
                }
                List<NDArray> got = run(op, a, b);
                for (int i = 0; i < got.size(); i++) {
                    try (NDArray e = expected(dt, r[7 + i]);
                            NDArray g = got.get(i)) {
                        assertArrayEquals(shape(r[7 + i].split(";", -1)[0]), g.shape(), name + " shape");
                        assertEquals(dt, g.dtype(), name + " dtype");
                        double[] ev = values(e), gv = values(g);
                        for (int k = 0; k < ev.length; k++) {
                            double err = Math.abs(ev[k] - gv[k]);
                            boolean same = ev[k] == gv[k] || (Double.isNaN(ev[k]) && Double.isNaN(gv[k]));
                            assertTrue(
                                    same || err <= tol * Math.max(1, Math.abs(ev[k])),
                                    name + " output " + i + " element " + k + ": expected " + ev[k] + ", got " + gv[k]);
                        }
                    }
                }
            }
        }
    }

    private static List<NDArray> run(String op, NDArray a, NDArray b) {
        return switch (op) {
            case "solve" -> List.of(LA.solve(a, b));
            case "inv" -> List.of(LA.inv(a));
            case "det" -> List.of(LA.det(a));
            case "slogdet" -> {
                Slogdet s = LA.slogdet(a);
                yield List.of(s.sign(), s.logabsdet());
            }
            default -> List.of(LA.cholesky(a));
        };
    }

    private static DMatrixRMaj host(NDArray a, int q) {
        long[] s = a.shape();
        int r = (int) s[s.length - 2], c = (int) s[s.length - 1];
        double[] v = values(a);
        return new DMatrixRMaj(r, c, true, Arrays.copyOfRange(v, q * r * c, (q + 1) * r * c));
    }

    /** Random (batch, n, n) with a diagonal shift, well conditioned. */
    private static NDArray wellConditioned(long seed, DType dt, int batch, int n) {
        double[] v = Fixtures.random(seed, batch * n * n);
        for (int q = 0; q < batch; q++) for (int i = 0; i < n; i++) v[q * n * n + i * n + i] += Math.sqrt(n) + 1;
        return Nd.array(v, dt, batch, n, n);
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void reconstructAcrossTiles(String name) {
        DType dt = DType.of(name);
        double tol = dt == DType.FLOAT32 ? 2e-4 : 1e-11;
        for (int n : new int[] {2, 16, 31, 32, 33, 48, 63, 64}) {
            try (NDArray a = wellConditioned(n, dt, 3, n);
                    NDArray b = Fixtures.random(100 + n, dt, 3, n, 4);
                    NDArray x = LA.solve(a, b);
                    NDArray ai = LA.inv(a);
                    NDArray det = LA.det(a)) {
                double[] dets = values(det);
                for (int q = 0; q < 3; q++) {
                    DMatrixRMaj am = host(a, q), ax = new DMatrixRMaj(n, 4), aai = new DMatrixRMaj(n, n);
                    CommonOps_DDRM.mult(am, host(x, q), ax);
                    assertClose(host(b, q).data, ax.data, tol);
                    CommonOps_DDRM.mult(am, host(ai, q), aai);
                    assertClose(CommonOps_DDRM.identity(n).data, aai.data, tol);
                    double hd = CommonOps_DDRM.det(am);
                    // a float32 determinant past float32's range is inf, as NumPy's
                    if (dt == DType.FLOAT32 && Math.abs(hd) > Float.MAX_VALUE)
                        hd = Math.copySign(Double.POSITIVE_INFINITY, hd);
                    assertEquals(hd, dets[q], (dt == DType.FLOAT32 ? 1e-4 : 1e-10) * Math.abs(hd), "det n=" + n);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void choleskyReconstructs(String name) {
        DType dt = DType.of(name);
        double tol = dt == DType.FLOAT32 ? 2e-5 : 1e-12;
        for (int n : new int[] {3, 32, 40, 64}) {
            double[] g = Fixtures.random(7 + n, 2 * n * n), v = new double[2 * n * n];
            for (int q = 0; q < 2; q++)
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < n; j++) {
                        double s = i == j ? n : 0;
                        for (int k = 0; k < n; k++) s += g[q * n * n + i * n + k] * g[q * n * n + j * n + k];
                        v[q * n * n + i * n + j] = s;
                    }
            try (NDArray a = Nd.array(v, dt, 2, n, n);
                    NDArray l = LA.cholesky(a)) {
                for (int q = 0; q < 2; q++) {
                    DMatrixRMaj lm = host(l, q), llt = new DMatrixRMaj(n, n);
                    for (int i = 0; i < n; i++) for (int j = i + 1; j < n; j++) assertEquals(0, lm.get(i, j));
                    CommonOps_DDRM.multTransB(lm, lm, llt);
                    assertClose(host(a, q).data, llt.data, tol);
                }
            }
        }
    }

    @Test
    void illConditionedHilbertSolvesWithSmallResidual() {
        int n = 10;
        double[] h = new double[n * n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) h[i * n + j] = 1.0 / (i + j + 1);
        try (NDArray a = Nd.array(h, DType.FLOAT64, n, n);
                NDArray b = Nd.array(Fixtures.random(3, n), DType.FLOAT64, n);
                NDArray x = LA.solve(a, b)) {
            DMatrixRMaj ax = new DMatrixRMaj(n, 1);
            CommonOps_DDRM.mult(new DMatrixRMaj(n, n, true, h), new DMatrixRMaj(n, 1, true, values(x)), ax);
            // backward stable: |b - H x| <= c eps (|H| |x| + |b|), though x itself is off by cond(H) ~ 1e13 times eps
            double[] bv = values(b), xv = values(x);
            double r = 0, xs = 0, bs = 0;
            for (int i = 0; i < n; i++) {
                r = Math.max(r, Math.abs(bv[i] - ax.get(i, 0)));
                xs += Math.abs(xv[i]);
                bs = Math.max(bs, Math.abs(bv[i]));
            }
            assertTrue(r <= 1e-14 * (xs + bs), "residual " + r + " against |x| " + xs);
        }
    }

    @Test
    void singularInAStackNamesTheOperation() {
        double[] v = {2, 1, 1, 3, 1, 2, 2, 4};
        try (NDArray a = Nd.array(v, DType.FLOAT64, 2, 2, 2)) {
            assertEquals(
                    "inv: Singular matrix",
                    assertThrows(LinAlgException.class, () -> LA.inv(a)).getMessage());
            try (NDArray d = LA.det(a);
                    NDArray one = Nd.array(new double[] {1, 1}, DType.FLOAT64, 2)) {
                assertClose(new double[] {5, 0}, values(d), 1e-12);
                assertEquals(
                        "solve: Singular matrix",
                        assertThrows(LinAlgException.class, () -> LA.solve(a, one))
                                .getMessage());
            }
        }
        double[] npd = {4, 0, 0, 9, 1, 2, 2, 1};
        try (NDArray a = Nd.array(npd, DType.FLOAT32, 2, 2, 2)) {
            assertEquals(
                    "cholesky: Matrix is not positive definite (matrix 1 of the stack)",
                    assertThrows(LinAlgException.class, () -> LA.cholesky(a)).getMessage());
        }
    }

    @Test
    void emptyStacksKeepTheirShapes() {
        try (NDArray a = Nd.zeros(DType.FLOAT64, 0, 3, 3);
                NDArray i = LA.inv(a);
                NDArray d = LA.det(a);
                NDArray z = Nd.zeros(DType.FLOAT32, 2, 0, 0);
                NDArray l = LA.cholesky(z);
                NDArray dz = LA.det(z)) {
            assertArrayEquals(new long[] {0, 3, 3}, i.shape());
            assertArrayEquals(new long[] {0}, d.shape());
            assertArrayEquals(new long[] {2, 0, 0}, l.shape());
            assertClose(new double[] {1, 1}, values(dz), 0);
        }
    }

    @Test
    void largeBatchOfSmallMatrices() {
        int batch = 500, n = 8;
        try (NDArray a = wellConditioned(5, DType.FLOAT32, batch, n);
                NDArray ai = LA.inv(a);
                NDArray p = a.matmul(ai)) {
            double[] v = values(p);
            for (int q = 0; q < batch; q++)
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < n; j++)
                        assertEquals(i == j ? 1 : 0, v[q * n * n + i * n + j], 1e-5, "matrix " + q);
        }
    }

    /**
     * The blocked LU and Cholesky (orders past 64), on every device here (on CUDA without the
     * setting too: the solver is made directly): panels of 64 with a ragged last one.
     */
    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64"})
    void blockedFactorsReconstruct(String name) {
        DType dt = DType.of(name);
        double tol = dt == DType.FLOAT32 ? 5e-4 : 1e-10;
        Device d = Device.current();
        if (Blas.forDevice(d) == null || (dt == DType.FLOAT64 && !d.facts().fp64())) return;
        DeviceSolver s = new DeviceSolver(d, new HostSolver(d), true);
        for (int n : new int[] {65, 130, 200}) {
            assertEquals(DeviceSolver.Path.BLOCKED, s.path(dt, n));
            try (NDArray a = wellConditioned(n, dt, 2, n);
                    NDArray b = Fixtures.random(200 + n, dt, 2, n, 3);
                    NDArray x = s.solve(a, b);
                    NDArray ai = s.inv(a);
                    NDArray det = s.det(a)) {
                Slogdet sl = s.slogdet(a);
                double[] dets = values(det), signs = values(sl.sign()), logs = values(sl.logabsdet());
                sl.sign().close();
                sl.logabsdet().close();
                for (int q = 0; q < 2; q++) {
                    DMatrixRMaj am = host(a, q), ax = new DMatrixRMaj(n, 3), aai = new DMatrixRMaj(n, n);
                    CommonOps_DDRM.mult(am, host(x, q), ax);
                    assertClose(host(b, q).data, ax.data, tol);
                    CommonOps_DDRM.mult(am, host(ai, q), aai);
                    assertClose(CommonOps_DDRM.identity(n).data, aai.data, tol);
                    var lu = new org.ejml.dense.row.decomposition.lu.LUDecompositionAlt_DDRM();
                    lu.decompose(am.copy());
                    double hostLog = 0;
                    for (int i = 0; i < n; i++)
                        hostLog += Math.log(Math.abs(lu.getLU().get(i, i)));
                    assertEquals(
                            hostLog, logs[q], (dt == DType.FLOAT32 ? 1e-4 : 1e-10) * Math.abs(hostLog), "log n=" + n);
                    assertEquals(Math.signum(CommonOps_DDRM.det(am)), signs[q], "sign n=" + n);
                    if (dt == DType.FLOAT64)
                        assertEquals(signs[q] * Math.exp(logs[q]), dets[q], 1e-12 * Math.abs(dets[q]));
                }
            }
            double[] g = Fixtures.random(9 + n, n * n), v = new double[n * n];
            for (int i = 0; i < n; i++)
                for (int j = 0; j <= i; j++) {
                    double t = i == j ? n : 0;
                    for (int k = 0; k < n; k++) t += g[i * n + k] * g[j * n + k];
                    v[i * n + j] = t;
                    v[j * n + i] = i == j ? t : 1e9; // the upper triangle is never read
                }
            try (NDArray a = Nd.array(v, dt, 1, n, n);
                    NDArray l = s.cholesky(a)) {
                DMatrixRMaj lm = host(l, 0), llt = new DMatrixRMaj(n, n);
                CommonOps_DDRM.multTransB(lm, lm, llt);
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < n; j++) {
                        if (j > i) assertEquals(0, lm.get(i, j));
                        else assertEquals(v[i * n + j], llt.get(i, j), tol * n * n, "LL^T n=" + n);
                    }
            }
            // pivoting: a random matrix without a diagonal shift, held to a small backward error
            try (NDArray a = Fixtures.random(300 + n, dt, 1, n, n);
                    NDArray b = Fixtures.random(400 + n, dt, 1, n, 1);
                    NDArray x = s.solve(a, b)) {
                DMatrixRMaj am = host(a, 0), ax = new DMatrixRMaj(n, 1);
                CommonOps_DDRM.mult(am, host(x, 0), ax);
                double res = 0, xs = 0;
                for (int i = 0; i < n; i++) {
                    res = Math.max(res, Math.abs(ax.get(i, 0) - host(b, 0).get(i, 0)));
                    xs += Math.abs(host(x, 0).get(i, 0));
                }
                double eps = dt == DType.FLOAT32 ? 6e-8 : 1.1e-16;
                assertTrue(res <= 10 * n * eps * (xs + 1), "backward error " + res + " n=" + n);
            }
            // singular: a zero column stays exactly zero through the updates, a zero pivot past the first panel
            double[] sv = values(wellConditioned(1, dt, 1, n));
            for (int i = 0; i < n; i++) sv[i * n + n - 2] = 0;
            try (NDArray a = Nd.array(sv, dt, 1, n, n);
                    NDArray det = s.det(a);
                    NDArray one = Nd.array(new double[n], dt, 1, n, 1)) {
                assertEquals(0, values(det)[0]);
                assertEquals(
                        "solve: Singular matrix",
                        assertThrows(LinAlgException.class, () -> s.solve(a, one))
                                .getMessage());
            }
            v[(n - 1) * n + n - 1] = -1e6;
            try (NDArray a = Nd.array(v, dt, 1, n, n)) {
                assertEquals(
                        "cholesky: Matrix is not positive definite",
                        assertThrows(LinAlgException.class, () -> s.cholesky(a)).getMessage());
            }
        }
    }
}
