package org.ndgpu.routines.math;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Providers;

/**
 * NumPy's functions for handling complex numbers beyond the ufuncs: numpy.angle and
 * numpy.real_if_close, written as NumPy writes them, out of ufuncs (arctan2 of the parts; one
 * reduction of the imaginary parts' magnitude).
 */
public final class ComplexNumbers {
    private ComplexNumbers() {}

    /**
     * numpy.angle(z, deg): arctan2(z.imag, z.real) for complex z, arctan2(0, z) for real z (a weak
     * 0, so int8 gives float16 as NumPy's), times 180/pi when deg.
     */
    public static NDArray angle(NDArray z, boolean deg) {
        z.live("angle");
        NDArray a;
        if (z.dtype().isComplex()) {
            try (NDArray im = z.imag();
                    NDArray re = z.real()) {
                a = u(Ufunc.ARCTAN2, im, re);
            }
        } else {
            a = u(Ufunc.ARCTAN2, 0, z);
        }
        if (!deg) return a;
        try (a) {
            return u(Ufunc.MULTIPLY, a, 180 / Math.PI);
        }
    }

    /**
     * numpy.real_if_close(a, tol): the real part of a complex array whose imaginary parts are all
     * below tol (in machine epsilons of a's type when tol &gt; 1), else a copy of a; a real array is
     * copied. NumPy returns {@code a} itself where this returns a copy, so that the caller owns
     * every result.
     */
    public static NDArray realIfClose(NDArray a, double tol) {
        a.live("real_if_close");
        if (!a.dtype().isComplex()) return a.copy();
        double limit = tol > 1 ? tol * (a.dtype() == DType.COMPLEX64 ? 0x1p-23 : 0x1p-52) : tol;
        boolean close;
        try (NDArray im = a.imag();
                NDArray mag = im.abs();
                NDArray below = u(Ufunc.LESS, mag, limit);
                NDArray all = below.all()) {
            close = all.toBooleanArray()[0];
        }
        return close ? a.real() : a.copy();
    }

    private static NDArray u(Ufunc op, Object... operands) {
        return Providers.ufuncs(operands).call(op, null, operands);
    }
}
