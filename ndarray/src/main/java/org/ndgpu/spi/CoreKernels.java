package org.ndgpu.spi;

import org.ndgpu.ndarray.NDArray;

/**
 * The elementwise kernels of the core's own methods: casting copies, fills and ranges
 * ({@code a.astype}, {@code a.fill}, {@code Nd.arange}, {@code Nd.linspace}). The core writes no
 * kernel: kernels-elementwise, which holds the elementwise loop, provides this contract, found once
 * through {@link Providers#coreKernels()}.
 */
public interface CoreKernels {
    /** {@code out[...] = src}, each element converted to out's dtype as C converts; src broadcasts to out's shape. */
    void castInto(NDArray src, NDArray out);

    /** Every element of {@code target} set to {@code value} converted to target's dtype. */
    void fill(NDArray target, long value);

    /** Every element of {@code target} set to {@code value} converted to target's dtype. */
    void fill(NDArray target, double value);

    /** {@code out[i] = start + i * step}, computed in int64 and converted to out's dtype. */
    void arange(NDArray out, long start, long step);

    /**
     * {@code out[i] = first + i * delta} in float64 for a float64 {@code out}, else float32 (the
     * product rounded on its own, never an fma, as NumPy), and {@code out[1]} exactly {@code second}.
     */
    void arange(NDArray out, double first, double delta, double second);

    /**
     * numpy.linspace's points into {@code out}: {@code start + i * step} (the product rounded on its
     * own), the last exactly {@code stop} when {@code endpoint}; floored first for an integer dtype.
     */
    void linspace(NDArray out, double start, double step, double stop, boolean endpoint);
}
