package org.ndgpu.ndarray;

/**
 * The two results of numpy.divmod(a, b): floor_divide(a, b) and remainder(a, b), so a == quotient * b + remainder; NumPy's type resolution.
 * Closing it closes both arrays.
 *
 * <pre>{@code
 * var d = Nd.divmod(a, 3);   d.quotient(); d.remainder()
 * }</pre>
 *
 * @param quotient the first output
 * @param remainder the second output
 */
public record Divmod(NDArray quotient, NDArray remainder) implements AutoCloseable {
    @Override
    public void close() {
        try (quotient) {
            remainder.close();
        }
    }
}
