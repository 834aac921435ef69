package org.ndgpu.routines.math;

import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * numpy.emath (numpy.lib.scimath): sqrt, log, log2, log10, logn, power, arccos, arcsin and arctanh
 * whose result is complex where the real function has none. As NumPy's, a real input moves to complex
 * only when one of its elements needs it (a negative number for sqrt, the logs and power's base; a
 * magnitude over 1 for arccos, arcsin, arctanh), to complex64 from float32, int8, int16, uint8 and
 * uint16 and complex128 otherwise (float16 too, as NumPy's _tocomplex), and the complex function
 * answers; finding that reads one boolean back. Otherwise the
 * result is the real function's.
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

    /** numpy.emath.log2(x). */
    public NDArray log2(NDArray x) {
        try (NDArray z = complexWhereNegative("log2", x)) {
            return z.log2();
        }
    }

    /** numpy.emath.log10(x). */
    public NDArray log10(NDArray x) {
        try (NDArray z = complexWhereNegative("log10", x)) {
            return z.log10();
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

    /** numpy.emath.arccos(x): complex where a real x has a magnitude over 1. */
    public NDArray arccos(NDArray x) {
        try (NDArray z = complexWhereAbsOverOne("arccos", x)) {
            return z.arccos();
        }
    }

    /** numpy.emath.arcsin(x): complex where a real x has a magnitude over 1. */
    public NDArray arcsin(NDArray x) {
        try (NDArray z = complexWhereAbsOverOne("arcsin", x)) {
            return z.arcsin();
        }
    }

    /** numpy.emath.arctanh(x): complex where a real x has a magnitude over 1. */
    public NDArray arctanh(NDArray x) {
        try (NDArray z = complexWhereAbsOverOne("arctanh", x)) {
            return z.arctanh();
        }
    }

    // _fix_real_lt_zero: x as complex when a real x holds a negative number, else x as it is (a view to close)
    private static NDArray complexWhereNegative(String op, NDArray x) {
        return complexWhere(op, x, false);
    }

    // _fix_real_abs_gt_1: as complexWhereNegative, for a magnitude over 1
    private static NDArray complexWhereAbsOverOne(String op, NDArray x) {
        return complexWhere(op, x, true);
    }

    private static NDArray complexWhere(String op, NDArray x, boolean absOverOne) {
        check(op, x);
        return !x.dtype().isComplex() && any(x, absOverOne) ? toComplex(x) : x.view(x.shape(), x.strides(), x.offset());
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

    // NumPy's _tocomplex: single, byte, short, ubyte and ushort to csingle, the rest (half among them) to cdouble
    private static NDArray toComplex(NDArray x) {
        boolean single = switch (x.dtype()) {
            case FLOAT32, INT8, INT16, UINT8, UINT16 -> true;
            default -> false;
        };
        return x.astype(single ? DType.COMPLEX64 : DType.COMPLEX128);
    }
}
