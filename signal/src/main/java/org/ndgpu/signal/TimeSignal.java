package org.ndgpu.signal;

import org.ndgpu.ndarray.NDArray;

/**
 * The two arrays scipy.signal.istft returns, {@code t, x = istft(Zxx)}: the sample times
 * (float64; as SciPy, as many as the length of the result's first axis) and the signal. Closing it
 * closes both.
 *
 * <pre>{@code
 * try (TimeSignal r = Nd.signal().istft(s.zxx())) { NDArray x = r.x(); }
 * }</pre>
 *
 * @param t the sample times
 * @param x the reconstructed signal (real for a one-sided input, complex otherwise)
 */
public record TimeSignal(NDArray t, NDArray x) implements AutoCloseable {
    @Override
    public void close() {
        t.close();
        x.close();
    }
}
