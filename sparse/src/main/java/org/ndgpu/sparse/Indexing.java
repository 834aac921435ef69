package org.ndgpu.sparse;

import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * SciPy's indexing beyond row selection: {@code A[i, j]} (one work-item sums the entries of row i at
 * column j), column slices and picks {@code A[:, j0:j1]}, {@code A[:, idx]} (the rows of the
 * transpose's CSR form, picked by {@link Slicing}, then converted back to the matrix's format), and
 * boolean masks (the places of the true elements, found by a running sum and a scatter).
 */
final class Indexing {
    private Indexing() {}

    /** SciPy's {@code A[i, j]}: a 0-d array of A's dtype, duplicates summed, negative from the end. */
    static NDArray get(CompressedMatrix a, long i, long j, boolean csr) {
        String op = "get";
        CompressedStorage.Stored s = a.structure(op);
        s.data().live(op);
        long m = a.shape[0], n = a.shape[1];
        long r = i < 0 ? i + m : i, c = j < 0 ? j + n : j;
        if (r < 0 || r >= m) throw new IndexException(op + ": row index " + i + " is out of range for " + m + " rows");
        if (c < 0 || c >= n)
            throw new IndexException(op + ": column index " + j + " is out of range for " + n + " columns");
        if (a.dtype.isComplex()) return ComplexParts.get(a, r, c, csr);
        NDArray out = NDArray.empty(s.data().device(), a.dtype, new long[0], Order.C);
        SparseKernels.launch(
                IndexKernels.get(IndexKernels.Name.ELEMENT, a.dtype, a.indexDtype()),
                1,
                s.indptr(),
                s.indices(),
                s.data(),
                out,
                csr ? r : c,
                csr ? c : r);
        return out;
    }

    /** SciPy's {@code A[:, start:stop:step]} of a CSR matrix: a new CSR matrix. */
    static CsrMatrix columns(CsrMatrix a, long start, long stop, long step) {
        Products.liveValues(a, "columns");
        try (CscMatrix c = a.tocsc();
                CsrMatrix picked = Slicing.rows(c.T(), start, stop, step, "columns")) {
            return picked.T().tocsr();
        }
    }

    /** SciPy's {@code A[:, idx]} of a CSR matrix (idx integer or boolean): a new CSR matrix. */
    static CsrMatrix columns(CsrMatrix a, NDArray index) {
        Products.liveValues(a, "columns");
        try (CscMatrix c = a.tocsc();
                CsrMatrix picked = Slicing.rows(c.T(), index, "columns", "columns")) {
            return picked.T().tocsr();
        }
    }

    /** SciPy's {@code A[:, start:stop:step]} of a CSC matrix: a new CSC matrix. */
    static CscMatrix columns(CscMatrix a, long start, long stop, long step) {
        Products.liveValues(a, "columns");
        return adopt(Slicing.rows(a.T(), start, stop, step, "columns"));
    }

    /** SciPy's {@code A[:, idx]} of a CSC matrix (idx integer or boolean): a new CSC matrix. */
    static CscMatrix columns(CscMatrix a, NDArray index) {
        Products.liveValues(a, "columns");
        return adopt(Slicing.rows(a.T(), index, "columns", "columns"));
    }

    // the CSR form of the picked transpose holds the CSC arrays of the result: take them over
    private static CscMatrix adopt(CsrMatrix t) {
        return Canonical.sharing(new CscMatrix(t.storage, new long[] {t.shape[1], t.shape[0]}, true), t);
    }

    /**
     * The places of a boolean mask's true elements as int64, as NumPy's {@code flatnonzero}; the mask
     * must be 1-d with one element per {@code unit} (SciPy's IndexError otherwise).
     */
    static NDArray maskPlaces(String op, NDArray mask, long length, String unit) {
        Objects.requireNonNull(mask, op + ": index is null");
        if (mask.dtype() != DType.BOOL) throw new DTypeException(op + ": a mask must be bool, got " + mask.dtype());
        if (mask.ndim() != 1 || mask.size() != length)
            throw new IndexException(op + ": a boolean index must have shape (" + length + ",), one element per " + unit
                    + ", got shape " + Products.str(mask.shape()));
        var device = mask.device();
        try (NDArray flag = mask.astype(DType.INT64);
                NDArray csum = flag.cumsum()) {
            long count = length == 0 ? 0 : Conversions.last(csum);
            NDArray out = NDArray.empty(device, DType.INT64, new long[] {count}, Order.C);
            SparseKernels.launch(
                    IndexKernels.get(IndexKernels.Name.MASK_FILL, DType.FLOAT32, DType.INT32),
                    length,
                    flag,
                    csum,
                    out,
                    length);
            return out;
        }
    }
}
