package org.ndgpu.sparse;

import java.util.Objects;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.sparse.CompressedStorage.Stored;
import org.ndgpu.sparse.SparseKernels.Name;

/**
 * The products of a CSR matrix with dense operands (SpMV, SpMM), scaling, and the sums built on
 * them: on the device's sparse library where it serves the case ({@link VendorProducts}), else on
 * ndgpu's own kernels.
 */
final class Products {
    private Products() {}

    /** {@code a}'s values (a compressed matrix's settled: {@link CompressedMatrix#structure}), checked live for {@code op}. */
    static NDArray liveValues(SparseMatrix a, String op) {
        return switch (a) {
            case CompressedMatrix c -> c.structure(op).data().live(op);
            case CooMatrix c -> c.data.live(op);
        };
    }

    /**
     * {@code A @ x} for x of shape {@code (n,)} (SpMV) or {@code (n, p)} (SpMM), in the wider float
     * dtype of the two. A product's pending zeros are dropped first: x may hold inf or NaN, which an
     * explicit 0 would turn into NaN where SciPy's matrix stores nothing.
     */
    static NDArray csrMatmul(CsrMatrix a, NDArray x) {
        Objects.requireNonNull(x, "matmul: x is null");
        return matmul(a, a.structure("matmul"), x, false);
    }

    /**
     * {@code A @ x} for CSC A, its entries scattered to their rows by atomic adds: {@code A.T() @ x}
     * of a CSR matrix runs on its own arrays, without forming the transpose.
     */
    static NDArray cscMatmul(CscMatrix a, NDArray x) {
        Objects.requireNonNull(x, "matmul: x is null");
        return matmul(a, a.structure("matmul"), x, true);
    }

    private static NDArray matmul(SparseMatrix a, Stored s, NDArray x, boolean csc) {
        Objects.requireNonNull(x, "matmul: x is null");
        String op = "matmul";
        NDArray values = s.data().live(op), indices = s.indices(), indptr = s.indptr();
        long nnz = s.nnz();
        x.live(op);
        long m = a.shape[0], n = a.shape[1];
        if ((x.ndim() != 1 && x.ndim() != 2) || x.shape(0) != n)
            throw new ShapeException(op + ": dimension mismatch, the matrix has shape (" + m + ", " + n
                    + ") and x has shape " + str(x.shape()) + "; x must have shape (" + n + ",) or (" + n + ", p)");
        SparseChecks.values(op, "x", x.dtype());
        SparseChecks.sameDevice(op, values, "x", x);
        DType t = a.dtype == DType.FLOAT64 || x.dtype() == DType.FLOAT64 ? DType.FLOAT64 : DType.FLOAT32;
        NDArray data = values.dtype() == t ? values : values.astype(t);
        NDArray xs = x.dtype() == t ? Conversions.ready(x) : x.astype(t);
        try {
            NDArray vendor = VendorProducts.matmul(a, data, indices, indptr, nnz, xs, csc, t);
            if (vendor != null) return vendor;
            long p = x.ndim() == 1 ? 1 : x.shape(1);
            long[] shape = x.ndim() == 1 ? new long[] {m} : new long[] {m, p};
            if (csc) {
                NDArray y = NDArray.empty(x.device(), t, shape, Order.C).fill(0);
                if (x.ndim() == 1) {
                    int lanes = lanes(n, nnz);
                    SparseKernels.launch(
                            SparseKernels.get(Name.CSC_SPMV, t, indices.dtype()),
                            n * lanes,
                            indptr,
                            indices,
                            data,
                            xs,
                            y,
                            n,
                            lanes);
                } else {
                    SparseKernels.launch(
                            SparseKernels.get(Name.CSC_SPMM, t, indices.dtype()),
                            n * p,
                            indptr,
                            indices,
                            data,
                            xs,
                            y,
                            n,
                            p);
                }
                return y;
            }
            NDArray y = NDArray.empty(x.device(), t, shape, Order.C);
            if (x.ndim() == 1) Spmv.run(Spmv.chosen(m, nnz), m, indptr, indices, data, xs, y, t);
            else
                SparseKernels.launch(
                        SparseKernels.get(Name.CSR_SPMM, t, indices.dtype()),
                        m * p,
                        indptr,
                        indices,
                        data,
                        xs,
                        y,
                        m,
                        p);
            return y;
        } finally {
            if (data != values) data.close();
            if (xs != x) xs.close();
        }
    }

    /**
     * The work-items that share a row (CSR) or a column (CSC) in SpMV: the largest power of 2 not
     * above the average line length {@code nnz / lines}, from 1 (a line per work-item) to 32 (a warp
     * per line), known from the shape and nnz without reading the device. {@code lanes(100, 500)} is 4.
     */
    static int lanes(long rows, long nnz) {
        if (rows == 0) return 1;
        long average = nnz / rows;
        if (average < 2) return 1;
        return (int) Math.min(32, Long.highestOneBit(average));
    }

    /** The values times {@code value}, a new array. */
    static NDArray scaled(SparseMatrix a, NDArray data, Number value) {
        Objects.requireNonNull(value, "mul: value is null");
        data.live("mul");
        return data.mul(value);
    }

    /** Axis 0: column sums {@code (1, n)}; axis 1: row sums {@code (m, 1)}. */
    static NDArray sum(SparseMatrix a, int axis) {
        if (a instanceof CompressedMatrix c) {
            // times ones an explicit 0 adds what an implicit one does: nothing pending is settled
            return c.storage.read(s -> {
                NDArray values = s.data().live("sum");
                // A (axis 1) or its transpose, a view over the same arrays (axis 0), times ones
                SparseMatrix t = axis == 1 ? a : a.T();
                try (NDArray ones = NDArray.empty(values.device(), a.dtype, new long[] {a.shape[axis]}, Order.C)
                                .fill(1);
                        NDArray y = matmul(t, s, ones, t instanceof CscMatrix)) {
                    return axis == 1 ? y.reshape(a.shape[0], 1) : y.reshape(1, a.shape[1]);
                }
            });
        }
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
