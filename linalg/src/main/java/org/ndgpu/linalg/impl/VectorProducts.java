package org.ndgpu.linalg.impl;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;

/**
 * NumPy 2's vector gufuncs, numpy.vecdot (and linalg.vecdot), matvec and vecmat, as matmul of
 * the vectors seen as one-row or one-column matrices: the batch axes broadcast as matmul's, and
 * the product runs where matmul runs (the device BLAS, or a float64-accumulating reduction for
 * float32 vector products). As NumPy, vecdot and vecmat conjugate the vector, matvec nothing; the
 * core dimensions must agree exactly (a gufunc's core dimensions do not broadcast).
 */
final class VectorProducts {
    private VectorProducts() {}

    /** numpy.vecdot(x1, x2, axis): sum(conj(x1) * x2) along axis. */
    static NDArray vecdot(Linalg la, NDArray x1, NDArray x2, int axis) {
        x1.live("vecdot");
        x2.live("vecdot");
        if (x1.ndim() == 0 || x2.ndim() == 0)
            throw new ShapeException("vecdot: expected arrays of at least 1 dimension, got shapes "
                    + Shapes.str(x1.shape()) + " and " + Shapes.str(x2.shape()));
        int a1 = Shapes.axis("vecdot", axis, x1.ndim());
        int a2 = Shapes.axis("vecdot", axis, x2.ndim());
        core("vecdot", x1.shape()[a1], x2.shape()[a2], x1, x2);
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray v1 = t(temps, x1.moveaxis(new int[] {a1}, new int[] {-1}));
            NDArray v2 = t(temps, x2.moveaxis(new int[] {a2}, new int[] {-1}));
            NDArray row = t(temps, t(temps, conj(v1)).expandDims(-2));
            NDArray col = t(temps, v2.expandDims(-1));
            NDArray p = t(temps, la.matmul(row, col, null));
            long[] s = p.shape();
            return p.reshape(java.util.Arrays.copyOf(s, s.length - 2)).copy();
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** numpy.matvec(x1, x2): (..., m, n) times (..., n), giving (..., m). */
    static NDArray matvec(Linalg la, NDArray x1, NDArray x2) {
        x1.live("matvec");
        x2.live("matvec");
        if (x1.ndim() < 2 || x2.ndim() < 1)
            throw new ShapeException("matvec: expected a matrix (..., M, N) and a vector (..., N), got shapes "
                    + Shapes.str(x1.shape()) + " and " + Shapes.str(x2.shape()));
        core("matvec", x1.shape(-1), x2.shape(-1), x1, x2);
        try (NDArray col = x2.expandDims(-1);
                NDArray p = la.matmul(x1, col, null);
                NDArray v = p.squeeze(-1)) {
            return v.copy();
        }
    }

    /** numpy.vecmat(x1, x2): conj((..., n)) times (..., n, m), giving (..., m). */
    static NDArray vecmat(Linalg la, NDArray x1, NDArray x2) {
        x1.live("vecmat");
        x2.live("vecmat");
        if (x1.ndim() < 1 || x2.ndim() < 2)
            throw new ShapeException("vecmat: expected a vector (..., N) and a matrix (..., N, M), got shapes "
                    + Shapes.str(x1.shape()) + " and " + Shapes.str(x2.shape()));
        core("vecmat", x1.shape(-1), x2.shape(-2), x1, x2);
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray row = t(temps, t(temps, conj(x1)).expandDims(-2));
            NDArray p = t(temps, la.matmul(row, x2, null));
            return t(temps, p.squeeze(-2)).copy();
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    private static void core(String op, long n1, long n2, NDArray x1, NDArray x2) {
        if (n1 != n2)
            throw new ShapeException(op + ": the core dimensions must be equal, got " + n1 + " and " + n2 + " (shapes "
                    + Shapes.str(x1.shape()) + " and " + Shapes.str(x2.shape()) + ")");
    }

    // a view for real input; the conjugate copy for complex
    private static NDArray conj(NDArray x) {
        return x.dtype().isComplex() ? x.conj() : x.view(x.shape(), x.strides(), x.offset());
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
