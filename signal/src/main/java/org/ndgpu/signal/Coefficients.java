package org.ndgpu.signal;

import org.ndgpu.ndarray.NDArray;

/**
 * A filter's transfer function as scipy.signal's designs return it, {@code b, a = butter(4, 0.2)}:
 * the numerator and denominator polynomials, float64, highest power first. Closing it closes both.
 *
 * <pre>{@code
 * try (Coefficients f = Nd.signal().butter(4, 0.2)) { NDArray y = Nd.signal().lfilter(f.b(), f.a(), x); }
 * }</pre>
 *
 * @param b the numerator
 * @param a the denominator (a[0] is 1)
 */
public record Coefficients(NDArray b, NDArray a) implements AutoCloseable {
    @Override
    public void close() {
        b.close();
        a.close();
    }
}
