package org.ndgpu.spi;

import org.ndgpu.ndarray.NDArray;

/** The reductions and scans, implemented by module kernels-reduction. */
public interface ReductionRunner {
    /**
     * Reduces {@code a} with reduction {@code op} (one of {@link Reduction}; {@link Reduction#NORM}
     * is the 2-norm sqrt(sum |x|^2)) over {@code axes} (null: all), with NumPy's keepdims;
     * {@code ddof} for var and std.
     */
    NDArray reduce(Reduction op, NDArray a, int[] axes, boolean keepdims, NDArray out, int ddof);

    /** The scan {@code op} ({@link Scan#CUMSUM} or {@link Scan#CUMPROD}) along {@code axis} (null: over the flattened array). */
    NDArray scan(Scan op, NDArray a, Integer axis, NDArray out);
}
