package org.ndgpu.sparse;

import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/** The checked arrays of a matrix under construction: values, major and minor indices, shape. */
record Parts(NDArray data, NDArray major, NDArray minor, long[] shape) {

    /** CSR ({@code majorAxis} 0) or CSC (1) from SciPy's (data, indices, indptr). */
    static Parts compressed(String op, NDArray data, NDArray indices, NDArray indptr, long[] shape, int majorAxis) {
        long[] s = SparseChecks.shape(op, shape);
        SparseChecks.vector(op, "data", data);
        SparseChecks.vector(op, "indices", indices);
        SparseChecks.vector(op, "indptr", indptr);
        SparseChecks.valuesOrComplex(op, "data", data.dtype());
        SparseChecks.index(op, "indices", indices.dtype());
        SparseChecks.index(op, "indptr", indptr.dtype());
        sameIndex(op, "indptr", indptr, "indices", indices);
        SparseChecks.sameDevice(op, data, "indices", indices);
        SparseChecks.sameDevice(op, data, "indptr", indptr);
        SparseChecks.sameSize(op, "indices", indices, data);
        long majors = s[majorAxis], minors = s[1 - majorAxis];
        SparseChecks.indptr(op, indptr, majors, majorAxis == 0 ? "shape[0]" : "shape[1]", data.size());
        SparseChecks.inRange(op, "indices", indices, minors, majorAxis == 0 ? "columns" : "rows");
        return new Parts(Conversions.ready(data), Conversions.ready(indptr), Conversions.ready(indices), s);
    }

    /** COO from SciPy's (data, (row, col)); major is row, minor col. */
    static Parts coordinate(String op, NDArray data, NDArray row, NDArray col, long[] shape) {
        long[] s = SparseChecks.shape(op, shape);
        SparseChecks.vector(op, "data", data);
        SparseChecks.vector(op, "row", row);
        SparseChecks.vector(op, "col", col);
        SparseChecks.valuesOrComplex(op, "data", data.dtype());
        SparseChecks.index(op, "row", row.dtype());
        SparseChecks.index(op, "col", col.dtype());
        sameIndex(op, "row", row, "col", col);
        SparseChecks.sameDevice(op, data, "row", row);
        SparseChecks.sameDevice(op, data, "col", col);
        SparseChecks.sameSize(op, "row", row, data);
        SparseChecks.sameSize(op, "col", col, data);
        SparseChecks.inRange(op, "row", row, s[0], "rows");
        SparseChecks.inRange(op, "col", col, s[1], "columns");
        return new Parts(Conversions.ready(data), Conversions.ready(row), Conversions.ready(col), s);
    }

    private static void sameIndex(String op, String whatA, NDArray a, String whatB, NDArray b) {
        DType x = a.dtype(), y = b.dtype();
        if (x != y)
            throw new DTypeException(
                    op + ": " + whatA + " and " + whatB + " must have one index dtype, got " + x + " and " + y);
    }
}
