package org.ndgpu.spi;

import org.ndgpu.ndarray.NDArray;

/** The reductions and scans, implemented by module kernels-reduction. */
public interface Reductions {
    /**
     * Reduces {@code a} with the reduction named {@code name} ("sum", "prod", "mean", "var", "std",
     * "min", "max", "argmin", "argmax", "all", "any", "count_nonzero", "nansum", "nanmax", "nanmin",
     * and "norm", the 2-norm sqrt(sum |x|^2)) over {@code axes} (null: all), with NumPy's keepdims;
     * {@code ddof} for var and std.
     */
    NDArray reduce(String name, NDArray a, int[] axes, boolean keepdims, NDArray out, int ddof);

    /** "cumsum" or "cumprod" along {@code axis} (null: over the flattened array). */
    NDArray scan(String name, NDArray a, Integer axis, NDArray out);
}
