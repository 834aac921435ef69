package org.ndgpu.display;

import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseMatrix;

/**
 * A sparse matrix as HTML: SciPy's repr (format, dtype, stored elements, shape) and, when the
 * matrix has at most 1000 elements, its dense values as an array table.
 */
final class SparseHtml {
    /** NumPy's print threshold: a larger matrix is not densified for its display. */
    private static final long DENSE_LIMIT = 1000;

    private SparseHtml() {}

    static String of(SparseMatrix m) {
        if (m.isClosed()) return "<div class=\"ndgpu\">" + Html.pre("<closed sparse matrix>") + "</div>";
        StringBuilder s = new StringBuilder("<div class=\"ndgpu\">").append(Html.pre(m.toString()));
        long[] shape = m.shape();
        if (shape[0] * shape[1] <= DENSE_LIMIT) {
            try (NDArray dense = m.toarray()) {
                s.append(ArrayHtml.of(dense));
            }
        }
        return s.append("</div>").toString();
    }
}
