package org.ndgpu.ndimage;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * The non-separable footprint filters, as scipy.ndimage's rank_filter and minimum/maximum_filter
 * with a footprint (and a structure, for grey morphology): one generated elementwise kernel per
 * (operation, mode), each output element reading the footprint's true positions (a table of
 * per-axis offsets, SciPy's C order) mapped into the input by the {@link Mode}. Values compare in
 * the accumulation dtype (float64 where the device has it), as SciPy's C code compares in double;
 * cval is first cast to the input's dtype, which gives SciPy's answers since truncation is monotone.
 *
 * <p>The rank filter gathers the window into the work-item's own array (a capacity of 32 or
 * {@value #BUFFER} values) and selects the rank with Wirth's quickselect; a larger window (up to
 * {@value #MAX_RANK_WINDOW} values) is not copied: each value's place is counted against the whole
 * window, n^2 comparisons. NaN orders after every number, as numpy.sort orders it.
 */
final class Gather {
    private Gather() {}

    /** The most true positions a rank filter's footprint holds (a window past BUFFER costs n^2 compares). */
    static final int MAX_RANK_WINDOW = 4096;

    /** The most values a work-item copies into its own array to select from. */
    private static final int BUFFER = 255;

    private static final int SMALL = 32;

    enum Op {
        RANK,
        MINIMUM,
        MAXIMUM
    }

    private record Key(Op op, Mode mode, int capacity) {}

    private static final Map<Key, ElementwiseKernel> KERNELS = new ConcurrentHashMap<>();

    /**
     * A structure value joins a tap as SciPy's C code joins it: the first tap's in double, the
     * others cast to the input's type and added in it (so an integer input sees them truncated).
     * Doubles reach an integer type through int64 ({@code integral}), which wraps a negative value
     * into an unsigned type as SciPy's casts do on x86, the same on every device.
     */
    private static final String STRUCTURE = "if (t == 0) v += SIGN s[t];"
            + " else if (integral) v = (W) (T) ((long) v + (long) (SIGN s[t]));"
            + " else v = (W) ((T) v + (T) (SIGN s[t]));";

    private static ElementwiseKernel make(Key key) {
        String fold = switch (key.op) {
            case RANK -> "buf[t] = v;";
            case MINIMUM -> STRUCTURE.replace("SIGN", "-") + " if (t == 0 || v < acc) acc = v;";
            case MAXIMUM -> STRUCTURE.replace("SIGN", "") + " if (t == 0 || v > acc) acc = v;";
        };
        String finish = switch (key.op) {
            case RANK ->
                "long lo = 0, hi = ntaps - 1;"
                        + " while (lo < hi) { W p = buf[rank]; long a = lo, b = hi;"
                        + "   do { while (ND_LT(buf[a], p)) a++; while (ND_LT(p, buf[b])) b--;"
                        + "     if (a <= b) { W tmp = buf[a]; buf[a] = buf[b]; buf[b] = tmp; a++; b--; } } while (a <= b);"
                        + "   if (b < rank) lo = a; if (rank < a) hi = b; }"
                        + " y = integral ? (T) (long) buf[rank] : (T) buf[rank];";
            case MINIMUM, MAXIMUM -> "y = integral ? (T) (long) acc : (T) acc;";
        };
        String head = "long c[" + Window.MAX_DIMS + "]; long rem = (long) i;"
                + " for (long d = nd - 1; d >= 0; d--) { long n = shape[d]; c[d] = rem % n; rem /= n; }"
                + " bool integral = isint != 0; W cv = integral ? (W) (T) (long) cval : (W) (T) cval; W acc = (W) 0;";
        String body;
        if (key.op == Op.RANK && key.capacity == 0) {
            // no copy of the window: each value's place is counted against the whole window
            body = head + " for (long a = 0; a < ntaps; a++) { " + tap(key.mode, "a", "va")
                    + "   long less = 0, same = 0;"
                    + "   for (long b = 0; b < ntaps; b++) { " + tap(key.mode, "b", "vb")
                    + "     if (ND_LT(vb, va)) less++; else if (!ND_LT(va, vb)) same++; }"
                    + "   if (less <= rank && rank < less + same) { acc = va; break; } }"
                    + " y = integral ? (T) (long) acc : (T) acc;";
        } else {
            body = head
                    + (key.op == Op.RANK ? " W buf[" + key.capacity + "];" : "")
                    + " for (long t = 0; t < ntaps; t++) { " + tap(key.mode, "t", "v") + " " + fold + " }"
                    + " (void) acc; " + finish;
        }
        String name = "ndimage_" + key.op.name().toLowerCase(java.util.Locale.ROOT) + "_footprint_"
                + key.mode.name().toLowerCase(java.util.Locale.ROOT)
                + (key.op == Op.RANK ? "_" + key.capacity : "");
        ElementwiseKernel.Options options = ElementwiseKernel.Options.defaults()
                .withPreamble("#define ND_LT(u, v) ((u) < (v) || ((u) == (u) && (v) != (v)))");
        return new ElementwiseKernel(
                "raw T x, raw int64 shape, raw int64 taps, raw W s, int64 nd, int64 ntaps, int64 rank, W cval, int64 isint",
                "T y",
                body,
                name,
                options);
    }

    /** C statements declaring {@code W v}, the value of tap {@code t} of the output element's window. */
    private static String tap(Mode mode, String t, String v) {
        String read = mode == Mode.CONSTANT ? "(out ? cv : (W) x[src])" : "(W) x[src]";
        return "W " + v + "; { long src = 0, stride = 1; bool out = false;"
                + " for (long d = nd - 1; d >= 0; d--) {"
                + " long n = shape[d]; long k = c[d] + taps[" + t + " * nd + d]; " + mode.cIndex()
                + " src += k * stride; stride *= n; } " + v + " = " + read + "; }";
    }

    /**
     * The filter of {@code input} over {@code f}: the {@code rank}-th smallest value (RANK), or the
     * least value minus the structure (MINIMUM) or greatest plus it (MAXIMUM). A new array of the
     * input's dtype and shape.
     */
    static NDArray apply(String op, Op kind, NDArray input, Footprint f, int rank, Mode mode, double cval) {
        int n = f.count();
        if (n == 0) throw new NdException(op + ": an all-zero footprint is not supported");
        int capacity = 0;
        if (kind == Op.RANK) {
            if (n > MAX_RANK_WINDOW) {
                throw new NdException(op + ": a footprint of " + n + " values is more than the " + MAX_RANK_WINDOW
                        + " that ndgpu's rank kernel takes");
            }
            capacity = n <= SMALL ? SMALL : n <= BUFFER ? BUFFER : 0;
        }
        Device device = input.device();
        NDArray y = NDArray.empty(device, input.dtype(), input.shape(), Order.C);
        if (input.size() == 0) return y;
        ElementwiseKernel k = KERNELS.computeIfAbsent(new Key(kind, mode, capacity), Gather::make);
        try (NDArray sh = Weights.longs(device, input.shape());
                NDArray taps = Weights.longs(device, f.taps());
                NDArray s = Weights.toDevice(device, f.structureTaps())) {
            Number c = s.dtype() == DType.FLOAT64 ? (Number) cval : (Number) (float) cval;
            long isint = input.dtype().isInteger() ? 1 : 0;
            k.call(input, sh, taps, s, (long) input.ndim(), (long) n, (long) rank, c, isint, y);
        }
        return y;
    }
}
