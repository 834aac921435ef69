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

    /**
     * The CSR matrix of shape {@code shape} whose entries are {@code a}'s with major and minor swapped:
     * a CSC matrix's CSR form, or a CSR matrix's transpose (its CSC form), duplicates summed.
     */
    static CsrMatrix transposed(
            SparseMatrix a, NDArray data, NDArray indices, NDArray indptr, long majors, long[] shape) {
        data.live("tocsr");
        DType index = indices.dtype();
        try (NDArray major = NDArray.empty(data.device(), index, new long[] {a.nnz}, Order.C);
                CooMatrix coo = new CooMatrix(data, indices, major, shape, false)) {
            SparseKernels.launch(
                    SparseKernels.get(SparseKernels.Name.EXPAND_INDPTR, a.dtype, index), majors, indptr, major, majors);
            return coo.tocsr();
        }
    }
}
