package org.ndgpu.sparse;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.CompressedStorage.Stored;

/**
 * A Compressed Sparse Column matrix on the device, as SciPy's {@code csc_matrix}: column {@code c}'s
 * row indices are {@code indices[indptr[c]:indptr[c+1]]}. The transpose of a CSR matrix is a CSC
 * matrix over the same arrays ({@code csr.T()}), and back.
 *
 * <pre>{@code
 * CscMatrix at = Nd.sparse().csrMatrix(dense).T();
 * NDArray y = at.matmul(x);   // A^T x
 * }</pre>
 */
public final class CscMatrix extends CompressedMatrix {
    CscMatrix(NDArray data, NDArray indices, NDArray indptr, long[] shape, long nnz, boolean owner) {
        super(data, indices, indptr, shape, nnz, owner);
    }

    CscMatrix(CompressedStorage storage, long[] shape, boolean owner) {
        super(storage, shape, owner);
    }

    @Override
    public NDArray toarray() {
        if (dtype.isComplex()) return ComplexParts.toarray(this);
        // an explicit 0 lands in the dense matrix as an implicit one does: nothing pending is settled
        return storage.read(s -> Compressed.toarray(this, s, shape[1], shape[0], 1, shape[1]));
    }

    /**
     * This matrix in CSR, as SciPy's {@code A.tocsr()}: a new matrix holding every entry (repeated ones
     * stay repeated, as SciPy keeps them), each row's columns sorted, equal columns in their order here.
     */
    @Override
    public CsrMatrix tocsr() {
        if (dtype.isComplex()) return (CsrMatrix) ComplexParts.samePattern(this, "tocsr", SparseMatrix::tocsr);
        return Compressed.transposed(this, "tocsr", CsrMatrix::new);
    }

    /** A copy in CSC, as SciPy's {@code A.tocsc()}. */
    public CscMatrix tocsc() {
        NDArray data = data();
        Stored s = structure("tocsc");
        return Canonical.samePattern(
                new CscMatrix(data.copy(), s.indices().copy(), s.indptr().copy(), shape, s.nnz(), true), this);
    }

    @Override
    public CooMatrix tocoo() {
        if (dtype.isComplex()) return (CooMatrix) ComplexParts.samePattern(this, "tocoo", SparseMatrix::tocoo);
        Stored s = structure("tocoo");
        s.data().live("tocoo");
        NDArray col = Compressed.expand(s.indptr(), shape[1], s.nnz(), dtype);
        return new CooMatrix(s.data().copy(), s.indices().copy(), col, shape, true);
    }

    @Override
    public CscMatrix copy() {
        return tocsc();
    }

    @Override
    public CscMatrix astype(DType dtype) {
        Stored s = structure("astype");
        return Canonical.samePattern(
                new CscMatrix(
                        Compressed.valuesAs(s.data(), dtype),
                        s.indices().copy(),
                        s.indptr().copy(),
                        shape,
                        s.nnz(),
                        true),
                this);
    }

    /** The transpose as a CSR matrix over the same arrays, as SciPy's {@code A.T}. */
    @Override
    public CsrMatrix T() {
        storage.anyArray().live("T");
        return Canonical.sharing(new CsrMatrix(storage, new long[] {shape[1], shape[0]}, false), this);
    }

    /** {@code A @ x} on this matrix's own arrays (no conversion to CSR): {@code csr.T().matmul(x)} is {@code A^T x}. */
    @Override
    public NDArray matmul(NDArray x) {
        if (dtype.isComplex() || (x != null && x.dtype().isComplex())) return ComplexParts.matmul(this, x);
        return Products.cscMatmul(this, x);
    }

    @Override
    public CscMatrix mul(Number value) {
        // settled first: an explicit 0 times inf is NaN, and a product that underflows to 0 stays stored
        Stored s = structure("mul");
        return new CscMatrix(
                Products.scaled(this, s.data(), value),
                s.indices().copy(),
                s.indptr().copy(),
                shape,
                s.nnz(),
                true);
    }

