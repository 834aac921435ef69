package org.ndgpu.elementwise;

import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * The pieces {@link UfuncMethods}' reduce, accumulate, reduceat and outer share: the layout moves
 * around a fold (an axis moved last, C-contiguous, and back), the fills of empty reductions, the
 * kernel scalar an {@code initial} becomes, and outer's strong Java numbers.
 */
final class UfuncMethodParts {
    private UfuncMethodParts() {}

    /** a with axes in {@code perm} order, C-contiguous and of dtype t: a itself when it already is. */
    static NDArray contiguous(NDArray a, int[] perm, DType t) {
        boolean identity = true;
        for (int d = 0; d < perm.length; d++) identity &= perm[d] == d;
        if (identity && a.isCContiguous() && a.dtype() == t) return a;
        try (NDArray v = a.transpose(perm)) {
            return Copies.copy(v, t, Order.C);
        }
    }

    /** The axes with {@code ax} moved last. */
    static int[] lastAxis(int nd, int ax) {
        int[] perm = new int[nd];
        for (int d = 0, j = 0; d < nd; d++) if (d != ax) perm[j++] = d;
        perm[nd - 1] = ax;
        return perm;
    }

    /** y (axes in {@code perm} order) as a new C array in a's axis order. */
    static NDArray back(NDArray y, int[] perm, DType t) {
        int[] inv = new int[perm.length];
        for (int d = 0; d < perm.length; d++) inv[perm[d]] = d;
        try (NDArray v = y.transpose(inv)) {
            return Copies.copy(v, t, Order.C);
        }
    }

    /** A new array of dtype t filled with {@code value} (bitwise_and's -1 wraps to all ones in an unsigned type). */
    static NDArray filled(NDArray like, DType t, long[] shape, Object value) {
        DType carrier = value instanceof Boolean ? DType.BOOL : value instanceof Double ? DType.FLOAT64 : DType.INT64;
        try (NDArray c = NDArray.empty(like.device(), carrier, shape, Order.C)) {
            c.fill(value);
            return Copies.copy(c, t, Order.C);
        }
    }

    /** {@code initial} as a kernel scalar of t's real type. */
    static Object scalar(String name, DType t, Number v) {
        if (t.isBool()) return v.doubleValue() != 0;
        if (t.isInteger()) {
            // NumPy casts a float initial unsafely (5.0 and 5.5 both give 5) and range-checks an integer one
            java.math.BigInteger x = v instanceof Double || v instanceof Float || v instanceof java.math.BigDecimal
                    ? checkedTruncation(name, t, v.doubleValue())
                    : new java.math.BigInteger(v.toString());
            int bits = t.itemsize() * 8;
            java.math.BigInteger lo =
                    t.isSigned() ? java.math.BigInteger.ONE.shiftLeft(bits - 1).negate() : java.math.BigInteger.ZERO;
            java.math.BigInteger hi = java.math.BigInteger.ONE
                    .shiftLeft(t.isSigned() ? bits - 1 : bits)
                    .subtract(java.math.BigInteger.ONE);
            if (x.compareTo(lo) < 0 || x.compareTo(hi) > 0) {
                throw new NdException(name + ": initial " + v + " is out of bounds for " + t + " (the loop dtype)");
            }
            return x.longValue();
        }
        return v.doubleValue();
    }

    static java.math.BigInteger checkedTruncation(String name, DType t, double d) {
        if (!Double.isFinite(d)) {
            throw new NdException(name + ": initial " + d + " cannot be converted to " + t + " (the loop dtype)");
        }
        return new java.math.BigDecimal(d).toBigInteger();
    }

    /** A Java number as the 0-d array np.asarray makes of it, on {@code like}'s device (or the current one). */
    static NDArray strong(String name, Object v, NDArray like) {
        if (!(v instanceof Number || v instanceof Boolean)) {
            throw new NdException(name + ": expected an NDArray or a Java number, got "
                    + v.getClass().getSimpleName());
        }
        DType t = DType.ofJavaValue(v);
        org.ndgpu.device.Device device = like != null ? like.device() : org.ndgpu.device.Device.current();
        DType carrier = v instanceof Boolean ? DType.BOOL : t.isInteger() ? DType.INT64 : DType.FLOAT64;
        try (NDArray c = NDArray.empty(device, carrier, new long[0], Order.C)) {
            c.fill(
                    v instanceof Boolean
                            ? v
                            : t.isInteger() ? (Object) ((Number) v).longValue() : (Object) ((Number) v).doubleValue());
            return Copies.copy(c, t, Order.C);
        }
    }
}
