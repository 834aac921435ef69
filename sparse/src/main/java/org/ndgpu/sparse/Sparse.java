package org.ndgpu.sparse;

import java.nio.file.Path;
import java.util.Objects;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The scipy.sparse namespace, as {@code Nd.sparse()} (CuPy's {@code cupyx.scipy.sparse}): the
 * constructors of CSR, CSC and COO matrices on the device, the construction functions ({@code diags},
 * {@code random}, {@code kron}, {@code vstack}, {@code hstack}, {@code blockDiag}) and the files
 * ({@code mmread}, {@code mmwrite}, {@code saveNpz}, {@code loadNpz}).
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

    // ---------------------------------------------------------------- construction from parts and from others

    /**
     * scipy.sparse.diags(diagonals, offsets, shape, format='csr'): diagonal {@code offsets[j]} (0 the
     * main, positive above, negative below) holds {@code diagonals[j]}, its first entries where it is
     * longer than the diagonal, or its one entry repeated; zeros are not stored (SciPy's default
     * format is DIA, which ndgpu does not have).
     * <pre>{@code Nd.sparse().diags(new NDArray[] {main, upper}, new long[] {0, 1}, new long[] {4, 4});}</pre>
     */
    public CsrMatrix diags(NDArray[] diagonals, long[] offsets, long[] shape) {
        Objects.requireNonNull(shape, "diags: shape is null");
        return Construct.diags(diagonals, offsets, shape);
    }

    /**
     * scipy.sparse.diags(diagonals, offsets, format='csr') without a shape: square, of side
     * {@code len(diagonals[0]) + |offsets[0]|}.
     * <pre>{@code Nd.sparse().diags(new NDArray[] {Nd.ones(3)}, new long[] {1});   // 4 x 4}</pre>
     */
    public CsrMatrix diags(NDArray[] diagonals, long[] offsets) {
        return Construct.diags(diagonals, offsets, null);
    }

    /**
     * scipy.sparse.diags(diagonals, offsets, shape, format=...): as {@link #diags(NDArray[], long[], long[])}, in {@code format}.
     * <pre>{@code Nd.sparse().diags(diagonals, offsets, shape, SparseFormat.CSC);}</pre>
     */
    public SparseMatrix diags(NDArray[] diagonals, long[] offsets, long[] shape, SparseFormat format) {
        Objects.requireNonNull(format, "diags: format is null");
        return format.of(diags(diagonals, offsets, shape));
    }

    /**
     * scipy.sparse.random(m, n, density, format='coo', dtype): {@code round(density * m * n)} entries
     * at distinct places, values uniform in [0, 1). The same matrix for the same arguments on every
     * device and backend: places and values come from a counter-based generator of ndgpu's (a Feistel
     * permutation of the cells and splitmix64), not from NumPy's stream, so it is not SciPy's matrix.
     * <pre>{@code CooMatrix r = Nd.sparse().random(1000, 500, 0.01, DType.FLOAT64, 42);}</pre>
     */
    public CooMatrix random(long m, long n, double density, DType dtype, long seed) {
        return Construct.random(m, n, density, dtype, seed);
    }

    /**
     * scipy.sparse.random(m, n, density, format=..., dtype): as {@link #random(long, long, double, DType, long)}, in {@code format}.
     * <pre>{@code Nd.sparse().random(100, 100, 0.05, DType.FLOAT32, 7, SparseFormat.CSR);}</pre>
     */
    public SparseMatrix random(long m, long n, double density, DType dtype, long seed, SparseFormat format) {
        Objects.requireNonNull(format, "random: format is null");
        return format.of(random(m, n, density, dtype, seed));
    }

    /**
     * scipy.sparse.kron(a, b, format='csr'): the Kronecker product, block (i, j) being
     * {@code a[i, j] * b}; explicit zeros kept, as SciPy keeps them (SciPy's default format is BSR).
     * <pre>{@code CsrMatrix k = Nd.sparse().kron(Nd.sparse().identity(3, DType.FLOAT64), b);}</pre>
     */
    public CsrMatrix kron(SparseMatrix a, SparseMatrix b) {
        return (CsrMatrix) SparseFormat.CSR.of(Construct.kron(a, b));
    }

    /**
     * scipy.sparse.kron(a, b, format=...): as {@link #kron(SparseMatrix, SparseMatrix)}, in {@code format}.
     * <pre>{@code CooMatrix k = (CooMatrix) Nd.sparse().kron(a, b, SparseFormat.COO);}</pre>
     */
    public SparseMatrix kron(SparseMatrix a, SparseMatrix b, SparseFormat format) {
        Objects.requireNonNull(format, "kron: format is null");
        return format.of(Construct.kron(a, b));
    }

    /**
     * scipy.sparse.vstack(blocks): the blocks one above the other, as SciPy: CSR when every block is
     * CSR, CSC when every block is CSC, else COO; values in the widest dtype.
     * <pre>{@code SparseMatrix s = Nd.sparse().vstack(a, b);}</pre>
     */
    public SparseMatrix vstack(SparseMatrix... blocks) {
        return Stack.stack("vstack", blocks, 0, null);
    }

    /**
     * scipy.sparse.vstack(blocks, format=...).
     * <pre>{@code CsrMatrix s = (CsrMatrix) Nd.sparse().vstack(SparseFormat.CSR, a, b);}</pre>
     */
    public SparseMatrix vstack(SparseFormat format, SparseMatrix... blocks) {
        Objects.requireNonNull(format, "vstack: format is null");
        return Stack.stack("vstack", blocks, 0, format);
    }

    /**
     * scipy.sparse.hstack(blocks): the blocks side by side; formats as {@link #vstack(SparseMatrix...)}.
     * <pre>{@code SparseMatrix s = Nd.sparse().hstack(a, b);}</pre>
     */
    public SparseMatrix hstack(SparseMatrix... blocks) {
        return Stack.stack("hstack", blocks, 1, null);
    }

    /**
     * scipy.sparse.hstack(blocks, format=...).
     * <pre>{@code CscMatrix s = (CscMatrix) Nd.sparse().hstack(SparseFormat.CSC, a, b);}</pre>
     */
    public SparseMatrix hstack(SparseFormat format, SparseMatrix... blocks) {
        Objects.requireNonNull(format, "hstack: format is null");
        return Stack.stack("hstack", blocks, 1, format);
    }

    /**
     * scipy.sparse.block_diag(blocks): the blocks along the diagonal, in COO (SciPy's default).
     * <pre>{@code CooMatrix d = Nd.sparse().blockDiag(a, b);}</pre>
     */
    public CooMatrix blockDiag(SparseMatrix... blocks) {
        return (CooMatrix) Stack.stack("blockDiag", blocks, -1, SparseFormat.COO);
    }

    /**
     * scipy.sparse.block_diag(blocks, format=...).
     * <pre>{@code CsrMatrix d = (CsrMatrix) Nd.sparse().blockDiag(SparseFormat.CSR, a, b);}</pre>
     */
    public SparseMatrix blockDiag(SparseFormat format, SparseMatrix... blocks) {
        Objects.requireNonNull(format, "blockDiag: format is null");
        return Stack.stack("blockDiag", blocks, -1, format);
    }

    // ---------------------------------------------------------------- files

    /**
     * scipy.io.mmread: a Matrix Market coordinate file (real, integer or pattern; general, symmetric
     * or skew-symmetric) as COO, float64 values (SciPy gives int64 for an integer file), the mirror of
     * each off-diagonal entry of a symmetric file after the file's entries, as SciPy orders them.
     * <pre>{@code CooMatrix a = Nd.sparse().mmread(Path.of("bcsstk01.mtx"));}</pre>
     */
    public CooMatrix mmread(Path file) {
        return MatrixMarket.read(file);
    }

    /**
     * scipy.io.mmwrite: the matrix's stored entries as a "coordinate real" Matrix Market file, each
     * value in Java's shortest form of its float32 or float64 value; as SciPy, a square matrix of
     * fewer than 100 rows that is symmetric or skew-symmetric is written as such (its lower triangle).
     * <pre>{@code Nd.sparse().mmwrite(Path.of("a.mtx"), a);}</pre>
     */
    public void mmwrite(Path file, SparseMatrix a) {
        MatrixMarket.write(file, a);
    }

    /**
     * scipy.sparse.save_npz(file, a): the matrix's arrays in SciPy's .npz layout, deflated as SciPy's
     * default; {@code scipy.sparse.load_npz} reads it back as the same format.
     * <pre>{@code Nd.sparse().saveNpz(Path.of("a.npz"), a);}</pre>
     */
    public void saveNpz(Path file, SparseMatrix a) {
        SparseNpz.save(file, a, true);
    }

    /**
     * scipy.sparse.save_npz(file, a, compressed): as {@link #saveNpz(Path, SparseMatrix)}, stored
     * without compression where {@code compressed} is false.
     * <pre>{@code Nd.sparse().saveNpz(Path.of("a.npz"), a, false);}</pre>
     */
    public void saveNpz(Path file, SparseMatrix a, boolean compressed) {
        SparseNpz.save(file, a, compressed);
    }

    /**
     * scipy.sparse.load_npz(file): a CSR, CSC or COO matrix saved by SciPy's save_npz (a matrix or
     * a sparse array) or by {@link #saveNpz(Path, SparseMatrix)}, checked as its constructor checks.
     * <pre>{@code CsrMatrix a = (CsrMatrix) Nd.sparse().loadNpz(Path.of("a.npz"));}</pre>
     */
    public SparseMatrix loadNpz(Path file) {
        return SparseNpz.load(file);
    }
}