    @Override
    public CscMatrix sumDuplicates() {
        if (dtype.isComplex())
            return (CscMatrix) ComplexParts.samePattern(this, "sumDuplicates", SparseMatrix::sumDuplicates);
        return Canonical.sumDuplicates(this, CscMatrix::new);
    }

    @Override
    public CscMatrix eliminateZeros() {
        return Canonical.eliminateZeros(this, CscMatrix::new);
    }

    /** SciPy's {@code A.sorted_indices()}: a copy whose indices are sorted. {@code a.sortedIndices()} */
    public CscMatrix sortedIndices() {
        if (dtype.isComplex())
            return (CscMatrix) ComplexParts.samePattern(this, "sortedIndices", m -> ((CscMatrix) m).sortedIndices());
        CscMatrix c = copy();
        c.sortIndices();
        return c;
    }

    @Override
    CscMatrix withData(NDArray values) {
        Stored s = structure("withData");
        return new CscMatrix(values, s.indices().copy(), s.indptr().copy(), shape, s.nnz(), true);
    }

    /** SciPy's {@code A[start:stop]} on a CSC matrix: as {@link CsrMatrix#rows(long, long)}, a new CSC matrix. {@code a.rows(1, 3)} */
    public CscMatrix rows(long start, long stop) {
        return rows(start, stop, 1);
    }

    /** SciPy's {@code A[start:stop:step]} on a CSC matrix: as {@link CsrMatrix#rows(long, long, long)}, a new CSC matrix. */
    public CscMatrix rows(long start, long stop, long step) {
        try (CsrMatrix csr = tocsr();
                CsrMatrix picked = csr.rows(start, stop, step)) {
            return picked.tocsc();
        }
    }

    /** SciPy's {@code A[idx]} on a CSC matrix: as {@link CsrMatrix#rows(NDArray)}, a new CSC matrix. {@code a.rows(idx)} */
    public CscMatrix rows(NDArray index) {
        try (CsrMatrix csr = tocsr();
                CsrMatrix picked = csr.rows(index)) {
            return picked.tocsc();
        }
    }

    /**
     * SciPy's {@code A[:, start:stop]}: columns start to stop - 1 as a new CSC matrix, by Python's
     * slice rules (as {@link CsrMatrix#rows(long, long)}). {@code a.columns(1, 3)}
     */
    public CscMatrix columns(long start, long stop) {
        return Indexing.columns(this, start, stop, 1);
    }

    /**
     * SciPy's {@code A[:, start:stop:step]}: as {@link CsrMatrix#rows(long, long, long)} across the columns, a new
     * CSC matrix. {@code a.columns(Long.MAX_VALUE, Long.MIN_VALUE, -1)} is {@code A[:, ::-1]}
     */
    public CscMatrix columns(long start, long stop, long step) {
        return Indexing.columns(this, start, stop, step);
    }

    /**
     * SciPy's {@code A[:, idx]}: the columns {@code idx[0], idx[1], ...} of a 1-d integer array (repeats
     * allowed, negative from the end) or the columns where a bool array of n elements is true, as a
     * new CSC matrix. {@code a.columns(Nd.array(new long[] {3, 0}))}
     */
    public CscMatrix columns(NDArray index) {
        return Indexing.columns(this, index);
    }

    /**
     * SciPy's {@code A[np.ix_(rows, cols)]} (or {@code A[rows][:, cols]}): the submatrix of the picked
     * rows and columns, each an integer or boolean array, as a new CSC matrix.
     * {@code a.ix(Nd.array(new long[] {2, 0}), Nd.array(new long[] {3, 1}))}
     */
    public CscMatrix ix(NDArray rows, NDArray columns) {
        try (CscMatrix r = rows(rows)) {
            return r.columns(columns);
        }
    }

    @Override
    String formatName() {
        return "Compressed Sparse Column";
    }
}
