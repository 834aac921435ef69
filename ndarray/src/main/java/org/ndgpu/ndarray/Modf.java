package org.ndgpu.ndarray;

/**
 * The two results of numpy.modf(x): the fractional and the integral parts of x, both with x's sign, in x's float dtype.
 * Closing it closes both arrays.
 *
 * <pre>{@code
 * var m = Nd.modf(x);   m.fractional(); m.integral()
 * }</pre>
 *
 * @param fractional the first output
 * @param integral the second output
 */
public record Modf(NDArray fractional, NDArray integral) implements AutoCloseable {
    @Override
    public void close() {
        try (fractional) {
            integral.close();
        }
    }
}
