package org.ndgpu.routines.math;

import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * numpy.emath (numpy.lib.scimath): sqrt, log, log2, log10, logn, power, arccos, arcsin and arctanh
 * whose result is complex where the real function has none. As NumPy's, a real input moves to complex
 * only when one of its elements needs it (a negative number for sqrt, the logs and power's base; a
 * magnitude over 1 for arccos, arcsin, arctanh), to complex64 from float16 or float32 and complex128
 * otherwise; finding that reads one boolean back. Otherwise the result is the real function's.
 *
 * <pre>{@code
 * Nd.emath().sqrt(Nd.array(new double[] {-1, 4}))     // array([0.+1.j, 2.+0.j])
 * Nd.emath().log(Nd.array(new double[] {Math.E}))     // array([1.]): no negative, stays real
 * }</pre>
 */
public final class Emath {
    private static final Emath INSTANCE = new Emath();

    private Emath() {}

    /** The one instance, {@code Nd.emath()}. */
    public static Emath instance() {
        return INSTANCE;
    }

    /** numpy.emath.sqrt(x). */
    public NDArray sqrt(NDArray x) {
        try (NDArray z = complexWhereNegative("sqrt", x)) {
            return z.sqrt();
        }
    }

    /** numpy.emath.log(x). */
    public NDArray log(NDArray x) {
        try (NDArray z = complexWhereNegative("log", x)) {
            return z.log();
        }
    }

    /** numpy.emath.log2(x): log(x) / ln 2 where x needs complex. */
    public NDArray log2(NDArray x) {
        try (NDArray z = complexWhereNegative("log2", x)) {
            if (!z.dtype().isComplex()) return z.log2();
            try (NDArray l = z.log()) {
                return l.div(Math.log(2));
            }
        }
    }

    /** numpy.emath.log10(x): log(x) / ln 10 where x needs complex. */
    public NDArray log10(NDArray x) {
        try (NDArray z = complexWhereNegative("log10", x)) {
            if (!z.dtype().isComplex()) return z.log10();
            try (NDArray l = z.log()) {
                return l.div(Math.log(10));
            }
        }
    }

    /** numpy.emath.logn(n, x): log(x) / log(n), each by {@link #log}. */
    public NDArray logn(NDArray n, NDArray x) {
        try (NDArray ln = log(Objects.requireNonNull(n, "logn: n is null"));
                NDArray lx = log(x)) {
            return lx.div(ln);
        }
    }

    /** numpy.emath.power(x, p): x complex where it holds a negative number, p float where it holds a negative integer. */
    public NDArray power(NDArray x, NDArray p) {
        Objects.requireNonNull(p, "power: p is null");
        try (NDArray z = complexWhereNegative("power", x);
                NDArray q = p.live("power").dtype().isInteger() && any(p, false) ? p.astype(DType.FLOAT64) : p.copy()) {
            return z.pow(q);
        }
    }

    /**
     * numpy.emath.arccos(x): for a real x with a magnitude over 1 somewhere, NumPy's complex values on
     * the real axis: acos(x) - 0j inside [-1, 1], -acosh(x) j above it, pi - acosh(-x) j below it.
     */
    public NDArray arccos(NDArray x) {
        check("arccos", x);
        if (x.dtype().isComplex() || !any(x, true)) return x.arccos();
        return onTheRealAxis(x, Inverse.ARCCOS);
    }

    /** numpy.emath.arcsin(x): for a real x over 1 in magnitude, sign(x) pi/2 + acosh(|x|) j there, asin(x) + 0j elsewhere. */
    public NDArray arcsin(NDArray x) {
        check("arcsin", x);
        if (x.dtype().isComplex() || !any(x, true)) return x.arcsin();
        return onTheRealAxis(x, Inverse.ARCSIN);
    }

    /** numpy.emath.arctanh(x): for a real x over 1 in magnitude, atanh(1/x) + pi/2 j there, atanh(x) + 0j elsewhere. */
    public NDArray arctanh(NDArray x) {
        check("arctanh", x);
        if (x.dtype().isComplex() || !any(x, true)) return x.arctanh();
        return onTheRealAxis(x, Inverse.ARCTANH);
    }

