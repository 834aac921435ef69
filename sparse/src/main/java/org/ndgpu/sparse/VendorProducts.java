package org.ndgpu.sparse;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.sparse.CompressedStorage.Stored;
import org.ndgpu.vendor.VendorSparse;

/**
 * The products and the CSR to CSC conversion on the device's sparse library ({@link VendorLibrary}:
 * cuSPARSE on CUDA), with the module's semantics kept around the library's: SpGEMM's sums that
 * come to 0 are dropped (when the product's structure is first shown: {@link CompressedStorage})
 * and its rows sorted, as SciPy's {@code A @ B} and the own kernels give them, and only operands
 * in canonical form go to the library's SpGEMM; {@code tocsc()} keeps repeated
 * entries, as SciPy's and the own conversion do. Each method answers null where
 * the library does not take the case, and the caller then runs its own kernels.
 */
final class VendorProducts {
    private VendorProducts() {}

    /**
     * {@code A @ x} (SpMV for 1-d x, SpMM for 2-d x) over a compressed matrix's arrays: CSR arrays
     * as they are, CSC arrays ({@code csc}) as the CSR arrays of the transpose, multiplied
     * transposed. {@code values} and {@code x} are of dtype {@code t}, x C-contiguous.
     */
    static NDArray matmul(
            SparseMatrix a,
            NDArray values,
            NDArray indices,
            NDArray indptr,
            long nnz,
            NDArray x,
            boolean csc,
            DType t) {
        long m = a.shape[0], n = a.shape[1];
        if (x.ndim() == 2 && x.shape(1) == 0) return null;
        VendorSparse v = VendorLibrary.forMatrix(values, m, n, nnz, t);
        if (v == null) return null;
        long[] csrShape = csc ? new long[] {n, m} : new long[] {m, n};
        VendorSparse.Csr arrays = VendorLibrary.csr(values, indices, indptr, csrShape, nnz);
        long[] shape = x.ndim() == 1 ? new long[] {m} : new long[] {m, x.shape(1)};
        NDArray y = NDArray.empty(x.device(), t, shape, Order.C);
        boolean ran = false;
        try {
            ran = x.ndim() == 1 ? v.spmv(arrays, csc, x, y) : v.spmm(arrays, csc, x, y);
            return ran ? y : null;
        } finally {
            if (!ran) y.close();
        }
    }

    /**
     * CSR times CSR over arrays of value dtype {@code t} and one index dtype: the product with each
     * row's indices sorted and unique, or null. As CuPy's {@code cusparse.spgemm}: the operands must
     * be canonical (known or checked once, see {@link Canonical.Known}) and the library's rows are
     * taken as sorted and unique. The library keeps the sums that came to 0, which SciPy drops: the
     * product is returned with them pending, dropped by the first call that shows its structure.
     */
    static CsrMatrix spgemm(
            CsrMatrix a,
            CsrMatrix b,
            long aNnz,
            long bNnz,
            NDArray ap,
            NDArray aj,
            NDArray ax,
            NDArray bp,
            NDArray bj,
            NDArray bx,
            DType t) {
        VendorSparse v = VendorLibrary.forMatrix(ax, a.shape[0], b.shape[1], Math.min(aNnz, bNnz), t);
        if (v == null || aj.dtype() != DType.INT32 || bj.dtype() != DType.INT32) return null;
        // cuSPARSE's SpGEMM takes operands in canonical form (CuPy sums duplicates before its call); others run on
        // the own kernels, which sum repeated indices in SciPy's order
        if (!Canonical.canonical(a, "matmul") || (b != a && !Canonical.canonical(b, "matmul"))) return null;
        VendorSparse.Csr c =
                v.spgemm(VendorLibrary.csr(ax, aj, ap, a.shape, aNnz), VendorLibrary.csr(bx, bj, bp, b.shape, bNnz));
        if (c == null) return null;
        return Canonical.withCancelledZeros(c.data(), c.indices(), c.indptr(), c.shape(), c.nnz());
    }

    /**
     * {@code a}'s entries ({@code s}, its settled arrays) with major and minor swapped (CSR to CSC,
     * CSC to CSR) by the library's conversion, as SciPy's {@code csr_tocsc}: every entry kept, each
     * new line sorted; or null.
     */
    static <M extends CompressedMatrix> M transposed(CompressedMatrix a, Stored s, Canonical.Maker<M> make) {
        long[] csrShape = a instanceof CsrMatrix ? a.shape : new long[] {a.shape[1], a.shape[0]};
        VendorSparse v = VendorLibrary.forMatrix(s.data(), csrShape[0], csrShape[1], s.nnz(), a.dtype);
        if (v == null) return null;
        VendorSparse.Csr c = v.csr2csc(VendorLibrary.csr(s.data(), s.indices(), s.indptr(), csrShape, s.nnz()));
        if (c == null) return null;
        return Canonical.rearranged(make.make(c.data(), c.indices(), c.indptr(), a.shape, c.nnz(), true), a);
    }
}
