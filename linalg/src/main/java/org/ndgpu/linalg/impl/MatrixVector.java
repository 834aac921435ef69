package org.ndgpu.linalg.impl;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.reduction.ReductionKernel;

/**
 * Products where one side is a vector (matrix x vector, vector x matrix, vector . vector, batched)
 * in float32 and float16, as one reduction that accumulates in float64: a GEMM with n = 1 (or
 * m = 1) sums k products in the operand's own precision, and a float32 dot of a million elements
 * then drifts by about 1e-4 relative (NumPy: 2e-7). The reduction reads the same bytes as a GEMV, so
 * it stays memory-bound; GEMMs proper (both sides matrices) stay on the device's BLAS.
 */
final class MatrixVector {
    private MatrixVector() {}

    private static final ReductionKernel DOT64 = new ReductionKernel(
                    "T x, T y", "T z", "(double)x * (double)y", "a + b", "z = a", "0", "nd_dot_acc64")
            .withReduceType("float64");
    // a device without double precision still gets a tree sum instead of a k-long running sum
    private static final ReductionKernel DOT32 = new ReductionKernel(
                    "T x, T y", "T z", "x * y", "a + b", "z = a", "0", "nd_dot_acc32")
            .withReduceType("float32");

    /** True for real low-precision products with a vector side. */
    static boolean applies(DType dt, long m, long n) {
        return (dt == DType.FLOAT32 || dt == DType.FLOAT16) && (n == 1 || m == 1);
    }

    /**
     * c (batch..., m, n) = a @ b, with a and b already of c's dtype; a 1-d a is a row, a 1-d b a
     * column, as matmul treats them.
     */
    static void run(NDArray a, NDArray b, NDArray c, long[] batch, long m, long n) {
        long k = a.shape(-1);
        NDArray a2 = a.ndim() == 1 ? a.reshape(1, k) : a;
        NDArray b2 = b.ndim() == 1 ? b.reshape(k, 1) : b;
        ReductionKernel kernel = a.device().facts().fp64() ? DOT64 : DOT32;
        try {
            if (n == 1) {
                // rows of a against b's one column, seen as a row: (..., m, k) * (..., 1, k), summed over k
                try (NDArray col = b2.swapaxes(-1, -2);
                        NDArray target = c.reshape(concat(batch, m))) {
                    kernel.call(new Object[] {a2, col}, new int[] {-1}, false, target);
                }
            } else {
                // a's one row, seen as a column, against b's columns: (..., k, 1) * (..., k, n), summed over k
                try (NDArray row = a2.swapaxes(-1, -2);
                        NDArray target = c.reshape(concat(batch, n))) {
                    kernel.call(new Object[] {row, b2}, new int[] {-2}, false, target);
                }
            }
        } finally {
            if (a2 != a) a2.close();
            if (b2 != b) b2.close();
        }
    }

    private static long[] concat(long[] batch, long last) {
        long[] s = java.util.Arrays.copyOf(batch, batch.length + 1);
        s[batch.length] = last;
        return s;
    }
}
