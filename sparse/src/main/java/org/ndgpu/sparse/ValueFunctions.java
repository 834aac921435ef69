package org.ndgpu.sparse;

import java.util.function.UnaryOperator;
import org.ndgpu.ndarray.NDArray;

/**
 * The functions of the stored values that keep zeros zero (SciPy's {@code abs}, {@code sqrt},
 * {@code sin}, ... on a sparse matrix): the core's dense ufunc on the data array, the indices
 * copied. As SciPy's {@code _deduped_data}, duplicates are summed first.
 */
final class ValueFunctions {
    private ValueFunctions() {}

    /** {@code f} of {@code a}'s values (duplicates summed first): a new matrix of {@code a}'s format. */
    static SparseMatrix apply(SparseMatrix a, String op, UnaryOperator<NDArray> f) {
        Products.liveValues(a, op);
        SparseMatrix d = Canonical.deduped(a);
        try {
            return d.withData(f.apply(Products.liveValues(d, op)));
        } finally {
            if (d != a) d.close();
        }
    }
}
