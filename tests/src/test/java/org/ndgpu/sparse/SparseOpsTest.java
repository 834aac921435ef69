package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseFixtures.Case;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The operations on a matrix against SciPy 1.17 (make_sparse_ops_fixtures.py), on each tested
 * device: canonical form, arithmetic with sparse and dense operands, the functions of the values,
 * the reductions, diagonals and row selection. Index arrays are compared exactly, values within
 * float32's or float64's tolerance (NaN where SciPy gives NaN).
 */
class SparseOpsTest extends PerDeviceTest {
    private interface ThrowingCase {
        void run(Case c) throws Exception;
    }

    private static Stream<DynamicTest> each(String what, ThrowingCase body) {
        return SparseOpsFixtures.cases().stream()
                .map(c -> DynamicTest.dynamicTest(c.name() + ": " + what, () -> body.run(c)));
    }

    private static boolean csr(Case c) {
        return c.kind().equals("csr");
    }

    @TestFactory
    Stream<DynamicTest> canonicalFormIsScipys() {
        return each("canonical", c -> {
            try (SparseMatrix a = c.build();
                    SparseMatrix sd = a.sumDuplicates();
                    SparseMatrix ez = a.eliminateZeros()) {
                assertEquals(a.getClass(), sd.getClass());
                assertEquals(a.getClass(), ez.getClass());
                if (a instanceof CsrMatrix m) {
                    assertEquals(c.longs("has_sorted")[0] == 1, m.hasSortedIndices(), "hasSortedIndices");
                    assertEquals(c.longs("has_canonical")[0] == 1, m.hasCanonicalFormat(), "hasCanonicalFormat");
                    SparseOpsFixtures.compressed(c, "sd", (CsrMatrix) sd, "sumDuplicates");
                    assertTrue(((CsrMatrix) sd).hasCanonicalFormat(), "sumDuplicates is canonical");
                    SparseOpsFixtures.compressed(c, "ez", (CsrMatrix) ez, "eliminateZeros");
                    try (CsrMatrix sorted = m.sortedIndices()) {
                        assertArrayEquals(
                                c.longs("si_indices"), sorted.indices().toLongArray(), "sortedIndices");
                        assertTrue(sorted.hasSortedIndices());
                        SparseOpsFixtures.close(c, "si_dense", sorted.toarray(), "sortedIndices dense");
                        // sortIndices is in place, on a view as on the matrix
                        try (CsrMatrix copy = m.copy()) {
                            copy.T().T().sortIndices();
                            assertArrayEquals(
                                    c.longs("si_indices"), copy.indices().toLongArray(), "sortIndices");
                        }
                    }
                } else {
                    SparseOpsFixtures.coordinate(c, "sd", (CooMatrix) sd, "sumDuplicates");
                    SparseOpsFixtures.coordinate(c, "ez", (CooMatrix) ez, "eliminateZeros");
                }
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> cscCanonicalFormIsTheTransposes() {
        return each("csc canonical", c -> {
            if (!csr(c)) return;
            // A's CSC view of A.T: its sums and zeros are A's, transposed
            try (CsrMatrix a = (CsrMatrix) c.build();
                    CscMatrix sd = a.T().sumDuplicates();
                    CscMatrix ez = a.T().eliminateZeros()) {
                assertEquals(c.longs("has_canonical")[0] == 1, a.T().hasCanonicalFormat());
                SparseOpsFixtures.compressed(c, "sd", sd.T(), "csc sumDuplicates");
                SparseOpsFixtures.compressed(c, "ez", ez.T(), "csc eliminateZeros");
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> sparseArithmeticIsScipys() {
        return each("add sub multiply", c -> {
            try (SparseMatrix a = c.build();
                    CsrMatrix b = SparseOpsFixtures.b(c);
                    CsrMatrix add = a.add(b);
                    CsrMatrix sub = a.sub(b);
                    CsrMatrix mul = a.multiply(b);
                    CscMatrix bc = b.tocsc();
                    CsrMatrix addCsc = a.add(bc)) {
                SparseOpsFixtures.compressed(c, "add", add, "add");
                SparseOpsFixtures.compressed(c, "sub", sub, "sub");
                SparseOpsFixtures.compressed(c, "mul", mul, "multiply");
                SparseOpsFixtures.compressed(c, "add", addCsc, "add csc");
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> denseMultiplyIsScipys() {
        return each("multiply dense", c -> {
            long m = c.shape()[0], n = c.shape()[1];
            try (SparseMatrix a = c.build();
                    NDArray d = c.values("D", m, n);
                    NDArray r = c.values("R", 1, n);
                    NDArray r1 = c.values("R", n);
                    NDArray col = c.values("C", m, 1);
                    CooMatrix pd = a.multiply(d);
                    CooMatrix pr = a.multiply(r);
                    CooMatrix pr1 = a.multiply(r1);
                    CooMatrix pc = a.multiply(col)) {
                SparseOpsFixtures.coordinate(c, "mulD", pd, "multiply(D)");
                SparseOpsFixtures.coordinate(c, "mulR", pr, "multiply(R)");
                SparseOpsFixtures.coordinate(c, "mulR", pr1, "multiply(R 1-d)");
                SparseOpsFixtures.coordinate(c, "mulC", pc, "multiply(C)");
                try (CsrMatrix rs = Nd.sparse().csrMatrix(r);
                        CsrMatrix cs = Nd.sparse().csrMatrix(col);
                        CsrMatrix prs = a.multiply(rs);
                        CsrMatrix pcs = cs.multiply(a);
                        CsrMatrix outer = rs.multiply(cs)) {
                    SparseOpsFixtures.compressed(c, "mulRs", prs, "multiply(sparse R)");
                    SparseOpsFixtures.compressed(c, "mulCs", pcs, "sparse C multiply(A)");
                    SparseOpsFixtures.close(c, "outer", outer.toarray(), "sparse R multiply(sparse C)");
                }
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> scalarOperationsAreScipys() {
        return each("neg power div", c -> {
            try (SparseMatrix a = c.build();
                    SparseMatrix neg = a.neg();
                    SparseMatrix p2 = a.power(2);
                    SparseMatrix p05 = a.power(0.5);
                    SparseMatrix d3 = a.div(3)) {
                SparseOpsFixtures.close(c, "neg", neg.toarray(), "neg");
                SparseOpsFixtures.close(c, "pow2", p2.toarray(), "power(2)");
                SparseOpsFixtures.close(c, "pow05", p05.toarray(), "power(0.5)");
                assertEquals(DType.of(c.fields().get("div3_dtype")), d3.dtype(), "div dtype");
                try (NDArray got = d3.toarray()) {
                    SparseOpsFixtures.close(c.doubles("div3"), got.toDoubleArray(), c.dtype(), "div(3)");
                }
            }
        });
    }

    private static Map<String, UnaryOperator<SparseMatrix>> unary() {
        Map<String, UnaryOperator<SparseMatrix>> f = new LinkedHashMap<>();
        f.put("abs", SparseMatrix::abs);
        f.put("sqrt", SparseMatrix::sqrt);
        f.put("sin", SparseMatrix::sin);
        f.put("tan", SparseMatrix::tan);
        f.put("arcsin", SparseMatrix::arcsin);
        f.put("arctan", SparseMatrix::arctan);
        f.put("sinh", SparseMatrix::sinh);
        f.put("tanh", SparseMatrix::tanh);
        f.put("arcsinh", SparseMatrix::arcsinh);
        f.put("arctanh", SparseMatrix::arctanh);
        f.put("expm1", SparseMatrix::expm1);
        f.put("log1p", SparseMatrix::log1p);
        f.put("rint", SparseMatrix::rint);
        f.put("floor", SparseMatrix::floor);
        f.put("ceil", SparseMatrix::ceil);
        f.put("trunc", SparseMatrix::trunc);
        f.put("sign", SparseMatrix::sign);
        f.put("deg2rad", SparseMatrix::deg2rad);
        f.put("rad2deg", SparseMatrix::rad2deg);
        return f;
    }

    @TestFactory
    Stream<DynamicTest> valueFunctionsAreScipys() {
        return each("unary", c -> {
            try (SparseMatrix a = c.build()) {
                for (var e : unary().entrySet()) {
                    try (SparseMatrix r = e.getValue().apply(a);
                            CsrMatrix canonical = r.tocsr()) {
                        assertEquals(a.getClass(), r.getClass(), e.getKey());
                        assertEquals(c.longs(e.getKey() + "_nnz")[0], r.nnz(), e.getKey() + ": nnz");
                        SparseOpsFixtures.close(c, e.getKey(), canonical.data().copy(), e.getKey());
                    }
                }
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> reductionsAreScipys() {
        return each("mean max min", c -> {
            long m = c.shape()[0], n = c.shape()[1];
            try (SparseMatrix a = c.build()) {
                SparseOpsFixtures.close(c, "mean", a.mean(), "mean()");
                SparseOpsFixtures.close(c, "mean0", a.mean(0), "mean(0)");
                SparseOpsFixtures.close(c, "mean1", a.mean(-1), "mean(1)");
                SparseOpsFixtures.close(c, "max", a.max(), "max()");
                SparseOpsFixtures.close(c, "min", a.min(), "min()");
                try (NDArray x0 = a.max(0);
                        NDArray x1 = a.max(1);
                        NDArray n0 = a.min(0);
                        NDArray n1 = a.min(1)) {
                    assertArrayEquals(new long[] {1, n}, x0.shape());
                    assertArrayEquals(new long[] {m, 1}, x1.shape());
                    SparseOpsFixtures.close(c, "max0", x0.copy(), "max(0)");
                    SparseOpsFixtures.close(c, "max1", x1.copy(), "max(1)");
                    SparseOpsFixtures.close(c, "min0", n0.copy(), "min(0)");
                    SparseOpsFixtures.close(c, "min1", n1.copy(), "min(1)");
                }
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> diagonalsAreScipys() {
        return each("diagonal setdiag", c -> {
            try (SparseMatrix a = c.build();
                    CsrMatrix viaCsr = a.tocsr();
                    CscMatrix csc = viaCsr.tocsc()) {
                for (long k : new long[] {-2, -1, 0, 1, 2, 99}) {
                    SparseOpsFixtures.close(c, "diag_" + k, a.diagonal(k), "diagonal(" + k + ")");
                    SparseOpsFixtures.close(c, "diag_" + k, csc.diagonal(k), "csc diagonal(" + k + ")");
                }
                SparseOpsFixtures.close(c, "diag_0", a.diagonal(), "diagonal()");
                try (NDArray sv = c.values("sv", 3);
                        SparseMatrix s = a.setdiag(sv, 1);
                        SparseMatrix s2 = a.setdiag(2.5, -1);
                        SparseMatrix s3 = csc.setdiag(sv, 1)) {
                    assertEquals(a.getClass(), s.getClass());
                    assertInstanceOf(CscMatrix.class, s3);
                    SparseOpsFixtures.close(c, "setdiag", s.toarray(), "setdiag(v, 1)");
                    SparseOpsFixtures.close(c, "setdiag", s3.toarray(), "csc setdiag(v, 1)");
                    SparseOpsFixtures.close(c, "setdiag_s", s2.toarray(), "setdiag(2.5, -1)");
                    if (!csr(c)) return; // SciPy's COO keeps the dropped entries' duplicates apart
                    assertEquals(c.longs("setdiag_nnz")[0], s.tocsr().nnz(), "setdiag nnz");
                }
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> rowSelectionIsScipys() {
        return each("rows", c -> {
            if (!csr(c)) return;
            long m = c.shape()[0];
            try (CsrMatrix a = (CsrMatrix) c.build();
                    NDArray idx = Nd.array(c.longs("idx"), DType.INT64, c.longs("idx").length);
                    CsrMatrix r13 = a.rows(1, 3);
                    CsrMatrix rm2 = a.rows(-2, m);
                    CsrMatrix ridx = a.rows(idx);
                    CsrMatrix past = a.rows(-100, 100);
                    CsrMatrix none = a.rows(3, 1)) {
                assertArrayEquals(new long[] {2, c.shape()[1]}, r13.shape());
                compareRows(c, "rows13", r13);
                compareRows(c, "rowsm2", rm2);
                compareRows(c, "rowsidx", ridx);
                try (CsrMatrix step = a.rows(1, Long.MAX_VALUE, 2);
                        CsrMatrix back = a.rows(Long.MAX_VALUE, Long.MIN_VALUE, -1);
                        CsrMatrix down = a.rows(4, 0, -2)) {
                    compareRows(c, "rowsstep", step);
                    compareRows(c, "rowsback", back);
                    compareRows(c, "rows4to0", down);
                }
                assertEquals(a.nnz(), past.nnz());
                assertArrayEquals(new long[] {0, c.shape()[1]}, none.shape());
                try (CscMatrix csc = a.tocsc();
                        CscMatrix picked = csc.rows(idx);
                        CsrMatrix back = picked.tocsr();
                        // the conversions keep repeated entries, as SciPy's: the picked rows, each sorted
                        CsrMatrix want = ridx.sortedIndices()) {
                    assertArrayEquals(
                            want.indices().toLongArray(), back.indices().toLongArray(), "csc rows");
                }
            }
        });
    }

    private static void compareRows(Case c, String prefix, CsrMatrix got) {
        assertArrayEquals(c.longs(prefix + "_indptr"), got.indptr().toLongArray(), prefix + ": indptr");
        assertArrayEquals(c.longs(prefix + "_indices"), got.indices().toLongArray(), prefix + ": indices");
        SparseOpsFixtures.close(c.doubles(prefix + "_data"), got.data().toDoubleArray(), c.dtype(), prefix);
    }
}
