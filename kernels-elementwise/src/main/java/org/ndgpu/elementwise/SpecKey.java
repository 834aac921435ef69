package org.ndgpu.elementwise;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * What makes two calls of one operation run the same generated loop: the operation, its outputs'
 * dtypes, and each operand's dtype and whether it is an array or a number. A record of numbers, so
 * the memo of specs is looked up without building a string per call.
 *
 * @param operation the operation's name (NumPy's), as the kernel's name carries it
 * @param out1 the dtype of the (first) output
 * @param out2 the dtype of the second output, or null
 * @param operands each operand's dtype ordinal and array bit, six bits per operand
 */
record SpecKey(String operation, DType out1, DType out2, long operands) {
    /** The key of a call with {@code operands} of effective dtypes {@code dtypes}. */
    static SpecKey of(String operation, DType out1, DType out2, Object[] operands, DType[] dtypes) {
        long sig = operands.length;
        for (int k = 0; k < operands.length; k++)
            sig = (sig << 6) | ((long) dtypes[k].ordinal() << 1) | (operands[k] instanceof NDArray ? 1 : 0);
        return new SpecKey(operation, out1, out2, sig);
    }
}
