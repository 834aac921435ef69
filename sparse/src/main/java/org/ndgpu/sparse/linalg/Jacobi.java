package org.ndgpu.sparse.linalg;

import java.util.Objects;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseMatrix;

/** The Jacobi preconditioner {@code M = inv(diag(A))}: x times the inverted diagonal, on the device. */
final class Jacobi {
    private Jacobi() {}

    static LinearOperator of(String op, SparseMatrix a) {
        Objects.requireNonNull(a, op + ": A is null");
        if (a.isClosed()) throw new ArrayClosedException(op + ": the sparse matrix was closed");
        long[] s = a.shape();
        if (s[0] != s[1])
            throw new ShapeException(
                    op + ": A must be square for a Jacobi preconditioner, got shape (" + s[0] + ", " + s[1] + ")");
        NDArray inv;
        try (NDArray d = a.diagonal();
                NDArray zero = d.eq(0.0);
                NDArray anyZero = zero.any()) {
            if ((Boolean) anyZero.item())
                throw new NdException(op + ": the Jacobi preconditioner needs a diagonal without zeros, got a zero");
            inv = d.reciprocal();
        }
        return new LinearOperator(s, a.dtype(), x -> x.mul(inv), x -> x.mul(inv), inv);
    }
}
