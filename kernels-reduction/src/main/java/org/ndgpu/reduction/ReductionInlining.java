package org.ndgpu.reduction;

import org.ndgpu.backend.Dialect;
import org.ndgpu.ndarray.DType;
import org.ndgpu.spi.Reduction;

/**
 * The built-in reductions' specs and NumPy result dtypes, public for code generators that put
 * their own map expression in front of a built-in reduction (module fuse: {@code sum((x - y)^2)}
 * as one kernel). The spec's {@code map} reads its one input as {@code x}, or as the expression a
 * generator passes; replace that input, keep the reduce, post-map and identity.
 *
 * <pre>{@code
 * ReductionSpec s = ReductionInlining.spec(Reduction.SUM, DType.FLOAT32, DType.FLOAT32, true);
 * }</pre>
 */
public final class ReductionInlining {
    private ReductionInlining() {}

    /** NumPy's result dtype of reduction {@code op} ({@link Reduction#SUM}, {@link Reduction#MAX}, ...) over {@code in}. */
    public static DType resultType(Reduction op, DType in) {
        return BuiltinSpecs.resultType(op, in);
    }

    /** True when reducing zero elements gives the identity rather than an error (sum: yes, max: no). */
    public static boolean hasIdentity(Reduction op) {
        return BuiltinSpecs.hasIdentity(op);
    }

    /** NumPy's name of the ufunc behind {@code op}, for the empty-reduction error ("maximum" for max). */
    public static String ufuncName(Reduction op) {
        return BuiltinSpecs.ufuncName(op);
    }

    /** The spec of {@code op} reading input {@code x} of dtype {@code in} into {@code out}; {@code fp64}: the device has doubles. */
    public static ReductionSpec spec(Reduction op, DType in, DType out, boolean fp64) {
        return BuiltinSpecs.spec(op, in, out, fp64);
    }

    /**
     * The spec of {@code op} whose map reads its input as the C expression {@code input} of dtype
     * {@code in} instead of parameter {@code x} (for fuse, a call of its fused map).
     */
    public static ReductionSpec spec(Reduction op, DType in, DType out, boolean fp64, String input) {
        return BuiltinSpecs.build(op, in, out, fp64, input);
    }

    /**
     * The source {@link ReductionLoop} generates for {@code spec} in its one-pass row layout over
     * one kept and one reduced dimension (other calls differ in index arithmetic and pass only):
     * to read what a spec's map, reduce and post-map become.
     */
    public static String source(Dialect dialect, ReductionSpec spec) {
        return ReductionSource.source(
                dialect, spec, new ReductionLayout(ReductionSource.Mode.DIRECT, 1, 1, true, true, 256));
    }
}
