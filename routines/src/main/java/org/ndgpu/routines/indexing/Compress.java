package org.ndgpu.routines.indexing;

import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;

/**
 * numpy.compress and numpy.extract: the slices (or elements) where a condition is nonzero. As in
 * NumPy, both are a take of the condition's nonzero positions (found by the device scan of
 * {@link Masking}, which reads back one count): a condition shorter than the axis selects among the
 * first elements only, and a true entry beyond the axis is an IndexException.
 */
public final class Compress {
    private Compress() {}

    /** numpy.compress(condition, a, axis): condition 1-d; {@code axis} null works on the flattened a. */
    public static NDArray compress(String op, NDArray condition, NDArray a, Integer axis) {
        condition.live(op);
        a.live(op);
        Operands.device(op, condition, a);
        if (condition.ndim() != 1)
            throw new ShapeException(op + ": condition must be a 1-d array, got " + condition.ndim() + "-d");
        try (NDArray nz = Masking.flatnonzero(op, condition)) {
            return Take.take(op, a, nz, axis);
        }
    }

    /** numpy.extract(condition, arr): the elements of the flattened arr where the flattened condition is nonzero. */
    public static NDArray extract(String op, NDArray condition, NDArray arr) {
        condition.live(op);
        arr.live(op);
        Operands.device(op, condition, arr);
        try (NDArray nz = Masking.flatnonzero(op, condition)) {
            return Take.take(op, arr, nz, null);
        }
    }
}
