package org.ndgpu.sparse;

import java.util.Objects;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.sparse.SparseKernels.Name;

/** The products of a CSR matrix with dense operands (SpMV, SpMM), scaling, and the sums built on them. */
final class Products {
    private Products() {}

    /** {@code a}'s values, checked live for {@code op}. */
    static NDArray liveValues(SparseMatrix a, String op) {
        return switch (a) {
            case CsrMatrix c -> c.data.live(op);
            case CscMatrix c -> c.data.live(op);
            case CooMatrix c -> c.data.live(op);
        };
    }

    /** {@code A @ x} for x of shape {@code (n,)} (SpMV) or {@code (n, p)} (SpMM), in the wider float dtype of the two. */
    static NDArray csrMatmul(CsrMatrix a, NDArray x) {
        Objects.requireNonNull(x, "matmul: x is null");
        String op = "matmul";
        a.data.live(op);
        x.live(op);
        long m = a.shape[0], n = a.shape[1];
        if ((x.ndim() != 1 && x.ndim() != 2) || x.shape(0) != n)
            throw new ShapeException(op + ": dimension mismatch, the matrix has shape (" + m + ", " + n
                    + ") and x has shape " + str(x.shape()) + "; x must have shape (" + n + ",) or (" + n + ", p)");
        SparseChecks.values(op, "x", x.dtype());
        SparseChecks.sameDevice(op, a.data, "x", x);
        DType t = a.dtype == DType.FLOAT64 || x.dtype() == DType.FLOAT64 ? DType.FLOAT64 : DType.FLOAT32;
        NDArray data = a.data.dtype() == t ? a.data : a.data.astype(t);
        NDArray xs = x.dtype() == t ? Conversions.ready(x) : x.astype(t);
        try {
            if (x.ndim() == 1) {
                NDArray y = NDArray.empty(x.device(), t, new long[] {m}, Order.C);
                SparseKernels.launch(
                        SparseKernels.get(Name.CSR_SPMV, t, a.indices.dtype()), m, a.indptr, a.indices, data, xs, y, m);
                return y;
            }
            long p = x.shape(1);
            NDArray y = NDArray.empty(x.device(), t, new long[] {m, p}, Order.C);
            SparseKernels.launch(
                    SparseKernels.get(Name.CSR_SPMM, t, a.indices.dtype()),
                    m * p,
                    a.indptr,
                    a.indices,
                    data,
                    xs,
                    y,
                    m,
                    p);
            return y;
        } finally {
            if (data != a.data) data.close();
            if (xs != x) xs.close();
        }
    }

    /** The values times {@code value}, a new array. */
    static NDArray scaled(SparseMatrix a, NDArray data, Number value) {
        Objects.requireNonNull(value, "mul: value is null");
        data.live("mul");
        return data.mul(value);
    }

    /** Axis 0: column sums {@code (1, n)}; axis 1: row sums {@code (m, 1)}. */
    static NDArray sum(SparseMatrix a, int axis) {
        NDArray values = liveValues(a, "sum");
        long across = a.shape[axis]; // the length of the ones that A (axis 1) or A.T (axis 0) multiplies
        try (NDArray ones = NDArray.empty(values.device(), a.dtype, new long[] {across}, Order.C)
                        .fill(1);
                NDArray y = axis == 1 ? a.matmul(ones) : a.T().matmul(ones)) {
            return axis == 1 ? y.reshape(a.shape[0], 1) : y.reshape(1, a.shape[1]);
        }
    }

    static String str(long[] shape) {
        if (shape.length == 1) return "(" + shape[0] + ",)";
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) b.append(i == 0 ? "" : ", ").append(shape[i]);
        return b.append(')').toString();
    }
}
