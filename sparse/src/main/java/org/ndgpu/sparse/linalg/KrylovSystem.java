package org.ndgpu.sparse.linalg;

import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseMatrix;

/**
 * SciPy's {@code make_system} and the shared set-up of the solvers: the checks, the working dtype
 * (the wider float of A and b), b flattened to {@code (n,)}, the starting x, {@code norm(b)} and the
 * absolute tolerance {@code max(atol, rtol * norm(b))}. Closing it releases what it made.
 */
final class KrylovSystem implements AutoCloseable {
    final String op;
    final LinearOperator a;
    final LinearOperator m;
    final NDArray b;
    final DType dtype;
    final long n;
    final double bnrm2;
    final double atol;
    final int maxiter;
    final SolveOptions options;
    private final LinearOperator ownedM;

    private KrylovSystem(String op, LinearOperator a, SparseMatrix sparse, NDArray b, SolveOptions o) {
        Objects.requireNonNull(a, op + ": A is null");
        Objects.requireNonNull(b, op + ": b is null");
        Objects.requireNonNull(o, op + ": options is null");
        b.live(op);
        long[] s = a.shape();
        if (s[0] != s[1]) throw new ShapeException(op + ": A must be square, got shape (" + s[0] + ", " + s[1] + ")");
        this.op = op;
        this.a = a;
        this.n = s[0];
        this.options = o;
        if (!(b.ndim() == 1 && b.shape(0) == n) && !(b.ndim() == 2 && b.shape(0) == n && b.shape(1) == 1))
            throw new ShapeException(op + ": b must have shape (" + n + ",) or (" + n + ", 1) to match A of shape (" + n
                    + ", " + n + "), got " + LinearOperator.shapeOf(b));
        if (b.dtype() != DType.FLOAT32 && b.dtype() != DType.FLOAT64)
            throw new DTypeException(op + ": b must be float32 or float64, got " + b.dtype());
        if (!(o.rtol() >= 0)) throw new NdException(op + ": rtol must be a non-negative number, got " + o.rtol());
        if (!(o.atol() >= 0)) throw new NdException(op + ": atol must be a non-negative number, got " + o.atol());
        if (o.maxiter() != null && o.maxiter() <= 0)
            throw new NdException(op + ": maxiter must be positive, got " + o.maxiter());
        if (o.restart() != null && o.restart() <= 0)
            throw new NdException(op + ": restart must be positive, got " + o.restart());
        if (o.m() != null && (o.m().shape()[0] != n || o.m().shape()[1] != n))
            throw new ShapeException(op + ": M must have shape (" + n + ", " + n + "), got ("
                    + o.m().shape()[0] + ", " + o.m().shape()[1] + ")");
        if (o.jacobi() && o.m() != null) throw new NdException(op + ": give either M or jacobi, got both");
        if (o.jacobi() && sparse == null)
            throw new NdException(op + ": the Jacobi preconditioner needs A as a sparse matrix, got a LinearOperator");
        if (o.x0() != null) {
            o.x0().live(op);
            NDArray x0 = o.x0();
            if (!(x0.ndim() == 1 && x0.shape(0) == n) && !(x0.ndim() == 2 && x0.shape(0) == n && x0.shape(1) == 1))
                throw new ShapeException(
                        op + ": x0 must have shape (" + n + ",) or (" + n + ", 1), got " + LinearOperator.shapeOf(x0));
            if (x0.dtype() != DType.FLOAT32 && x0.dtype() != DType.FLOAT64)
                throw new DTypeException(op + ": x0 must be float32 or float64, got " + x0.dtype());
        }
        this.dtype = a.dtype() == DType.FLOAT64 || b.dtype() == DType.FLOAT64 ? DType.FLOAT64 : DType.FLOAT32;
        this.maxiter = o.maxiter() != null ? o.maxiter() : (int) Math.min(Integer.MAX_VALUE, 10 * n);
        this.ownedM = o.jacobi() ? Jacobi.of(op, sparse) : null;
        this.m = o.jacobi() ? ownedM : o.m();
        try (NDArray flat = b.reshape(n)) {
            this.b = flat.dtype() == dtype ? flat.copy() : flat.astype(dtype);
        }
        this.bnrm2 = Vectors.norm(this.b);
        if (!Double.isFinite(bnrm2)) {
            close();
            throw new NdException(op + ": b must be finite, got norm(b) = " + bnrm2);
        }
        this.atol = Math.max(o.atol(), o.rtol() * bnrm2);
    }

    static KrylovSystem of(String op, LinearOperator a, SparseMatrix sparse, NDArray b, SolveOptions o) {
        return new KrylovSystem(op, a, sparse, b, o);
    }

    /** A new copy of the starting x in the working dtype: x0, or zeros. */
    NDArray startX() {
        if (options.x0() == null) return Vectors.zeros(b.device(), dtype, n);
        try (NDArray flat = options.x0().reshape(n)) {
            return flat.dtype() == dtype ? flat.copy() : flat.astype(dtype);
        }
    }

    /** {@code b - A @ x} where x0 was given and is not all zero, else a copy of b, as SciPy's. */
    NDArray residual(NDArray x) {
        if (options.x0() != null) {
            boolean nonzero;
            try (NDArray any = x.any()) {
                nonzero = (Boolean) any.item();
            }
            if (nonzero) return residualOf(x);
        }
        return b.copy();
    }

    NDArray residualOf(NDArray x) {
        try (NDArray ax = matvec(x)) {
            return b.sub(ax);
        }
    }

    /** {@code A @ x} in the working dtype. */
    NDArray matvec(NDArray x) {
        return inDtype(a.matvec(x));
    }

    /** {@code M @ x}, or x itself where there is no preconditioner (the caller must not close it then). */
    NDArray psolve(NDArray x) {
        return m == null ? x : inDtype(m.matvec(x));
    }

    private NDArray inDtype(NDArray y) {
        if (y.dtype() == dtype) return y;
        try (y) {
            return y.astype(dtype);
        }
    }

    void callback(NDArray x) {
        if (options.callback() != null) options.callback().accept(x);
    }

    @Override
    public void close() {
        if (b != null) b.close();
        if (ownedM != null) ownedM.close();
    }
}
