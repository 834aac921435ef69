package org.ndgpu.routines.logic;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Providers;

/**
 * numpy.isclose, allclose and array_equal, written as NumPy writes them, out of ufuncs:
 * {@code |x - y| <= atol + rtol * |y|} where y is finite, or {@code x == y} (so equal infinities are
 * close), or both NaN when equal_nan. y is first made floating (numpy: result_type(y, 1.0)), so
 * integer inputs compare in float64 and float32 ones stay float32; rtol and atol are weak scalars.
 */
public final class Closeness {
    private Closeness() {}

    /** numpy.isclose(a, b, rtol, atol, equal_nan): a BOOL array of the broadcast shape. */
    public static NDArray isclose(Object a, Object b, double rtol, double atol, boolean equalNan) {
        List<NDArray> temps = new ArrayList<>();
        try {
            Object y = floating(b, temps);
            NDArray diff = t(temps, u(Ufunc.SUBTRACT, a, y));
            NDArray absDiff = t(temps, diff.abs());
            NDArray absY = t(temps, u(Ufunc.ABSOLUTE, y));
            NDArray tol = t(temps, u(Ufunc.ADD, atol, t(temps, u(Ufunc.MULTIPLY, rtol, absY))));
            NDArray within = t(temps, absDiff.le(tol));
            NDArray finite = t(temps, u(Ufunc.ISFINITE, y));
            NDArray close = t(temps, within.logicalAnd(finite));
            NDArray same = t(temps, u(Ufunc.EQUAL, a, y));
            NDArray out = close.logicalOr(same);
            if (!equalNan) return out;
            temps.add(out);
            NDArray bothNan = t(temps, t(temps, u(Ufunc.ISNAN, a)).logicalAnd(t(temps, u(Ufunc.ISNAN, y))));
            return out.logicalOr(bothNan);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** numpy.allclose: every element isclose. */
    public static boolean allclose(Object a, Object b, double rtol, double atol, boolean equalNan) {
        try (NDArray close = isclose(a, b, rtol, atol, equalNan);
                NDArray all = close.all()) {
            return all.toBooleanArray()[0];
        }
    }

    /** numpy.array_equal(a, b, equal_nan): the same shape (no broadcasting) and equal elements. */
    public static boolean arrayEqual(NDArray a, NDArray b, boolean equalNan) {
        a.live("array_equal");
        b.live("array_equal");
        if (!Arrays.equals(a.shape(), b.shape())) return false;
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray eq = t(temps, a.eq(b));
            if (equalNan && (a.dtype().isInexact() || b.dtype().isInexact())) {
                NDArray bothNan = t(temps, t(temps, a.isnan()).logicalAnd(t(temps, b.isnan())));
                eq = t(temps, eq.logicalOr(bothNan));
            }
            return t(temps, eq.all()).toBooleanArray()[0];
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /**
     * numpy.array_equiv(a1, a2): shapes that broadcast together and equal elements (NaN unequal); shapes
     * that do not broadcast give false, as NumPy.
     */
    public static boolean arrayEquiv(NDArray a1, NDArray a2) {
        a1.live("array_equiv");
        a2.live("array_equiv");
        long[] s1 = a1.shape(), s2 = a2.shape();
        for (int i = 1; i <= Math.min(s1.length, s2.length); i++) {
            long x = s1[s1.length - i], y = s2[s2.length - i];
            if (x != y && x != 1 && y != 1) return false;
        }
        try (NDArray eq = a1.eq(a2);
                NDArray all = eq.all()) {
            return all.toBooleanArray()[0];
        }
    }

    // numpy: y = asanyarray(y, dtype=result_type(y, 1.)); a Java integer becomes a double
    private static Object floating(Object b, List<NDArray> temps) {
        if (b instanceof NDArray y) {
            y.live("isclose");
            return y.dtype().isInexact() ? y : t(temps, y.astype(DType.FLOAT64));
        }
        if (b instanceof Number n && !(b instanceof Float || b instanceof Double)) return n.doubleValue();
        return b;
    }

    // a and b may be Java numbers as well as arrays: the ufunc called as NDArray's own methods call it
    private static NDArray u(Ufunc op, Object... operands) {
        return Providers.ufuncs(operands).call(op, null, operands);
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
