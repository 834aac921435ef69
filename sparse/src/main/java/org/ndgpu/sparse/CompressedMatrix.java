package org.ndgpu.sparse;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.CompressedStorage.Stored;

/**
 * What CSR and CSC share, as SciPy's {@code _cs_matrix}: the stored values, the index of each along
 * the minor axis (a column for CSR, a row for CSC), and the pointers where each major line (a row
 * for CSR, a column for CSC) starts. The transpose of one is the other over the same arrays.
 *
 * <p>Every path that reads the arrays goes through {@link #structure} (SciPy's arrays: a sparse
 * product's cancelled sums dropped first, see {@link CompressedStorage}) or, for the few
 * operations that read an explicit 0 as an implicit one, {@link CompressedStorage#read}.
 */
public abstract sealed class CompressedMatrix extends SparseMatrix permits CsrMatrix, CscMatrix {
    /** The arrays, shared with the {@code T()} views over them (and what is pending on them). */
    final CompressedStorage storage;
    /** What is known of these arrays' canonical form; a {@code T()} view shares it (the same arrays). */
    Canonical.Known known = new Canonical.Known();

    CompressedMatrix(NDArray data, NDArray indices, NDArray indptr, long[] shape, long nnz, boolean owner) {
        this(new CompressedStorage(new Stored(data, indices, indptr, nnz), false), shape, owner);
    }

    /** A matrix over {@code storage}: a view ({@code owner} false) or the one that releases it. */
    CompressedMatrix(CompressedStorage storage, long[] shape, boolean owner) {
        super(shape, storage.dtype(), owner);
        this.storage = storage;
    }

    /**
     * The arrays as SciPy's would be, for every path that reads or shows the stored structure: a
     * sparse product's sums that cancelled to 0 dropped first, once (see {@link CompressedStorage}).
     */
    Stored structure(String op) {
        return storage.settled(op);
    }

    @Override
    public long nnz() {
        return structure("nnz").nnz();
    }

    /** The stored values, as SciPy's {@code A.data} (the matrix's own array, not a copy). */
    public NDArray data() {
        return structure("data").data().live("data");
    }

    /** The minor-axis index of each stored value (CSR: its column; CSC: its row), as SciPy's {@code A.indices}. */
    public NDArray indices() {
        NDArray indices = structure("indices").indices().live("indices");
        known.handedOut();
        return indices;
    }

    /** Major line i's entries (CSR: row i; CSC: column i) are {@code [indptr[i], indptr[i+1])}, as SciPy's {@code A.indptr}. */
    public NDArray indptr() {
        NDArray indptr = structure("indptr").indptr().live("indptr");
        known.handedOut();
        return indptr;
    }

    /** The dtype of indices and indptr: int32, or int64 (settling never changes it). */
    public DType indexDtype() {
        return storage.read(s -> s.indices().dtype());
    }

    /**
     * SciPy's {@code A.has_sorted_indices}: whether each line's indices (CSR: each row's columns)
     * never decrease. Checked on the device at each call (the arrays can be written through
     * {@link #indices()}), not cached as SciPy caches it. {@code a.hasSortedIndices()}
     */
    public boolean hasSortedIndices() {
        return Canonical.sorted(this, false, "hasSortedIndices");
    }

    /**
     * SciPy's {@code A.has_canonical_format}: whether each line's indices increase strictly (sorted,
     * and no duplicates); checked on the device at each call. {@code a.hasCanonicalFormat()}
     */
    public boolean hasCanonicalFormat() {
        return Canonical.sorted(this, true, "hasCanonicalFormat");
    }

    /**
     * SciPy's {@code A.sort_indices()}: sorts each line's indices and their values in place (equal
     * indices keep their order); a view ({@link #T()}) sees it, as in SciPy. {@code a.sortIndices()}
     */
    public void sortIndices() {
        Canonical.sortIndices(this);
    }

    /**
     * SciPy's {@code A[i, j]}: the element at row i, column j (negative from the end; duplicates summed,
     * 0 where nothing is stored) as a 0-d array of the matrix's dtype, found on the device.
     * {@code double v = a.get(2, 1).doubleValue();}
     */
    public NDArray get(long i, long j) {
        return Indexing.get(this, i, j, this instanceof CsrMatrix);
    }

    @Override
    NDArray anyArray() {
        return storage.anyArray();
    }

    @Override
    NDArray storedSum() {
        return storage.read(s -> s.data().live("sum").sum());
    }

    @Override
    void release() {
        storage.close();
    }
}
