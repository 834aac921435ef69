package org.ndgpu.routines.indexing;

import java.util.List;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;

/**
 * numpy.take: elements gathered along one axis by an integer index array, in one kernel over the
 * output ({@link Gather}, the kernel of {@code a[idx]}). The output's shape is
 * {@code a.shape[:axis] + indices.shape + a.shape[axis+1:]}; negative indices count from the end. An
 * index out of range is an IndexException, as NumPy's mode='raise' (CuPy wraps instead).
 */
public final class Take {
    private Take() {}

    /** numpy.take(a, indices, axis); {@code axis} null takes from the flattened array. */
    public static NDArray take(String op, NDArray a, Object indices, Integer axis) {
        a.live(op);
        NDArray idx = indices instanceof NDArray i ? i.live(op) : null;
        boolean ownIdx = idx == null;
        if (ownIdx) {
            try (var _ = a.device().use()) {
                idx = indexArray(op, indices);
            }
        }
        try {
            Operands.device(op, a, idx);
            if (!idx.dtype().isInteger()) {
                throw new DTypeException(op + ": indices must be of an integer dtype, got " + idx.dtype());
            }
            NDArray src = axis == null ? a.ravel() : a;
            try {
                return gather(op, src, idx, axis == null ? 0 : org.ndgpu.ndarray.Shapes.axis(op, axis, src.ndim()));
            } finally {
                if (src != a) src.close();
            }
        } finally {
            if (ownIdx) idx.close();
        }
    }

    // a take is a gather with one index array in the place of axis ax (Gather: one kernel for take and a[idx])
    private static NDArray gather(String op, NDArray src, NDArray idx, int ax) {
        long[] s = src.shape(), st = src.strides();
        if (s[ax] == 0 && idx.size() > 0)
            throw new IndexException(op + ": cannot do a non-empty take from an empty axis " + ax);
        long[] vs = new long[s.length - 1], vst = new long[s.length - 1];
        for (int d = 0, k = 0; d < s.length; d++) {
            if (d == ax) continue;
            vs[k] = s[d];
            vst[k++] = st[d] / src.itemsize();
        }
        var adv = new Gather.Adv(idx, s[ax], st[ax] / src.itemsize(), ax);
        return Gather.gather(op, new Gather.Plan(src, src.offset(), vs, vst, ax, idx.shape(), List.of(adv)));
    }

    static NDArray indexArray(String op, Object indices) {
        return switch (indices) {
            case long[] v -> Creation.array(v);
            case int[] v -> Creation.array(v);
            case Long v -> Creation.full(v, DType.INT64);
            case Integer v -> Creation.full((long) v, DType.INT64);
            case null -> throw new NullPointerException(op + ": indices is null");
            default ->
                throw new DTypeException(
                        op + ": indices must be an integer NDArray, long[], int[] or a Java integer, got "
                                + indices.getClass().getSimpleName());
        };
    }
}
