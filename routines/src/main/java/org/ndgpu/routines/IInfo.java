package org.ndgpu.routines;

import java.math.BigInteger;
import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;

/**
 * numpy.iinfo: the limits of an integer dtype.
 *
 * <pre>{@code
 * IInfo.of(DType.INT8).min();      // -128
 * IInfo.of(DType.UINT64).max();    // 18446744073709551615
 * }</pre>
 *
 * @param dtype the integer dtype described
 * @param bits its width
 * @param min its smallest value
 * @param max its largest value (exact: uint64's does not fit a long)
 */
public record IInfo(DType dtype, int bits, long min, BigInteger max) {
    /** numpy.iinfo(dtype): {@code IInfo.of(DType.INT32).max()} is 2147483647. */
    public static IInfo of(DType dtype) {
        Objects.requireNonNull(dtype, "iinfo: dtype is null");
        if (!dtype.isInteger()) {
            throw new DTypeException("iinfo: expected an integer dtype, got " + dtype + " (finfo describes floats)");
        }
        int bits = 8 * dtype.itemsize();
        if (!dtype.isSigned())
            return new IInfo(dtype, bits, 0, BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE));
        return new IInfo(
                dtype,
                bits,
                -(1L << (bits - 1)),
                BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE));
    }
}
