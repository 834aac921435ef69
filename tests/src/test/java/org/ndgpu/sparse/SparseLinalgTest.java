package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseFixtures.Case;
import org.ndgpu.sparse.linalg.EigshResult;
import org.ndgpu.sparse.linalg.LinearOperator;
import org.ndgpu.sparse.linalg.SolveOptions;
import org.ndgpu.sparse.linalg.SolveResult;
import org.ndgpu.sparse.linalg.SparseLinalg;
import org.ndgpu.sparse.linalg.SvdsResult;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Nd.sparse().linalg() against SciPy 1.17 (make_sparse_linalg_fixtures.py), on each tested device:
 * cg, bicgstab and gmres take SciPy's number of iterations (exactly or within one in float64, a
 * few in float32, where SciPy's scalars are float32 and ndgpu's double) and reach its solution;
 * eigsh finds ARPACK's eigenvalues; norm gives SciPy's norms.
 */
class SparseLinalgTest extends PerDeviceTest {
    private static final SparseLinalg LIN = Nd.sparse().linalg();

    static List<Case> cases(String test) {
        String text;
        try (InputStream in = SparseLinalgTest.class.getResourceAsStream("/fixtures/sparse/linalg.txt")) {
            if (in == null) throw new IllegalStateException("missing fixture linalg.txt");
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
                f.put(line.substring(0, at), line.substring(at + 2));
            }
            if (f.get("test").equals(test)) out.add(new Case(f));
        }
        return out;
    }

    private static double relative(double[] got, double[] expected) {
        double num = 0, den = 0;
        for (int i = 0; i < got.length; i++) {
            num += (got[i] - expected[i]) * (got[i] - expected[i]);
            den += expected[i] * expected[i];
        }
        return Math.sqrt(num / Math.max(den, 1e-300));
    }

    private static SolveOptions options(Case c, AtomicInteger calls) {
        SolveOptions o = SolveOptions.defaults()
                .withRtol(c.doubles("rtol")[0])
                .withAtol(c.doubles("atol")[0])
                .withCallback(x -> {
                    assertTrue(!x.isClosed() && x.ndim() == 1, "callback's x");
                    calls.incrementAndGet();
                });
        if (c.has("maxiter")) o = o.withMaxiter(c.ints("maxiter")[0]);
        if (c.has("restart")) o = o.withRestart(c.ints("restart")[0]);
        if (c.ints("jacobi")[0] == 1) o = o.withJacobi();
        return o;
    }

    @TestFactory
    Stream<DynamicTest> solversTakeScipysIterationsToItsSolution() {
        return cases("solve").stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    long n = c.shape()[0];
                    AtomicInteger calls = new AtomicInteger();
                    try (SparseMatrix a = c.build();
                            NDArray b = c.values("b", n);
                            NDArray x0 = c.has("x0") ? c.values("x0", n) : null) {
                        SolveOptions o = options(c, calls);
                        if (x0 != null) o = o.withX0(x0);
                        try (SolveResult r = switch (c.fields().get("solver")) {
                            case "cg" -> LIN.cg(a, b, o);
                            case "bicgstab" -> LIN.bicgstab(a, b, o);
                            default -> LIN.gmres(a, b, o);
                        }) {
                            int expectedIters = c.ints("iters")[0];
                            int slack =
                                    c.dtype() == DType.FLOAT64 ? 1 : Math.max(2, (int) Math.ceil(0.15 * expectedIters));
                            assertEquals(c.ints("info")[0] == 0, r.info() == 0, "converged, info " + r.info());
                            if (c.ints("info")[0] > 0) assertEquals(c.ints("info")[0], r.info(), "info");
                            assertTrue(
                                    Math.abs(r.iterations() - expectedIters) <= slack,
                                    "iterations " + r.iterations() + ", SciPy's " + expectedIters);
                            assertEquals(r.iterations(), calls.get(), "callback calls");
                            assertEquals(c.dtype(), r.x().dtype());
                            assertEquals(1, r.x().ndim());
                            if (x0 != null) assertTrue(!x0.isClosed(), "x0 stays open");
                            double err = relative(r.x().toDoubleArray(), c.doubles("x"));
                            double tol = c.dtype() == DType.FLOAT64 ? 1e-6 : 2e-3;
                            if (r.info() == 0) tol = Math.max(tol, 10 * c.doubles("rtol")[0]);
                            assertTrue(err <= tol, "x differs from SciPy's by " + err);
                        }
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> eigshFindsArpacksEigenvalues() {
        return cases("eigsh").stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    int k = c.ints("k")[0];
                    try (SparseMatrix a = c.build();
                            EigshResult e = LIN.eigsh(a, k, c.fields().get("which"))) {
                        assertEquals(k, e.w().size());
                        assertEquals(a.shape()[0], e.v().shape(0));
                        assertEquals(k, e.v().shape(1));
                        double[] w = e.w().toDoubleArray();
                        double[] expected = c.doubles("w");
                        double tol = c.dtype() == DType.FLOAT64 ? 1e-9 : 1e-4;
                        double scale = 0;
                        for (double v : expected) scale = Math.max(scale, Math.abs(v));
                        for (int j = 0; j < k; j++)
                            assertTrue(
                                    Math.abs(w[j] - expected[j]) <= tol * scale,
                                    "w[" + j + "] " + w[j] + ", " + expected[j]);
                        // A v = w v, column by column, and the columns orthonormal
                        try (NDArray av = a.matmul(e.v());
                                NDArray wv = e.v().mul(e.w());
                                NDArray diff = av.sub(wv);
                                NDArray vtv = e.v().T().matmul(e.v())) {
                            double[] d = diff.toDoubleArray();
                            double res = 0;
                            for (double v : d) res = Math.max(res, Math.abs(v));
                            assertTrue(res <= (c.dtype() == DType.FLOAT64 ? 1e-6 : 1e-2) * scale, "residual " + res);
                            double[] g = vtv.toDoubleArray();
                            for (int i = 0; i < k; i++)
                                for (int j = 0; j < k; j++)
                                    assertEquals(
                                            i == j ? 1 : 0, g[i * k + j], c.dtype() == DType.FLOAT64 ? 1e-8 : 1e-3);
                        }
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> svdsFindsScipysSingularValues() {
        return cases("svds").stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    int k = c.ints("k")[0];
                    try (SparseMatrix a = c.build();
                            SvdsResult r = LIN.svds(a, k, c.fields().get("which"), null, null, 0)) {
                        long m = a.shape()[0], n = a.shape()[1];
                        assertEquals(m, r.u().shape(0));
                        assertEquals(k, r.u().shape(1));
                        assertEquals(k, r.vh().shape(0));
                        assertEquals(n, r.vh().shape(1));
                        double[] s = r.s().toDoubleArray();
                        double[] expected = c.doubles("s");
                        double tol = c.dtype() == DType.FLOAT64 ? 1e-9 : 1e-3;
                        for (int j = 0; j < k; j++)
                            assertTrue(
                                    Math.abs(s[j] - expected[j]) <= tol * expected[k - 1],
                                    "s[" + j + "] " + s[j] + ", " + expected[j]);
                        // A @ vh.T = u * s
                        try (NDArray v = r.vh().T();
                                NDArray av = a.matmul(v);
                                NDArray us = r.u().mul(r.s());
                                NDArray diff = av.sub(us);
                                NDArray worst = diff.abs().max()) {
                            assertTrue(
                                    worst.doubleValue() <= (c.dtype() == DType.FLOAT64 ? 1e-8 : 1e-3) * expected[k - 1],
                                    "A v - u s");
                        }
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> normsAreScipys() {
        return cases("norm").stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    double tol = c.dtype() == DType.FLOAT64 ? 1e-12 : 1e-5;
                    try (SparseMatrix a = c.build()) {
                        check(c, "fro", LIN.norm(a), tol);
                        check(c, "n1", LIN.norm(a, 1), tol);
                        check(c, "nm1", LIN.norm(a, -1), tol);
                        check(c, "ninf", LIN.norm(a, Double.POSITIVE_INFINITY), tol);
                        check(c, "nminf", LIN.norm(a, Double.NEGATIVE_INFINITY), tol);
                        check(c, "ax0_2", LIN.norm(a, 2, 0), tol);
                        check(c, "ax1_2", LIN.norm(a, 2, 1), tol);
                        check(c, "ax0_1", LIN.norm(a, 1.0, 0), tol);
                        check(c, "ax1_inf", LIN.norm(a, Double.POSITIVE_INFINITY, 1), tol);
                        check(c, "ax0_minf", LIN.norm(a, Double.NEGATIVE_INFINITY, -2), tol);
                        check(c, "ax1_3", LIN.norm(a, 3.0, 1), tol);
                    }
                }));
    }

    private static void check(Case c, String key, NDArray got, double tol) {
        try (got) {
            assertEquals(c.dtype(), got.dtype(), key + " dtype");
            double[] expected = c.doubles(key);
            assertEquals(expected.length == 1 && got.ndim() == 0 ? 1 : expected.length, got.size(), key + " size");
            assertTrue(relative(got.toDoubleArray(), expected) <= tol, key);
        }
    }

    @Test
    void linearOperatorLambdaSolvesAsTheMatrix() {
        double[] diag = {4, 5, 6, 7, 8};
        try (NDArray d = Nd.array(diag, DType.FLOAT64, 5);
                NDArray b = Nd.array(new double[] {1, -2, 3, -4, 5}, DType.FLOAT64, 5)) {
            LinearOperator op = new LinearOperator(new long[] {5, 5}, DType.FLOAT64, x -> x.mul(d));
            for (SolveResult r : new SolveResult[] {
                LIN.cg(op, b, SolveOptions.defaults().withRtol(1e-10)),
                LIN.bicgstab(op, b, SolveOptions.defaults().withRtol(1e-10)),
                LIN.gmres(op, b, SolveOptions.defaults().withRtol(1e-10))
            }) {
                try (r) {
                    assertEquals(0, r.info());
                    double[] x = r.x().toDoubleArray();
                    for (int i = 0; i < 5; i++) assertEquals(b.toDoubleArray()[i] / diag[i], x[i], 1e-9);
                }
            }
        }
    }

    @Test
    void identityOperatorAndZeroRightHandSide() {
        // matvec returning its argument must not let the solver close the caller's vector
        LinearOperator id = new LinearOperator(new long[] {4, 4}, DType.FLOAT32, x -> x);
        try (NDArray b = Nd.array(new float[] {1, 2, 3, 4}, DType.FLOAT32, 4);
                SolveResult r = LIN.cg(id, b, SolveOptions.defaults())) {
            assertEquals(0, r.info());
            assertEquals(1, r.iterations());
            assertEquals(DType.FLOAT32, r.x().dtype());
            assertTrue(!b.isClosed());
        }
        try (NDArray zero = Nd.zeros(DType.FLOAT64, 4);
                SolveResult r = LIN.gmres(id, zero, SolveOptions.defaults())) {
            assertEquals(0, r.info());
            assertEquals(0, r.iterations());
        }
    }

    @Test
    void aslinearoperatorOfSparseAndDense() {
        double[][] m = {{2, 1, 0}, {0, 3, 1}};
        try (NDArray dense = Nd.array(m);
                CsrMatrix a = Nd.sparse().csrMatrix(dense);
                NDArray x = Nd.array(new double[] {1, 2, 3}, DType.FLOAT64, 3);
                NDArray y = Nd.array(new double[] {1, -1}, DType.FLOAT64, 2)) {
            for (LinearOperator op : new LinearOperator[] {LIN.aslinearoperator(a), LIN.aslinearoperator(dense)}) {
                assertEquals(2, op.shape()[0]);
                try (NDArray ax = op.matvec(x);
                        NDArray aty = op.rmatvec(y)) {
                    org.junit.jupiter.api.Assertions.assertArrayEquals(new double[] {4, 9}, ax.toDoubleArray(), 1e-12);
                    org.junit.jupiter.api.Assertions.assertArrayEquals(
                            new double[] {2, -2, -1}, aty.toDoubleArray(), 1e-12);
                }
            }
        }
    }

    @Test
    void jacobiOperatorIsTheInvertedDiagonal() {
        try (NDArray dense = Nd.array(new double[][] {{2, 1}, {1, 4}});
                CsrMatrix a = Nd.sparse().csrMatrix(dense);
                LinearOperator m = LIN.jacobi(a);
                NDArray x = Nd.array(new double[] {1, 1}, DType.FLOAT64, 2);
                NDArray y = m.matvec(x)) {
            org.junit.jupiter.api.Assertions.assertArrayEquals(new double[] {0.5, 0.25}, y.toDoubleArray(), 1e-15);
        }
    }

    @Test
    void workingDtypeIsTheWiderOfAAndB() {
        try (NDArray dense = Nd.array(new double[][] {{4, 1, 0}, {1, 3, 1}, {0, 1, 2}});
                CsrMatrix a64 = Nd.sparse().csrMatrix(dense);
                SparseMatrix a32 = a64.astype(DType.FLOAT32);
                NDArray b64 = Nd.array(new double[] {1, 2, 3}, DType.FLOAT64, 3);
                NDArray b32 = b64.astype(DType.FLOAT32);
                NDArray b2d = b64.reshape(3, 1);
                SolveResult r1 = LIN.cg(a32, b64);
                SolveResult r2 = LIN.bicgstab(a32, b32);
                SolveResult r3 = LIN.gmres(a64, b2d)) {
            assertEquals(DType.FLOAT64, r1.x().dtype());
            assertEquals(DType.FLOAT32, r2.x().dtype());
            assertEquals(1, r3.x().ndim());
            try (NDArray ax = a64.matmul(r3.x())) {
                org.junit.jupiter.api.Assertions.assertArrayEquals(b64.toDoubleArray(), ax.toDoubleArray(), 1e-4);
            }
        }
    }

    @Test
    void eigshOfALinearOperator() {
        int n = 30;
        double[] diag = new double[n];
        for (int i = 0; i < n; i++) diag[i] = i + 1 + 0.1 * Math.sin(i);
        try (NDArray d = Nd.array(diag, DType.FLOAT64, n)) {
            LinearOperator op = new LinearOperator(new long[] {n, n}, DType.FLOAT64, x -> x.mul(d));
            try (EigshResult e = LIN.eigsh(op, 2, "LA", null, null, 0)) {
                org.junit.jupiter.api.Assertions.assertArrayEquals(
                        new double[] {diag[n - 2], diag[n - 1]}, e.w().toDoubleArray(), 1e-9);
            }
        }
    }
}
