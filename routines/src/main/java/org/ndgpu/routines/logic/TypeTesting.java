package org.ndgpu.routines.logic;

import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Providers;

/**
 * NumPy's array type testing: numpy.iscomplex and isreal per element (the imaginary part against
 * zero on the device; a real array is all false or all true), iscomplexobj and isrealobj by dtype.
 */
public final class TypeTesting {
    private TypeTesting() {}

    /** numpy.iscomplex(x): a BOOL array, true where the imaginary part is not zero. */
    public static NDArray iscomplex(NDArray x) {
        x.live("iscomplex");
        if (!x.dtype().isComplex()) return Creation.zeros(DType.BOOL, x.shape());
        try (NDArray im = x.imag()) {
            return u(Ufunc.NOT_EQUAL, im, 0);
        }
    }

    /** numpy.isreal(x): a BOOL array, true where the imaginary part is zero. */
    public static NDArray isreal(NDArray x) {
        x.live("isreal");
        if (!x.dtype().isComplex()) return Creation.ones(DType.BOOL, x.shape());
        try (NDArray im = x.imag()) {
            return u(Ufunc.EQUAL, im, 0);
        }
    }

    /** numpy.iscomplexobj(x): whether x's dtype is complex, whatever its values. */
    public static boolean iscomplexobj(NDArray x) {
        x.live("iscomplexobj");
        return x.dtype().isComplex();
    }

    /** numpy.isrealobj(x): whether x's dtype is not complex. */
    public static boolean isrealobj(NDArray x) {
        x.live("isrealobj");
        return !x.dtype().isComplex();
    }

    private static NDArray u(Ufunc op, Object... operands) {
        return Providers.ufuncs(operands).call(op, null, operands);
    }
}
