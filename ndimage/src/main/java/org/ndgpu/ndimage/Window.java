package org.ndgpu.ndimage;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * An n-D window filter, as scipy.ndimage's correlate (and convolve, through flipped weights):
 * each output element sums weight times value over the whole weights array placed at it, where the
 * weights are not zero (SciPy's footprint), each index mapped into the input by the {@link Mode}.
 * A window of two or more axes whose last two fit a tile runs {@link TiledCorrelate}'s kernel; the
 * others one generated elementwise kernel per mode, the shapes and shifts as small int64 tables.
 */
final class Window {
    private Window() {}

    /** The most dimensions a window filter takes (NumPy's limit is 64; a window past 32 is not a use). */
    static final int MAX_DIMS = 32;

    private static final Map<Mode, ElementwiseKernel> KERNELS = new EnumMap<>(Mode.class);
    private static final Map<Mode, ElementwiseKernel> KERNELS_2D = new EnumMap<>(Mode.class);

    private static synchronized ElementwiseKernel kernel(Mode mode) {
        return KERNELS.computeIfAbsent(mode.filter(), Window::make);
    }

    private static synchronized ElementwiseKernel kernel2d(Mode mode) {
        return KERNELS_2D.computeIfAbsent(mode.filter(), Window::make2d);
    }

    /**
     * The 2-D window (images, the common case) with its two axes written out: the sizes are scalar
     * parameters, each row of taps is mapped once, and no per-element table lives in private memory.
     */
    private static ElementwiseKernel make2d(Mode mode) {
        String read = mode == Mode.CONSTANT ? "(out ? cval : (W) x[row + k])" : "(W) x[row + k]";
        String body = "long c0 = (long) i / n1; long c1 = (long) i - c0 * n1; W acc = (W) 0;"
                + " for (long a = 0; a < w0; a++) {"
                + "   long row; bool rowOut;"
                + "   { long n = n0; long k = c0 + a - s0; bool out = false; " + mode.cIndex()
                + "     row = k * n1; rowOut = out; }"
                + "   for (long b = 0; b < w1; b++) {"
                + "     W wt = w[a * w1 + b];"
                + "     if (wt != (W) 0) {"
                + "       long n = n1; long k = c1 + b - s1; bool out = rowOut; " + mode.cIndex()
                + "       acc += wt * " + read + ";"
                + "     }"
                + "   }"
                + " }"
                + " y = (T) acc;";
        return new ElementwiseKernel(
                "raw T x, raw W w, int64 n0, int64 n1, int64 w0, int64 w1, int64 s0, int64 s1, W cval",
                "T y",
                body,
                "ndimage_correlate2d_" + mode.name().toLowerCase(Locale.ROOT));
    }

    private static ElementwiseKernel make(Mode mode) {
        String read = mode == Mode.CONSTANT ? "(out ? cval : (W) x[src])" : "(W) x[src]";
        // the taps walk the weights in C order with an odometer of per-axis offsets: no division per tap
        String body = "long c[" + MAX_DIMS + "], o[" + MAX_DIMS + "]; long rem = (long) i;"
                + " for (long d = nd - 1; d >= 0; d--) { c[d] = rem % shape[d]; rem /= shape[d]; o[d] = 0; }"
                + " W acc = (W) 0;"
                + " for (long t = 0; t < wsize; t++) {"
                + "   W wt = w[t];"
                + "   if (wt != (W) 0) {"
                + "     long src = 0, stride = 1; bool out = false;"
                + "     for (long d = nd - 1; d >= 0; d--) {"
                + "       long n = shape[d]; long k = c[d] + o[d] - shift[d];"
                + "       " + mode.cIndex()
                + "       src += k * stride; stride *= n;"
                + "     }"
                + "     acc += wt * " + read + ";"
                + "   }"
                + "   for (long d = nd - 1; d >= 0; d--) { if (++o[d] < wshape[d]) break; o[d] = 0; }"
                + " }"
                + " y = (T) acc;";
        return new ElementwiseKernel(
                "raw T x, raw W w, raw int64 shape, raw int64 wshape, raw int64 shift, int64 nd, int64 wsize, W cval",
                "T y",
                body,
                "ndimage_correlate_" + mode.name().toLowerCase(Locale.ROOT));
    }

    /** The correlation of {@code a} with {@code weights} (host values in C order, of shape wshape), shifted by {@code shift}. */
    static NDArray correlate(NDArray a, double[] weights, long[] wshape, long[] shift, Mode mode, double cval) {
        Device device = a.device();
        if (wshape.length == 1) {
            try (NDArray w = Weights.toDevice(device, weights)) {
                return AlongAxis.apply(AlongAxis.Combine.CORRELATE, a, 0, w, weights.length, shift[0], mode, cval);
            }
        }
        NDArray y = NDArray.empty(device, a.dtype(), a.shape(), Order.C);
        if (a.size() == 0) return y;
        if (TiledCorrelate.fits(a, wshape, Weights.accumulation(device))) {
            try (NDArray w = Weights.toDevice(device, weights)) {
                TiledCorrelate.run(a, w, wshape, shift, mode, cval, y);
            } catch (RuntimeException e) {
                y.close();
                throw e;
            }
            return y;
        }
        if (wshape.length == 2) {
            long[] n = a.shape();
            try (NDArray w = Weights.toDevice(device, weights)) {
                Number c = w.dtype() == DType.FLOAT64 ? (Number) cval : (Number) (float) cval;
                kernel2d(mode).call(a, w, n[0], n[1], wshape[0], wshape[1], shift[0], shift[1], c, y);
            }
            return y;
        }
        try (NDArray w = Weights.toDevice(device, weights);
                NDArray sh = Weights.longs(device, a.shape());
                NDArray ws = Weights.longs(device, wshape);
                NDArray s = Weights.longs(device, shift)) {
            Number c = w.dtype() == DType.FLOAT64 ? (Number) cval : (Number) (float) cval;
            kernel(mode).call(a, w, sh, ws, s, (long) wshape.length, (long) weights.length, c, y);
        }
        return y;
    }
}
