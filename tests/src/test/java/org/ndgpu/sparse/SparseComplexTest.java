package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseFixtures.Case;
import org.ndgpu.testing.PerDeviceTest;

/**
 * complex64 and complex128 matrices against SciPy 1.17 (make_sparse_complex_fixtures.py), on each
 * tested device: COO with duplicates, explicit zeros and entries of one part only; conversions,
 * csrMatrix of a dense complex array, add, sub and multiply (with a complex matrix that cancels
 * some entries or parts exactly, and with a real one), scaling, conj, real, imag, H, SpMV and SpMM
 * with complex and real operands, sums; then the operations that refuse complex values.
 */
class SparseComplexTest extends PerDeviceTest {

    /** A complex (or real) array from re im pairs (or reals). */
    static NDArray complexArray(double[] pairs, DType t, long... shape) {
        if (t == DType.COMPLEX128)
            return NDArray.fromHost(Device.current(), t, shape, MemorySegment.ofArray(pairs.clone()));
        float[] f = new float[pairs.length];
        for (int i = 0; i < f.length; i++) f[i] = (float) pairs[i];
        return NDArray.fromHost(Device.current(), t, shape, MemorySegment.ofArray(f));
    }

    /** re im pairs of any array. */
    static double[] pairs(NDArray z) {
        double[] re, im;
        if (z.dtype().isComplex()) {
            try (NDArray r = z.real();
                    NDArray i = z.imag()) {
                re = r.toDoubleArray();
                im = i.toDoubleArray();
            }
        } else {
            re = z.toDoubleArray();
            im = new double[re.length];
        }
        double[] out = new double[2 * re.length];
        for (int k = 0; k < re.length; k++) {
            out[2 * k] = re[k];
            out[2 * k + 1] = im[k];
        }
        return out;
    }

    private static NDArray index(Case c, String key) {
        int[] v = c.ints(key);
        return Nd.array(v, DType.INT32, v.length);
    }

    private static CooMatrix coo(Case c, String data, String row, String col, DType t) {
        long nnz = c.ints(row).length;
        NDArray d = t.isComplex() ? complexArray(c.doubles(data), t, nnz) : Nd.array(c.doubles(data), t, nnz);
        return Nd.sparse().cooMatrix(d, index(c, row), index(c, col), c.longs("shape"));
    }

    private static DType real(DType t) {
        return t == DType.COMPLEX64 ? DType.FLOAT32 : DType.FLOAT64;
    }

    private static void same(Case c, String key, NDArray got) {
        assertEquals(DType.of(c.fields().get(key + "_dtype")), got.dtype(), key + " dtype");
        double err = SparseFixtures.relativeError(pairs(got), c.doubles(key));
        double tol = got.dtype() == DType.COMPLEX64 || got.dtype() == DType.FLOAT32 ? 2e-5 : 1e-12;
        assertTrue(err <= tol, key + " differs from SciPy's by " + err);
    }

    private static void sameSparse(Case c, String key, SparseMatrix got) {
        try (NDArray d = got.toarray()) {
            same(c, key, d);
        }
        if (c.fields().containsKey(key + "_nnz")) assertEquals(c.longs(key + "_nnz")[0], got.nnz(), key + " nnz");
    }

    private record Op(String key, Function<Case, Object> run) {}

    private static final List<Op> OPS = new ArrayList<>();

