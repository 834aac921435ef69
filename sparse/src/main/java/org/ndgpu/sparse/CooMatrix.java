package org.ndgpu.sparse;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * A COOrdinate matrix on the device, as SciPy's {@code coo_matrix}: entry k is
 * {@code data[k]} at {@code (row[k], col[k])}, in any order, duplicates allowed (they add up in
 * {@link #toarray()} and {@link #tocsr()}).
 *
 * <pre>{@code
 * CooMatrix a = Nd.sparse().cooMatrix(data, row, col, new long[] {3, 4});
 * CsrMatrix b = a.tocsr();   // duplicates summed, column indices sorted
 * }</pre>
 */
public final class CooMatrix extends SparseMatrix {
    final NDArray data;
    final NDArray row;
    final NDArray col;

    CooMatrix(NDArray data, NDArray row, NDArray col, long[] shape, boolean owner) {
        super(shape, data.dtype(), owner);
        this.data = data;
        this.row = row;
        this.col = col;
    }

    /** The stored values, as SciPy's {@code A.data}. */
    public NDArray data() {
        return data.live("data");
    }

    /** The row of each stored value, as SciPy's {@code A.row}. */
    public NDArray row() {
        return row.live("row");
    }

    /** The column of each stored value, as SciPy's {@code A.col}. */
    public NDArray col() {
        return col.live("col");
    }

    @Override
    public long nnz() {
        return data.size();
    }

    @Override
    public NDArray toarray() {
        try (CsrMatrix csr = tocsr()) {
            return csr.toarray();
        }
    }

    /** CSR with duplicates summed (in their input order) and each row's columns sorted, as SciPy's {@code A.tocsr()}. */
    @Override
    public CsrMatrix tocsr() {
        if (dtype.isComplex()) return (CsrMatrix) ComplexParts.samePattern(this, "tocsr", SparseMatrix::tocsr);
        return Conversions.cooToCsr(this);
    }

    @Override
    public CooMatrix tocoo() {
        return copy();
    }

    @Override
    public CooMatrix copy() {
        return new CooMatrix(data().copy(), row.copy(), col.copy(), shape, true);
    }

    @Override
    public CooMatrix astype(DType dtype) {
        return new CooMatrix(Compressed.valuesAs(data, dtype), row.copy(), col.copy(), shape, true);
    }

    /** The transpose over the same arrays (row and col swapped), as SciPy's {@code A.T}. */
    @Override
    public CooMatrix T() {
        data.live("T");
        return new CooMatrix(data, /* row= */ col, /* col= */ row, new long[] {shape[1], shape[0]}, false);
    }

    @Override
    public NDArray matmul(NDArray x) {
        try (CsrMatrix csr = tocsr()) {
            return csr.matmul(x);
        }
    }

    @Override
    public CooMatrix mul(Number value) {
        return new CooMatrix(Products.scaled(this, data, value), row.copy(), col.copy(), shape, true);
    }

    @Override
    public CooMatrix sumDuplicates() {
        return Canonical.sumDuplicates(this);
    }

    @Override
    public CooMatrix eliminateZeros() {
        return Canonical.eliminateZeros(this);
    }

    @Override
    CooMatrix withData(NDArray values) {
        return new CooMatrix(values, row.copy(), col.copy(), shape, true);
    }

    @Override
    String formatName() {
        return "COOrdinate";
    }

    @Override
    NDArray anyArray() {
        return data;
    }

    @Override
    NDArray storedSum() {
        return data.live("sum").sum();
    }

    @Override
    void release() {
        data.close();
        row.close();
        col.close();
    }
}
