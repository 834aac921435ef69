package org.ndgpu.sparse;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.vendor.VendorSparse;

/**
 * The products and the CSR to CSC conversion on the device's sparse library ({@link VendorLibrary}:
 * cuSPARSE on CUDA), with the module's semantics kept around the library's: SpGEMM's sums that
 * come to 0 are dropped and its rows sorted, as SciPy's {@code A @ B} and the own kernels give
 * them, and only operands in canonical form go to the library's SpGEMM; {@code tocsc()} sums duplicates, as the own conversion does. Each method answers null where
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
            SparseMatrix a, NDArray values, NDArray indices, NDArray indptr, NDArray x, boolean csc, DType t) {
        long m = a.shape[0], n = a.shape[1];
        if (x.ndim() == 2 && x.shape(1) == 0) return null;
        VendorSparse v = VendorLibrary.forMatrix(values, m, n, a.nnz, t);
        if (v == null) return null;
        long[] csrShape = csc ? new long[] {n, m} : new long[] {m, n};
        VendorSparse.Csr arrays = VendorLibrary.csr(values, indices, indptr, csrShape, a.nnz);
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
     * CSR times CSR over arrays of value dtype {@code t} and one index dtype: the product with its
     * zero sums dropped and each row's indices sorted and unique, or null.
     */
    static CsrMatrix spgemm(
            CsrMatrix a, CsrMatrix b, NDArray ap, NDArray aj, NDArray ax, NDArray bp, NDArray bj, NDArray bx, DType t) {
        VendorSparse v = VendorLibrary.forMatrix(ax, a.shape[0], b.shape[1], Math.min(a.nnz, b.nnz), t);
        if (v == null || aj.dtype() != DType.INT32 || bj.dtype() != DType.INT32) return null;
        // cuSPARSE's SpGEMM takes operands in canonical form (CuPy asserts it before its call); others run on
        // the own kernels, which sum repeated indices in SciPy's order
        if (!Canonical.sorted(a, true, "matmul") || (b != a && !Canonical.sorted(b, true, "matmul"))) return null;
        VendorSparse.Csr c =
                v.spgemm(VendorLibrary.csr(ax, aj, ap, a.shape, a.nnz), VendorLibrary.csr(bx, bj, bp, b.shape, b.nnz));
        if (c == null) return null;
        CsrMatrix r = new CsrMatrix(c.data(), c.indices(), c.indptr(), c.shape(), c.nnz(), true);
        try {
            // the library's rows come sorted and unique from canonical operands; made so should they not
            if (!Canonical.sorted(r, true, "matmul")) {
                CsrMatrix s = Canonical.sumDuplicates(r, CsrMatrix::new);
                r.close();
                r = s;
            }
            boolean zeros;
            try (NDArray eq = r.data.eq(0);
                    NDArray any = eq.any()) {
                zeros = (Boolean) any.item();
            }
            if (zeros) {
                CsrMatrix s = Canonical.eliminateZeros(r, CsrMatrix::new);
                r.close();
                r = s;
            }
            return r;
        } catch (RuntimeException e) {
            r.close();
            throw e;
        }
    }

    /** {@code a} in CSC, duplicates summed and each column's rows sorted, or null. */
    static CscMatrix tocsc(CsrMatrix a) {
        NDArray data = a.data.live("tocsc");
        VendorSparse v = VendorLibrary.forMatrix(data, a.shape[0], a.shape[1], a.nnz, a.dtype);
        if (v == null) return null;
        VendorSparse.Csr c = v.csr2csc(VendorLibrary.csr(data, a.indices, a.indptr, a.shape, a.nnz));
        if (c == null) return null;
        CscMatrix r = new CscMatrix(c.data(), c.indices(), c.indptr(), a.shape, c.nnz(), true);
        try {
            // each column's rows come sorted; a row's repeated column stays repeated: summed as the own kernels sum it
            if (Canonical.sorted(r, true, "tocsc")) return r;
            CscMatrix s = Canonical.sumDuplicates(r, CscMatrix::new);
            r.close();
            return s;
        } catch (RuntimeException e) {
            r.close();
            throw e;
        }
    }
}
