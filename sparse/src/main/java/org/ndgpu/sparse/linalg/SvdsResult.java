package org.ndgpu.sparse.linalg;

import org.ndgpu.ndarray.NDArray;

/**
 * The result of {@code svds}, SciPy's {@code (u, s, vh)}: {@code try (SvdsResult r = lin.svds(a, 3)) { r.s(); }}.
 *
 * @param u the left singular vectors as columns, shape {@code (m, k)}
 * @param s the k singular values, ascending, shape {@code (k,)}
 * @param vh the right singular vectors as rows, shape {@code (k, n)}
 */
public record SvdsResult(NDArray u, NDArray s, NDArray vh) implements AutoCloseable {
    /** Closes u, s and vh. */
    @Override
    public void close() {
        u.close();
        s.close();
        vh.close();
    }
}