    private enum Inverse {
        ARCCOS,
        ARCSIN,
        ARCTANH
    }

    // the complex values of the inverse functions at real x, built from their real and imaginary parts
    // by real functions (which give NumPy's signs of zero), in x's float dtype (float64 for integers)
    private static NDArray onTheRealAxis(NDArray x, Inverse f) {
        DType d = x.dtype() == DType.FLOAT16 || x.dtype() == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
        java.util.List<NDArray> temps = new java.util.ArrayList<>();
        try (var _ = x.device().use()) {
            NDArray v = t(temps, x.astype(d));
            NDArray mag = t(temps, v.abs());
            NDArray big = t(temps, mag.gt(1));
            NDArray re, im;
            switch (f) {
                case ARCSIN -> {
                    NDArray edge = t(temps, t(temps, v.sign()).mul(Math.PI / 2));
                    re = t(temps, org.ndgpu.spi.Providers.ufuncs(big).where(big, edge, t(temps, v.arcsin()), null));
                    im = t(temps, org.ndgpu.spi.Providers.ufuncs(big).where(big, t(temps, mag.arccosh()), 0.0, null));
                }
                case ARCCOS -> {
                    NDArray below = t(temps, v.lt(-1));
                    NDArray side = t(temps, org.ndgpu.spi.Providers.ufuncs(big).where(below, Math.PI, 0.0, null));
                    re = t(temps, org.ndgpu.spi.Providers.ufuncs(big).where(big, side, t(temps, v.arccos()), null));
                    im = t(temps, org.ndgpu.spi.Providers.ufuncs(big).where(big, t(temps, mag.arccosh()), 0.0, null));
                }
                default -> {
                    NDArray inv = t(temps, t(temps, v.pow(-1.0)).arctanh());
                    re = t(temps, org.ndgpu.spi.Providers.ufuncs(big).where(big, inv, t(temps, v.arctanh()), null));
                    im = t(temps, org.ndgpu.spi.Providers.ufuncs(big).where(big, Math.PI / 2, 0.0, null));
                }
            }
            if (re.dtype() != d) re = t(temps, re.astype(d));
            if (im.dtype() != d) im = t(temps, im.astype(d));
            NDArray z = t(temps, re.add(t(temps, im.mul(org.ndgpu.ndarray.Complex.J))));
            // arccos's imaginary part is -acosh or -0: the conjugate flips the sign of zero too
            return f == Inverse.ARCCOS ? z.conj() : z.copy();
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    private static NDArray t(java.util.List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }

    // _fix_real_lt_zero: x as complex when a real x holds a negative number, else x as it is (a view to close)
    private static NDArray complexWhereNegative(String op, NDArray x) {
        check(op, x);
        return !x.dtype().isComplex() && any(x, false) ? toComplex(x) : x.view(x.shape(), x.strides(), x.offset());
    }

    private static void check(String op, NDArray x) {
        Objects.requireNonNull(x, op + ": x is null");
        x.live(op);
        if (x.dtype().isTime()) throw new DTypeException(op + ": expected numbers, got " + x.dtype());
    }

    // whether any element is negative (absOverOne: has a magnitude over 1); bool is never either
    private static boolean any(NDArray x, boolean absOverOne) {
        if (x.size() == 0 || x.dtype() == DType.BOOL) return false;
        if (!absOverOne && x.dtype().isInteger() && !x.dtype().isSigned()) return false;
        try (NDArray m = absOverOne ? x.abs() : null;
                NDArray hit = absOverOne ? m.gt(1) : x.lt(0);
                NDArray a = hit.any()) {
            return a.toBooleanArray()[0];
        }
    }

    // _tocomplex: float16 and float32 to complex64, the rest to complex128
    private static NDArray toComplex(NDArray x) {
        DType d = x.dtype();
        return x.astype(d == DType.FLOAT16 || d == DType.FLOAT32 ? DType.COMPLEX64 : DType.COMPLEX128);
    }
}
