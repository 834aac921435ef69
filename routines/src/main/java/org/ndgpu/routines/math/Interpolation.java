package org.ndgpu.routines.math;

import java.util.List;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.routines.manipulation.Joining;

/**
 * numpy.interp(x, xp, fp, left, right): one kernel over x, each value finding its interval of the
 * increasing xp by binary search and interpolating in float64 with NumPy's arithmetic
 * ({@code slope * (x - xp[j]) + fp[j]}, the product rounded on its own as NumPy's C loop, never fused
 * into the add; an exact hit returns fp[j]; a NaN from an infinite slope retried from the right end).
 * xp is not checked for being increasing, as NumPy does not.
 */
public final class Interpolation {
    private Interpolation() {}

    private static final Spec INTERP = new Spec(
            "nd_interp",
            List.of(
                    new Param("x", DType.FLOAT64, Kind.IN),
                    new Param("xp", DType.FLOAT64, Kind.RAW),
                    new Param("fp", DType.FLOAT64, Kind.RAW),
                    new Param("y", DType.FLOAT64, Kind.OUT),
                    new Param("_in", DType.INT64, Kind.SCALAR),
                    new Param("_left", DType.FLOAT64, Kind.SCALAR),
                    new Param("_right", DType.FLOAT64, Kind.SCALAR)),
            """
            double _iv = x, _ir;
            if (isnan(_iv)) _ir = _in == 1 ? fp[0] : _iv; // NumPy's one-point loop: neither below nor above
            else if (_iv < xp[0]) _ir = _left;
            else if (_iv > xp[_in - 1]) _ir = _right;
            else {
                long _lo = 0, _hi = _in - 1;
                while (_lo < _hi) { long _mid = (_lo + _hi + 1) >> 1; if (xp[_mid] <= _iv) _lo = _mid; else _hi = _mid - 1; }
                if (_lo == _in - 1 || xp[_lo] == _iv) _ir = fp[_lo];
                else {
                    double _sl = (fp[_lo + 1] - fp[_lo]) / (xp[_lo + 1] - xp[_lo]);
                    _ir = nd_dmul_rn(_sl, _iv - xp[_lo]) + fp[_lo];
                    if (isnan(_ir)) {
                        _ir = nd_dmul_rn(_sl, _iv - xp[_lo + 1]) + fp[_lo + 1];
                        if (isnan(_ir) && fp[_lo] == fp[_lo + 1]) _ir = fp[_lo];
                    }
                }
            }
            y = _ir;""");

    /** numpy.interp: float64 results of x's shape; {@code left}/{@code right} null take fp[0] and fp[-1]. */
    public static NDArray interp(String op, NDArray x, NDArray xp, NDArray fp, Double left, Double right) {
        x.live(op);
        Operands.device(op, x, xp, fp);
        for (NDArray v : new NDArray[] {x, xp, fp}) {
            if (v.dtype().isComplex())
                throw new DTypeException(op + ": complex values are not supported, got " + v.dtype());
        }
        if (xp.ndim() != 1 || fp.ndim() != 1) {
            throw new ShapeException(op + ": data points must be 1-D sequences, got xp " + Shapes.str(xp.shape())
                    + " and fp " + Shapes.str(fp.shape()));
        }
        if (xp.size() != fp.size())
            throw new ShapeException(op + ": fp and xp are not of the same length: " + fp.size() + " and " + xp.size());
        if (xp.size() == 0) throw new NdException(op + ": array of sample points is empty");
        for (NDArray v : new NDArray[] {x, xp, fp})
            org.ndgpu.ndarray.Sizes.bytes(op, v.shape(), DType.FLOAT64); // their float64 copies
        try (var _ = x.device().use();
                NDArray xd = x.astype(DType.FLOAT64);
                NDArray xpd = xp.astype(DType.FLOAT64);
                NDArray fpd = fp.astype(DType.FLOAT64)) {
            double[] ends = ends(fpd, left, right);
            NDArray out = NDArray.empty(x.device(), DType.FLOAT64, x.shape(), Order.C);
            if (out.size() > 0)
                ElementwiseLoop.run(INTERP, new Object[] {xd, xpd, fpd, out, xp.size(), ends[0], ends[1]}, x.shape());
            return out;
        }
    }

    /**
     * numpy.interp(x, xp, fp, period=period): x and xp taken modulo |period| (NumPy's mod, the sign of
     * the divisor), xp sorted with fp, and one point past each end wrapped around, so the
     * interpolation runs across the period's ends; left and right do not apply.
     */
    public static NDArray interp(String op, NDArray x, NDArray xp, NDArray fp, double period) {
        x.live(op);
        Operands.device(op, x, xp, fp);
        if (period == 0 || Double.isNaN(period))
            throw new NdException(op + ": period must be a non-zero value, got " + period);
        double p = Math.abs(period);
        if (xp.ndim() != 1 || fp.ndim() != 1 || xp.size() != fp.size() || xp.size() == 0)
            return interp(op, x, xp, fp, null, null); // its errors, with their messages
        for (NDArray v : new NDArray[] {x, xp, fp}) {
            if (v.dtype().isComplex())
                throw new DTypeException(op + ": complex values are not supported, got " + v.dtype());
        }
        List<NDArray> temps = new java.util.ArrayList<>();
        try (var _ = x.device().use()) {
            NDArray xm = t(temps, t(temps, x.astype(DType.FLOAT64)).mod(p));
            NDArray xpm = t(temps, t(temps, xp.astype(DType.FLOAT64)).mod(p));
            NDArray order = t(temps, xpm.argsort());
            NDArray xs = t(temps, xpm.take(order));
            NDArray fs = t(temps, t(temps, fp.astype(DType.FLOAT64)).take(order));
            NDArray xpw = t(
                    temps,
                    Joining.concatenate(
                            op,
                            List.of(
                                    t(temps, t(temps, xs.get("-1:")).sub(p)),
                                    xs,
                                    t(temps, t(temps, xs.get(":1")).add(p))),
                            0));
            NDArray fpw =
                    t(temps, Joining.concatenate(op, List.of(t(temps, fs.get("-1:")), fs, t(temps, fs.get(":1"))), 0));
            return interp(op, xm, xpw, fpw, null, null);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }

    private static double[] ends(NDArray fp, Double left, Double right) {
        if (left != null && right != null) return new double[] {left, right};
        try (NDArray first = fp.get(0);
                NDArray last = fp.get(fp.size() - 1)) {
            return new double[] {
                left != null ? left : first.toDoubleArray()[0], right != null ? right : last.toDoubleArray()[0]
            };
        }
    }
}
