package org.ndgpu.sparse;

import java.util.Objects;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.sparse.OpsKernels.Name;

/**
 * Diagonals, as SciPy's {@code A.diagonal(k)} (one element per work-item, searching its CSR row,
 * duplicates summed) and {@code A.setdiag(values, k)} (the entries on the diagonal dropped and the
 * new ones appended, in COO, then summed into the matrix's format).
 */
final class Diagonals {
    private Diagonals() {}

    /** The length of diagonal {@code k} of an m x n matrix; 0 where it lies outside. */
    static long length(long m, long n, long k) {
        if (k <= -m || k >= n) return 0;
        return k >= 0 ? Math.min(m, n - k) : Math.min(m + k, n);
    }

    static NDArray diagonal(SparseMatrix a, long k) {
        NDArray values = Products.liveValues(a, "diagonal");
        if (a.dtype.isComplex()) return ComplexParts.diagonal(a, k);
        long count = length(a.shape[0], a.shape[1], k);
        if (count == 0) return NDArray.empty(values.device(), a.dtype, new long[] {0}, Order.C);
        // CSC's diagonal k is its CSR transpose's diagonal -k
        boolean csc = a instanceof CscMatrix;
        long kk = csc ? -k : k;
        CsrMatrix c = switch (a) {
            case CsrMatrix r -> r;
            case CscMatrix s -> s.T();
            case CooMatrix o -> o.tocsr();
        };
        try {
            CompressedStorage.Stored s = c.structure("diagonal");
            NDArray out = NDArray.empty(values.device(), a.dtype, new long[] {count}, Order.C);
            SparseKernels.launch(
                    OpsKernels.get(Name.CSR_DIAGONAL, a.dtype, c.indexDtype()),
                    count,
                    s.indptr(),
                    s.indices(),
                    s.data(),
                    out,
                    count,
                    Math.max(0, -kk),
                    kk);
            return out;
        } finally {
            if (c != a) c.close();
        }
    }

    /**
     * The entries of {@code a} with diagonal {@code k}'s first elements set to {@code values} (1-d;
     * the shorter of it and the diagonal counts) or, where {@code values} is null, all to
     * {@code scalar}: a COO matrix, the old diagonal entries dropped and the new appended.
     */
    static CooMatrix setdiag(SparseMatrix a, NDArray values, Number scalar, long k) {
        String op = "setdiag";
        NDArray live = Products.liveValues(a, op);
        long m = a.shape[0], n = a.shape[1];
        if ((k > 0 && k >= n) || (k < 0 && -k >= m))
            throw new IndexException(op + ": k = " + k + " exceeds the matrix's dimensions, shape "
                    + Products.str(a.shape) + " has diagonals " + (1 - m) + " to " + (n - 1));
        if (values != null) {
            values.live(op);
            SparseChecks.sameDevice(op, live, "values", values);
            if (values.ndim() != 1)
                throw new ShapeException(op + ": values must be 1-d, got shape " + Products.str(values.shape()));
            if (values.dtype().isComplex())
                throw new org.ndgpu.exceptions.DTypeException(op + ": values must be real, got " + values.dtype());
        }
        long len = length(m, n, k);
        if (values != null) len = Math.min(len, values.size());
        DType t = a.dtype;
        var device = live.device();
        CooMatrix coo = a instanceof CooMatrix c ? c : a.tocoo();
        long nnz = coo.nnz();
        DType index = coo.row.dtype();
        NDArray vals = values == null
                ? NDArray.empty(device, t, new long[] {1}, Order.C).fill(scalar)
                : values.dtype() == t ? Conversions.ready(values) : values.astype(t);
        try (NDArray keep = NDArray.empty(device, DType.INT64, new long[] {nnz}, Order.C)) {
            SparseKernels.launch(OpsKernels.get(Name.DIAG_DROP, t, index), nnz, coo.row, coo.col, keep, nnz, k, len);
            try (NDArray pos = Conversions.scan(keep)) {
                long kept = nnz == 0 ? 0 : Conversions.last(pos);
                NDArray outRow = NDArray.empty(device, index, new long[] {kept + len}, Order.C);
                NDArray outCol = NDArray.empty(device, index, new long[] {kept + len}, Order.C);
                NDArray outData = NDArray.empty(device, t, new long[] {kept + len}, Order.C);
                SparseKernels.launch(
                        OpsKernels.get(Name.DIAG_ASSEMBLE, t, index),
                        nnz + len,
                        coo.row,
                        coo.col,
                        coo.data,
                        keep,
                        pos,
                        vals,
                        outRow,
                        outCol,
                        outData,
                        nnz,
                        kept,
                        len,
                        Math.max(0, -k),
                        k,
                        values == null ? 1 : 0);
                return new CooMatrix(outData, outRow, outCol, a.shape, true);
            }
        } finally {
            if (vals != values) vals.close();
            if (coo != a) coo.close();
        }
    }

    /** {@link #setdiag} in {@code a}'s format (CSR, CSC or COO), as SciPy's in-place setdiag keeps it. */
    static SparseMatrix setdiagAs(SparseMatrix a, NDArray values, long k) {
        if (a.dtype.isComplex() && !a.isClosed()) throw ComplexParts.unsupported("setdiag", a.dtype);
        return inFormat(a, setdiag(a, Objects.requireNonNull(values, "setdiag: values is null"), null, k));
    }

    /** {@link #setdiag} of one value in {@code a}'s format. */
    static SparseMatrix setdiagAs(SparseMatrix a, Number value, long k) {
        if (a.dtype.isComplex() && !a.isClosed()) throw ComplexParts.unsupported("setdiag", a.dtype);
        return inFormat(a, setdiag(a, null, Objects.requireNonNull(value, "setdiag: value is null"), k));
    }

    private static SparseMatrix inFormat(SparseMatrix a, CooMatrix coo) {
        if (a instanceof CooMatrix) return coo;
        try (coo) {
            if (a instanceof CsrMatrix) return coo.tocsr();
            try (CsrMatrix csr = coo.tocsr()) {
                return csr.tocsc();
            }
        }
    }
}
