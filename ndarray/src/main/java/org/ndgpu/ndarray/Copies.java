package org.ndgpu.ndarray;

import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.spi.Providers;

/**
 * Strided copies, casts and assignments, all on the device through the one elementwise loop
 * (kernels-elementwise's, through {@link org.ndgpu.spi.CoreKernels}).
 */
public final class Copies {
    private Copies() {}

    /** A copy of {@code src} as {@code to}, laid out in {@code order} (K and A follow the source). */
    public static NDArray copy(NDArray src, DType to, Order order) {
        boolean f = switch (order) {
            case F -> true;
            case C -> false;
            case A, K -> src.isFContiguous() && !src.isCContiguous();
        };
        NDArray out;
        if (order == Order.K && !src.isCContiguous() && !src.isFContiguous()) {
            try (NDArray flat = NDArray.empty(src.device(), to, src.shape(), Order.C)) {
                out = flat.view(src.shape(), keepOrderStrides(src.shape(), src.strides(), to.itemsize()), 0);
            }
        } else {
            out = NDArray.empty(src.device(), to, src.shape(), f ? Order.F : Order.C);
        }
        copyInto(src, out);
        return out;
    }

    /**
     * Order 'K': dense strides laid out in the source's axis order, by |stride| descending, ties by
     * axis (NumPy's PyArray_CreateSortedStridePerm), so a copy of a transposed view stays transposed.
     */
    static long[] keepOrderStrides(long[] shape, long[] strides, int itemsize) {
        Integer[] perm = new Integer[shape.length];
        for (int i = 0; i < perm.length; i++) perm[i] = i;
        java.util.Arrays.sort(perm, (a, b) -> {
            int c = Long.compare(Math.abs(strides[b]), Math.abs(strides[a]));
            return c != 0 ? c : Integer.compare(a, b);
        });
        long[] out = new long[shape.length];
        long stride = itemsize;
        for (int k = perm.length - 1; k >= 0; k--) {
            out[perm[k]] = stride;
            stride *= shape[perm[k]];
        }
        return out;
    }

    /**
     * out[...] = src (same shape, or src broadcast to out's shape), cast to out's dtype. out must be
     * writeable; a src that overlaps out is read from a copy (the loop does that; the plain-copy fast
     * path checks here, since a device memcpy of overlapping ranges is undefined).
     */
    public static void copyInto(NDArray src, NDArray out) {
        if (src.dtype() == out.dtype()
                && java.util.Arrays.equals(src.shape(), out.shape())
                && ((src.isCContiguous() && out.isCContiguous()) || (src.isFContiguous() && out.isFContiguous()))) {
            Operands.checkWriteable("copyto", out);
            var dev = Operands.device("copyto", src, out);
            if (out.nbytes() == 0 || (src.sharesMemory(out) && src.offset() == out.offset())) return;
            if (Operands.overlaps(src, out)) {
                try (NDArray tmp = src.copy()) {
                    copyInto(tmp, out);
                }
                return;
            }
            dev.backend()
                    .copy(
                            dev.currentStream().backendStream(),
                            src.buffer(),
                            src.offset(),
                            out.buffer(),
                            out.offset(),
                            out.nbytes());
            return;
        }
        Providers.coreKernels().castInto(src, out);
    }

    /**
     * NumPy assignment {@code target[...] = value} (a.set, a.fill): an NDArray broadcast and cast
     * unsafely, as NumPy's setitem, or a Java number.
     */
    public static void assign(String op, NDArray target, Object value) {
        assign(op, target, value, Casting.UNSAFE);
    }

    /**
     * numpy.copyto(target, value, casting): an NDArray broadcast to target's shape, or a Java number
     * (a NEP 50 weak scalar: an integer checks against an integer target's range, a float into an
     * integer target needs 'unsafe'). NaN, infinity and out-of-range floats never go silently into an
     * integer target: NumPy raises "cannot convert float NaN to integer".
     */
    public static void assign(String op, NDArray target, Object value, Casting casting) {
        java.util.Objects.requireNonNull(casting, "casting");
        Operands.checkWriteable(op, target);
        switch (value) {
            case NDArray v
            when v.live(op).device() != target.device() -> {
                // the same elements in the same layout go in one peer copy; anything else is copied to
                // target's device first (NDArray.to), then assigned there
                if (v.dtype() == target.dtype()
                        && java.util.Arrays.equals(v.shape(), target.shape())
                        && v.isCContiguous()
                        && target.isCContiguous()
                        && Transfers.peerInto(v, target)) {
                    return;
                }
                try (NDArray moved = v.to(target.device())) {
                    assign(op, target, moved, casting);
                }
            }
            case NDArray v
            when v.ndim() > target.ndim() && leadingOnes(v, v.ndim() - target.ndim()) -> {
                // NumPy's setitem drops a value's extra leading axes of length 1 (a[0] = b.reshape(1, n))
                int drop = v.ndim() - target.ndim();
                long[] shape = java.util.Arrays.copyOfRange(v.shape(), drop, v.ndim());
                long[] strides = java.util.Arrays.copyOfRange(v.strides(), drop, v.ndim());
                try (NDArray squeezed = v.view(shape, strides, v.offset())) {
                    assign(op, target, squeezed, casting);
                }
            }
            case NDArray v -> {
                Operands.device(op, v, target);
                Shapes.broadcastStrides(op, v.shape(), v.strides(), target.shape());
                Operands.checkCast(op, v.dtype(), target.dtype(), casting);
                copyInto(v, target);
            }
            case Complex z -> {
                // a weak Python complex: into a complex target in its own dtype; into a real one only where
                // NumPy casts (copyto's unsafe rule, full: the imaginary part dropped, its ComplexWarning),
                // while fill and setitem raise its TypeError; the real part then checked as a float's
                DType t = target.dtype().isComplex() ? target.dtype() : DType.COMPLEX128;
                if (!target.dtype().isComplex()) {
                    if (!op.equals("copyto") && !op.equals("full"))
                        throw new DTypeException(op + ": cannot assign the complex value " + z + " to a "
                                + target.dtype() + " array (NumPy's TypeError); give its real part, " + z.re());
                    if (target.dtype().isInteger()) checkFloatFitsInteger(op, z.re(), target.dtype());
                }
                try (NDArray v = z.toArray(target.device(), t)) {
                    assign(op, target, v, casting);
                }
            }
            case Boolean b -> fillScalar(op, target, b ? 1L : 0L, DType.BOOL, casting);
            case Number n -> fillScalar(op, target, n, null, casting);
            case null -> throw new DTypeException(op + ": expected an NDArray or a Java number, got null");
            default ->
                throw new DTypeException(op + ": expected an NDArray, a Java number or a Complex, got "
                        + value.getClass().getSimpleName());
        }
    }

