package org.ndgpu.routines.math;

import java.util.List;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.UfuncRunner;

/**
 * numpy.round (around): to a number of decimals, halves to even, by NumPy's own recipe
 * (PyArray_Round): {@code rint(a * 10**d) / 10**d}, or {@code rint(a / 10**-d) * 10**-d} for
 * negative decimals, each step a ufunc in a's dtype with the power of ten a weak scalar, so float16
 * and float32 round at each step as NumPy's do and a value near a tie goes the way NumPy's goes.
 * float32 and float64 arrays take the three steps in one kernel, with the same values.
 * Integers round only for negative decimals, through float64, and are cast back; with decimals 0 it
 * is rint (bool gives float16, as NumPy; other decimals on a bool array are NumPy's casting error).
 * Complex arrays round their real and imaginary parts apart, as NumPy's, joined by one kernel.
 */
public final class Rounding {
    private Rounding() {}

    /** numpy.round(a, decimals): a new array; integer arrays with decimals &gt;= 0 come back as a copy. */
    public static NDArray round(String op, NDArray a, int decimals) {
        a.live(op);
        UfuncRunner u = Providers.ufuncs(a);
        if (a.dtype().isComplex()) return complex(op, a, decimals);
        if (decimals >= 0 && a.dtype().isInteger()) return a.copy();
        if (decimals == 0) return u.call(Ufunc.RINT, null, a);
        if (a.dtype().isBool())
            throw new DTypeException(op + ": cannot cast ufunc 'multiply' output from float64 to bool with casting"
                    + " rule 'same_kind' (NumPy rounds a bool array in place of its dtype; decimals " + decimals
                    + " needs a float array)");
        double f = powerOfTen(decimals == Integer.MIN_VALUE ? Integer.MAX_VALUE : Math.abs(decimals));
        boolean up = decimals >= 0;
        if (a.dtype() == DType.FLOAT32 || a.dtype() == DType.FLOAT64) return fused(a, f, up);
        NDArray out = u.call(up ? Ufunc.MULTIPLY : Ufunc.TRUE_DIVIDE, null, a, f);
        try {
            u.call(Ufunc.RINT, out, out);
            u.call(up ? Ufunc.TRUE_DIVIDE : Ufunc.MULTIPLY, out, out, f);
            if (out.dtype() == a.dtype() || !a.dtype().isInteger()) return out;
            try (out) {
                return out.astype(a.dtype());
            }
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    // the three steps in one kernel, each in a's dtype as NumPy's ufuncs make them (the power of ten a float32
    // for a float32 array, as NumPy's weak scalar); the same values as three kernels, read and written once
    private static NDArray fused(NDArray a, double f, boolean up) {
        DType t = a.dtype();
        Spec spec = t == DType.FLOAT32 ? (up ? F32_UP : F32_DOWN) : (up ? F64_UP : F64_DOWN);
        NDArray out = NDArray.empty(a.device(), t, a.shape(), Order.C);
        if (out.size() == 0) return out;
        Object scale = t == DType.FLOAT32 ? (Object) (float) f : (Object) f;
        ElementwiseLoop.runIntoNew(spec, new Object[] {out, a, scale}, a.shape());
        return out;
    }

    private static Spec scaled(DType t, boolean up) {
        return new Spec(
                "nd_round_" + (up ? "up_" : "down_") + t,
                List.of(new Param("y", t, Kind.OUT), new Param("x", t, Kind.IN), new Param("f", t, Kind.SCALAR)),
                up ? "y = rint(x * f) / f;" : "y = rint(x / f) * f;");
    }

    private static final Spec F32_UP = scaled(DType.FLOAT32, true);
    private static final Spec F32_DOWN = scaled(DType.FLOAT32, false);
    private static final Spec F64_UP = scaled(DType.FLOAT64, true);
    private static final Spec F64_DOWN = scaled(DType.FLOAT64, false);

    // NumPy rounds the real and imaginary parts as float arrays of their own
    private static NDArray complex(String op, NDArray a, int decimals) {
        UfuncRunner u = Providers.ufuncs(a);
        try (NDArray re = u.call(Ufunc.REAL, null, a);
                NDArray im = u.call(Ufunc.IMAG, null, a);
                NDArray rre = round(op, re, decimals);
                NDArray rim = round(op, im, decimals)) {
            DType t = a.dtype();
            NDArray out = NDArray.empty(a.device(), t, a.shape(), Order.C);
            Spec spec = t == DType.COMPLEX64 ? C64 : C128;
            ElementwiseLoop.runIntoNew(spec, new Object[] {out, rre, rim}, a.shape());
            return out;
        }
    }

    private static Spec join(DType t, String make) {
        return new Spec(
                "nd_round_join_" + t,
                List.of(
                        new Param("y", t, Kind.OUT),
                        new Param("re", t.real(), Kind.IN),
                        new Param("im", t.real(), Kind.IN)),
                "y = " + make + "(re, im);");
    }

    private static final Spec C64 = join(DType.COMPLEX64, "nd_c64");
    private static final Spec C128 = join(DType.COMPLEX128, "nd_c128");

    private static final double[] P10 = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8};

    // NumPy's power_of_ten: exact below 10^9, then repeated multiplication (not pow), for the same double
    private static double powerOfTen(int n) {
        if (n < 9) return P10[n];
        double r = 1e9;
        for (int k = n; k > 9 && r != Double.POSITIVE_INFINITY; k--) r *= 10.;
        return r;
    }
}
