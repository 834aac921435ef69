package org.ndgpu.ndarray;

import org.ndgpu.exceptions.DTypeException;

/**
 * A complex Java scalar, as Python's {@code complex}: taken wherever an operation takes a Java
 * number. Beside an array it is a weak scalar, as NumPy 2's Python complex: with float16, float32 or
 * complex64 the result is complex64, with anything else complex128; alone it is complex128.
 *
 * <pre>{@code
 * NDArray z = x.mul(Complex.J);                  // 1j * x
 * NDArray w = Nd.array(Complex.of(1, -2));       // np.array(1-2j): 0-d complex128
 * a.fill(new Complex(0.5, 0.5));                 // a[...] = 0.5+0.5j
 * }</pre>
 *
 * {@link NDArray#item()} of a complex element gives {@code double[]{re, im}}; {@link #of(double[])}
 * makes one of those a Complex.
 */
public record Complex(double re, double im) {
    /** The imaginary unit, Python's {@code 1j}. */
    public static final Complex J = new Complex(0, 1);

    /** re + im j. */
    public static Complex of(double re, double im) {
        return new Complex(re, im);
    }

    /** {@code {re, im}}, as {@link NDArray#item()} gives a complex element. */
    public static Complex of(double[] reIm) {
        java.util.Objects.requireNonNull(reIm, "Complex.of: reIm is null");
        if (reIm.length != 2) throw new DTypeException("Complex.of: expected {re, im}, got " + reIm.length + " values");
        return new Complex(reIm[0], reIm[1]);
    }

    /** The complex dtype NumPy 2 gives this weak scalar beside arrays of {@code arrays} (null: none). */
    public static DType weakWith(DType arrays) {
        if (arrays == null) return DType.COMPLEX128;
        return switch (arrays) {
            case FLOAT16, FLOAT32, COMPLEX64 -> DType.COMPLEX64;
            default -> DType.COMPLEX128;
        };
    }

    /** A 0-d array of this value, of complex {@code dtype}, on {@code device}. */
    public NDArray toArray(org.ndgpu.device.Device device, DType dtype) {
        if (!dtype.isComplex()) throw new DTypeException("Complex.toArray: expected a complex dtype, got " + dtype);
        try (NDArray wide = NDArray.fromHost(
                device, DType.COMPLEX128, new long[0], java.lang.foreign.MemorySegment.ofArray(new double[] {re, im
                }))) {
            return dtype == DType.COMPLEX128 ? wide.copy() : wide.astype(dtype);
        }
    }

    /** Python's repr: {@code (1+2j)}, {@code -2j}, {@code (1-0j)}. */
    @Override
    public String toString() {
        String i = Double.isNaN(im) ? "nan" : Double.isInfinite(im) ? (im > 0 ? "inf" : "-inf") : py(im);
        if (re == 0 && Double.doubleToRawLongBits(re) == 0) return i + "j";
        String sign = im < 0 || (im == 0 && Double.doubleToRawLongBits(im) != 0) || (Double.isInfinite(im) && im < 0)
                ? "-"
                : "+";
        String mag = i.startsWith("-") ? i.substring(1) : i;
        return "(" + py(re) + sign + mag + "j)";
    }

    private static String py(double v) {
        if (Double.isNaN(v)) return "nan";
        if (Double.isInfinite(v)) return v > 0 ? "inf" : "-inf";
        if (v == Math.rint(v) && Math.abs(v) < 1e16) return Long.toString((long) v);
        return Double.toString(v);
    }
}
