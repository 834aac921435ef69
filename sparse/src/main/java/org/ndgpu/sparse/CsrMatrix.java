package org.ndgpu.sparse;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.CompressedStorage.Stored;

/**
 * A Compressed Sparse Row matrix on the device, as SciPy's {@code csr_matrix}: row {@code r}'s
 * column indices are {@code indices[indptr[r]:indptr[r+1]]} and its values the same slice of
 * {@code data}. Indices are int32, or int64 where a dimension or nnz needs it.
 *
 * <pre>{@code
 * CsrMatrix a = Nd.sparse().csrMatrix(Nd.array(new double[][] {{1, 0, 2}, {0, 0, 3}}));
 * a.nnz();                                 // 3
 * a.matmul(Nd.ones(3)).toDoubleArray();    // {3, 3}
 * }</pre>
 */
public final class CsrMatrix extends CompressedMatrix {
    CsrMatrix(NDArray data, NDArray indices, NDArray indptr, long[] shape, long nnz, boolean owner) {
        super(data, indices, indptr, shape, nnz, owner);
    }

    CsrMatrix(CompressedStorage storage, long[] shape, boolean owner) {
        super(storage, shape, owner);
    }

    @Override
    public NDArray toarray() {
        if (dtype.isComplex()) return ComplexParts.toarray(this);
        // an explicit 0 lands in the dense matrix as an implicit one does: nothing pending is settled
        return storage.read(s -> Compressed.toarray(this, s, shape[0], shape[1], shape[1], 1));
    }

    @Override
    public CsrMatrix tocsr() {
        NDArray data = data();
        Stored s = structure("tocsr");
        return Canonical.samePattern(
                new CsrMatrix(data.copy(), s.indices().copy(), s.indptr().copy(), shape, s.nnz(), true), this);
    }

    /**
     * This matrix in CSC, as SciPy's {@code A.tocsc()}: a new matrix holding every entry (repeated
     * ones stay repeated, as SciPy keeps them), each column's rows sorted, equal rows in their order here.
     */
    public CscMatrix tocsc() {
        if (dtype.isComplex()) return (CscMatrix) ComplexParts.samePattern(this, "tocsc", m -> ((CsrMatrix) m).tocsc());
        return Compressed.transposed(this, "tocsc", CscMatrix::new);
    }

    @Override
    public CooMatrix tocoo() {
        if (dtype.isComplex()) return (CooMatrix) ComplexParts.samePattern(this, "tocoo", SparseMatrix::tocoo);
        Stored s = structure("tocoo");
        s.data().live("tocoo");
        NDArray row = Compressed.expand(s.indptr(), shape[0], s.nnz(), dtype);
        return new CooMatrix(s.data().copy(), row, s.indices().copy(), shape, true);
    }

    @Override
    public CsrMatrix copy() {
        return tocsr();
    }

    @Override
    public CsrMatrix astype(DType dtype) {
        Stored s = structure("astype");
        return Canonical.samePattern(
                new CsrMatrix(
                        Compressed.valuesAs(s.data(), dtype),
                        s.indices().copy(),
                        s.indptr().copy(),
                        shape,
                        s.nnz(),
                        true),
                this);
    }

    /** The transpose as a CSC matrix over the same arrays, as SciPy's {@code A.T}. */
    @Override
    public CscMatrix T() {
        storage.anyArray().live("T");
        return Canonical.sharing(new CscMatrix(storage, new long[] {shape[1], shape[0]}, false), this);
    }

    @Override
    public NDArray matmul(NDArray x) {
        if (dtype.isComplex() || (x != null && x.dtype().isComplex())) return ComplexParts.matmul(this, x);
        return Products.csrMatmul(this, x);
    }

    @Override
    public CsrMatrix mul(Number value) {
        // settled first: an explicit 0 times inf is NaN, and a product that underflows to 0 stays stored
        Stored s = structure("mul");
        return new CsrMatrix(
                Products.scaled(this, s.data(), value),
                s.indices().copy(),
                s.indptr().copy(),
                shape,
                s.nnz(),
                true);
    }

