package org.ndgpu.signal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * scipy.signal's medfilt and wiener on the device: the median of each zero-padded window by one
 * generated kernel (the window gathered into the work-item's own array and insertion-sorted, so the
 * window is capped at {@value #MAX_WINDOW} values), and Wiener's local statistics from direct
 * correlations with a box, blended by one elementwise kernel.
 */
final class LocalFilters {
    private LocalFilters() {}

    /** The most values a medfilt window holds (each work-item sorts its own copy). */
    static final int MAX_WINDOW = 255;

    private static ElementwiseKernel median, blend;

    private static synchronized ElementwiseKernel median() {
        if (median == null) {
            median = new ElementwiseKernel(
                    "raw T a, raw int64 tab, int64 nd, int64 wsize",
                    "T y",
                    "long c[" + Direct.MAX_DIMS + "], o[" + Direct.MAX_DIMS + "]; long rem = (long) i;"
                            + " for (long d = nd - 1; d >= 0; d--) { long n = tab[2 * d]; c[d] = rem % n - tab[2 * d + 1] / 2;"
                            + " rem /= n; o[d] = 0; }"
                            + " T buf[" + MAX_WINDOW + "];"
                            + " for (long t = 0; t < wsize; t++) {"
                            + "   long src = 0, stride = 1; bool out = false;"
                            + "   for (long d = nd - 1; d >= 0; d--) { long n = tab[2 * d]; long k = c[d] + o[d];"
                            + "     if (k < 0 || k >= n) out = true; src += k * stride; stride *= n; }"
                            + "   T v = out ? (T) 0 : a[src];"
                            + "   long j = t; while (j > 0 && buf[j - 1] > v) { buf[j] = buf[j - 1]; j--; } buf[j] = v;"
                            + "   for (long d = nd - 1; d >= 0; d--) { if (++o[d] < tab[2 * d + 1]) break; o[d] = 0; }"
                            + " }"
                            + " y = buf[wsize / 2];",
                    "signal_medfilt");
        }
        return median;
    }

    private static synchronized ElementwiseKernel blend() {
        if (blend == null) {
            blend = new ElementwiseKernel(
                    "T im, T m, T v, T noise",
                    "T y",
                    "y = v < noise ? m : (im - m) * ((T) 1 - noise / v) + m;",
                    "signal_wiener_blend");
        }
        return blend;
    }

    /** scipy.signal.medfilt(volume, kernel_size): one odd size per axis (null: 3 on every axis). */
    static NDArray medfilt(NDArray volume, int[] kernelSize) {
        return medfilt("signal.medfilt", volume, kernelSize);
    }

    /** medfilt under another function's name (medfilt2d: 2-D input only). */
    static NDArray medfilt(String op, NDArray volume, int[] kernelSize) {
        real(op, volume);
        if (op.equals("signal.medfilt2d") && volume.ndim() != 2) {
            throw new ShapeException(op + ": expected a 2-D input, got " + volume.ndim() + "-D");
        }
        int nd = volume.ndim();
        int[] k = sizes(op, kernelSize, nd, true);
        long wsize = 1;
        for (int v : k) wsize *= v;
        if (wsize > MAX_WINDOW) {
            throw new NdException(op + ": a window of " + wsize + " values is more than the " + MAX_WINDOW
                    + " that ndgpu's median kernel takes");
        }
        NDArray y = NDArray.empty(volume.device(), volume.dtype(), volume.shape(), Order.C);
        if (y.size() == 0) return y;
        long[] tab = new long[2 * nd];
        for (int d = 0; d < nd; d++) {
            tab[2 * d] = volume.shape()[d];
            tab[2 * d + 1] = k[d];
        }
        try (NDArray t = longs(volume.device(), tab)) {
            median().call(volume, t, (long) nd, wsize, y);
        }
        return y;
    }

    /** scipy.signal.wiener(im, mysize, noise): float64, the local mean where the local variance is below the noise. */
    static NDArray wiener(NDArray im, int[] mysize, Double noise) {
        String op = "signal.wiener";
        real(op, im);
        int nd = im.ndim();
        int[] k = sizes(op, mysize, nd, false);
        if (noise != null && Double.isNaN(noise)) throw new NdException(op + ": noise is NaN");
        long[] ks = new long[nd];
        double count = 1;
        for (int d = 0; d < nd; d++) {
            ks[d] = k[d];
            count *= k[d];
        }
        List<NDArray> temps = new ArrayList<>();
        try {
            NDArray x = track(temps, im.astype(DType.FLOAT64));
            if (x.size() == 0) return x.copy();
            NDArray box = track(temps, NDArray.empty(im.device(), DType.FLOAT64, ks, Order.C));
            box.fill(1.0 / count);
            NDArray sq = track(temps, x.mul(x));
            NDArray mean = track(temps, Convolutions.convolve(op, x, box, ConvMode.SAME, ConvMethod.AUTO, true));
            NDArray meanSq = track(temps, Convolutions.convolve(op, sq, box, ConvMode.SAME, ConvMethod.AUTO, true));
            NDArray m2 = track(temps, mean.mul(mean));
            NDArray var = track(temps, meanSq.sub(m2));
            double nz;
            if (noise != null) {
                nz = noise;
            } else {
                try (NDArray mv = var.mean()) {
                    nz = ((Number) mv.item()).doubleValue();
                }
            }
            return blend().call(x, mean, var, nz);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    private static int[] sizes(String op, int[] given, int nd, boolean odd) {
        int[] k = new int[nd];
        if (given == null) {
            Arrays.fill(k, 3);
            return k;
        }
        if (given.length == 1) {
            Arrays.fill(k, given[0]);
        } else if (given.length == nd) {
            k = given.clone();
        } else {
            throw new NdException(op + ": expected one size or one per axis (" + nd + "), got " + given.length);
        }
        for (int v : k) {
            if (v < 1) throw new NdException(op + ": each size must be at least 1, got " + v);
            if (odd && v % 2 == 0) throw new NdException(op + ": each element of kernel_size should be odd, got " + v);
            if (v > (1 << 20)) throw new NdException(op + ": a size of " + v + " is too large");
        }
        return k;
    }

    private static void real(String op, NDArray x) {
        Objects.requireNonNull(x, op + ": input is null");
        x.live(op);
        DType dt = x.dtype();
        if (dt.isComplex()) throw new DTypeException(op + ": complex input is not supported yet, got " + dt);
        if (dt == DType.BOOL || dt == DType.FLOAT16) {
            throw new DTypeException(op + ": " + dt + " input is not supported; convert it to float32 or float64");
        }
        if (x.ndim() == 0)
            throw new ShapeException(op + ": expected an array of at least 1 dimension, got a 0-d array");
        if (x.ndim() > Direct.MAX_DIMS) throw new ShapeException(op + ": at most " + Direct.MAX_DIMS + " dimensions");
    }

    private static NDArray longs(Device device, long[] v) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(Math.max(1, v.length) * 8L, 8);
            for (int i = 0; i < v.length; i++) seg.setAtIndex(ValueLayout.JAVA_LONG, i, v[i]);
            return NDArray.fromHost(device, DType.INT64, new long[] {v.length}, seg.asSlice(0, v.length * 8L));
        }
    }

    private static NDArray track(List<NDArray> temps, NDArray x) {
        temps.add(x);
        return x;
    }
}
