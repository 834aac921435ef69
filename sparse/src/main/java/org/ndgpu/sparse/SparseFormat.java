package org.ndgpu.sparse;

/**
 * The formats a construction function can give, as SciPy's {@code format="csr"} argument:
 * {@code Nd.sparse().kron(a, b, SparseFormat.CSC)} is {@code scipy.sparse.kron(a, b, format="csc")}.
 */
public enum SparseFormat {
    /** Compressed Sparse Row ({@code format="csr"}): a {@link CsrMatrix}. */
    CSR,
    /** Compressed Sparse Column ({@code format="csc"}): a {@link CscMatrix}. */
    CSC,
    /** COOrdinate ({@code format="coo"}): a {@link CooMatrix}. */
    COO;

    /** {@code a} in this format: {@code a} itself when it is already, else a new matrix, {@code a} closed. */
    SparseMatrix of(SparseMatrix a) {
        return switch (this) {
            case CSR -> a instanceof CsrMatrix ? a : converted(a, a.tocsr());
            case CSC -> {
                if (a instanceof CscMatrix) yield a;
                if (a instanceof CsrMatrix c) yield converted(a, c.tocsc());
                try (CsrMatrix c = a.tocsr()) {
                    yield converted(a, c.tocsc());
                }
            }
            case COO -> a instanceof CooMatrix ? a : converted(a, a.tocoo());
        };
    }

    private static SparseMatrix converted(SparseMatrix from, SparseMatrix to) {
        from.close();
        return to;
    }
}