    @Override
    public CsrMatrix sumDuplicates() {
        if (dtype.isComplex())
            return (CsrMatrix) ComplexParts.samePattern(this, "sumDuplicates", SparseMatrix::sumDuplicates);
        return Canonical.sumDuplicates(this, CsrMatrix::new);
    }

    @Override
    public CsrMatrix eliminateZeros() {
        return Canonical.eliminateZeros(this, CsrMatrix::new);
    }

    /** SciPy's {@code A.sorted_indices()}: a copy whose indices are sorted. {@code a.sortedIndices()} */
    public CsrMatrix sortedIndices() {
        if (dtype.isComplex())
            return (CsrMatrix) ComplexParts.samePattern(this, "sortedIndices", m -> ((CsrMatrix) m).sortedIndices());
        CsrMatrix c = copy();
        c.sortIndices();
        return c;
    }

    @Override
    CsrMatrix withData(NDArray values) {
        Stored s = structure("withData");
        return new CsrMatrix(values, s.indices().copy(), s.indptr().copy(), shape, s.nnz(), true);
    }

    /**
     * SciPy's {@code A[start:stop]}: rows start to stop - 1 as a new CSR matrix, by Python's slice
     * rules (a negative bound counts from the end, bounds past the matrix are clamped, stop before
     * start gives no rows); each row's entries as they are stored. {@code a.rows(1, 3)}
     */
    public CsrMatrix rows(long start, long stop) {
        return Slicing.rows(this, start, stop, 1);
    }

    /**
     * SciPy's {@code A[start:stop:step]}: rows start, start + step, ... short of stop, by Python's
     * slice rules (a negative step walks down from start; step 0 is refused); {@code Long.MAX_VALUE}
     * and {@code Long.MIN_VALUE} stand for an omitted bound. {@code a.rows(4, 0, -2)} is rows 4 and 2,
     * as {@code A[4:0:-2]}; {@code a.rows(Long.MAX_VALUE, Long.MIN_VALUE, -1)} is {@code A[::-1]}.
     */
    public CsrMatrix rows(long start, long stop, long step) {
        return Slicing.rows(this, start, stop, step);
    }

    /**
     * SciPy's {@code A[idx]} for a 1-d integer array: the rows {@code idx[0], idx[1], ...} (repeats
     * allowed, negative counts from the end) as a new CSR matrix; or SciPy's {@code A[mask]} for a bool
     * array of m elements: the rows where it is true. {@code a.rows(Nd.array(new long[] {2, 0}))}
     */
    public CsrMatrix rows(NDArray index) {
        return Slicing.rows(this, index);
    }

    /**
     * SciPy's {@code A[:, start:stop]}: columns start to stop - 1 as a new CSR matrix, by Python's
     * slice rules (as {@link #rows(long, long)}). {@code a.columns(1, 3)}
     */
    public CsrMatrix columns(long start, long stop) {
        return Indexing.columns(this, start, stop, 1);
    }

    /**
     * SciPy's {@code A[:, start:stop:step]}: as {@link #rows(long, long, long)} across the columns, a new
     * CSR matrix. {@code a.columns(Long.MAX_VALUE, Long.MIN_VALUE, -1)} is {@code A[:, ::-1]}
     */
    public CsrMatrix columns(long start, long stop, long step) {
        return Indexing.columns(this, start, stop, step);
    }

    /**
     * SciPy's {@code A[:, idx]}: the columns {@code idx[0], idx[1], ...} of a 1-d integer array (repeats
     * allowed, negative from the end) or the columns where a bool array of n elements is true, as a
     * new CSR matrix. {@code a.columns(Nd.array(new long[] {3, 0}))}
     */
    public CsrMatrix columns(NDArray index) {
        return Indexing.columns(this, index);
    }

    /**
     * SciPy's {@code A[np.ix_(rows, cols)]} (or {@code A[rows][:, cols]}): the submatrix of the picked
     * rows and columns, each an integer or boolean array, as a new CSR matrix.
     * {@code a.ix(Nd.array(new long[] {2, 0}), Nd.array(new long[] {3, 1}))}
     */
    public CsrMatrix ix(NDArray rows, NDArray columns) {
        try (CsrMatrix r = rows(rows)) {
            return r.columns(columns);
        }
    }

    @Override
    String formatName() {
        return "Compressed Sparse Row";
    }
}
