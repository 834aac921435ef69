package org.ndgpu.sparse;

import java.util.List;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * A sparse matrix on the device, as SciPy's {@code spmatrix}: CSR ({@link CsrMatrix}), CSC
 * ({@link CscMatrix}) or COO ({@link CooMatrix}). It holds its arrays on one device and releases
 * them on {@link #close()}, like an {@code NDArray}.
 *
 * <pre>{@code
 * try (CsrMatrix a = Nd.sparse().csrMatrix(dense)) {
 *     NDArray y = a.matmul(x);   // SpMV
 *     System.out.println(a);     // <Compressed Sparse Row sparse matrix of dtype 'float64' ...
 * }
 * }</pre>
 */
public abstract sealed class SparseMatrix implements AutoCloseable permits CompressedMatrix, CooMatrix {
    final long[] shape;
    final DType dtype;
    final long nnz;
    // a view (T()) shares its arrays with the matrix it came from and releases nothing
    private final boolean owner;
    private final List<NDArray> held;

    SparseMatrix(long[] shape, DType dtype, long nnz, boolean owner, List<NDArray> held) {
        this.shape = shape.clone();
        this.dtype = dtype;
        this.nnz = nnz;
        this.owner = owner;
        this.held = held;
    }

    /** The shape {@code {rows, columns}}, as SciPy's {@code A.shape}. */
    public long[] shape() {
        return shape.clone();
    }

    /** The dtype of the stored values (float32 or float64), as SciPy's {@code A.dtype}. */
    public DType dtype() {
        return dtype;
    }

    /** The stored entries, explicit zeros and (COO) duplicates included, as SciPy's {@code A.nnz}. */
    public long nnz() {
        return nnz;
    }

    /** The dense matrix, duplicates summed, as SciPy's {@code A.toarray()}. */
    public abstract NDArray toarray();

    /** This matrix in CSR, duplicates summed, as SciPy's {@code A.tocsr()}: a new matrix. */
    public abstract CsrMatrix tocsr();

    /** This matrix in COO, as SciPy's {@code A.tocoo()}: a new matrix (entry k of CSR row r at {@code (r, indices[k])}). */
    public abstract CooMatrix tocoo();

    /** A copy with arrays of its own, as SciPy's {@code A.copy()}. */
    public abstract SparseMatrix copy();

    /** A copy whose values are of {@code dtype} (float32 or float64), as SciPy's {@code A.astype(dtype)}. */
    public abstract SparseMatrix astype(DType dtype);

    /** The transpose, as SciPy's {@code A.T}: a view over the same arrays (CSR gives CSC and back). */
    public abstract SparseMatrix T();

    /** The product with a dense vector (SpMV, shape {@code (n,)}) or matrix (SpMM, {@code (n, p)}), as {@code A @ x}. */
    public abstract NDArray matmul(NDArray x);

    /**
     * The product with a sparse matrix (SpGEMM), as SciPy's {@code A @ B}: a new matrix, CSC when this
     * is CSC, else CSR ({@code Nd.sparse().csrMatrix(a).matmul(Nd.sparse().csrMatrix(b))}). Values
     * are in the wider dtype of the two; sums that come to 0 are dropped, as SciPy drops them; each
     * row's indices are sorted.
     */
    public SparseMatrix matmul(SparseMatrix other) {
        return SpGemm.matmul(this, other);
    }

    /** Every stored value times {@code value}, as SciPy's {@code A * 2.0}: a new matrix of the same format. */
    public abstract SparseMatrix mul(Number value);

    abstract String formatName();

    abstract NDArray anyArray();

    /** The sum of every entry, a 0-d array, as SciPy's {@code A.sum()}. */
    public NDArray sum() {
        return Products.liveValues(this, "sum").sum();
    }

    /**
     * The sums along {@code axis}, as SciPy's {@code A.sum(axis)} on a {@code spmatrix}: axis 0 gives
     * the column sums, shape {@code (1, n)}; axis 1 the row sums, shape {@code (m, 1)}.
     */
    public NDArray sum(int axis) {
        if (axis < -2 || axis > 1)
            throw new AxisException("sum: axis " + axis + " is out of bounds for a sparse matrix of 2 dimensions");
        return Products.sum(this, axis < 0 ? axis + 2 : axis);
    }

    /** True once this matrix (or the one a view came from) was closed. */
    public boolean isClosed() {
        return anyArray().isClosed();
    }

    /** Releases the arrays this matrix holds; a view ({@link #T()}) releases nothing. Idempotent. */
    @Override
    public void close() {
        if (owner) for (NDArray a : held) a.close();
    }

    /** SciPy 1.17's {@code repr}: {@code <Compressed Sparse Row sparse matrix of dtype 'float64'\n\twith 5 stored elements and shape (3, 4)>}. */
    @Override
    public String toString() {
        return "<" + formatName() + " sparse matrix of dtype '" + dtype + "'\n\twith " + nnz
                + " stored elements and shape (" + shape[0] + ", " + shape[1] + ")>";
    }
}
