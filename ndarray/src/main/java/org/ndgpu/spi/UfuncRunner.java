package org.ndgpu.spi;

import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;

/**
 * What runs a ufunc call: module kernels-elementwise's library on the device, or a Fuse trace that
 * records it ({@link Tracer}). NDArray's methods reach it through {@link Providers#ufuncs(Object...)}. Operands are NDArrays or Java
 * numbers (NumPy 2 weak scalars); {@code out} may be null to allocate the result.
 */
public interface UfuncRunner {
    /** Applies the NumPy ufunc {@code op} ({@link Ufunc#ADD}, {@link Ufunc#SQRT}, ...) to {@code op.nin()} operands. */
    NDArray call(Ufunc op, NDArray out, Object... operands);

    /**
     * A ufunc of two outputs ({@link Ufunc#nout()} 2: frexp, modf, divmod): both results, each
     * into its {@code out} when not null.
     */
    default NDArray[] call2(Ufunc op, NDArray out1, NDArray out2, Object... operands) {
        throw new NdException(op + ": ufuncs of two outputs are not supported by "
                + getClass().getSimpleName()
                + (this instanceof Tracer ? " (Fuse cannot trace them; call it outside the fused function)" : ""));
    }

    /** numpy.where(cond, x, y). */
    NDArray where(Object cond, Object x, Object y, NDArray out);

    /** numpy.clip(a, lo, hi); lo or hi may be null. */
    NDArray clip(NDArray a, Object lo, Object hi, NDArray out);
}
