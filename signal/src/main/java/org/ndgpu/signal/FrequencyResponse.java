package org.ndgpu.signal;

import org.ndgpu.ndarray.NDArray;

/**
 * What scipy.signal.freqz returns, {@code w, h = freqz(b, a)}: the frequencies (float64, radians per
 * sample unless fs was given) and the complex response there. Closing it closes both.
 *
 * <pre>{@code
 * try (FrequencyResponse r = Nd.signal().freqz(b, a)) { NDArray gain = r.h().abs(); }
 * }</pre>
 *
 * @param w the frequencies
 * @param h the frequency response, complex128
 */
public record FrequencyResponse(NDArray w, NDArray h) implements AutoCloseable {
    @Override
    public void close() {
        w.close();
        h.close();
    }
}
