package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseFixtures.Case;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Every SciPy fixture on each tested device: the matrix's nnz and printing, its canonical CSR
 * (exactly), toarray, SpMV, SpMM, the transpose's SpMV and the sums (within float32's or float64's
 * tolerance), and the CSR to CSC to CSR round trip.
 */
class SparseParityTest extends PerDeviceTest {
    private static Stream<DynamicTest> each(String what, ThrowingCase body) {
        return SparseFixtures.cases().stream()
                .map(c -> DynamicTest.dynamicTest(c.name() + ": " + what, () -> body.run(c)));
    }

    private interface ThrowingCase {
        void run(Case c) throws Exception;
    }

    private static void close(double[] expected, NDArray got, DType dtype, String what) {
        try (got) {
            assertEquals(dtype, got.dtype(), what + ": dtype");
            double err = SparseFixtures.relativeError(got.toDoubleArray(), expected);
            assertTrue(err <= SparseFixtures.tolerance(dtype), what + ": relative error " + err);
        }
    }

    @TestFactory
    Stream<DynamicTest> printsAsScipy() {
        return each("repr", c -> {
            try (SparseMatrix a = c.build()) {
                assertEquals(c.longs("nnz")[0], a.nnz());
                assertArrayEquals(c.shape(), a.shape());
                assertEquals(c.dtype(), a.dtype());
                assertEquals(c.fields().get("repr").replace("\\n", "\n").replace("\\t", "\t"), a.toString());
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> tocsrIsScipys() {
        return each("tocsr", c -> {
            try (SparseMatrix a = c.build();
                    CsrMatrix csr = a.tocsr()) {
                assertEquals(DType.INT32, csr.indexDtype());
                assertArrayEquals(c.longs("csr_indptr"), csr.indptr().toLongArray(), "indptr");
                assertArrayEquals(c.longs("csr_indices"), csr.indices().toLongArray(), "indices");
                assertArrayEquals(c.doubles("csr_data"), csr.data().toDoubleArray(), "data");
                assertEquals(c.longs("csr_indices").length, csr.nnz());
            }
        });
    }

    /**
     * SciPy's {@code A.tocsc()} of the CSR form, array for array: every entry kept (a row's repeated
     * column stays repeated), each column's rows sorted, equal rows in their order in the row; and the
     * CSC-to-CSR conversion of the transpose gives the same arrays, as SciPy's {@code A.T.tocsr()}.
     */
    @TestFactory
    Stream<DynamicTest> tocscIsScipys() {
        return each("tocsc", c -> {
            try (SparseMatrix a = c.build();
                    CsrMatrix csr = a.tocsr();
                    CscMatrix csc = csr.tocsc();
                    CsrMatrix viaT = csr.T().tocsr()) {
                for (CompressedMatrix m : new CompressedMatrix[] {csc, viaT}) {
                    String what = m == csc ? "tocsc" : "T().tocsr()";
                    assertEquals(DType.INT32, m.indexDtype(), what);
                    assertArrayEquals(c.longs("csc_indptr"), m.indptr().toLongArray(), what + " indptr");
                    assertArrayEquals(c.longs("csc_indices"), m.indices().toLongArray(), what + " indices");
                    assertArrayEquals(c.doubles("csc_data"), m.data().toDoubleArray(), what + " data");
                    assertEquals(c.longs("csc_indices").length, m.nnz(), what + " nnz");
                    assertTrue(m.hasSortedIndices(), what + " sorted");
                }
                // the same with int64 indices (the own kernels on every device: cuSPARSE takes int32 alone)
                try (CsrMatrix wide = Nd.sparse()
                                .csrMatrix(
                                        csr.data().copy(),
                                        csr.indices().astype(DType.INT64),
                                        csr.indptr().astype(DType.INT64),
                                        csr.shape());
                        CscMatrix c64 = wide.tocsc()) {
                    assertEquals(DType.INT64, c64.indexDtype());
                    assertArrayEquals(c.longs("csc_indptr"), c64.indptr().toLongArray(), "int64 indptr");
                    assertArrayEquals(c.longs("csc_indices"), c64.indices().toLongArray(), "int64 indices");
                    assertArrayEquals(c.doubles("csc_data"), c64.data().toDoubleArray(), "int64 data");
                }
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> toarrayIsScipys() {
        return each("toarray", c -> {
            if (!c.has("toarray")) return;
            try (SparseMatrix a = c.build()) {
                NDArray d = a.toarray();
                assertArrayEquals(c.shape(), d.shape());
                close(c.doubles("toarray"), d, c.dtype(), "toarray");
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> spmvIsScipys() {
        return each("spmv", c -> {
            try (SparseMatrix a = c.build();
                    NDArray x = c.values("x", c.shape()[1])) {
                close(c.doubles("spmv"), a.matmul(x), c.dtype(), "A @ x");
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> spmmIsScipys() {
        return each("spmm", c -> {
            long p = c.longs("p")[0];
            try (SparseMatrix a = c.build();
                    NDArray x = c.values("X", c.shape()[1], p)) {
                NDArray y = a.matmul(x);
                assertArrayEquals(new long[] {c.shape()[0], p}, y.shape());
                close(c.doubles("spmm"), y, c.dtype(), "A @ X");
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> transposeSpmvIsScipys() {
        return each("T spmv", c -> {
            try (SparseMatrix a = c.build();
                    NDArray x = c.values("xt", c.shape()[0])) {
                SparseMatrix t = a.T();
                assertArrayEquals(new long[] {c.shape()[1], c.shape()[0]}, t.shape());
                close(c.doubles("T_spmv"), t.matmul(x), c.dtype(), "A.T @ x");
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> sumsAreScipys() {
        return each("sum", c -> {
            try (SparseMatrix a = c.build()) {
                NDArray s0 = a.sum(0), s1 = a.sum(1);
                assertArrayEquals(new long[] {1, c.shape()[1]}, s0.shape());
                assertArrayEquals(new long[] {c.shape()[0], 1}, s1.shape());
                close(c.doubles("sum0"), s0, c.dtype(), "sum(0)");
                close(c.doubles("sum1"), s1, c.dtype(), "sum(1)");
                close(c.doubles("sum"), a.sum(), c.dtype(), "sum()");
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> cscRoundTrip() {
        return each("csc", c -> {
            try (SparseMatrix a = c.build();
                    CsrMatrix csr = a.tocsr();
                    CscMatrix csc = csr.tocsc();
                    CsrMatrix back = csc.tocsr()) {
                assertArrayEquals(c.shape(), csc.shape());
                assertEquals(c.shape()[1] + 1, csc.indptr().size());
                try (SparseMatrix sorted = c.kind().equals("csr") ? back : csr) {
                    // a CSR given with unsorted indices comes back sorted; compare dense where it fits
                    if (c.has("toarray")) close(c.doubles("toarray"), csc.toarray(), c.dtype(), "csc toarray");
                    assertEquals(c.longs("csr_indptr").length, back.indptr().size());
                    assertArrayEquals(c.longs("csr_indptr"), back.indptr().toLongArray(), "indptr back");
                    assertEquals(sorted.nnz(), back.nnz());
                }
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> tocooExpandsTheCanonicalCsr() {
        return each("tocoo", c -> {
            long[] indptr = c.longs("csr_indptr");
            long[] rows = new long[(int) indptr[indptr.length - 1]];
            for (int r = 0; r + 1 < indptr.length; r++)
                for (long k = indptr[r]; k < indptr[r + 1]; k++) rows[(int) k] = r;
            try (SparseMatrix a = c.build();
                    CsrMatrix csr = a.tocsr();
                    CooMatrix coo = csr.tocoo();
                    CooMatrix viaCsc = csr.T().tocoo();
                    CooMatrix copy = coo.copy()) {
                assertArrayEquals(rows, coo.row().toLongArray(), "row");
                assertArrayEquals(c.longs("csr_indices"), coo.col().toLongArray(), "col");
                assertArrayEquals(c.doubles("csr_data"), coo.data().toDoubleArray(), "data");
                // the transpose's COO is the same entries with row and col swapped
                assertArrayEquals(rows, viaCsc.col().toLongArray(), "T col");
                assertArrayEquals(c.longs("csr_indices"), viaCsc.row().toLongArray(), "T row");
                assertEquals(coo.toString(), copy.toString());
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> astypeConvertsTheValues() {
        return each("astype", c -> {
            DType other = c.dtype() == DType.FLOAT64 ? DType.FLOAT32 : DType.FLOAT64;
            try (SparseMatrix a = c.build();
                    SparseMatrix b = a.astype(other);
                    SparseMatrix same = a.astype(c.dtype());
                    NDArray x = c.values("x", c.shape()[1])) {
                assertEquals(other, b.dtype());
                assertEquals(a.nnz(), b.nnz());
                assertEquals(a.getClass(), b.getClass());
                close(c.doubles("spmv"), same.matmul(x), c.dtype(), "astype(same) @ x");
                try (NDArray y = b.matmul(x)) {
                    double err = SparseFixtures.relativeError(y.toDoubleArray(), c.doubles("spmv"));
                    assertTrue(err <= 1e-5, "astype(" + other + ") @ x: relative error " + err);
                }
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> mulScales() {
        return each("mul", c -> {
            try (SparseMatrix a = c.build();
                    SparseMatrix b = a.mul(2);
                    NDArray x = c.values("x", c.shape()[1])) {
                double[] want = c.doubles("spmv");
                for (int i = 0; i < want.length; i++) want[i] *= 2;
                assertEquals(a.dtype(), b.dtype());
                close(want, b.matmul(x), c.dtype(), "(2 A) @ x");
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> cscFromDenseIsScipys() {
        return each("cscMatrix(dense)", c -> {
            if (!c.has("toarray")) return;
            try (NDArray d = c.values("toarray", c.shape());
                    CscMatrix a = Nd.sparse().cscMatrix(d)) {
                assertTrue(a.toString().startsWith("<Compressed Sparse Column sparse matrix of dtype '" + c.dtype()));
                close(c.doubles("toarray"), a.toarray(), c.dtype(), "csc toarray");
            }
        });
    }
}
