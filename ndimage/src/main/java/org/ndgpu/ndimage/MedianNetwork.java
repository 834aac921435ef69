package org.ndgpu.ndimage;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * The median over a full 3 x 3 window of a float image (scipy.ndimage's median_filter with size 3
 * on 2-D input, the common case), by the 19 compare-exchanges of Paeth's median-of-9 network on
 * nine values held in registers: no window copied into an indexed array, no selection loop, and the
 * edges' index mapping done once per row and column of the window, not per tap. Values compare as
 * {@link Gather} compares them, NaN after every number, so the result is the same value.
 */
final class MedianNetwork {
    private MedianNetwork() {}

    // Paeth's network: each pair (a, b) leaves the lesser value in a; the median ends in v4
    private static final int[][] NETWORK = {
        {1, 2}, {4, 5}, {7, 8}, {0, 1}, {3, 4}, {6, 7}, {1, 2}, {4, 5}, {7, 8}, {0, 3}, {5, 8}, {4, 7}, {3, 6}, {1, 4},
        {2, 5}, {4, 7}, {4, 2}, {6, 4}, {4, 2}
    };

    private static final Map<Mode, ElementwiseKernel> KERNELS = new EnumMap<>(Mode.class);

    /** Whether the filter of {@code input} over {@code f} at {@code rank} is this one's. */
    static boolean applies(NDArray input, Footprint f, long rank) {
        long[] s = f.shape();
        DType t = input.dtype();
        return input.ndim() == 2
                && s.length == 2
                && s[0] == 3
                && s[1] == 3
                && f.all()
                && f.structure() == null
                && rank == 4
                && (t == DType.FLOAT32 || t == DType.FLOAT64);
    }

    private static synchronized ElementwiseKernel kernel(Mode mode) {
        return KERNELS.computeIfAbsent(mode.filter(), MedianNetwork::make);
    }

    private static ElementwiseKernel make(Mode mode) {
        boolean constant = mode == Mode.CONSTANT;
        var body = new StringBuilder("long c0 = (long) i / n1; long c1 = (long) i - c0 * n1;");
        for (int a = 0; a < 3; a++) {
            body.append(" long r").append(a).append("; bool ro").append(a).append(';');
            body.append(" { long n = n0; long k = c0 + ").append(a).append(" - s0; bool out = false; ");
            body.append(mode.cIndex()).append(" r").append(a).append(" = k * n1; ro");
            body.append(a).append(" = out; }");
        }
        for (int b = 0; b < 3; b++) {
            body.append(" long q").append(b).append("; bool qo").append(b).append(';');
            body.append(" { long n = n1; long k = c1 + ").append(b).append(" - s1; bool out = false; ");
            body.append(mode.cIndex()).append(" q").append(b).append(" = k; qo");
            body.append(b).append(" = out; }");
        }
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 3; b++) {
                String read = "x[r" + a + " + q" + b + "]";
                body.append(" T v").append(3 * a + b).append(" = ");
                body.append(constant ? "(ro" + a + " || qo" + b + ") ? cval : " + read : read)
                        .append(';');
            }
        }
        if (!constant) body.append(" (void) ro0; (void) ro1; (void) ro2; (void) qo0; (void) qo1; (void) qo2;");
        for (int[] p : NETWORK) {
            String a = "v" + p[0], b = "v" + p[1];
            body.append(" if (ND_LT(")
                    .append(b)
                    .append(", ")
                    .append(a)
                    .append(")) { const T t_ = ")
                    .append(a);
            body.append("; ")
                    .append(a)
                    .append(" = ")
                    .append(b)
                    .append("; ")
                    .append(b)
                    .append(" = t_; }");
        }
        body.append(" y = v4;");
        ElementwiseKernel.Options options = ElementwiseKernel.Options.defaults()
                .withPreamble("#define ND_LT(u, v) ((u) < (v) || ((u) == (u) && (v) != (v)))");
        return new ElementwiseKernel(
                "raw T x, int64 n0, int64 n1, int64 s0, int64 s1, T cval",
                "T y",
                body.toString(),
                "ndimage_median3x3_" + mode.name().toLowerCase(Locale.ROOT),
                options);
    }

    /** The median filter of the 2-D float {@code input} over the full 3 x 3 footprint {@code f}. */
    static NDArray apply(NDArray input, Footprint f, Mode mode, double cval) {
        NDArray y = NDArray.empty(input.device(), input.dtype(), input.shape(), Order.C);
        if (input.size() == 0) return y;
        long[] n = input.shape();
        int[] o = f.origins();
        Number c = input.dtype() == DType.FLOAT64 ? (Number) cval : (Number) (float) cval;
        kernel(mode).call(input, n[0], n[1], 1L + o[0], 1L + o[1], c, y);
        return y;
    }
}