    static {
        OPS.add(new Op("dense", c -> matrix(c).toarray()));
        OPS.add(new Op("dense", c -> keep(c, a -> a.tocsr().toarray())));
        OPS.add(new Op(
                "dense",
                c -> keep(c, a -> {
                    try (CsrMatrix r = a.tocsr();
                            CscMatrix s = r.tocsc();
                            CooMatrix o = s.tocoo();
                            CsrMatrix back = s.tocsr()) {
                        try (NDArray x = o.toarray();
                                NDArray y = back.toarray()) {
                            assertEquals(0, SparseFixtures.relativeError(pairs(x), pairs(y)), 1e-6, "tocoo vs tocsr");
                        }
                        return s.toarray();
                    }
                })));
        OPS.add(new Op(
                "dense",
                c -> keep(c, a -> {
                    try (NDArray d = a.toarray();
                            CsrMatrix f = Nd.sparse().csrMatrix(d)) {
                        assertEquals(c.longs("fromDense_nnz")[0], f.nnz(), "csrMatrix(dense) nnz");
                        return f.toarray();
                    }
                })));
        OPS.add(new Op(
                "dense",
                c -> keep(c, a -> {
                    try (CsrMatrix s = a.sumDuplicates().tocsr()) {
                        return s.toarray();
                    }
                })));
        OPS.add(new Op("add", c -> binary(c, "bdata", "brow", "bcol", true, (a, b) -> a.add(b))));
        OPS.add(new Op("sub", c -> binary(c, "bdata", "brow", "bcol", true, (a, b) -> a.sub(b))));
        OPS.add(new Op("mulB", c -> binary(c, "bdata", "brow", "bcol", true, (a, b) -> a.multiply(b))));
        OPS.add(new Op("addR", c -> binary(c, "rdata", "rrow", "rcol", false, (a, b) -> a.add(b))));
        OPS.add(new Op("mulR", c -> binary(c, "rdata", "rrow", "rcol", false, (a, b) -> a.multiply(b))));
        OPS.add(new Op("scaled", c -> keep(c, a -> a.tocsr().mul(2.5))));
        OPS.add(new Op("div", c -> keep(c, a -> a.tocsr().div(4.0))));
        OPS.add(new Op(
                "conj",
                c -> keep(c, a -> {
                    try (CsrMatrix r = a.tocsr()) {
                        return r.conj();
                    }
                })));
        OPS.add(new Op(
                "real",
                c -> keep(c, a -> {
                    try (CsrMatrix r = a.tocsr()) {
                        return r.real();
                    }
                })));
        OPS.add(new Op(
                "imag",
                c -> keep(c, a -> {
                    try (CsrMatrix r = a.tocsr()) {
                        return r.imag();
                    }
                })));
        OPS.add(new Op(
                "H",
                c -> keep(c, a -> {
                    try (CsrMatrix r = a.tocsr()) {
                        return r.H();
                    }
                })));
        OPS.add(new Op(
                "Ax",
                c -> keep(c, a -> {
                    try (CsrMatrix r = a.tocsr();
                            NDArray x = complexArray(c.doubles("x"), a.dtype(), a.shape()[1])) {
                        return r.matmul(x);
                    }
                })));
        OPS.add(new Op(
                "Axr",
                c -> keep(c, a -> {
                    try (CscMatrix s = a.tocsr().tocsc();
                            NDArray x = Nd.array(c.doubles("xr"), real(a.dtype()), a.shape()[1])) {
                        return s.matmul(x);
                    }
                })));
        OPS.add(new Op(
                "AX",
                c -> keep(c, a -> {
                    try (NDArray x = complexArray(c.doubles("X"), a.dtype(), a.shape()[1], 3)) {
                        return a.matmul(x);
                    }
                })));
        OPS.add(new Op("RX", c -> {
            DType t = DType.of(c.fields().get("dtype"));
            try (CooMatrix r = coo(c, "rdata", "rrow", "rcol", real(t));
                    CsrMatrix rc = r.tocsr();
                    NDArray x = complexArray(c.doubles("X"), t, c.longs("shape")[1], 3)) {
                return rc.matmul(x);
            }
        }));
        OPS.add(new Op(
                "ABt",
                c -> binary(c, "bdata", "brow", "bcol", true, (a, b) -> {
                    try (CsrMatrix ac = a.tocsr();
                            CsrMatrix bc = b.tocsr()) {
                        return ac.matmul((SparseMatrix) bc.T());
                    }
                })));
        OPS.add(new Op(
                "ARt",
                c -> binary(c, "rdata", "rrow", "rcol", false, (a, b) -> {
                    try (CscMatrix ac = a.tocsr().tocsc();
                            CsrMatrix bc = b.tocsr()) {
                        SparseMatrix p = ac.matmul((SparseMatrix) bc.T());
                        assertTrue(p instanceof CscMatrix, "CSC @ sparse is CSC");
                        return p;
                    }
                })));
        OPS.add(new Op(
                "mulD",
                c -> keep(c, a -> {
                    long[] s = a.shape();
                    try (CsrMatrix ac = a.tocsr();
                            NDArray d = complexArray(c.doubles("D"), a.dtype(), s[0], s[1])) {
                        return ac.multiply(d);
                    }
                })));
        OPS.add(new Op(
                "mulDr",
                c -> keep(c, a -> {
                    long[] s = a.shape();
                    try (CsrMatrix ac = a.tocsr();
                            NDArray d = Nd.array(c.doubles("Dr"), real(a.dtype()), s[0], s[1])) {
                        return ac.multiply(d);
                    }
                })));
        OPS.add(new Op("sum", c -> keep(c, SparseMatrix::sum)));
        OPS.add(new Op("sum0", c -> keep(c, a -> a.tocsr().sum(0))));
        OPS.add(new Op("sum1", c -> keep(c, a -> a.sum(1))));
    }

    private static CooMatrix matrix(Case c) {
        return coo(c, "data", "row", "col", DType.of(c.fields().get("dtype")));
    }

