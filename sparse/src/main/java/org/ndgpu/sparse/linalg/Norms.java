package org.ndgpu.sparse.linalg;

import java.util.Objects;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseMatrix;

/**
 * scipy.sparse.linalg.norm on the device, from the matrix's own reductions: Frobenius, 1 (largest
 * column sum), inf (largest row sum), their negative forms, and the vector norms along an axis.
 * Each is a 0-d (matrix norm) or 1-d (along an axis) array of the matrix's dtype.
 */
final class Norms {
    private Norms() {}

    private static void live(SparseMatrix a) {
        Objects.requireNonNull(a, "norm: A is null");
        if (a.isClosed()) throw new ArrayClosedException("norm: the sparse matrix was closed");
    }

    static NDArray frobenius(SparseMatrix a) {
        live(a);
        try (SparseMatrix c = a.tocsr();
                SparseMatrix sq = c.power(2);
                NDArray total = sq.sum()) {
            return total.sqrt();
        }
    }

    static NDArray matrix(SparseMatrix a, double ord) {
        live(a);
        int axis;
        boolean largest;
        if (ord == 1 || ord == -1) axis = 0;
        else if (ord == Double.POSITIVE_INFINITY || ord == Double.NEGATIVE_INFINITY) axis = 1;
        else throw new NdException("norm: ord must be 1, -1, inf, -inf or 'fro' for a matrix, got " + ord);
        largest = ord > 0;
        try (SparseMatrix abs = a.abs();
                NDArray sums = abs.sum(axis)) {
            return largest ? sums.max() : sums.min();
        }
    }

    static NDArray along(SparseMatrix a, double ord, int axis) {
        live(a);
        if (axis < -2 || axis > 1) throw new AxisException("norm: axis must be in [-2, 2), got " + axis);
        int ax = axis < 0 ? axis + 2 : axis;
        if (ord == 0 || Double.isNaN(ord))
            throw new NdException("norm: ord along an axis must be a nonzero number, got " + ord);
        try (SparseMatrix abs = a.abs()) {
            NDArray reduced;
            if (ord == Double.POSITIVE_INFINITY) reduced = abs.max(ax);
            else if (ord == Double.NEGATIVE_INFINITY) reduced = abs.min(ax);
            else if (ord == 1) reduced = abs.sum(ax);
            else {
                try (SparseMatrix p = abs.power(ord);
                        NDArray s = p.sum(ax)) {
                    reduced = ord == 2 ? s.sqrt() : s.pow(1 / ord);
                }
            }
            try (reduced) {
                return reduced.flatten();
            }
        }
    }
}
