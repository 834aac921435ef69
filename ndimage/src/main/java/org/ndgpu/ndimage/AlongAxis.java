package org.ndgpu.ndimage;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * A 1-D filter along one axis of an n-D array, as scipy.ndimage's correlate1d and
 * minimum/maximum_filter1d: each output element reads {@code len} input elements along the axis,
 * from {@code k = pos + j - shift}, mapped into the array by the {@link Mode}. One generated
 * elementwise kernel per (reduction, mode), over the output's C order; the input is read as a
 * contiguous raw array (a strided one is copied by the kernel call), sums accumulate in float64
 * where the device has it, and the result is cast to the input's dtype, as SciPy casts (truncating
 * toward zero for integers).
 */
final class AlongAxis {
    private AlongAxis() {}

    /** What the window of each output element becomes. */
    enum Combine {
        /** Sum of weight times value; zero weights are skipped (SciPy's footprint). */
        CORRELATE,
        MINIMUM,
        MAXIMUM
    }

    private static final Map<Combine, Map<Mode, ElementwiseKernel>> KERNELS = new ConcurrentHashMap<>();

    private static ElementwiseKernel kernel(Combine combine, Mode mode) {
        return KERNELS.computeIfAbsent(combine, c -> new EnumMap<>(Mode.class))
                .computeIfAbsent(mode.filter(), m -> make(combine, m));
    }

    private static ElementwiseKernel make(Combine combine, Mode mode) {
        String read = mode == Mode.CONSTANT ? "(out ? cval : (W) x[base + k * inner])" : "(W) x[base + k * inner]";
        String step = switch (combine) {
            case CORRELATE -> "W wj = w[j]; if (wj == (W) 0) continue; ";
            case MINIMUM, MAXIMUM -> "";
        };
        String fold = switch (combine) {
            case CORRELATE -> "acc += wj * v;";
            case MINIMUM -> "if (first || v < acc) acc = v; first = false;";
            case MAXIMUM -> "if (first || v > acc) acc = v; first = false;";
        };
        String body = "long pos = ((long) i / inner) % n; long base = (long) i - pos * inner;"
                + " W acc = (W) 0; bool first = true;"
                + " for (long j = 0; j < len; j++) { " + step
                + "long k = pos + j - shift; bool out = false; " + mode.cIndex()
                + " W v = " + read + "; " + fold + " }"
                + " (void) first; y = (T) acc;";
        String name = "ndimage_" + combine.name().toLowerCase(Locale.ROOT) + "1d_"
                + mode.name().toLowerCase(Locale.ROOT);
        return new ElementwiseKernel(
                "raw T x, raw W w, int64 n, int64 inner, int64 len, int64 shift, W cval", "T y", body, name);
    }

    /**
     * The filter of {@code a} along {@code axis} (normalized), window {@code len} starting
     * {@code shift} before each element; {@code weights} (accumulation dtype, length len) for
     * CORRELATE, any array of that dtype for the others. A new array of a's dtype and shape.
     */
    static NDArray apply(
            Combine combine, NDArray a, int axis, NDArray weights, int len, long shift, Mode mode, double cval) {
        long[] shape = a.shape();
        long inner = 1;
        for (int d = axis + 1; d < shape.length; d++) inner *= shape[d];
        Device device = a.device();
        NDArray y = NDArray.empty(device, a.dtype(), shape, Order.C);
        if (a.size() == 0) return y;
        Number c = weights.dtype() == DType.FLOAT64 ? (Number) cval : (Number) (float) cval;
        kernel(combine, mode).call(a, weights, shape[axis], inner, (long) len, shift, c, y);
        return y;
    }
}
