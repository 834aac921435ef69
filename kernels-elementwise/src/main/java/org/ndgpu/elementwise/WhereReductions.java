package org.ndgpu.elementwise;

import java.util.Objects;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Providers;

/**
 * NumPy's {@code where=} on reductions, {@code np.add.reduce(a, axis, where=mask, initial=...)} and
 * the functions built on it (sum, prod, max, min, mean): only the elements where the mask (bool,
 * broadcast to a's shape) is true take part. The masked-out elements are replaced by the ufunc's
 * identity (0 for add, 1 for multiply, ...) and the reduction runs as without a mask. A ufunc with
 * no identity needs {@code initial}, as NumPy ("reduction operation 'maximum' does not have an
 * identity, so to use a where mask one has to specify 'initial'"), and stands in for the masked
 * elements only where repeating it changes nothing: maximum, minimum, fmax, fmin.
 */
public final class WhereReductions {
    private WhereReductions() {}

    /**
     * np.ufunc.reduce(a, axis, dtype, out, keepdims, initial, where), e.g. numpy.sum(a, axis=0, where=m) is
     * {@code WhereReductions.reduce(Ufunc.ADD, a, new int[] {0}, null, null, false, null, m)}.
     */
    public static NDArray reduce(
            Ufunc op,
            NDArray a,
            int[] axes,
            DType dtype,
            NDArray out,
            boolean keepdims,
            Number initial,
            NDArray where) {
        Objects.requireNonNull(op, "reduce: op is null; expected a Ufunc such as Ufunc.ADD");
        String name = op.numpyName() + ".reduce";
        Objects.requireNonNull(a, name + ": a is null; expected an NDArray");
        a.live(name);
        UfuncWhere.checkMask(name, where, a.shape(), "array");
        Object fill = UfuncIdentities.identity(op);
        if (fill == null) {
            if (initial == null) {
                throw new NdException(name + ": reduction operation '" + op.numpyName()
                        + "' does not have an identity, so to use a where mask one has to specify 'initial'");
            }
            if (!idempotent(op)) {
                throw new NdException(name + ": where= with initial is supported for ufuncs with an identity and"
                        + " for maximum, minimum, fmax and fmin; got " + op.numpyName());
            }
            fill = initial;
        }
        try (var _ = a.device().use();
                NDArray stand = filler(a.dtype(), fill);
                NDArray masked = Providers.ufuncs(where, a, stand).where(where, a, stand, null)) {
            return UfuncMethods.of(op).reduce(masked, axes, dtype, out, keepdims, initial);
        }
    }

    /**
     * numpy.mean(a, axis, keepdims, where): the sum of the elements where the mask is true over their count
     * (NaN where none is), e.g. {@code WhereReductions.mean(a, new int[] {0}, false, m)}.
     */
    public static NDArray mean(NDArray a, int[] axes, boolean keepdims, NDArray where) {
        String name = "mean";
        Objects.requireNonNull(a, name + ": a is null; expected an NDArray");
        a.live(name);
        UfuncWhere.checkMask(name, where, a.shape(), "array");
        DType t = a.dtype().isInexact() ? a.dtype() : DType.FLOAT64;
        try (var _ = a.device().use();
                NDArray x = a.dtype() == t ? a.view(a.shape(), a.strides(), a.offset()) : a.astype(t);
                NDArray sum = reduce(Ufunc.ADD, x, axes, null, null, keepdims, null, where);
                NDArray ones = NDArray.empty(a.device(), t.real(), a.shape(), Order.C)) {
            ones.fill(1.0);
            try (NDArray count = reduce(Ufunc.ADD, ones, axes, null, null, keepdims, null, where)) {
                return Providers.ufuncs(sum, count).call(Ufunc.TRUE_DIVIDE, null, sum, count);
            }
        }
    }

    private static boolean idempotent(Ufunc op) {
        return op == Ufunc.MAXIMUM || op == Ufunc.MINIMUM || op == Ufunc.FMAX || op == Ufunc.FMIN;
    }

    /** A 0-d array of dtype t holding {@code value} (bitwise_and's -1 wraps to all ones in an unsigned type). */
    private static NDArray filler(DType t, Object value) {
        DType carrier = value instanceof Boolean
                ? DType.BOOL
                : value instanceof Double || value instanceof Float ? DType.FLOAT64 : DType.INT64;
        try (NDArray c = NDArray.empty(org.ndgpu.device.Device.current(), carrier, new long[0], Order.C)) {
            c.fill(value instanceof Float f ? (Object) f.doubleValue() : value);
            return Copies.copy(c, t, Order.C);
        }
    }
}
