package org.ndgpu.routines.math;

import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Scan;

/**
 * numpy.vander: the Vandermonde matrix, by NumPy's own steps so that the products round as
 * NumPy's do (multiply.accumulate along each row): one kernel of repeated products for real types,
 * for complex a column of ones, the other columns x, then a device cumulative product, the columns
 * reversed unless increasing. The dtype is x's promoted with int64, as NumPy's.
 */
public final class Vander {
    private Vander() {}

    /** numpy.vander(x, N, increasing): x 1-d; {@code n} null is len(x). */
    public static NDArray vander(String op, NDArray x, Long n, boolean increasing) {
        x.live(op);
        if (x.ndim() != 1)
            throw new ShapeException(op + ": x must be a one-dimensional array or sequence, got " + x.ndim() + "-d");
        long cols = n == null ? x.size() : n;
        if (cols < 0) throw new ShapeException(op + ": negative dimensions are not allowed, got N = " + cols);
        DType t = DType.promote(x.dtype(), DType.INT64);
        long rows = x.size();
        NDArray v = NDArray.empty(x.device(), t, new long[] {rows, cols}, Order.C);
        try {
            if (rows == 0 || cols == 0) return v;
            if (!t.isComplex()) {
                // a raw float16 buffer holds the 16-bit storage, which (T) x[r] would convert as an
                // integer; float16 widens exactly to the float64 result type, as NumPy casts it
                NDArray c = x.dtype() == DType.FLOAT16 ? x.astype(t) : x.isCContiguous() ? x : x.copy(Order.C);
                try {
                    POWERS.call(c, cols, increasing ? 1 : 0, v);
                } finally {
                    if (c != x) c.close();
                }
                return v;
            }
            try (NDArray tmp = increasing ? v.view(v.shape(), v.strides(), v.offset()) : v.flip(1);
                    NDArray first = tmp.get(":, 0");
                    NDArray col = x.reshape(rows, 1)) {
                first.fill(1);
                if (cols > 1) {
                    try (NDArray rest = tmp.get(":, 1:")) {
                        Copies.copyInto(col, rest);
                        try (NDArray acc = Providers.reductions(rest).scan(Scan.CUMPROD, rest, 1, null)) {
                            Copies.copyInto(acc, rest);
                        }
                    }
                }
            }
            return v;
        } catch (RuntimeException e) {
            v.close();
            throw e;
        }
    }

    // element (r, j) of the C-ordered result: x[r] cast to the result's type and multiplied in e times,
    // one product after another, so it rounds as NumPy's multiply.accumulate along the row does
    private static final ElementwiseKernel POWERS =
            new ElementwiseKernel("raw X x, int64 cols, int32 inc", "T y", """
            const long r = (long) i / cols, j = (long) i % cols, e = inc ? j : cols - 1 - j;
            const T xv = (T) x[r];
            T p = (T) 1;
            for (long k = 0; k < e; k++) p *= xv;
            y = p;""", "nd_vander");
}