    private static boolean leadingOnes(NDArray v, int count) {
        for (int d = 0; d < count; d++) if (v.shape()[d] != 1) return false;
        return true;
    }

    private static void fillScalar(String op, NDArray target, Number n, DType scalarKind, Casting casting) {
        DType to = target.dtype();
        boolean integral = Scalars.isJavaInteger(n);
        if (!integral && !(n instanceof Double || n instanceof Float)) {
            throw new DTypeException(
                    op + ": expected a Java number (Integer, Long, Short, Byte, Float, Double) or Boolean, got "
                            + n.getClass().getSimpleName());
        }
        // the weak scalar's kind, for the casting rule: bool, int64 or float64 (NEP 50)
        DType from = scalarKind != null ? scalarKind : integral ? (to.isInteger() ? to : DType.INT64) : DType.FLOAT64;
        if (scalarKind == null && !integral && to.isInexact()) from = to;
        if (from != to && !casting.allows(from, to)) {
            throw new DTypeException(op + ": cannot cast scalar " + n + " from " + from + " to " + to
                    + " with casting rule '" + casting.numpyName() + "'");
        }
        if (integral && to.isInteger()) Scalars.checkFits(op, n.longValue(), to);
        if (!integral && to.isInteger()) checkFloatFitsInteger(op, n.doubleValue(), to);
        if (integral) Providers.coreKernels().fill(target, n.longValue());
        else Providers.coreKernels().fill(target, n.doubleValue());
    }

    // a C cast of NaN, infinity or an out-of-range float to an integer is undefined (0 on PoCL, INT_MIN
    // on x86): NumPy raises for a Python float assigned to an integer array, and so does ndgpu
    static void checkFloatFitsInteger(String op, double v, DType to) {
        if (Double.isNaN(v)) throw new DTypeException(op + ": cannot convert float NaN to integer (" + to + ")");
        if (Double.isInfinite(v))
            throw new DTypeException(op + ": cannot convert float infinity to integer (" + to + ")");
        double t = v < 0 ? Math.ceil(v) : Math.floor(v);
        boolean fits = switch (to) {
            case UINT8 -> t >= 0 && t <= 255;
            case INT8 -> t >= Byte.MIN_VALUE && t <= Byte.MAX_VALUE;
            case INT16 -> t >= Short.MIN_VALUE && t <= Short.MAX_VALUE;
            case INT32 -> t >= Integer.MIN_VALUE && t <= Integer.MAX_VALUE;
            case UINT16 -> t >= 0 && t <= 65535;
            case UINT32 -> t >= 0 && t <= 0xFFFFFFFFL;
            case UINT64 -> t >= 0 && t < 0x1p64;
            default -> t >= -0x1p63 && t < 0x1p63;
        };
        if (!fits) throw new DTypeException(op + ": float " + v + " out of bounds for " + to);
    }

    /** NDArray.copy(order): a copy of the same dtype. */
    static NDArray copy(NDArray a, Order order) {
        Objects.requireNonNull(order, "copy: order is null");
        Sizes.bytes("copy", a.live("copy").shape(), a.dtype()); // a broadcast view's copy may be no array at all
        return copy(a, a.dtype(), order);
    }

    /** NDArray.astype: a copy converted to {@code to}, keeping the layout; a symbolic array records the cast. */
    static NDArray astype(NDArray a, DType to) {
        Objects.requireNonNull(to, "astype: to is null");
        if (a.symbol() != null) return a.symbol().tracer().astype(a, to);
        Sizes.bytes("astype", a.live("astype").shape(), to);
        return copy(a, to, Order.K);
    }

    /** NDArray.astype by dtype name. */
    static NDArray astype(NDArray a, String to) {
        Objects.requireNonNull(to, "astype: to is null");
        if (a.symbol() == null) a.live("astype");
        DType d;
        try {
            d = DType.of(to);
        } catch (DTypeException e) {
            throw new DTypeException("astype: " + e.getMessage(), e);
        }
        return a.astype(d);
    }

    /** NDArray.fill: {@code value} assigned to every element; returns a. */
    static NDArray fill(NDArray a, Object value) {
        assign("fill", a.live("fill"), value);
        return a;
    }
}
