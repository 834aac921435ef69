package org.ndgpu.sparse;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/** What CSR and CSC share, their roles of rows and columns swapped: densifying and transposing. */
final class Compressed {
    private Compressed() {}

    /** The dense matrix: entry k of major r lands at {@code r * majorStride + indices[k] * minorStride}. */
    static NDArray toarray(
            SparseMatrix a,
            NDArray data,
            NDArray indices,
            NDArray indptr,
            long majors,
            long minors,
            long majorStride,
            long minorStride) {
        data.live("toarray");
        NDArray out = NDArray.empty(data.device(), a.dtype, a.shape, Order.C).fill(0);
        SparseKernels.launch(
                SparseKernels.get(SparseKernels.Name.COMPRESSED_TODENSE, a.dtype, indices.dtype()),
                majors,
                indptr,
                indices,
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
     * The CSR matrix of shape {@code shape} whose entries are {@code a}'s with major and minor swapped:
     * a CSC matrix's CSR form, or a CSR matrix's transpose (its CSC form), duplicates summed.
     */
    static CsrMatrix transposed(
            SparseMatrix a, NDArray data, NDArray indices, NDArray indptr, long majors, long[] shape) {
        data.live("tocsr");
        try (NDArray major = expand(indptr, majors, a.nnz, a.dtype);
                CooMatrix coo = new CooMatrix(data, indices, major, shape, false)) {
            return coo.tocsr();
        }
    }
}
