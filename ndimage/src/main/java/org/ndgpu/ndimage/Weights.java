package org.ndgpu.ndimage;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Filter weights and index tables made on the host and sent to the device: Gaussian kernels
 * computed as SciPy computes them, and the small int64 tables of the n-D kernel. Weights are in the
 * kernels' accumulation type, float64 where the device has it (SciPy accumulates in double), else
 * float32.
 */
final class Weights {
    private Weights() {}

    /** The accumulation dtype on {@code device}: float64 where it has fp64. */
    static DType accumulation(Device device) {
        return device.facts().fp64() ? DType.FLOAT64 : DType.FLOAT32;
    }

    /** {@code values} on {@code device} as a 1-D array of the accumulation dtype. */
    static NDArray toDevice(Device device, double[] values) {
        DType dt = accumulation(device);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment seg = a.allocate(Math.max(1, values.length) * (long) dt.itemsize(), 8);
            for (int i = 0; i < values.length; i++) {
                if (dt == DType.FLOAT64) seg.setAtIndex(ValueLayout.JAVA_DOUBLE, i, values[i]);
                else seg.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) values[i]);
            }
            return NDArray.fromHost(device, dt, new long[] {values.length}, seg);
        }
    }

    /** {@code values} on {@code device} as a 1-D int64 array. */
    static NDArray longs(Device device, long[] values) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment seg = a.allocate(Math.max(1, values.length) * 8L, 8);
            for (int i = 0; i < values.length; i++) seg.setAtIndex(ValueLayout.JAVA_LONG, i, values[i]);
            return NDArray.fromHost(device, DType.INT64, new long[] {values.length}, seg);
        }
    }

    /**
     * scipy.ndimage's {@code _gaussian_kernel1d(sigma, order, radius)}: exp(-x^2 / (2 sigma^2))
     * normalized to sum 1 over x in [-radius, radius], times, for a derivative of {@code order}, the
     * polynomial q(x) that differentiating q(x) exp(p(x)) {@code order} times gives.
     */
    static double[] gaussian(double sigma, int order, int radius) {
        int len = 2 * radius + 1;
        double sigma2 = sigma * sigma;
        double[] phi = new double[len];
        double sum = 0;
        for (int i = 0; i < len; i++) {
            double x = i - radius;
            phi[i] = Math.exp(-0.5 / sigma2 * x * x);
            sum += phi[i];
        }
        for (int i = 0; i < len; i++) phi[i] /= sum;
        if (order == 0) return phi;
        // q's coefficients, lowest power first; each step q <- q' + q * p', with p'(x) = -x / sigma^2
        double[] q = new double[order + 1];
        q[0] = 1;
        for (int step = 0; step < order; step++) {
            double[] next = new double[order + 1];
            for (int e = 1; e <= order; e++) next[e - 1] += e * q[e]; // D: the derivative
            for (int e = 0; e < order; e++) next[e + 1] += -q[e] / sigma2; // P: times -x / sigma^2
            q = next;
        }
        double[] out = new double[len];
        for (int i = 0; i < len; i++) {
            double x = i - radius, poly = 0, xe = 1;
            for (int e = 0; e <= order; e++) {
                poly += q[e] * xe;
                xe *= x;
            }
            out[i] = poly * phi[i];
        }
        return out;
    }
}
