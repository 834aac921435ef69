package org.ndgpu.sparse;

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
    // a view (T()) shares its arrays with the matrix it came from and releases nothing
    private final boolean owner;

    SparseMatrix(long[] shape, DType dtype, boolean owner) {
        this.shape = shape.clone();
        this.dtype = dtype;
        this.owner = owner;
    }

    /** The shape {@code {rows, columns}}, as SciPy's {@code A.shape}. */
    public long[] shape() {
        return shape.clone();
    }

    /** The dtype of the stored values (float32, float64, complex64 or complex128), as SciPy's {@code A.dtype}. */
    public DType dtype() {
        return dtype;
    }

    /**
     * The stored entries, explicit zeros and (COO) duplicates included, as SciPy's {@code A.nnz}. A
     * sparse product's sums that came to 0 are not among them, as SciPy drops them (on CUDA they are
     * dropped here, at the first call that shows the product's structure).
     */
    public abstract long nnz();

    /** The dense matrix, duplicates summed, as SciPy's {@code A.toarray()}. */
    public abstract NDArray toarray();

    /**
     * This matrix in CSR, as SciPy's {@code A.tocsr()}: a new matrix; from COO duplicates summed, from
     * CSC repeated entries kept (each row sorted), from CSR a copy.
     */
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
     * are in the wider dtype of the two; sums that come to 0 are dropped, as SciPy drops them (after
     * the device library's product, when the result's structure is first shown); each row's indices
     * are sorted.
     */
    public SparseMatrix matmul(SparseMatrix other) {
        if (dtype.isComplex() || (other != null && other.dtype.isComplex())) return ComplexParts.spgemm(this, other);
        return SpGemm.matmul(this, other);
    }

    /** Every stored value times {@code value}, as SciPy's {@code A * 2.0}: a new matrix of the same format. */
    public abstract SparseMatrix mul(Number value);

    abstract String formatName();

    abstract NDArray anyArray();

    /** The sum of every entry, a 0-d array, as SciPy's {@code A.sum()}. */
    public NDArray sum() {
        return storedSum();
    }

    /** The sum of the stored values (an explicit 0 adds what an implicit one does: nothing). */
    abstract NDArray storedSum();

    /**
     * The sums along {@code axis}, as SciPy's {@code A.sum(axis)} on a {@code spmatrix}: axis 0 gives
     * the column sums, shape {@code (1, n)}; axis 1 the row sums, shape {@code (m, 1)}.
     */
    public NDArray sum(int axis) {
        if (axis < -2 || axis > 1)
            throw new AxisException("sum: axis " + axis + " is out of bounds for a sparse matrix of 2 dimensions");
        if (dtype.isComplex()) return ComplexParts.sum(this, axis < 0 ? axis + 2 : axis);
        return Products.sum(this, axis < 0 ? axis + 2 : axis);
    }

    /** A new matrix of this format over copies of this one's indices, holding {@code values}. */
    abstract SparseMatrix withData(NDArray values);

    /**
     * SciPy's {@code A.sum_duplicates()}: the entries with equal indices summed (in their order), the
     * indices sorted (CSR, CSC: within each line; COO: in row-major order). Unlike SciPy, which
     * changes A in place, a new matrix of this format: a matrix's arrays are fixed when it is made.
     *
     * <pre>{@code CsrMatrix b = a.sumDuplicates();   // b.hasCanonicalFormat() is true}</pre>
     */
    public abstract SparseMatrix sumDuplicates();

    /**
     * SciPy's {@code A.eliminate_zeros()}: the entries whose value is 0 removed (NaN is kept), the
     * others in their order; a new matrix of this format (SciPy changes A in place).
     *
     * <pre>{@code CsrMatrix b = a.eliminateZeros();   // no explicit zeros}</pre>
     */
    public abstract SparseMatrix eliminateZeros();

    /**
     * SciPy's {@code A + B} of two sparse matrices of one shape: a new canonical CSR matrix (whatever
     * the formats; SciPy gives CSC where A is CSC) without the entries that sum to 0, as SciPy's.
     *
     * <pre>{@code CsrMatrix c = a.add(b);}</pre>
     */
    public CsrMatrix add(SparseMatrix other) {
        if (dtype.isComplex() || (other != null && other.dtype.isComplex()))
            return ComplexParts.binop(this, other, Arithmetic.ADD, "add");
        return Arithmetic.binop(this, other, Arithmetic.ADD, "add");
    }

    /** SciPy's {@code A - B} of one shape: as {@link #add}, a new canonical CSR matrix. {@code a.sub(b)} */
    public CsrMatrix sub(SparseMatrix other) {
        if (dtype.isComplex() || (other != null && other.dtype.isComplex()))
            return ComplexParts.binop(this, other, Arithmetic.SUB, "sub");
        return Arithmetic.binop(this, other, Arithmetic.SUB, "sub");
    }

    /**
     * SciPy's {@code A.multiply(B)}, the elementwise product with a sparse matrix of one shape: a new
     * canonical CSR matrix of the entries stored in either whose product is not 0 (NaN * 0 is kept).
     * As SciPy's, a row, a column or one element broadcasts over the other operand (and a row against
     * a column gives their outer product).
     *
     * <pre>{@code CsrMatrix c = a.multiply(b);}</pre>
     */
    public CsrMatrix multiply(SparseMatrix other) {
        if (dtype.isComplex() || (other != null && other.dtype.isComplex()))
            return ComplexParts.binop(this, other, Arithmetic.MUL, "multiply");
        return Arithmetic.binop(this, other, Arithmetic.MUL, "multiply");
    }

    /**
     * SciPy's {@code A.multiply(dense)}, by SciPy's broadcasting: {@code other} of the matrix's shape,
     * a row {@code (1, n)} or {@code (n,)}, a column {@code (m, 1)} or one element; or, where the
     * matrix is one row (column), a dense matrix down which (across which) it repeats. A COO matrix
     * with one entry per stored entry's product, as SciPy's (SciPy keeps the format for one element).
     *
     * <pre>{@code CooMatrix c = a.multiply(Nd.array(new double[] {1, 2, 3}));   // column j times 1, 2, 3}</pre>
     */
    public CooMatrix multiply(NDArray other) {
        if (dtype.isComplex()) return ComplexParts.multiplyDense(this, other);
        return Arithmetic.multiplyDense(this, other);
    }

    /**
     * SciPy's {@code A.conj()}: the values conjugated, a new matrix of this format (a copy where they
     * are real). {@code a.conj()}
     */
    public SparseMatrix conj() {
        return withData(Products.liveValues(this, "conj").conj());
    }

    /**
     * SciPy's {@code A.real}: the real parts of the stored values (explicit zeros kept), a new float
     * matrix of this format (a copy where they are real). {@code a.real()}
     */
    public SparseMatrix real() {
        NDArray v = Products.liveValues(this, "real");
        return withData(v.dtype().isComplex() ? ComplexParts.part(v, false) : v.copy());
    }

    /**
     * SciPy's {@code A.imag}: the imaginary parts of the stored values (zeros where they are real), a
     * new float matrix of this format with this one's pattern. {@code a.imag()}
     */
    public SparseMatrix imag() {
        NDArray v = Products.liveValues(this, "imag");
        return withData(
                v.dtype().isComplex()
                        ? ComplexParts.part(v, true)
                        : NDArray.empty(v.device(), v.dtype(), v.shape(), org.ndgpu.ndarray.Order.C)
                                .fill(0));
    }

    /**
     * The conjugate transpose, as SciPy's {@code A.conj().T} ({@code getH()} of an spmatrix): a new
     * matrix, CSC for CSR and back, COO for COO. {@code a.H().matmul(x)}
     */
    public SparseMatrix H() {
        return T().conj();
    }

    /** SciPy's {@code -A}: the values negated, a new matrix of this format. {@code a.neg()} */
    public SparseMatrix neg() {
        return withData(Products.liveValues(this, "neg").neg());
    }

    /**
     * SciPy's {@code A / 2.0}: the values times {@code 1 / value}, as float64 (SciPy's true division
     * gives float64 for float32 data too); a new matrix of this format. {@code a.div(2)}
     */
    public SparseMatrix div(Number value) {
        return Arithmetic.div(this, value);
    }

    /**
     * SciPy's {@code A.power(n)}: each stored value (duplicates summed first) to the power n, the
     * dtype kept; n = 0 is refused, as SciPy refuses it. {@code a.power(2)}
     */
    public SparseMatrix power(Number n) {
        return Arithmetic.power(this, n);
    }

    /** SciPy's {@code abs(A)}: a new matrix of this format (duplicates summed first, as every function below). {@code a.abs()} */
    public SparseMatrix abs() {
        return ValueFunctions.apply(this, "abs", NDArray::abs);
    }

    /** SciPy's {@code A.sqrt()}. {@code a.sqrt()} */
    public SparseMatrix sqrt() {
        return ValueFunctions.apply(this, "sqrt", NDArray::sqrt);
    }

    /** SciPy's {@code A.sin()}. {@code a.sin()} */
    public SparseMatrix sin() {
        return ValueFunctions.apply(this, "sin", NDArray::sin);
    }

    /** SciPy's {@code A.tan()}. {@code a.tan()} */
    public SparseMatrix tan() {
        return ValueFunctions.apply(this, "tan", NDArray::tan);
    }

    /** SciPy's {@code A.arcsin()}. {@code a.arcsin()} */
    public SparseMatrix arcsin() {
        return ValueFunctions.apply(this, "arcsin", NDArray::arcsin);
    }

    /** SciPy's {@code A.arctan()}. {@code a.arctan()} */
    public SparseMatrix arctan() {
        return ValueFunctions.apply(this, "arctan", NDArray::arctan);
    }

    /** SciPy's {@code A.sinh()}. {@code a.sinh()} */
    public SparseMatrix sinh() {
        return ValueFunctions.apply(this, "sinh", NDArray::sinh);
    }

    /** SciPy's {@code A.tanh()}. {@code a.tanh()} */
    public SparseMatrix tanh() {
        return ValueFunctions.apply(this, "tanh", NDArray::tanh);
    }

    /** SciPy's {@code A.arcsinh()}. {@code a.arcsinh()} */
    public SparseMatrix arcsinh() {
        return ValueFunctions.apply(this, "arcsinh", NDArray::arcsinh);
    }

    /** SciPy's {@code A.arctanh()}. {@code a.arctanh()} */
    public SparseMatrix arctanh() {
        return ValueFunctions.apply(this, "arctanh", NDArray::arctanh);
    }

    /** SciPy's {@code A.expm1()}. {@code a.expm1()} */
    public SparseMatrix expm1() {
        return ValueFunctions.apply(this, "expm1", NDArray::expm1);
    }

    /** SciPy's {@code A.log1p()}. {@code a.log1p()} */
    public SparseMatrix log1p() {
        return ValueFunctions.apply(this, "log1p", NDArray::log1p);
    }

    /** SciPy's {@code A.rint()}. {@code a.rint()} */
    public SparseMatrix rint() {
        return ValueFunctions.apply(this, "rint", NDArray::rint);
    }

    /** SciPy's {@code A.floor()}. {@code a.floor()} */
    public SparseMatrix floor() {
        return ValueFunctions.apply(this, "floor", NDArray::floor);
    }

    /** SciPy's {@code A.ceil()}. {@code a.ceil()} */
    public SparseMatrix ceil() {
        return ValueFunctions.apply(this, "ceil", NDArray::ceil);
    }

    /** SciPy's {@code A.trunc()}. {@code a.trunc()} */
    public SparseMatrix trunc() {
        return ValueFunctions.apply(this, "trunc", NDArray::trunc);
    }

    /** SciPy's {@code A.sign()}. {@code a.sign()} */
    public SparseMatrix sign() {
        return ValueFunctions.apply(this, "sign", NDArray::sign);
    }

    /** SciPy's {@code A.deg2rad()}. {@code a.deg2rad()} */
    public SparseMatrix deg2rad() {
        return ValueFunctions.apply(this, "deg2rad", NDArray::deg2rad);
    }

    /** SciPy's {@code A.rad2deg()}. {@code a.rad2deg()} */
    public SparseMatrix rad2deg() {
        return ValueFunctions.apply(this, "rad2deg", NDArray::rad2deg);
    }

    /** SciPy's {@code A.mean()}: the mean over all m * n entries, implicit zeros included, a 0-d array. {@code a.mean()} */
    public NDArray mean() {
        return Reductions.mean(this);
    }

    /** SciPy's {@code A.mean(axis)} on a {@code spmatrix}: axis 0 gives shape {@code (1, n)}, axis 1 {@code (m, 1)}. {@code a.mean(1)} */
    public NDArray mean(int axis) {
        return Reductions.mean(this, axis);
    }

    /** SciPy's {@code A.max()}: the largest entry, implicit zeros counted, a 0-d array (NaN if any is NaN). {@code a.max()} */
    public NDArray max() {
        return Reductions.extreme(this, true);
    }

    /**
     * SciPy's {@code A.max(axis)}, implicit zeros counted: dense, shape {@code (1, n)} for axis 0 and
     * {@code (m, 1)} for axis 1 (SciPy gives the same values as a COO matrix). {@code a.max(0)}
     */
    public NDArray max(int axis) {
        return Reductions.extreme(this, axis, true);
    }

    /** SciPy's {@code A.min()}: the smallest entry, implicit zeros counted, a 0-d array. {@code a.min()} */
    public NDArray min() {
        return Reductions.extreme(this, false);
    }

    /** SciPy's {@code A.min(axis)}: as {@link #max(int)}, the smallest. {@code a.min(1)} */
    public NDArray min(int axis) {
        return Reductions.extreme(this, axis, false);
    }

    /** SciPy's {@code A.diagonal()}: the main diagonal, duplicates summed, a new 1-d array. {@code a.diagonal()} */
    public NDArray diagonal() {
        return Diagonals.diagonal(this, 0);
    }

    /**
     * SciPy's {@code A.diagonal(k)}: diagonal k (positive above the main one, negative below),
     * duplicates summed; empty where k lies outside the matrix. {@code a.diagonal(-1)}
     */
    public NDArray diagonal(long k) {
        return Diagonals.diagonal(this, k);
    }

    /**
     * SciPy's {@code A.setdiag(values)}: the main diagonal's first {@code values.size()} elements set
     * (values longer than the diagonal are cut). A new matrix of this format; SciPy changes A in place.
     *
     * <pre>{@code CsrMatrix b = (CsrMatrix) a.setdiag(Nd.array(new double[] {1, 2, 3}));}</pre>
     */
    public SparseMatrix setdiag(NDArray values) {
        return Diagonals.setdiagAs(this, values, 0);
    }

    /** SciPy's {@code A.setdiag(values, k)}: as {@link #setdiag(NDArray)} on diagonal k. {@code a.setdiag(v, 1)} */
    public SparseMatrix setdiag(NDArray values, long k) {
        return Diagonals.setdiagAs(this, values, k);
    }

    /** SciPy's {@code A.setdiag(value, k)}: every element of diagonal k set to value. {@code a.setdiag(0.5, 0)} */
    public SparseMatrix setdiag(Number value, long k) {
        return Diagonals.setdiagAs(this, value, k);
    }

    /** True once this matrix (or the one a view came from) was closed. */
    public boolean isClosed() {
        return anyArray().isClosed();
    }

    /** Releases the arrays this matrix holds; a view ({@link #T()}) releases nothing. Idempotent. */
    @Override
    public void close() {
        if (owner) release();
    }

    /** Closes the arrays this matrix owns. */
    abstract void release();

    /** SciPy 1.17's {@code repr}: {@code <Compressed Sparse Row sparse matrix of dtype 'float64'\n\twith 5 stored elements and shape (3, 4)>}. */
    @Override
    public String toString() {
        return "<" + formatName() + " sparse matrix of dtype '" + dtype + "'\n\twith " + nnz()
                + " stored elements and shape (" + shape[0] + ", " + shape[1] + ")>";
    }
}
