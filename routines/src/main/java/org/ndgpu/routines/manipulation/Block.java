package org.ndgpu.routines.manipulation;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;

/**
 * numpy.block: an array assembled from nested lists of blocks. As NumPy: every block sits at the
 * same list depth d; each is given max(d, its ndim, ...) dimensions by leading axes of length 1;
 * the innermost lists join along the last axis, the next ones along the second last, and so on,
 * each a device concatenate.
 */
public final class Block {
    private Block() {}

    /** numpy.block(arrays): {@code arrays} an NDArray or a List nesting NDArrays. */
    public static NDArray block(String op, Object arrays) {
        int depth = depth(op, arrays, "arrays");
        int nd = Math.max(depth, maxNdim(op, arrays));
        return assemble(op, arrays, depth, nd, 0);
    }

    // the list depth of the blocks, the same for each: NumPy's _block_check_depths_match
    private static int depth(String op, Object x, String where) {
        if (x instanceof NDArray a) {
            a.live(op);
            return 0;
        }
        if (!(x instanceof List<?> l))
            throw new DTypeException(op + ": " + where + " must be an NDArray or a List of them, got "
                    + (x == null ? "null" : x.getClass().getSimpleName()));
        if (l.isEmpty()) throw new ShapeException(op + ": List at " + where + " cannot be empty");
        int first = -1;
        for (int i = 0; i < l.size(); i++) {
            int d = 1 + depth(op, l.get(i), where + "[" + i + "]");
            if (first < 0) first = d;
            else if (d != first)
                throw new ShapeException(op + ": List depths are mismatched. First element was at depth " + first
                        + ", but there is an element at depth " + d + " (" + where + "[" + i + "])");
        }
        return first;
    }

    private static int maxNdim(String op, Object x) {
        if (x instanceof NDArray a) return a.ndim();
        int m = 0;
        for (Object o : (List<?>) x) m = Math.max(m, maxNdim(op, o));
        return m;
    }

    private static NDArray assemble(String op, Object x, int depth, int nd, int level) {
        if (x instanceof NDArray a) {
            long[] s = a.shape();
            long[] t = new long[nd];
            java.util.Arrays.fill(t, 1);
            System.arraycopy(s, 0, t, nd - s.length, s.length);
            try (NDArray v = a.reshape(t)) {
                return v.copy();
            }
        }
        List<?> l = (List<?>) x;
        List<NDArray> parts = new ArrayList<>(l.size());
        try {
            for (Object o : l) parts.add(assemble(op, o, depth, nd, level + 1));
            return Joining.concatenate(op, parts, -(depth - level));
        } finally {
            parts.forEach(NDArray::close);
        }
    }
}
