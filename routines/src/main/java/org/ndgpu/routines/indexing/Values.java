package org.ndgpu.routines.indexing;

import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Shapes;

/**
 * The values an assignment routine writes (put, putmask, place, put_along_axis, fill_diagonal):
 * an NDArray, a Java number or boolean, or a Java array, as an array of the target's dtype on its
 * device, cast as NumPy's assignment casts (unsafely). The result never shares memory with the
 * target, so a kernel may read it while writing the target.
 */
final class Values {
    private Values() {}

    /** values as an array of {@code target}'s dtype; the caller closes it. */
    static NDArray of(String op, NDArray target, Object values) {
        switch (values) {
            case null -> throw new NullPointerException(op + ": values is null");
            case NDArray v -> {
                v.live(op);
                Operands.device(op, target, v);
                if (v.dtype() == target.dtype() && !v.sharesMemory(target))
                    return v.view(v.shape(), v.strides(), v.offset());
                return v.astype(target.dtype());
            }
            case Number n -> {
                return Masking.filled(op, target, n);
            }
            case Boolean b -> {
                return Masking.filled(op, target, b);
            }
            default -> {
                if (!values.getClass().isArray())
                    throw new DTypeException(op + ": values must be an NDArray, a Java number or a Java array, got "
                            + values.getClass().getSimpleName());
                try (var _ = target.device().use();
                        NDArray v = Creation.array(values)) {
                    return v.astype(target.dtype());
                }
            }
        }
    }

    /** values as an array of {@code target}'s dtype broadcast to {@code shape}, as NumPy's fancy assignment. */
    static NDArray of(String op, NDArray target, Object values, long[] shape) {
        NDArray v = of(op, target, values);
        try (v) {
            return v.broadcastTo(shape);
        } catch (ShapeException e) {
            throw new ShapeException(op + ": shape mismatch: value array of shape " + Shapes.str(v.shape())
                    + " could not be broadcast to indexing result of shape " + Shapes.str(shape));
        }
    }

    /** values as a flat (1-d, contiguous) array of {@code target}'s dtype, for routines that repeat them cyclically. */
    static NDArray flat(String op, NDArray target, Object values) {
        try (NDArray v = of(op, target, values)) {
            return v.isCContiguous() ? v.reshape(v.size()) : v.flatten();
        }
    }
}
