package org.ndgpu.ndarray;

/**
 * The two results of numpy.frexp(x): x = mantissa * 2**exponent, the mantissa in [0.5, 1) in magnitude (x's float dtype), the exponent int32; (x, 0) for 0, inf and NaN.
 * Closing it closes both arrays.
 *
 * <pre>{@code
 * var f = Nd.frexp(x);   f.mantissa(); f.exponent()
 * }</pre>
 *
 * @param mantissa the first output
 * @param exponent the second output
 */
public record Frexp(NDArray mantissa, NDArray exponent) implements AutoCloseable {
    @Override
    public void close() {
        try (mantissa) {
            exponent.close();
        }
    }
}
