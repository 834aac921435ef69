package org.ndgpu.sparse;

import java.util.Objects;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.sparse.BuildKernels.Name;
import org.ndgpu.sparse.CompressedStorage.Stored;

/**
 * The product of two sparse matrices (SpGEMM), row by row as Gustavson's: pass 1 counts each
 * output row's products, a scan (the core's cumsum) places them, pass 2 forms each row's products,
 * sorts them by column and sums equal columns, keeping the nonzero sums and counting them; a
 * second scan gives indptr and a compaction fills indices and data.
 *
 * <p>On a device whose sparse library serves the case (cuSPARSE's SpGEMM on CUDA, int32 indices)
 * the library forms the product and {@link VendorProducts} brings it to the same format.
 *
 * <p>The result is SciPy's {@code A @ B} entry for entry: sums that come to 0 are dropped, as
 * SciPy's {@code csr_matmat} drops them (the own kernels as they sum; after the library's product,
 * when the result's structure is first shown, see {@link CompressedStorage}), and each row's sums
 * are added in SciPy's order. Its
 * indices are sorted (SciPy leaves them in its accumulator's order; {@code sort_indices()} gives
 * ndgpu's).
 */
final class SpGemm {
    private SpGemm() {}

    private static final String OP = "matmul";

    /**
     * {@code a @ b}, in SciPy's format: CSC when {@code a} is CSC, else CSR; values in the wider of
     * the two dtypes.
     */
    static SparseMatrix matmul(SparseMatrix a, SparseMatrix b) {
        Objects.requireNonNull(b, OP + ": other is null");
        NDArray ad = Products.liveValues(a, OP), bd = Products.liveValues(b, OP);
        SparseChecks.sameDevice(OP, ad, "other", bd);
        if (a.shape[1] != b.shape[0])
            throw new ShapeException(OP + ": dimension mismatch, the matrix has shape " + Products.str(a.shape)
                    + " and other has shape " + Products.str(b.shape) + "; other must have " + a.shape[1] + " rows");
        if (a instanceof CscMatrix ac) {
            // (A B)^T = B^T A^T, where the transposes of CSC matrices are CSR views over their arrays
            CscMatrix bc = b instanceof CscMatrix c ? c : null;
            try (CscMatrix owned = bc == null ? toCsc(b) : null) {
                CscMatrix right = bc != null ? bc : owned;
                CsrMatrix t = csr(right.T(), ac.T());
                // t's arrays (and what is pending on them) become the CSC result's
                return Canonical.sharing(new CscMatrix(t.storage, new long[] {a.shape[0], b.shape[1]}, true), t);
            }
        }
        try (CsrMatrix ownedA = a instanceof CsrMatrix ? null : a.tocsr();
                CsrMatrix ownedB = b instanceof CsrMatrix ? null : b.tocsr()) {
            return csr(ownedA != null ? ownedA : (CsrMatrix) a, ownedB != null ? ownedB : (CsrMatrix) b);
        }
    }

    private static CscMatrix toCsc(SparseMatrix b) {
        if (b instanceof CsrMatrix c) return c.tocsc();
        try (CsrMatrix csr = b.tocsr()) {
            return csr.tocsc();
        }
    }

