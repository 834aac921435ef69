package org.ndgpu.routines.math;

import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.linalg.impl.DeviceLinalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Lstsq;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Ranges;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.routines.creation.ArraysLike;

/** numpy.polyval and numpy.polyfit (least squares through linalg's lstsq, with NumPy's column scaling). */
public final class Polynomials {
    private Polynomials() {}

    /** numpy.polyval(p, x): Horner's scheme from the highest power, {@code y = y * x + p[i]}, as NumPy. */
    public static NDArray polyval(String op, NDArray p, NDArray x) {
        p.live(op);
        Operands.device(op, p, x);
        if (p.ndim() != 1)
            throw new ShapeException(op + ": p must be a 1-d array of coefficients, got " + Shapes.str(p.shape()));
        NDArray y = ArraysLike.zerosLike(x);
        for (long i = 0; i < p.size(); i++) {
            try (NDArray old = y;
                    NDArray c = p.get(i);
                    NDArray yx = old.mul(x)) {
                y = yx.add(c);
            }
        }
        return y;
    }

    /**
     * numpy.polyfit(x, y, deg): the coefficients (highest power first) minimizing the squared error;
     * the Vandermonde matrix's columns scaled to unit norm before lstsq, as NumPy, for conditioning.
     */
    public static NDArray polyfit(String op, NDArray x, NDArray y, int deg) {
        x.live(op);
        Operands.device(op, x, y);
        if (deg < 0) throw new NdException(op + ": expected deg >= 0, got " + deg);
        if (x.ndim() != 1) throw new ShapeException(op + ": expected 1D vector for x, got " + Shapes.str(x.shape()));
        if (x.size() == 0) throw new ShapeException(op + ": expected non-empty vector for x");
        if (y.ndim() < 1 || y.ndim() > 2)
            throw new ShapeException(op + ": expected 1D or 2D array for y, got " + Shapes.str(y.shape()));
        if (y.shape()[0] != x.size())
            throw new ShapeException(
                    op + ": expected x and y to have same length, got " + x.size() + " and " + y.shape()[0]);
        DType t = DType.promote(DType.promote(x.dtype(), y.dtype()), DType.FLOAT64);
        try (var _ = x.device().use();
                NDArray xf = x.astype(t);
                NDArray yf = y.astype(t);
                NDArray col = xf.reshape(-1, 1);
                NDArray powers = Ranges.arange(deg, -1, -1);
                NDArray lhs = col.pow(powers);
                NDArray sq = lhs.mul(lhs);
                NDArray ss = sq.sum(new int[] {0}, false);
                NDArray scale = ss.sqrt();
                NDArray scaled = lhs.div(scale)) {
            // lstsq of a 2-d right-hand side, one column per fit; a 1-d y gives 1-d coefficients again
            try (NDArray y2 = yf.ndim() == 1 ? yf.reshape(-1, 1) : yf.view(yf.shape(), yf.strides(), yf.offset())) {
                Lstsq r = DeviceLinalg.instance().lstsq(scaled, y2);
                r.residuals().close();
                r.s().close();
                try (NDArray c = r.x();
                        NDArray sc = scale.reshape(-1, 1);
                        NDArray q = c.div(sc)) {
                    return y.ndim() == 1 ? q.reshape(-1).copy() : q.copy();
                }
            }
        }
    }
}
