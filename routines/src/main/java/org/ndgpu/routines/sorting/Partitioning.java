package org.ndgpu.routines.sorting;

import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;

/**
 * numpy.partition and numpy.argpartition by the device sort: a sorted axis is a valid partition for
 * every kth at once (the kth element in its sorted place, none larger before it, none smaller after).
 * NumPy's introselect leaves the other elements in an unspecified order; here they come sorted.
 */
public final class Partitioning {
    private Partitioning() {}

    /** numpy.partition(a, kth, axis) when {@code indices} is false, numpy.argpartition when true. */
    public static NDArray partition(String op, NDArray a, long kth, int axis, boolean indices) {
        a.live(op);
        if (a.dtype().isTime()) { // NaT last, as sort: partition the order keys
            try (NDArray k = TimeOrder.key(a)) {
                NDArray p = partition(op, k, kth, axis, indices);
                return indices ? p : TimeOrder.fromKey(p, a.dtype());
            }
        }
        if (a.ndim() == 0)
            throw new org.ndgpu.exceptions.AxisException(
                    op + ": axis " + axis + " is out of bounds for a 0-dimensional array");
        int ax = Shapes.axis(op, axis, a.ndim());
        long n = a.shape()[ax];
        // NumPy checks kth only when there are elements to select among: an empty array of any
        // shape comes back empty (its int64 indices for argpartition) whatever kth is
        if (a.size() > 0 && (kth < -n || kth >= n))
            throw new NdException(op + ": kth(=" + kth + ") out of bounds (" + n + ")");
        return Sorting.sort(op, a, ax, indices);
    }

    /**
     * numpy.partition(a, kth, axis) with a sequence of kth: every kth element in its sorted place at
     * once, which the sorted axis is; each kth is checked as one alone.
     */
    public static NDArray partition(String op, NDArray a, long[] kth, int axis, boolean indices) {
        java.util.Objects.requireNonNull(kth, op + ": kth is null");
        a.live(op);
        // NumPy: np.array([]) is a float array, "TypeError: Partition index must be integer"
        if (kth.length == 0) throw new NdException(op + ": expected at least one kth, got an empty list");
        if (a.ndim() > 0 && a.size() > 0) {
            long n = a.shape()[Shapes.axis(op, axis, a.ndim())];
            for (long k : kth)
                if (k < -n || k >= n) throw new NdException(op + ": kth(=" + k + ") out of bounds (" + n + ")");
        }
        return partition(op, a, kth[0], axis, indices);
    }
}
