package org.ndgpu.routines.math;

import java.lang.foreign.MemorySegment;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Providers;

/**
 * numpy.nan_to_num: NaN, +inf and -inf replaced by finite numbers, as NumPy does it: one kernel for
 * float32 and float64, where over the three masks (isnan, isposinf, isneginf) for float16; the
 * replacements are weak scalars, so a float32 array stays float32. A complex array has its real and imaginary parts replaced separately.
 */
public final class NanToNum {
    private NanToNum() {}

    /**
     * numpy.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf): a null posinf or neginf is the
     * largest or the most negative finite value of x's type, as NumPy's None. Integer and bool
     * arrays are copied unchanged. For complex x an infinite replacement is not supported (the
     * parts are joined by a multiplication with 1j, where inf * 0 would be NaN).
     */
    public static NDArray nanToNum(NDArray x, double nan, Double posinf, Double neginf) {
        x.live("nan_to_num");
        DType d = x.dtype();
        if (!d.isInexact()) return x.copy();
        double max = switch (d.real()) {
            case FLOAT16 -> 65504.0;
            case FLOAT32 -> Float.MAX_VALUE;
            default -> Double.MAX_VALUE;
        };
        double pos = posinf == null ? max : posinf;
        double neg = neginf == null ? -max : neginf;
        if (!d.isComplex()) return replace(x, nan, pos, neg);
        try (NDArray re = x.real();
                NDArray im = x.imag();
                NDArray r = replace(re, nan, pos, neg);
                NDArray i = replace(im, nan, pos, neg);
                NDArray j128 = Creation.fromBytes(MemorySegment.ofArray(new double[] {0, 1}), DType.COMPLEX128);
                NDArray j = j128.astype(d);
                NDArray ij = u(Ufunc.MULTIPLY, i, j)) {
            return u(Ufunc.ADD, r, ij);
        }
    }

    // one pass for float32 and float64, as CuPy's; NaN and infinities cast from the float64 settings as
    // NumPy's weak scalars are (1e300 into float32 is inf)
    private static final ElementwiseKernel REPLACE = new ElementwiseKernel(
            "T x, float64 nan, float64 pos, float64 neg",
            "T y",
            "y = isnan(x) ? (T) nan : isinf(x) ? (x > 0 ? (T) pos : (T) neg) : x;",
            "nd_nan_to_num");

    private static NDArray replace(NDArray x, double nan, double pos, double neg) {
        if (x.dtype() == DType.FLOAT32 || x.dtype() == DType.FLOAT64) return REPLACE.call(x, nan, pos, neg);
        try (NDArray isNan = u(Ufunc.ISNAN, x);
                NDArray a = where(isNan, nan, x);
                NDArray isPos = u(Ufunc.ISPOSINF, a);
                NDArray b = where(isPos, pos, a);
                NDArray isNeg = u(Ufunc.ISNEGINF, b)) {
            return where(isNeg, neg, b);
        }
    }

    private static NDArray where(NDArray cond, double v, NDArray x) {
        return Providers.ufuncs(cond, v, x).where(cond, v, x, null);
    }

    private static NDArray u(Ufunc op, Object... operands) {
        return Providers.ufuncs(operands).call(op, null, operands);
    }
}