    /** CSR times CSR. */
    static CsrMatrix csr(CsrMatrix a, CsrMatrix b) {
        long m = a.shape[0], n = b.shape[1];
        // an operand's pending zeros are dropped first: 0 times inf would be NaN where SciPy has nothing
        Stored as = a.structure(OP), bs = b.structure(OP);
        var device = as.data().device();
        DType t = a.dtype == DType.FLOAT64 || b.dtype == DType.FLOAT64 ? DType.FLOAT64 : DType.FLOAT32;
        DType index = a.indexDtype() == DType.INT64 || b.indexDtype() == DType.INT64 ? DType.INT64 : DType.INT32;
        NDArray ap = Construct.as(as.indptr(), index),
                aj = Construct.as(as.indices(), index),
                ax = Construct.as(as.data(), t);
        NDArray bp = Construct.as(bs.indptr(), index),
                bj = Construct.as(bs.indices(), index),
                bx = Construct.as(bs.data(), t);
        try {
            CsrMatrix vendor = VendorProducts.spgemm(a, b, as.nnz(), bs.nnz(), ap, aj, ax, bp, bj, bx, t);
            if (vendor != null) return vendor;
        } catch (RuntimeException e) {
            closeConverted(as, bs, ap, aj, ax, bp, bj, bx);
            throw e;
        }
        try (NDArray ub =
                NDArray.empty(device, DType.INT64, new long[] {m + 1}, Order.C).fill(0)) {
            SparseKernels.launch(BuildKernels.get(Name.SPGEMM_UPPER, t, index), m, ap, aj, bp, ub, m);
            try (NDArray off = Conversions.scan(ub)) {
                long products = Conversions.last(off);
                if (index == DType.INT32 && SparseChecks.indexFor(m, n, products) == DType.INT64) {
                    // the products pass int32: the whole product in int64 indices
                    try (CsrMatrix a64 = widened(a, as.nnz(), ap, aj, ax);
                            CsrMatrix b64 = widened(b, bs.nnz(), bp, bj, bx)) {
                        return csr(a64, b64);
                    }
                }
                return rows(a, ap, aj, ax, bp, bj, bx, off, products, n, t, index);
            }
        } finally {
            closeConverted(as, bs, ap, aj, ax, bp, bj, bx);
        }
    }

    /** Closes the converted copies among the operands' arrays (Construct.as returns an array itself when it has the dtype). */
    private static void closeConverted(Stored a, Stored b, NDArray... arrays) {
        for (NDArray x : arrays) {
            if (x != a.indptr()
                    && x != a.indices()
                    && x != a.data()
                    && x != b.indptr()
                    && x != b.indices()
                    && x != b.data()) x.close();
        }
    }

    private static CsrMatrix rows(
            CsrMatrix a,
            NDArray ap,
            NDArray aj,
            NDArray ax,
            NDArray bp,
            NDArray bj,
            NDArray bx,
            NDArray off,
            long products,
            long n,
            DType t,
            DType index) {
        long m = a.shape[0];
        var device = ax.device();
        long[] p = {products};
        try (NDArray col = NDArray.empty(device, index, p, Order.C);
                NDArray val = NDArray.empty(device, t, p, Order.C);
                NDArray col2 = NDArray.empty(device, index, p, Order.C);
                NDArray val2 = NDArray.empty(device, t, p, Order.C);
                NDArray counts = NDArray.empty(device, DType.INT64, new long[] {m + 1}, Order.C)
                        .fill(0)) {
            SparseKernels.launch(
                    BuildKernels.get(Name.SPGEMM_ROWS, t, index),
                    m,
                    ap,
                    aj,
                    ax,
                    bp,
                    bj,
                    bx,
                    off,
                    col,
                    val,
                    col2,
                    val2,
                    counts,
                    m);
            NDArray indptr = Conversions.narrowed(Conversions.scan(counts), index);
            long nnz = Conversions.last(indptr);
            NDArray indices = NDArray.empty(device, index, new long[] {nnz}, Order.C);
            NDArray data = NDArray.empty(device, t, new long[] {nnz}, Order.C);
            SparseKernels.launch(
                    BuildKernels.get(Name.SPGEMM_COMPACT, t, index), m, off, col, val, indptr, indices, data, m);
            return Canonical.marked(new CsrMatrix(data, indices, indptr, new long[] {m, n}, nnz, true), true);
        }
    }

    /** A CSR matrix over int64 copies of the index arrays and a copy of the values. */
    private static CsrMatrix widened(CsrMatrix a, long nnz, NDArray indptr, NDArray indices, NDArray data) {
        return new CsrMatrix(data.copy(), indices.astype(DType.INT64), indptr.astype(DType.INT64), a.shape, nnz, true);
    }
}
