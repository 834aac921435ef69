package org.ndgpu.routines;

import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;

/**
 * numpy.finfo: the machine limits of a float dtype (a complex dtype gives its parts' float type's).
 *
 * <pre>{@code
 * FInfo.of(DType.FLOAT32).eps();   // 1.1920929E-7
 * }</pre>
 *
 * @param dtype the float dtype described (float32 for complex64)
 * @param bits its width
 * @param eps the gap between 1 and the next larger value
 * @param epsneg the gap between 1 and the next smaller value
 * @param max the largest finite value ({@code min} is its negative)
 * @param smallestNormal the smallest positive normal value (NumPy's smallest_normal, formerly tiny)
 * @param smallestSubnormal the smallest positive subnormal value
 * @param resolution 10 to the minus precision
 * @param precision the decimal digits the type holds
 * @param maxexp the smallest power of 2 that overflows
 * @param minexp the power of 2 of smallestNormal
 * @param nmant the mantissa's stored bits
 * @param nexp the exponent's bits
 */
public record FInfo(
        DType dtype,
        int bits,
        double eps,
        double epsneg,
        double max,
        double smallestNormal,
        double smallestSubnormal,
        double resolution,
        int precision,
        int maxexp,
        int minexp,
        int nmant,
        int nexp) {

    /** numpy.finfo(dtype): {@code FInfo.of(DType.FLOAT64).max()} is Double.MAX_VALUE. */
    public static FInfo of(DType dtype) {
        Objects.requireNonNull(dtype, "finfo: dtype is null");
        return switch (dtype.isComplex() ? dtype.real() : dtype) {
            case FLOAT16 ->
                new FInfo(DType.FLOAT16, 16, 0x1p-10, 0x1p-11, 65504, 0x1p-14, 0x1p-24, half(1e-3), 3, 16, -14, 10, 5);
            case FLOAT32 ->
                new FInfo(
                        DType.FLOAT32,
                        32,
                        0x1p-23,
                        0x1p-24,
                        Float.MAX_VALUE,
                        Float.MIN_NORMAL,
                        Float.MIN_VALUE,
                        (float) 1e-6,
                        6,
                        128,
                        -126,
                        23,
                        8);
            case FLOAT64 ->
                new FInfo(
                        DType.FLOAT64,
                        64,
                        0x1p-52,
                        0x1p-53,
                        Double.MAX_VALUE,
                        Double.MIN_NORMAL,
                        Double.MIN_VALUE,
                        1e-15,
                        15,
                        1024,
                        -1022,
                        52,
                        11);
            default ->
                throw new DTypeException(
                        "finfo: expected a float or complex dtype, got " + dtype + " (iinfo describes integers)");
        };
    }

    private static double half(double x) {
        return Float.float16ToFloat(Float.floatToFloat16((float) x));
    }

    /** The most negative finite value, -max. */
    public double min() {
        return -max;
    }
}
