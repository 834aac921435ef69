package org.ndgpu.ndarray;

import org.ndgpu.exceptions.DTypeException;

/**
 * A complex Java scalar, Python's {@code complex}, taken wherever a Java number is: beside arrays a weak
 * scalar (complex64 with float16, float32 or complex64 arrays, else complex128, as NumPy 2), alone a
 * complex128: {@code x.mul(Complex.J)}, {@code Nd.array(Complex.of(1, -2))}, {@code a.fill(Complex.of(0, 1))}.
 * {@code item()} of a complex element gives {@code double[]{re, im}}, which {@link #of(double[])} takes.
 */
public record Complex(double re, double im) {
    /** The imaginary unit, Python's {@code 1j}. */
    public static final Complex J = new Complex(0, 1);

    /** re + im j. */
    public static Complex of(double re, double im) {
        return new Complex(re, im);
    }

    /** {@code {re, im}}, as {@code item()} gives a complex element. */
    public static Complex of(double[] reIm) {
        if (reIm == null || reIm.length != 2)
            throw new DTypeException(
                    "Complex.of: expected {re, im}, got " + (reIm == null ? null : reIm.length + " values"));
        return new Complex(reIm[0], reIm[1]);
    }

    /** A 0-d array of this value, of the complex {@code dtype}, on {@code device}. */
    public NDArray toArray(org.ndgpu.device.Device device, DType dtype) {
        try (NDArray wide = NDArray.fromHost(
                device, DType.COMPLEX128, new long[0], java.lang.foreign.MemorySegment.ofArray(new double[] {re, im
                }))) {
            return dtype == DType.COMPLEX128 ? wide.copy() : wide.astype(dtype);
        }
    }
}
