package org.ndgpu.routines;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ndgpu.Nd;

/**
 * numpy.isclose, allclose and array_equal, written as NumPy writes them, out of ufuncs:
 * {@code |x - y| <= atol + rtol * |y|} where y is finite, or {@code x == y} (so equal infinities are
 * close), or both NaN when equal_nan. y is first made floating (numpy: result_type(y, 1.0)), so
 * integer inputs compare in float64 and float32 ones stay float32; rtol and atol are weak scalars.
 */
public final class Closeness {
    private Closeness() { }

    /** numpy.isclose(a, b, rtol, atol, equal_nan): a BOOL array of the broadcast shape. */
    public static NDArray isclose(Object a, Object b, double rtol, double atol, boolean equalNan) {
        List<NDArray> temps = new ArrayList<>();
        try {
            Object y = floating(b, temps);
            NDArray diff = t(temps, Nd.sub(a, y));
            NDArray absDiff = t(temps, Nd.abs(diff));
            NDArray absY = t(temps, Nd.abs(y));
            NDArray tol = t(temps, Nd.add(atol, t(temps, Nd.mul(rtol, absY))));
            NDArray within = t(temps, Nd.le(absDiff, tol));
            NDArray finite = t(temps, Nd.isfinite(y));
            NDArray close = t(temps, Nd.logicalAnd(within, finite));
            NDArray same = t(temps, Nd.eq(a, y));
            NDArray out = Nd.logicalOr(close, same);
            if (!equalNan) return out;
            temps.add(out);
            NDArray bothNan = t(temps, Nd.logicalAnd(t(temps, Nd.isnan(a)), t(temps, Nd.isnan(y))));
            return Nd.logicalOr(out, bothNan);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** numpy.allclose: every element isclose. */
    public static boolean allclose(Object a, Object b, double rtol, double atol, boolean equalNan) {
        try (NDArray close = isclose(a, b, rtol, atol, equalNan); NDArray all = close.all()) {
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
            NDArray eq = t(temps, Nd.eq(a, b));
            if (equalNan && (a.dtype().isInexact() || b.dtype().isInexact())) {
                NDArray bothNan = t(temps, Nd.logicalAnd(t(temps, Nd.isnan(a)), t(temps, Nd.isnan(b))));
                eq = t(temps, Nd.logicalOr(eq, bothNan));
            }
            return t(temps, eq.all()).toBooleanArray()[0];
        } finally {
            temps.forEach(NDArray::close);
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

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
