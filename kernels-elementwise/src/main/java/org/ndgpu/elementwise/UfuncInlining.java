package org.ndgpu.elementwise;

import org.ndgpu.codegen.CTypes;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Ufunc;

/**
 * The ufunc library's C expressions, public for code generators that inline ufuncs into larger
 * kernels (module fuse): the very snippets {@link UfuncLibrary} runs, so a fused kernel computes
 * exactly what the unfused calls do. Pair with {@link UfuncLoops#resolve} for the loop types.
 *
 * <pre>{@code
 * UfuncLoops.Loop l = UfuncLoops.resolve(Ufunc.ADD.numpyName(), DType.FLOAT32, DType.FLOAT32);
 * UfuncInlining.expr(Ufunc.ADD, l.in()[0], l.out(), "a", "b");   // "(a + b)"
 * }</pre>
 */
public final class UfuncInlining {
    private UfuncInlining() {}

    /**
     * The expression of {@code ufunc} over operands {@code v}, already converted to the loop's
     * input type {@code t} (the first input's loop dtype), with result type {@code out}.
     * {@link Ufunc#CLIP} is {@code minimum(maximum(v0, v1), v2)}, as {@code numpy.clip}.
     */
    public static String expr(Ufunc ufunc, DType t, DType out, String... v) {
        if (ufunc == Ufunc.CLIP) {
            return UfuncExpressions.expr(
                    Ufunc.MINIMUM, t, t, UfuncExpressions.expr(Ufunc.MAXIMUM, t, t, v[0], v[1]), v[2]);
        }
        return UfuncExpressions.expr(ufunc, t, out, v);
    }

    /**
     * The expression of {@code ufunc} over operands {@code v}, already converted to the loop's input
     * types {@code in} (as {@link UfuncLoops#resolve} gives them: one type, or NumPy's mixed uint64 and
     * int64 comparison loops), with result type {@code out}.
     */
    public static String expr(Ufunc ufunc, DType[] in, DType out, String... v) {
        if (ufunc == Ufunc.CLIP) return expr(ufunc, in[0], out, v);
        return UfuncExpressions.expr(ufunc, in, out, v);
    }

    /**
     * The device functions a kernel using {@code ufunc}'s expression must declare before its body
     * (the spec's preamble), or "" for most ufuncs; null (a {@code where}) gives "".
     */
    public static String preamble(Ufunc ufunc) {
        return UfuncExpressions.preamble(ufunc);
    }

    /** A value's truth as NumPy's bool() (nonzero; either part for complex): how {@code where} reads its condition. */
    public static String truth(DType t, String v) {
        return UfuncExpressions.truth(t, v);
    }

    /** {@code v} of dtype {@code from} converted to {@code to}'s compute type, as the ufuncs convert operands. */
    public static String cast(DType from, DType to, String v) {
        return CTypes.cast(from, to, v);
    }
}
