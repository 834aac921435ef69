package org.ndgpu.routines.creation;

import java.util.Objects;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * numpy.empty_like, zeros_like, ones_like and full_like: a new array of another's shape, dtype and
 * device, in its layout order (F when it is F-contiguous only, else C).
 */
public final class ArraysLike {
    private ArraysLike() {}

    /** numpy.empty_like(a): same shape, dtype, device and layout order. */
    public static NDArray emptyLike(NDArray a) {
        Objects.requireNonNull(a, "emptyLike: a is null");
        return Creation.empty(a.device(), a.dtype(), a.shape(), likeOrder(a));
    }

    /** numpy.zeros_like(a). */
    public static NDArray zerosLike(NDArray a) {
        return filledLike("zerosLike", a, 0);
    }

    /** numpy.ones_like(a). */
    public static NDArray onesLike(NDArray a) {
        return filledLike("onesLike", a, 1);
    }

    /** numpy.full_like(a, value). */
    public static NDArray fullLike(NDArray a, Object value) {
        return filledLike("fullLike", a, value);
    }

    private static NDArray filledLike(String op, NDArray a, Object value) {
        Objects.requireNonNull(a, () -> op + ": a is null");
        NDArray z = emptyLike(a);
        z.fill(value);
        return z;
    }

    private static Order likeOrder(NDArray a) {
        return a.isFContiguous() && !a.isCContiguous() ? Order.F : Order.C;
    }
}
