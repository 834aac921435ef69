package org.ndgpu.sparse;

import java.util.Objects;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The scipy.sparse namespace, as {@code Nd.sparse()} (CuPy's {@code cupyx.scipy.sparse}): the
 * constructors of CSR, CSC and COO matrices on the device.
 *
 * <pre>{@code
 * CsrMatrix a = Nd.sparse().csrMatrix(dense);                                  // the nonzeros of dense
 * CsrMatrix b = Nd.sparse().csrMatrix(data, indices, indptr, new long[] {3, 4}); // SciPy's (data, indices, indptr)
 * CooMatrix c = Nd.sparse().cooMatrix(data, row, col, new long[] {3, 4});        // duplicates allowed
 * }</pre>
 *
 * <p>A matrix built from arrays holds them, as SciPy shares them (no copy): its {@code close()}
 * closes them. Where an array is a strided or offset view, the matrix holds a copy instead.
 */
public final class Sparse {
    private static final Sparse INSTANCE = new Sparse();

    private Sparse() {}

    /** The namespace (one instance: it holds no state). */
    public static Sparse instance() {
        return INSTANCE;
    }

    /** scipy.sparse.linalg: the solvers, eigsh and norms. {@code Nd.sparse().linalg().cg(a, b)} */
    public org.ndgpu.sparse.linalg.SparseLinalg linalg() {
        return org.ndgpu.sparse.linalg.SparseLinalg.instance();
    }

    /** scipy.sparse.csr_matrix(dense): the nonzeros of a 2-d float32 or float64 array, in row order. */
    public CsrMatrix csrMatrix(NDArray dense) {
        Objects.requireNonNull(dense, "csrMatrix: dense is null");
        dense.live("csrMatrix");
        if (dense.ndim() != 2)
            throw new ShapeException("csrMatrix: the dense matrix must be 2-d, got " + dense.ndim() + "-d");
        return Conversions.denseToCsr(dense);
    }

    /**
     * scipy.sparse.csr_matrix((data, indices, indptr), shape): checked as SciPy's check_format (indptr
     * of rows + 1 entries from 0, never decreasing, ending at nnz; every index within the columns).
     */
    public CsrMatrix csrMatrix(NDArray data, NDArray indices, NDArray indptr, long[] shape) {
        Parts p = Parts.compressed("csrMatrix", data, indices, indptr, shape, 0);
        return new CsrMatrix(p.data(), p.minor(), p.major(), p.shape(), p.data().size(), true);
    }

    /** scipy.sparse.csc_matrix((data, indices, indptr), shape): as {@link #csrMatrix(NDArray, NDArray, NDArray, long[])}, by columns. */
    public CscMatrix cscMatrix(NDArray data, NDArray indices, NDArray indptr, long[] shape) {
        Parts p = Parts.compressed("cscMatrix", data, indices, indptr, shape, 1);
        return new CscMatrix(p.data(), p.minor(), p.major(), p.shape(), p.data().size(), true);
    }

    /** scipy.sparse.csc_matrix(dense): the nonzeros of a 2-d array, in column order. */
    public CscMatrix cscMatrix(NDArray dense) {
        try (CsrMatrix csr = csrMatrix(dense)) {
            return csr.tocsc();
        }
    }

    /**
     * scipy.sparse.eye(m, n, k, dtype, format='csr'): ones on diagonal {@code k} (0 the main, positive
     * above, negative below), in CSR (SciPy's default format is DIA, which ndgpu does not have yet).
     */
    public CsrMatrix eye(long m, long n, long k, DType dtype) {
        return Conversions.eye(m, n, k, dtype);
    }

    /** scipy.sparse.identity(n, dtype, format='csr'): the n x n identity in CSR. */
    public CsrMatrix identity(long n, DType dtype) {
        return Conversions.eye(n, n, 0, dtype);
    }

    /** scipy.sparse.coo_matrix((data, (row, col)), shape): entries in any order, duplicates allowed. */
    public CooMatrix cooMatrix(NDArray data, NDArray row, NDArray col, long[] shape) {
        Parts p = Parts.coordinate("cooMatrix", data, row, col, shape);
        return new CooMatrix(p.data(), p.major(), p.minor(), p.shape(), true);
    }
}
