package org.ndgpu.ndarray;

import java.util.List;
import org.ndgpu.DTypeException;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;

/** Strided copies, casts and assignments, all on the device through the one elementwise loop. */
public final class Copies {
    private Copies() { }

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

    /** out[...] = src (same shape, or src broadcast to out's shape), cast to out's dtype. */
    public static void copyInto(NDArray src, NDArray out) {
        if (src.dtype() == out.dtype() && java.util.Arrays.equals(src.shape(), out.shape())
                && ((src.isCContiguous() && out.isCContiguous()) || (src.isFContiguous() && out.isFContiguous()))) {
            var dev = out.device();
            dev.backend().copy(dev.currentStream().backendStream(), src.buffer(), src.offset(), out.buffer(), out.offset(), out.nbytes());
            return;
        }
        ElementwiseLoop.run(castSpec(src.dtype(), out.dtype()), new Object[]{src, out}, out.shape());
    }

    static Spec castSpec(DType from, DType to) {
        return new Spec("nd_copy_" + from + "_" + to,
                List.of(new Param("x", from, Kind.IN), new Param("y", to, Kind.OUT)),
                "y = " + CTypes.cast(from, to, "x") + ";");
    }

    /** NumPy assignment {@code target[...] = value}: an NDArray broadcast and cast, or a Java number. */
    public static void assign(String op, NDArray target, Object value) {
        target.live(op);
        switch (value) {
            case NDArray v -> {
                v.live(op);
                Shapes.broadcastStrides(op, v.shape(), v.strides(), target.shape());
                if (v.sharesMemory(target)) {
                    try (NDArray tmp = v.copy()) {
                        copyInto(tmp, target);
                    }
                } else {
                    copyInto(v, target);
                }
            }
            case Boolean b -> fillScalar(op, target, b ? 1L : 0L);
            case Number n -> fillScalar(op, target, n);
            case null -> throw new DTypeException(op + ": expected an NDArray or a Java number, got null");
            default -> throw new DTypeException(op + ": expected an NDArray or a Java number, got " + value.getClass().getSimpleName());
        }
    }

    private static void fillScalar(String op, NDArray target, Number n) {
        DType to = target.dtype();
        boolean integral = n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte;
        if (integral && to.isInteger()) Scalars.checkFits(op, n.longValue(), to);
        DType src = integral ? DType.INT64 : DType.FLOAT64;
        var spec = new Spec("nd_fill_" + src + "_" + to,
                List.of(new Param("y", to, Kind.OUT), new Param("v", src, Kind.SCALAR)),
                "y = " + CTypes.cast(src, to, "v") + ";");
        ElementwiseLoop.run(spec, new Object[]{target, integral ? (Object) n.longValue() : (Object) n.doubleValue()}, target.shape());
    }
}
