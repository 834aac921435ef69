package org.ndgpu.sparse;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.sparse.SparseKernels.Name;

/**
 * Building CSR on the device: from a dense matrix (count each row, scan, fill) and from COO (count
 * each row, scan, scatter, sort and merge each row, scan, compact). The scans are the core's cumsum.
 */
final class Conversions {
    private Conversions() {}

    /** {@code a} as a kernel argument: C-contiguous from its buffer's start, else a copy. */
    static NDArray ready(NDArray a) {
        return a.offset() == 0 && a.isCContiguous() ? a : a.copy();
    }

    /** The last entry of an int64 scan: the total. */
    static long last(NDArray scan) {
        try (NDArray v = scan.get(scan.size() - 1)) {
            return ((Number) v.item()).longValue();
        }
    }

    /** The inclusive scan of {@code counts} as int64 (its entry 0 being 0, this is an indptr). */
    static NDArray scan(NDArray counts) {
        NDArray s = counts.cumsum();
        if (s.dtype() == DType.INT64) return s;
        try (s) {
            return s.astype(DType.INT64);
        }
    }

    /** indptr in the matrix's index dtype, taking {@code indptr64}. */
    static NDArray narrowed(NDArray indptr64, DType index) {
        if (index == DType.INT64) return indptr64;
        try (indptr64) {
            return indptr64.astype(index);
        }
    }

    static CsrMatrix denseToCsr(NDArray dense) {
        String op = "csrMatrix";
        if (dense.dtype().isComplex()) return ComplexParts.denseToCsr(dense);
        SparseChecks.values(op, "the dense matrix", dense.dtype());
        long m = dense.shape(0), n = dense.shape(1);
        DType t = dense.dtype();
        NDArray a = ready(dense);
        try {
            NDArray indptr64;
            try (NDArray counts = NDArray.empty(a.device(), DType.INT64, new long[] {m + 1}, Order.C)) {
                if (m == 0) counts.fill(0);
                SparseKernels.launch(SparseKernels.get(Name.DENSE_ROW_COUNTS, t, DType.INT32), m, a, counts, m, n);
                indptr64 = scan(counts);
            }
            long nnz = last(indptr64);
            DType index = SparseChecks.indexFor(m, n, nnz);
            NDArray indptr = narrowed(indptr64, index);
            NDArray indices = NDArray.empty(a.device(), index, new long[] {nnz}, Order.C);
            NDArray data = NDArray.empty(a.device(), t, new long[] {nnz}, Order.C);
            SparseKernels.launch(SparseKernels.get(Name.DENSE_FILL, t, index), m, a, indptr, indices, data, m, n);
            return Canonical.marked(new CsrMatrix(data, indices, indptr, new long[] {m, n}, nnz, true), true);
        } finally {
            if (a != dense) a.close();
        }
    }

    static CsrMatrix cooToCsr(CooMatrix coo) {
        NDArray row = coo.row.live("tocsr"), col = coo.col, data = coo.data;
        long m = coo.shape[0], nnz = coo.nnz();
        DType t = coo.dtype, index = row.dtype();
        var device = data.device();
        try (NDArray counts = NDArray.empty(device, DType.INT32, new long[] {m + 1}, Order.C)
                        .fill(0);
                NDArray cursor = NDArray.empty(device, DType.INT32, new long[] {Math.max(m, 1)}, Order.C)
                        .fill(0);
                NDArray tmpCol = NDArray.empty(device, index, new long[] {nnz}, Order.C);
                NDArray tmpData = NDArray.empty(device, t, new long[] {nnz}, Order.C);
                NDArray order = NDArray.empty(device, DType.INT64, new long[] {nnz}, Order.C);
                NDArray unique = NDArray.empty(device, DType.INT64, new long[] {m + 1}, Order.C)
                        .fill(0)) {
            SparseKernels.launch(SparseKernels.get(Name.COO_ROW_COUNTS, t, index), nnz, row, counts, nnz);
            try (NDArray starts = scan(counts)) {
                SparseKernels.launch(
                        SparseKernels.get(Name.COO_SCATTER, t, index),
                        nnz,
                        row,
                        col,
                        data,
                        starts,
                        cursor,
                        tmpCol,
                        tmpData,
                        order,
                        nnz);
                SparseKernels.launch(
                        SparseKernels.get(Name.ROW_SORT_MERGE, t, index), m, starts, tmpCol, tmpData, order, unique, m);
                NDArray indptr = narrowed(scan(unique), index);
                long kept = last(indptr);
                NDArray outCol = NDArray.empty(device, index, new long[] {kept}, Order.C);
                NDArray outData = NDArray.empty(device, t, new long[] {kept}, Order.C);
                SparseKernels.launch(
                        SparseKernels.get(Name.ROW_COMPACT, t, index),
                        m,
                        starts,
                        tmpCol,
                        tmpData,
                        indptr,
                        outCol,
                        outData,
                        m);
                return Canonical.marked(new CsrMatrix(outData, outCol, indptr, coo.shape, kept, true), true);
            }
        }
    }

    /** The ones of diagonal {@code k} of an m x n matrix, on the current device. */
    static CsrMatrix eye(long m, long n, long k, DType dtype) {
        long[] shape = SparseChecks.shape("eye", new long[] {m, n});
        java.util.Objects.requireNonNull(dtype, "eye: dtype is null");
        DType t = SparseChecks.values("eye", "dtype", dtype);
        // rows max(0, -k) .. min(m, n - k) - 1 meet the diagonal; none when it lies outside the matrix
        // (written so that no k, however large, overflows)
        boolean none = k >= n || k <= -m;
        long first = none || k >= 0 ? 0 : -k;
        long end = none ? 0 : k >= 0 ? Math.min(m, n - k) : (n > m + k ? m : n - k);
        long nnz = Math.max(0, end - first);
        DType index = SparseChecks.indexFor(m, n, nnz);
        var device = org.ndgpu.device.Device.current();
        NDArray indices = NDArray.empty(device, index, new long[] {nnz}, Order.C);
        NDArray indptr = NDArray.empty(device, index, new long[] {m + 1}, Order.C);
        NDArray data = NDArray.empty(device, t, new long[] {nnz}, Order.C);
        SparseKernels.launch(
                SparseKernels.get(Name.EYE_FILL, t, index), m + 1, indices, indptr, data, m, first, nnz, k);
        return Canonical.marked(new CsrMatrix(data, indices, indptr, shape, nnz, true), true);
    }
}
