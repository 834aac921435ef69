package org.ndgpu.sparse.linalg;

import java.lang.foreign.MemorySegment;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * The vector steps of the solvers on the device: dot products (only their scalar comes to the
 * host), {@code a + alpha * b}, and the few small arrays made from host values.
 */
final class Vectors {
    private Vectors() {}

    static double dot(NDArray a, NDArray b) {
        try (NDArray d = a.dot(b)) {
            return d.doubleValue();
        }
    }

    static double norm(NDArray a) {
        return Math.sqrt(dot(a, a));
    }

    /** {@code a + alpha * b}, a new array. */
    static NDArray axpy(NDArray a, double alpha, NDArray b) {
        try (NDArray t = b.mul(alpha)) {
            return a.add(t);
        }
    }

    /** Closes {@code old} (unless it is {@code fresh}) and returns {@code fresh}. */
    static NDArray replace(NDArray old, NDArray fresh) {
        if (old != null && old != fresh) old.close();
        return fresh;
    }

    static NDArray zeros(Device device, DType dtype, long... shape) {
        return NDArray.empty(device, dtype, shape, Order.C).fill(0.0);
    }

    /** A device array of {@code dtype} holding {@code values}, shape {@code shape}. */
    static NDArray fromHost(Device device, DType dtype, double[] values, long... shape) {
        if (dtype == DType.FLOAT64) return NDArray.fromHost(device, dtype, shape, MemorySegment.ofArray(values));
        float[] f = new float[values.length];
        for (int i = 0; i < f.length; i++) f[i] = (float) values[i];
        return NDArray.fromHost(device, dtype, shape, MemorySegment.ofArray(f));
    }

    /** The machine epsilon of float32 or float64, as {@code numpy.finfo(dtype).eps}. */
    static double eps(DType dtype) {
        return dtype == DType.FLOAT32 ? Math.ulp(1.0f) : Math.ulp(1.0);
    }
}
