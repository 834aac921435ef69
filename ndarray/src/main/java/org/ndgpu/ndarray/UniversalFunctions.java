package org.ndgpu.ndarray;

import org.ndgpu.spi.Providers;

/** NumPy's ufuncs of two outputs (frexp, modf, divmod), as their records; NDArray and Nd delegate here. */
public final class UniversalFunctions {
    private UniversalFunctions() {}

    /** numpy.frexp(x) into {@code mantissa} and {@code exponent} when not null. */
    public static Frexp frexp(Object x, NDArray mantissa, NDArray exponent) {
        NDArray[] r = Providers.ufuncs(x).call2(Ufunc.FREXP, mantissa, exponent, x);
        return new Frexp(r[0], r[1]);
    }

    /** numpy.modf(x) into {@code fractional} and {@code integral} when not null. */
    public static Modf modf(Object x, NDArray fractional, NDArray integral) {
        NDArray[] r = Providers.ufuncs(x).call2(Ufunc.MODF, fractional, integral, x);
        return new Modf(r[0], r[1]);
    }

    /** numpy.divmod(a, b) into {@code quotient} and {@code remainder} when not null. */
    public static Divmod divmod(Object a, Object b, NDArray quotient, NDArray remainder) {
        NDArray[] r = Providers.ufuncs(a, b).call2(Ufunc.DIVMOD, quotient, remainder, a, b);
        return new Divmod(r[0], r[1]);
    }
}
