package org.ndgpu.routines.sorting;

import java.util.List;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.routines.indexing.AlongAxis;

/**
 * numpy.lexsort: the indirect stable sort by several keys, the last key primary. One stable device
 * argsort per key, from the first key (least significant) to the last: each sorts the next key
 * gathered in the order so far, and the order is gathered through it (take_along_axis), so ties of
 * a later key keep the order of the earlier ones, as a radix sort's passes do.
 */
public final class Lexsort {
    private Lexsort() {}

    /** numpy.lexsort(keys, axis): int64 indices of the keys' shape. */
    public static NDArray lexsort(String op, List<NDArray> keys, int axis) {
        if (keys.isEmpty()) throw new NdException(op + ": need sequence of keys with len > 0 in lexsort");
        NDArray first = keys.get(0);
        for (int k = 0; k < keys.size(); k++) {
            NDArray key = keys.get(k);
            if (key == null) throw new NullPointerException(op + ": keys[" + k + "] is null");
            key.live(op);
            Operands.device(op, first, key);
            if (!Shapes.same(key.shape(), first.shape()))
                throw new ShapeException(op + ": all keys need to be the same shape, got " + Shapes.str(first.shape())
                        + " and " + Shapes.str(key.shape()));
        }
        if (first.ndim() == 0) {
            Shapes.axis(op, axis, 1); // NumPy sorts a 0-d key as one element along axis 0 or -1
            try (NDArray one = first.reshape(1);
                    NDArray idx = Sorting.sort(op, one, 0, true)) {
                return idx.reshape();
            }
        }
        int ax = Shapes.axis(op, axis, first.ndim());
        NDArray order = Sorting.sort(op, first, ax, true);
        try {
            for (int k = 1; k < keys.size(); k++) {
                try (NDArray gathered = AlongAxis.take(op, keys.get(k), order, ax);
                        NDArray step = Sorting.sort(op, gathered, ax, true);
                        NDArray prev = order) {
                    order = AlongAxis.take(op, prev, step, ax);
                }
            }
            return order;
        } catch (RuntimeException e) {
            order.close();
            throw e;
        }
    }
}
