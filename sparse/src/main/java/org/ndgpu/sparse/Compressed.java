package org.ndgpu.sparse;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.sparse.CompressedStorage.Stored;

/** What CSR and CSC share, their roles of rows and columns swapped: densifying and transposing. */
final class Compressed {
    private Compressed() {}

    /** The dense matrix: entry k of major r lands at {@code r * majorStride + indices[k] * minorStride}. */
    static NDArray toarray(SparseMatrix a, Stored s, long majors, long minors, long majorStride, long minorStride) {
        NDArray data = s.data().live("toarray");
        NDArray out = NDArray.empty(data.device(), a.dtype, a.shape, Order.C).fill(0);
        SparseKernels.launch(
                SparseKernels.get(
                        SparseKernels.Name.COMPRESSED_TODENSE,
                        a.dtype,
                        s.indices().dtype()),
                majors,
                s.indptr(),
                s.indices(),
                data,
                out,
                majors,
                majorStride,
                minorStride);
        return out;
    }

    /** The major index (CSR's row, CSC's column) of each of the {@code nnz} stored entries: a new array. */
    static NDArray expand(NDArray indptr, long majors, long nnz, DType value) {
        NDArray major = NDArray.empty(indptr.device(), indptr.dtype(), new long[] {nnz}, Order.C);
        SparseKernels.launch(
                SparseKernels.get(SparseKernels.Name.EXPAND_INDPTR, ComplexParts.partOf(value), indptr.dtype()),
                majors,
                indptr,
                major,
                majors);
        return major;
    }

    /** The values as {@code dtype}, a new array, for astype. */
    static NDArray valuesAs(NDArray data, DType dtype) {
        java.util.Objects.requireNonNull(dtype, "astype: dtype is null");
        if (dtype.isComplex() || data.dtype().isComplex()) return ComplexParts.valuesAs(data, dtype);
        SparseChecks.values("astype", "dtype", dtype);
        data.live("astype");
        return data.dtype() == dtype ? data.copy() : data.astype(dtype);
    }

    /**
     * {@code a}'s entries with major and minor swapped, as SciPy's {@code csr_tocsc}: a CSR matrix's
     * CSC form, or a CSC matrix's CSR form ({@code make} builds it, of {@code a}'s shape). Every entry
     * is kept, repeated ones included, each new line sorted by index and equal indices in their order
     * in {@code a}; nothing is read back to the host (nnz is {@code a}'s). The library's conversion
     * where it serves, else: count each minor index, scan, scatter, sort each new line by
     * (index, position in {@code a}).
     */
    static <M extends CompressedMatrix> M transposed(CompressedMatrix a, String op, Canonical.Maker<M> make) {
        Stored s = a.structure(op);
        NDArray data = s.data().live(op);
        M vendor = VendorProducts.transposed(a, s, make);
        if (vendor != null) return vendor;
        long majors = s.indptr().size() - 1, minors = a instanceof CsrMatrix ? a.shape[1] : a.shape[0], nnz = s.nnz();
        DType t = a.dtype, index = a.indexDtype();
        var device = data.device();
        NDArray outIdx = NDArray.empty(device, index, new long[] {nnz}, Order.C);
        NDArray outData = NDArray.empty(device, t, new long[] {nnz}, Order.C);
        try (NDArray major = expand(s.indptr(), majors, nnz, t);
                NDArray counts = NDArray.empty(device, DType.INT32, new long[] {minors + 1}, Order.C)
                        .fill(0);
                NDArray cursor = NDArray.empty(device, DType.INT32, new long[] {Math.max(minors, 1)}, Order.C)
                        .fill(0);
                NDArray order = NDArray.empty(device, DType.INT64, new long[] {nnz}, Order.C)) {
            SparseKernels.launch(
                    SparseKernels.get(SparseKernels.Name.COO_ROW_COUNTS, t, index), nnz, s.indices(), counts, nnz);
            NDArray starts = Conversions.scan(counts);
            try {
                SparseKernels.launch(
                        SparseKernels.get(SparseKernels.Name.COO_SCATTER, t, index),
                        nnz,
                        s.indices(),
                        major,
                        data,
                        starts,
                        cursor,
                        outIdx,
                        outData,
                        order,
                        nnz);
                SparseKernels.launch(
                        SparseKernels.get(SparseKernels.Name.ROW_SORT, t, index),
                        minors,
                        starts,
                        outIdx,
                        outData,
                        order,
                        minors);
            } catch (RuntimeException e) {
                starts.close();
                throw e;
            }
            NDArray indptr = Conversions.narrowed(starts, index);
            return Canonical.rearranged(make.make(outData, outIdx, indptr, a.shape, nnz, true), a);
        } catch (RuntimeException e) {
            outIdx.close();
            outData.close();
            throw e;
        }
    }
}
