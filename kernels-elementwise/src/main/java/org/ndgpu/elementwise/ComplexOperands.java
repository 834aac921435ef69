package org.ndgpu.elementwise;

import org.ndgpu.device.Device;
import org.ndgpu.ndarray.Complex;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * {@link Complex} Java scalars among a ufunc's operands, made 0-d arrays of the dtype NumPy 2 gives a
 * weak Python complex beside the call's arrays (complex64 beside float16, float32 or complex64 arrays,
 * else complex128), on the arrays' device: the result's dtype is then NumPy's, and the kernels see
 * only arrays and real Java numbers.
 */
final class ComplexOperands {
    private ComplexOperands() {}

    static boolean any(Object[] operands) {
        for (Object o : operands) if (o instanceof Complex) return true;
        return false;
    }

    /** The 0-d arrays for the Complex operands (null elsewhere); the caller closes them with {@link #close}. */
    static NDArray[] arrays(Object[] operands) {
        DType arrays = null;
        Device device = null;
        for (Object o : operands) {
            if (o instanceof NDArray a) {
                arrays = arrays == null ? a.dtype() : DType.promote(arrays, a.dtype());
                if (device == null) device = a.device();
            }
        }
        // NumPy 2's weak Python complex: complex64 beside float16, float32 or complex64, else complex128
        DType t = arrays == DType.FLOAT16 || arrays == DType.FLOAT32 || arrays == DType.COMPLEX64
                ? DType.COMPLEX64
                : DType.COMPLEX128;
        NDArray[] made = new NDArray[operands.length];
        try {
            for (int k = 0; k < operands.length; k++) {
                if (operands[k] instanceof Complex z)
                    made[k] = z.toArray(device != null ? device : Device.current(), t);
            }
        } catch (RuntimeException e) {
            close(made);
            throw e;
        }
        return made;
    }

    static Object[] replaced(Object[] operands, NDArray[] made) {
        Object[] r = operands.clone();
        for (int k = 0; k < r.length; k++) if (made[k] != null) r[k] = made[k];
        return r;
    }

    static void close(NDArray[] made) {
        for (NDArray a : made) if (a != null) a.close();
    }
}
