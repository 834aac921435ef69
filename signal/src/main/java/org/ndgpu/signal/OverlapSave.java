package org.ndgpu.signal;

import org.ndgpu.fft.impl.BlockConvolution;
import org.ndgpu.fft.impl.FftLibrary;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * fftconvolve's plan for one long signal (or rows of them) and one short filter: overlap-save
 * blocks transformed in local memory ({@link BlockConvolution}) instead of three transforms of the
 * whole padded length, where the FFT engine's cost model says so. The values are those of the
 * whole-length transform to rounding, as SciPy's oaconvolve's are.
 */
final class OverlapSave {
    private OverlapSave() {}

    /**
     * The part {@code [start, start + len)} along {@code axis} of the full convolution of in1 and in2
     * (real, dtype {@code ft} or castable), every other axis broadcast, or null when this plan does not
     * fit: more than one axis convolves, the shorter input is not one filter (extent 1 on every other
     * axis), or one transform of the whole length is cheaper.
     */
    static NDArray convolve(NDArray in1, NDArray in2, int axis, long start, long len, DType ft) {
        long[] s1 = in1.shape(), s2 = in2.shape();
        boolean swap = s2[axis] > s1[axis];
        NDArray x = swap ? in2 : in1, h = swap ? in1 : in2;
        long[] sx = x.shape(), sh = h.shape();
        for (int d = 0; d < sh.length; d++) if (d != axis && sh[d] != 1) return null;
        long n = sx[axis], k = sh[axis];
        long fftLen = FftLibrary.instance().nextFastLen(n + k - 1);
        int points = BlockConvolution.points(x.device(), ft, n, k, fftLen);
        if (points == 0) return null;
        int last = sx.length - 1;
        try (NDArray moved = x.moveaxis(new int[] {axis}, new int[] {last});
                NDArray rows = contiguous(moved, ft);
                NDArray r2 = rows.reshape(x.size() / n, n);
                NDArray flat = h.reshape(k);
                NDArray taps = contiguous(flat, ft);
                NDArray y = BlockConvolution.convolve(r2, taps, start, len, points)) {
            long[] shape = moved.shape();
            shape[last] = len;
            if (axis == last) return y.reshape(shape);
            try (NDArray back = y.reshape(shape);
                    NDArray out = back.moveaxis(new int[] {last}, new int[] {axis})) {
                return out.copy(Order.C);
            }
        }
    }

    /** {@code a} as C-contiguous {@code dt}: a view when it is one already, else a copy. */
    private static NDArray contiguous(NDArray a, DType dt) {
        if (a.dtype() == dt)
            return a.isCContiguous() ? a.readOnlyView(a.shape(), a.strides(), a.offset()) : a.copy(Order.C);
        NDArray c = a.astype(dt);
        if (c.isCContiguous()) return c;
        try (c) {
            return c.copy(Order.C);
        }
    }
}
