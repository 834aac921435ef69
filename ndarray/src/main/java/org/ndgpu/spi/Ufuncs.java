package org.ndgpu.spi;

import org.ndgpu.ndarray.NDArray;

/**
 * The ufunc library, implemented by module kernels-elementwise. Operands are NDArrays or Java
 * numbers (NumPy 2 weak scalars); {@code out} may be null to allocate the result.
 */
public interface Ufuncs {
    /** Applies the NumPy ufunc {@code op} ({@link Ufunc#ADD}, {@link Ufunc#SQRT}, ...) to {@code op.nin()} operands. */
    NDArray call(Ufunc op, NDArray out, Object... operands);

    /** numpy.where(cond, x, y). */
    NDArray where(Object cond, Object x, Object y, NDArray out);

    /** numpy.clip(a, lo, hi); lo or hi may be null. */
    NDArray clip(NDArray a, Object lo, Object hi, NDArray out);
}
