package org.ndgpu.sparse.linalg;

import java.util.Objects;
import java.util.function.UnaryOperator;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseMatrix;

/**
 * scipy.sparse.linalg.LinearOperator: a matrix known only by its product with a vector, given as a
 * Java function over device arrays. The solvers of {@link SparseLinalg} take one.
 *
 * <pre>{@code
 * LinearOperator op = new LinearOperator(new long[] {n, n}, DType.FLOAT64, x -> x.mul(2.0));
 * try (SolveResult r = Nd.sparse().linalg().cg(op, b)) { ... }
 * }</pre>
 *
 * <p>{@code matvec} receives a 1-d array of shape {@code (n,)} and returns a new array of shape
 * {@code (m,)} that the caller closes; it must not close its argument. An operator from {@link
 * #aslinearoperator(SparseMatrix)} does not own the matrix; one from {@link SparseLinalg#jacobi}
 * owns the inverted diagonal and releases it on {@link #close()}.
 */
public final class LinearOperator implements AutoCloseable {
    private final long[] shape;
    private final DType dtype;
    private final UnaryOperator<NDArray> matvec;
    private final UnaryOperator<NDArray> rmatvec;
    private final AutoCloseable held;

    /** scipy.sparse.linalg.LinearOperator(shape, matvec, dtype=dtype): {@code new LinearOperator(new long[] {3, 3}, DType.FLOAT64, x -> a.matmul(x))}. */
    public LinearOperator(long[] shape, DType dtype, UnaryOperator<NDArray> matvec) {
        this(shape, dtype, matvec, null);
    }

    /** scipy.sparse.linalg.LinearOperator(shape, matvec, rmatvec, dtype=dtype): with the product by the (conjugate) transpose. */
    public LinearOperator(long[] shape, DType dtype, UnaryOperator<NDArray> matvec, UnaryOperator<NDArray> rmatvec) {
        this(shape, dtype, matvec, rmatvec, null);
    }

    LinearOperator(
            long[] shape,
            DType dtype,
            UnaryOperator<NDArray> matvec,
            UnaryOperator<NDArray> rmatvec,
            AutoCloseable held) {
        Objects.requireNonNull(shape, "LinearOperator: shape is null");
        Objects.requireNonNull(dtype, "LinearOperator: dtype is null");
        Objects.requireNonNull(matvec, "LinearOperator: matvec is null");
        if (shape.length != 2 || shape[0] < 0 || shape[1] < 0)
            throw new ShapeException("LinearOperator: shape must be 2 dimensions, neither negative, got "
                    + java.util.Arrays.toString(shape));
        if (dtype != DType.FLOAT32 && dtype != DType.FLOAT64)
            throw new DTypeException("LinearOperator: dtype must be float32 or float64, got " + dtype);
        this.shape = shape.clone();
        this.dtype = dtype;
        this.matvec = matvec;
        this.rmatvec = rmatvec;
        this.held = held;
    }

    /**
     * scipy.sparse.linalg.aslinearoperator(A) for a sparse matrix: {@code A @ x} and {@code A.T @ x}
     * on the device. {@code LinearOperator op = LinearOperator.aslinearoperator(a);}
     */
    public static LinearOperator aslinearoperator(SparseMatrix a) {
        Objects.requireNonNull(a, "aslinearoperator: A is null");
        if (a.isClosed()) throw new ArrayClosedException("aslinearoperator: the sparse matrix was closed");
        // rmatvec is A^H x, as SciPy's: the transpose's product, conjugated for complex A
        UnaryOperator<NDArray> rmatvec = a.dtype().isComplex()
                ? x -> {
                    try (SparseMatrix h = a.H()) {
                        return h.matmul(x);
                    }
                }
                : x -> a.T().matmul(x);
        return new LinearOperator(a.shape(), a.dtype(), a::matmul, rmatvec);
    }

    /**
     * scipy.sparse.linalg.aslinearoperator(A) for a dense 2-d float32 or float64 array: {@code A @ x}
     * and {@code A.T @ x} through matmul. {@code LinearOperator op = LinearOperator.aslinearoperator(dense);}
     */
    public static LinearOperator aslinearoperator(NDArray a) {
        Objects.requireNonNull(a, "aslinearoperator: A is null");
        a.live("aslinearoperator");
        if (a.ndim() != 2) throw new ShapeException("aslinearoperator: A must be 2-d, got " + a.ndim() + "-d");
        return new LinearOperator(a.shape(), a.dtype(), a::matmul, x -> {
            try (NDArray t = a.T()) {
                return t.matmul(x);
            }
        });
    }

    /** The shape {@code {m, n}}, as SciPy's {@code op.shape}. */
    public long[] shape() {
        return shape.clone();
    }

    /** The dtype, as SciPy's {@code op.dtype}. */
    public DType dtype() {
        return dtype;
    }

    /** SciPy's {@code op.matvec(x)}: {@code A @ x} for x of shape {@code (n,)}, a new array of shape {@code (m,)}. */
    public NDArray matvec(NDArray x) {
        return apply("matvec", matvec, x, shape[1], shape[0]);
    }

    /** SciPy's {@code op.rmatvec(x)}: {@code A.T @ x} for x of shape {@code (m,)}; refused where none was given. */
    public NDArray rmatvec(NDArray x) {
        if (rmatvec == null) throw new NdException("rmatvec: this LinearOperator was made without an rmatvec");
        return apply("rmatvec", rmatvec, x, shape[0], shape[1]);
    }

    private NDArray apply(String op, UnaryOperator<NDArray> f, NDArray x, long in, long out) {
        Objects.requireNonNull(x, op + ": x is null");
        x.live(op);
        if (x.ndim() != 1 || x.shape(0) != in)
            throw new ShapeException(op + ": x must have shape (" + in + ",), got " + shapeOf(x));
        NDArray y = f.apply(x);
        if (y == null) throw new NdException(op + ": the function returned null");
        // an operator such as x -> x must not hand the caller its own argument to close
        if (y == x) return x.copy();
        if (y.size() != out) {
            y.close();
            throw new ShapeException(op + ": the function must return " + out + " elements, got " + shapeOf(y));
        }
        if (y.ndim() == 1) return y;
        try (y;
                NDArray flat = y.reshape(out)) {
            return flat.copy();
        }
    }

    static String shapeOf(NDArray a) {
        long[] s = a.shape();
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < s.length; i++) b.append(i == 0 ? "" : ", ").append(s[i]);
        return b.append(s.length == 1 ? ",)" : ")").toString();
    }

    /** Releases what this operator holds (the inverted diagonal of a Jacobi preconditioner); idempotent. */
    @Override
    public void close() {
        if (held == null) return;
        try {
            held.close();
        } catch (Exception e) {
            throw new NdException("LinearOperator: close failed: " + e.getMessage());
        }
    }
}
