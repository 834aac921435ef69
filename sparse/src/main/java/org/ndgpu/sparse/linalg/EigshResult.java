package org.ndgpu.sparse.linalg;

import org.ndgpu.ndarray.NDArray;

/**
 * The result of {@code eigsh}, SciPy's {@code (w, v)}: {@code try (EigshResult e = lin.eigsh(a, 3)) { e.w(); }}.
 *
 * @param w the k eigenvalues, ascending, shape {@code (k,)}
 * @param v the eigenvectors as columns, shape {@code (n, k)}: column j belongs to {@code w[j]}
 */
public record EigshResult(NDArray w, NDArray v) implements AutoCloseable {
    /** Closes w and v. */
    @Override
    public void close() {
        w.close();
        v.close();
    }
}
