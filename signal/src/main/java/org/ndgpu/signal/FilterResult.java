package org.ndgpu.signal;

import org.ndgpu.ndarray.NDArray;

/**
 * What scipy.signal.lfilter and sosfilt return when given initial conditions,
 * {@code y, zf = lfilter(b, a, x, zi=zi)}: the filtered signal and the final filter state (null when
 * no zi was given). Closing it closes both.
 *
 * <pre>{@code
 * try (FilterResult r = Nd.signal().lfilter(b, a, x, -1, zi)) { NDArray y = r.y(); }
 * }</pre>
 *
 * @param y the output, x's shape
 * @param zf the final state (x's shape with the axis replaced by the order), or null
 */
public record FilterResult(NDArray y, NDArray zf) implements AutoCloseable {
    @Override
    public void close() {
        y.close();
        if (zf != null) zf.close();
    }
}
