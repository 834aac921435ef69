package org.ndgpu.ndarray;

import java.util.Objects;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Ufunc;

/** NumPy's universal functions called by name, as {@code Nd.ufunc("add", out, a, b)}. */
public final class UniversalFunctions {
    private UniversalFunctions() {}

    /** Applies the NumPy ufunc {@code name} to operands (NDArrays or numbers), into {@code out} if not null. */
    public static NDArray call(String name, NDArray out, Object... operands) {
        Objects.requireNonNull(name, "ufunc: name is null");
        Objects.requireNonNull(operands, "ufunc: operands is null");
        Ufunc op = Ufunc.of(name);
        if (op == null)
            throw new NdException(name + ": unknown ufunc; expected a NumPy ufunc name such as 'add' or 'sqrt'");
        return Providers.ufuncs(operands).call(op, out, operands);
    }

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
