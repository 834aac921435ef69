package org.ndgpu.routines.sorting;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * numpy.sort_complex: the last axis sorted in NumPy's complex order (real part, then imaginary
 * part), always complex: complex64 for int8, uint8, int16 and uint16 input, complex128 for every
 * other real type, as NumPy's type characters 'bhBH' decide.
 */
public final class ComplexSort {
    private ComplexSort() {}

    /** numpy.sort_complex(a). */
    public static NDArray sortComplex(NDArray a) {
        a.live("sort_complex");
        DType d = a.dtype();
        DType want = d.isComplex()
                ? d
                : d == DType.INT8 || d == DType.UINT8 || d == DType.INT16 || d == DType.UINT16
                        ? DType.COMPLEX64
                        : DType.COMPLEX128;
        try (NDArray z = d == want ? a.copy() : a.astype(want)) {
            return Sorting.sort("sort_complex", z, -1, false);
        }
    }
}
