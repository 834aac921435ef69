package org.ndgpu.elementwise;

import org.ndgpu.ndarray.Ufunc;

/** NumPy's {@code ufunc.identity} and which ufuncs NumPy lets reduce over several axes at once (reorderable). */
final class UfuncIdentities {
    private UfuncIdentities() {}

    /** np.&lt;ufunc&gt;.identity, or null. */
    static Object identity(Ufunc op) {
        return switch (op) {
            case ADD, BITWISE_OR, BITWISE_XOR, GCD -> 0L;
            case HYPOT -> 0.0;
            case MULTIPLY -> 1L;
            case BITWISE_AND -> -1L;
            case LOGADDEXP, LOGADDEXP2 -> Double.NEGATIVE_INFINITY;
            case LOGICAL_AND -> true;
            case LOGICAL_OR, LOGICAL_XOR -> false;
            default -> null;
        };
    }

    /**
     * True for the associative ufuncs, which NumPy reduces over several axes (or axis=None) and
     * ndgpu folds in chunks; subtract, power and the others reduce along one axis only, left to right.
     */
    static boolean reorderable(Ufunc op) {
        return switch (op) {
            case ADD, MULTIPLY, MAXIMUM, MINIMUM, FMAX, FMIN, HYPOT, LOGADDEXP, LOGADDEXP2 -> true;
            case LOGICAL_AND, LOGICAL_OR, LOGICAL_XOR, BITWISE_AND, BITWISE_OR, BITWISE_XOR, GCD, LCM -> true;
            default -> false;
        };
    }
}
