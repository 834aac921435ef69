package org.ndgpu.signal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * The direct n-D correlation, as scipy.signal's method='direct': output element {@code c} (in the
 * output's C order) sums {@code a[c + start - (n2 - 1) + j] * v[j]} over every index j of v, the
 * first input extended past its edges by the {@link Boundary}. Every product counts, zeros
 * included, so a NaN spoils exactly the windows that hold it, as SciPy's sum. One generated
 * elementwise kernel per boundary; the shapes travel as one small int64 table; sums accumulate in
 * float64 where the device has it. Where at most two axes correlate, {@link DirectTiles}'s kernel
 * sums the same products in the same order from local memory; this one takes the rest.
 */
final class Direct {
    private Direct() {}

    /** The most dimensions the direct kernel takes (its per-thread index tables are this long). */
    static final int MAX_DIMS = 32;

    private static final Map<Boundary, ElementwiseKernel> KERNELS = new EnumMap<>(Boundary.class);

    private static synchronized ElementwiseKernel kernel(Boundary boundary) {
        return KERNELS.computeIfAbsent(boundary, Direct::make);
    }

    // tab holds, per axis d: n1 (a's length), n2 (v's length), the output's length, the output's start in full
    private static ElementwiseKernel make(Boundary boundary) {
        String body = "long c[" + MAX_DIMS + "], o[" + MAX_DIMS + "]; long rem = (long) i;"
                + " for (long d = nd - 1; d >= 0; d--) { long m = tab[4 * d + 2]; c[d] = rem % m + tab[4 * d + 3]"
                + " - (tab[4 * d + 1] - 1); rem /= m; o[d] = 0; }"
                + " W acc = (W) 0;"
                + " for (long t = 0; t < vsize; t++) {"
                + "   long src = 0, stride = 1; bool out = false;"
                + "   for (long d = nd - 1; d >= 0; d--) {"
                + "     long n = tab[4 * d]; long k = c[d] + o[d];"
                + "     " + boundary.cIndex()
                + "     src += k * stride; stride *= n;"
                + "   }"
                + "   acc += (W) v[t] * (out ? fill : (W) a[src]);"
                + "   for (long d = nd - 1; d >= 0; d--) { if (++o[d] < tab[4 * d + 1]) break; o[d] = 0; }"
                + " }"
                + " y = (T) acc;";
        return new ElementwiseKernel(
                "raw T a, raw T v, raw int64 tab, int64 nd, int64 vsize, W fill",
                "T y",
                body,
                "signal_correlate_" + boundary.name().toLowerCase(Locale.ROOT));
    }

    /**
     * The correlation of {@code a} with {@code v} (same dtype and ndim), the output of shape
     * {@code outShape} starting at {@code start} in the full correlation's coordinates.
     */
    static NDArray correlate(NDArray a, NDArray v, long[] outShape, long[] start, Boundary boundary, double fill) {
        Device device = a.device();
        long size = 1;
        for (long n : outShape) size *= n;
        if (size > 0) {
            NDArray tiled = DirectTiles.correlate(a, v, outShape, start, boundary, fill);
            if (tiled != null) return tiled;
        }
        NDArray y = NDArray.empty(device, a.dtype(), outShape, Order.C);
        if (y.size() == 0) return y;
        int nd = outShape.length;
        long[] n1 = a.shape(), n2 = v.shape();
        long[] tab = new long[Math.max(4, 4 * nd)];
        for (int d = 0; d < nd; d++) {
            tab[4 * d] = n1[d];
            tab[4 * d + 1] = n2[d];
            tab[4 * d + 2] = outShape[d];
            tab[4 * d + 3] = start[d];
        }
        boolean fp64 = device.facts().fp64();
        Number f = fp64 ? (Number) fill : (Number) (float) fill;
        try (NDArray t = longs(device, tab)) {
            kernel(boundary).call(a, v, t, (long) nd, v.size(), f, y);
        }
        return y;
    }

    private static NDArray longs(Device device, long[] values) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(values.length * 8L, 8);
            for (int i = 0; i < values.length; i++) seg.setAtIndex(ValueLayout.JAVA_LONG, i, values[i]);
            return NDArray.fromHost(device, DType.INT64, new long[] {values.length}, seg);
        }
    }
}
