package org.ndgpu.sparse;

import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.sparse.OpsKernels.Name;

/**
 * The reductions that count the implicit zeros, as SciPy's {@code mean}, {@code max} and
 * {@code min}: the max (min) of each canonical row, or of each column through the transpose's CSR
 * form, one line per work-item; the whole matrix's is the max (min) of its rows'.
 */
final class Reductions {
    private Reductions() {}

    /** An axis of a matrix (-2 .. 1) as 0 or 1. */
    static int axis(String op, int axis) {
        if (axis < -2 || axis > 1)
            throw new AxisException(op + ": axis " + axis + " is out of bounds for a sparse matrix of 2 dimensions");
        return axis < 0 ? axis + 2 : axis;
    }

    /** {@code A.mean()}: the sum over every entry, implicit zeros included, a 0-d array. */
    static NDArray mean(SparseMatrix a) {
        try (NDArray s = a.sum()) {
            return s.div(a.shape[0] * a.shape[1]);
        }
    }

    /** {@code A.mean(axis)}: shape {@code (1, n)} for axis 0, {@code (m, 1)} for axis 1. */
    static NDArray mean(SparseMatrix a, int axis) {
        int ax = axis("mean", axis);
        try (NDArray s = a.sum(ax)) {
            return s.div(a.shape[ax]);
        }
    }

    /** {@code A.max()} or {@code A.min()}: a 0-d array; NaN where a value is NaN. */
    static NDArray extreme(SparseMatrix a, boolean isMax) {
        String op = isMax ? "max" : "min";
        Products.liveValues(a, op);
        if (a.dtype.isComplex()) throw ComplexParts.unsupported(op, a.dtype);
        if (a.shape[0] == 0 || a.shape[1] == 0)
            throw new ShapeException(
                    op + ": zero-size array to reduction operation, the matrix has shape " + Products.str(a.shape));
        try (NDArray lines = extreme(a, 1, isMax)) {
            return isMax ? lines.max() : lines.min();
        }
    }

    /** {@code A.max(axis)} or {@code A.min(axis)} as a dense array: {@code (1, n)} for axis 0, {@code (m, 1)} for axis 1. */
    static NDArray extreme(SparseMatrix a, int axis, boolean isMax) {
        String op = isMax ? "max" : "min";
        int ax = axis(op, axis);
        Products.liveValues(a, op);
        if (a.dtype.isComplex()) throw ComplexParts.unsupported(op, a.dtype);
        if (a.shape[ax] == 0)
            throw new ShapeException(op + ": zero-size array to reduction operation, the matrix has shape "
                    + Products.str(a.shape) + " and axis " + ax + " is empty");
        SparseMatrix oriented = ax == 1 ? a : a.T();
        CsrMatrix c = Canonical.canonicalCsr(oriented);
        try {
            long majors = c.shape[0], minors = c.shape[1];
            CompressedStorage.Stored s = c.structure(op);
            NDArray out = NDArray.empty(s.data().device(), c.dtype, new long[] {majors}, Order.C);
            SparseKernels.launch(
                    OpsKernels.get(Name.LINES_EXTREME, c.dtype, c.indexDtype()),
                    majors,
                    s.indptr(),
                    s.data(),
                    out,
                    majors,
                    minors,
                    isMax ? 1 : 0);
            try (out) {
                return ax == 1
                        ? out.reshape(majors, 1).copy()
                        : out.reshape(1, majors).copy();
            }
        } finally {
            if (c != oriented) c.close();
            if (oriented != a) oriented.close();
        }
    }
}
