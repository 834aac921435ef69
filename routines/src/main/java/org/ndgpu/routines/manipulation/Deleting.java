package org.ndgpu.routines.manipulation;

import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.routines.indexing.Compress;

/**
 * numpy.delete: the sub-arrays along an axis that {@code obj} does not name. A keep-mask of the
 * axis is made on the device (ones, with {@code obj}'s entries set false, or the negation of a
 * boolean {@code obj}) and the kept slices are taken with numpy.compress, one gather.
 */
public final class Deleting {
    private Deleting() {}

    /** numpy.delete(arr, obj, axis): obj an integer or boolean NDArray, long[], int[] or Java integer; axis null flattens arr. */
    public static NDArray delete(String op, NDArray arr, Object obj, Integer axis) {
        arr.live(op);
        if (axis == null) {
            try (NDArray flat = arr.ravel()) {
                return delete(op, flat, obj, 0);
            }
        }
        int ax = Shapes.axis(op, axis, arr.ndim());
        long n = arr.shape(ax);
        try (var _ = arr.device().use();
                NDArray idx = indexArray(op, obj);
                NDArray keep = keep(op, idx, n, ax)) {
            Operands.device(op, arr, idx);
            return Compress.compress(op, keep, arr, ax);
        }
    }

    private static NDArray keep(String op, NDArray idx, long n, int ax) {
        if (idx.dtype() == DType.BOOL) {
            if (idx.ndim() != 1 || idx.size() != n)
                throw new ShapeException(op + ": boolean array argument obj to delete must be one dimensional and match"
                        + " the axis length of " + n + ", got shape " + Shapes.str(idx.shape()));
            return idx.logicalNot();
        }
        if (!idx.dtype().isInteger())
            throw new IndexException(
                    op + ": arrays used as indices must be of integer (or boolean) type, got " + idx.dtype());
        long[] all = idx.size() == 0 ? new long[0] : null;
        NDArray keep = Creation.ones(DType.BOOL, n);
        try {
            if (all == null) {
                try (NDArray flat = idx.ravel();
                        NDArray lo = flat.min();
                        NDArray hi = flat.max()) {
                    long min = lo.toLongArray()[0], max = hi.toLongArray()[0];
                    long bad = min < -n ? min : max >= n ? max : 0;
                    if (min < -n || max >= n)
                        throw new IndexException(
                                op + ": index " + bad + " is out of bounds for axis " + ax + " with size " + n);
                    keep.set(flat, false);
                }
            }
            return keep;
        } catch (RuntimeException e) {
            keep.close();
            throw e;
        }
    }

    /** An NDArray as it is (a view to close), or a Java integer or integer array as an int64 array. */
    static NDArray indexArray(String op, Object obj) {
        return switch (obj) {
            case NDArray v -> v.live(op).view(v.shape(), v.strides(), v.offset());
            case long[] v -> Creation.array(v);
            case int[] v -> Creation.array(v);
            case Long v -> Creation.full(v, DType.INT64);
            case Integer v -> Creation.full((long) v, DType.INT64);
            case null -> throw new NullPointerException(op + ": obj is null");
            default ->
                throw new DTypeException(op + ": obj must be an integer or boolean NDArray, long[], int[] or a Java"
                        + " integer, got " + obj.getClass().getSimpleName());
        };
    }
}