    private static Object keep(Case c, Function<CooMatrix, Object> f) {
        try (CooMatrix a = matrix(c)) {
            return f.apply(a);
        }
    }

    private static Object binary(
            Case c,
            String data,
            String row,
            String col,
            boolean complex,
            java.util.function.BinaryOperator<SparseMatrix> f) {
        DType t = DType.of(c.fields().get("dtype"));
        try (CooMatrix a = matrix(c);
                CooMatrix b = coo(c, data, row, col, complex ? t : real(t))) {
            return f.apply(a, b);
        }
    }

    @TestFactory
    Stream<DynamicTest> complexMatricesGiveScipysResults() {
        return SparseFixtures.load("complex.txt").stream()
                .flatMap(c -> OPS.stream()
                        .map(op -> DynamicTest.dynamicTest(c.name() + " " + op.key(), () -> {
                            Object r = op.run().apply(c);
                            if (r instanceof SparseMatrix s) {
                                try (s) {
                                    sameSparse(c, op.key(), s);
                                }
                            } else {
                                try (NDArray d = (NDArray) r) {
                                    same(c, op.key(), d);
                                }
                            }
                        })));
    }

    /** Selection, elements, diagonal, eliminateZeros and sortedIndices checked against the dense fixture. */
    @TestFactory
    Stream<DynamicTest> complexSelectionMatchesTheDenseMatrix() {
        return SparseFixtures.load("complex.txt").stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    long[] shape = c.longs("shape");
                    int m = (int) shape[0], n = (int) shape[1];
                    double[] d = c.doubles("dense");
                    DType t = DType.of(c.fields().get("dtype"));
                    double tol = t == DType.COMPLEX64 ? 2e-5 : 1e-12;
                    try (CooMatrix coo = matrix(c);
                            CsrMatrix a = coo.tocsr();
                            CscMatrix s = a.tocsc()) {
                        double[] rev = new double[d.length];
                        for (int r = 0; r < m; r++) System.arraycopy(d, 2 * (m - 1 - r) * n, rev, 2 * r * n, 2 * n);
                        try (CsrMatrix r = a.rows(Long.MAX_VALUE, Long.MIN_VALUE, -1);
                                NDArray x = r.toarray()) {
                            assertEquals(t, x.dtype());
                            assertTrue(SparseFixtures.relativeError(pairs(x), rev) <= tol, "rows reversed");
                        }
                        if (n > 0) {
                            double[] cols = new double[4 * m];
                            for (int r = 0; r < m; r++) {
                                cols[4 * r] = d[2 * (r * n + n - 1)];
                                cols[4 * r + 1] = d[2 * (r * n + n - 1) + 1];
                                cols[4 * r + 2] = d[2 * r * n];
                                cols[4 * r + 3] = d[2 * r * n + 1];
                            }
                            try (NDArray idx = Nd.array(new long[] {n - 1, 0}, DType.INT64, 2);
                                    CsrMatrix pr = a.columns(idx);
                                    CscMatrix ps = s.columns(idx);
                                    NDArray x = pr.toarray();
                                    NDArray y = ps.toarray()) {
                                assertTrue(SparseFixtures.relativeError(pairs(x), cols) <= tol, "CSR columns");
                                assertTrue(SparseFixtures.relativeError(pairs(y), cols) <= tol, "CSC columns");
                            }
                        }
                        double[] got = new double[d.length];
                        for (int i = 0; i < m; i++)
                            for (int j = 0; j < n; j++) {
                                try (NDArray v = ((i + j) % 2 == 0 ? (CompressedMatrix) a : s).get(i, j)) {
                                    double[] p = pairs(v);
                                    got[2 * (i * n + j)] = p[0];
                                    got[2 * (i * n + j) + 1] = p[1];
                                }
                            }
                        assertTrue(SparseFixtures.relativeError(got, d) <= tol, "get(i, j)");
                        int k = Math.min(m, n);
                        double[] diag = new double[2 * k];
                        for (int i = 0; i < k; i++) {
                            diag[2 * i] = d[2 * (i * n + i)];
                            diag[2 * i + 1] = d[2 * (i * n + i) + 1];
                        }
                        try (NDArray x = a.diagonal()) {
                            assertTrue(SparseFixtures.relativeError(pairs(x), diag) <= tol, "diagonal");
                        }
                        try (CsrMatrix e = a.eliminateZeros();
                                CscMatrix f = s.eliminateZeros();
                                CsrMatrix g = a.sortedIndices();
                                NDArray x = e.toarray();
                                NDArray y = f.toarray();
                                NDArray z = g.toarray()) {
                            assertEquals(c.longs("fromDense_nnz")[0], e.nnz(), "eliminateZeros nnz");
                            assertEquals(c.longs("fromDense_nnz")[0], f.nnz(), "eliminateZeros nnz (CSC)");
                            assertTrue(SparseFixtures.relativeError(pairs(x), d) <= tol, "eliminateZeros");
                            assertTrue(SparseFixtures.relativeError(pairs(y), d) <= tol, "eliminateZeros (CSC)");
                            assertTrue(SparseFixtures.relativeError(pairs(z), d) <= tol, "sortedIndices");
                            assertTrue(g.hasSortedIndices(), "sorted");
                        }
                        try (CsrMatrix neg = (CsrMatrix) a.neg();
                                CsrMatrix sq = (CsrMatrix) a.sqrt();
                                NDArray x = neg.toarray();
                                NDArray y = sq.toarray();
                                NDArray dense = a.toarray();
                                NDArray expected = dense.sqrt()) {
                            double[] minus = d.clone();
                            for (int i = 0; i < minus.length; i++) minus[i] = -minus[i];
                            assertTrue(SparseFixtures.relativeError(pairs(x), minus) <= tol, "neg");
                            assertTrue(SparseFixtures.relativeError(pairs(y), pairs(expected)) <= tol, "sqrt");
                            assertTrue(a.hasCanonicalFormat(), "canonical");
                        }
                    }
                }));
    }

    @Test
    void astypeAndPrinting() {
        try (NDArray d = Nd.array(new double[][] {{1, 0}, {0, 2}});
                CsrMatrix a = Nd.sparse().csrMatrix(d);
                CsrMatrix z = a.astype(DType.COMPLEX64);
                CsrMatrix w = z.astype(DType.COMPLEX128);
                NDArray dense = w.toarray()) {
            assertEquals(DType.COMPLEX128, dense.dtype());
            assertEquals(0, SparseFixtures.relativeError(pairs(dense), new double[] {1, 0, 0, 0, 0, 0, 2, 0}));
            assertTrue(z.toString().contains("dtype 'complex64'"), z.toString());
            DTypeException e = assertThrows(DTypeException.class, () -> w.astype(DType.FLOAT64));
            assertTrue(e.getMessage().contains("astype") && e.getMessage().contains("imaginary"), e.getMessage());
        }
    }

    @Test
    void npzKeepsComplexValues() throws Exception {
        Path dir = Files.createTempDirectory("ndgpu-complex-npz");
        Path file = dir.resolve("z.npz");
        try (NDArray data = complexArray(new double[] {1, 2, 0, -3, 4.5, 0}, DType.COMPLEX128, 3);
                NDArray idx = Nd.array(new int[] {1, 0, 2}, DType.INT32, 3);
                NDArray ptr = Nd.array(new int[] {0, 1, 3}, DType.INT32, 3);
                CsrMatrix a = Nd.sparse().csrMatrix(data, idx, ptr, new long[] {2, 3})) {
            Nd.sparse().saveNpz(file, a);
            try (SparseMatrix b = Nd.sparse().loadNpz(file);
                    NDArray x = a.toarray();
                    NDArray y = b.toarray()) {
                assertEquals(DType.COMPLEX128, b.dtype());
                assertEquals(0, SparseFixtures.relativeError(pairs(y), pairs(x)));
            }
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    @Test
    void operationsWithoutAComplexFormRefuse() {
        try (NDArray data = complexArray(new double[] {1, 2, 0, -3, 4.5, 0}, DType.COMPLEX128, 3);
                NDArray idx = Nd.array(new int[] {1, 0, 2}, DType.INT32, 3);
                NDArray ptr = Nd.array(new int[] {0, 1, 3}, DType.INT32, 3);
                CsrMatrix a = Nd.sparse().csrMatrix(data, idx, ptr, new long[] {2, 3});
                NDArray b = Nd.ones(2)) {
            assertThrows(DTypeException.class, a::max);
            for (var call : List.<org.junit.jupiter.api.function.Executable>of(
                    a::sortIndices,
                    () -> a.setdiag(1.0, 0),
                    () -> Nd.sparse().kron(a, a),
                    () -> Nd.sparse().vstack(a, a))) {
                DTypeException e = assertThrows(DTypeException.class, call);
                assertTrue(e.getMessage().contains("complex128"), e.getMessage());
            }
            assertThrows(DTypeException.class, () -> Nd.sparse().linalg().norm(a));
            DTypeException e = assertThrows(
                    DTypeException.class, () -> Nd.sparse().linalg().cg(a, b));
            assertTrue(e.getMessage().contains("cg") && e.getMessage().contains("complex"), e.getMessage());
        }
    }
}
