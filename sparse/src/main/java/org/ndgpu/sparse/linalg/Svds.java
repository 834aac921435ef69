package org.ndgpu.sparse.linalg;

import java.util.Objects;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseMatrix;

/**
 * scipy.sparse.linalg.svds as CuPy's: eigsh on the smaller Gram operator ({@code A.T @ A} where
 * {@code m >= n}, else {@code A @ A.T}, applied as two products, never formed), then the other
 * singular vectors as {@code A @ v / s} (or {@code A.T @ u / s}) on the device. A singular value of
 * 0 among the k gives non-finite vectors for it (SciPy completes the basis by a QR there).
 */
final class Svds {
    private Svds() {}

    static SvdsResult of(SparseMatrix a, int k, String which, Integer ncv, Integer maxiter, double tol) {
        String op = "svds";
        Objects.requireNonNull(a, op + ": A is null");
        Objects.requireNonNull(which, op + ": which is null");
        if (a.isClosed()) throw new ArrayClosedException(op + ": the sparse matrix was closed");
        String gramWhich = switch (which) {
            case "LM" -> "LA";
            case "SM" -> "SA";
            default -> throw new NdException(op + ": which must be 'LM' or 'SM', got '" + which + "'");
        };
        long m = a.shape()[0], n = a.shape()[1];
        long small = Math.min(m, n);
        if (k <= 0 || k >= small - 1)
            throw new NdException(op + ": k must be in [1, min(A.shape) - 1) = [1, " + (small - 1) + "), got " + k);
        boolean tall = m >= n;
        SparseMatrix t = a.T();
        LinearOperator gram = new LinearOperator(new long[] {small, small}, a.dtype(), x -> {
            try (NDArray y = tall ? a.matmul(x) : t.matmul(x)) {
                return tall ? t.matmul(y) : a.matmul(y);
            }
        });
        try (NDArray d = a.sum(0);
                EigshResult e = Lanczos.eigsh(d.device(), gram, k, gramWhich, ncv, maxiter, tol);
                NDArray clipped = e.w().maximum(0.0)) {
            NDArray s = clipped.sqrt();
            try (NDArray other = tall ? a.matmul(e.v()) : t.matmul(e.v())) {
                NDArray scaled = other.div(s);
                if (tall) {
                    try (NDArray vt = e.v().T()) {
                        return new SvdsResult(scaled, s, vt.copy());
                    }
                }
                try (scaled;
                        NDArray vt = scaled.T()) {
                    return new SvdsResult(e.v().copy(), s, vt.copy());
                }
            }
        }
    }
}
