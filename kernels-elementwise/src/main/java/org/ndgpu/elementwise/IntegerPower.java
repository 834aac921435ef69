package org.ndgpu.elementwise;

import java.util.Arrays;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;

/** NumPy's integer power loops raise at a negative exponent: the checks of power and its reduce and accumulate. */
final class IntegerPower {
    private IntegerPower() {}

    // NumPy raises for an integer base to a negative integer exponent. A Java number exponent is checked
    // for free; a signed integer exponent array costs one reduction and a read of its minimum, paid only
    // by integer power with an array exponent (CuPy skips it and gives 0)
    static void checkOperands(Object[] operands, DType[] eff) {
        if (operands.length == 2
                && operands[1] instanceof NDArray e
                && e.dtype().isInteger()
                && e.dtype().isSigned()
                && e.size() > 0
                && (eff[0].isInteger() || eff[0].isBool())
                // uint64 with a signed exponent promotes to float64, whose loop takes negative exponents
                && !DType.promote(eff[0], eff[1]).isFloating()) {
            long min;
            try (NDArray m = e.min()) {
                min = ((Number) m.item()).longValue();
            }
            if (min < 0) {
                throw new NdException("power: Integers to negative integer powers are not allowed (the exponent array"
                        + " holds " + min + ", with " + eff[0] + " base); use a float base or exponent");
            }
        }
        if (operands.length == 2
                && operands[1] instanceof Number e
                && !(e instanceof Float || e instanceof Double)
                && e.longValue() < 0
                && (eff[0].isInteger() || eff[0].isBool())
                && (eff[1].isInteger() || eff[1].isBool())) {
            throw new NdException("power: Integers to negative integer powers are not allowed (exponent " + e + " with "
                    + eff[0] + " base); use a float base or exponent, e.g. a.pow(-1.0)");
        }
    }

    /**
     * NumPy's integer power loop raises at a negative exponent. In reduce and accumulate along
     * {@code axis} (-1: a's only element) every element after the first is an exponent, and with
     * {@code initial} every element is.
     */
    static void checkExponents(Ufunc op, String name, DType t, NDArray a, int axis, boolean all) {
        if (op != Ufunc.POWER
                || !t.isInteger()
                || !(a.dtype().isInteger() && a.dtype().isSigned())) return;
        String[] index = new String[a.ndim()];
        Arrays.fill(index, ":");
        if (!all && axis >= 0) index[axis] = "1:";
        if (!all && axis < 0) return;
        try (NDArray exponents = a.ndim() == 0 ? a.reshape(1) : a.get(String.join(", ", index))) {
            if (exponents.size() == 0) return;
            long min;
            try (NDArray m = exponents.min()) {
                min = ((Number) m.item()).longValue();
            }
            if (min < 0) {
                throw new NdException(name + ": Integers to negative integer powers are not allowed (an exponent is "
                        + min + ", with " + t + " loop); pass a float dtype");
            }
        }
    }
}
