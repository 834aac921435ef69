package org.ndgpu.routines.manipulation;

import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Ranges;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.routines.indexing.Take;
import org.ndgpu.routines.sorting.Sorting;

/**
 * numpy.insert, by NumPy's own steps. One index (a scalar, or a sequence of one) inserts the
 * whole of values (at least arr's ndim dimensions, a scalar index taking values' first axis as the
 * inserted axis) by three slice copies. Several indices each get one slice: they are ordered by a
 * stable device argsort and shifted by their rank to their places in the result, whose other
 * places, a device mask, receive arr; both are device fancy assignments along the axis.
 */
public final class Inserting {
    private Inserting() {}

    /** numpy.insert(arr, obj, values, axis): obj an integer NDArray, long[], int[] or Java integer; axis null flattens arr. */
    public static NDArray insert(String op, NDArray arr, Object obj, Object values, Integer axis) {
        arr.live(op);
        if (axis == null) {
            try (NDArray flat = arr.ravel()) {
                return insert(op, flat, obj, values, 0);
            }
        }
        int nd = arr.ndim();
        int ax = Shapes.axis(op, axis, nd);
        long n = arr.shape(ax);
        boolean scalar = obj instanceof Long || obj instanceof Integer || (obj instanceof NDArray o && o.ndim() == 0);
        try (var _ = arr.device().use();
                NDArray idx = Deleting.indexArray(op, obj);
                NDArray v = values(op, arr, values)) {
            if (!idx.dtype().isInteger())
                throw new DTypeException(op + ": obj must be an integer index or index array, got " + idx.dtype());
            if (idx.ndim() > 1)
                throw new ShapeException(op + ": index array argument obj to insert must be one dimensional or scalar,"
                        + " got shape " + Shapes.str(idx.shape()));
            if (idx.size() == 1) {
                long index = idx.toLongArray()[0];
                if (index < -n || index > n)
                    throw new IndexException(
                            op + ": index " + index + " is out of bounds for axis " + ax + " with size " + n);
                if (index < 0) index += n;
                try (NDArray vv = scalar ? v.moveaxis(new int[] {0}, new int[] {ax}) : v.reshape(v.shape())) {
                    return atOne(op, arr, ax, index, vv);
                }
            }
            return atMany(op, arr, ax, idx, v);
        }
    }

    // NumPy: array(values, ndmin=arr.ndim, dtype=arr.dtype)
    private static NDArray values(String op, NDArray arr, Object values) {
        NDArray v = switch (values) {
            case null -> throw new NullPointerException(op + ": values is null");
            case NDArray a -> a.live(op).astype(arr.dtype());
            case Number num -> {
                NDArray t = Creation.empty(arr.dtype());
                Copies.assign(op, t, num);
                yield t;
            }
            case Boolean b -> {
                NDArray t = Creation.empty(arr.dtype());
                Copies.assign(op, t, b);
                yield t;
            }
            default -> {
                if (!values.getClass().isArray())
                    throw new DTypeException(op + ": values must be an NDArray, a Java number or a Java array, got "
                            + values.getClass().getSimpleName());
                try (NDArray a = Creation.array(values)) {
                    yield a.astype(arr.dtype());
                }
            }
        };
        if (v.ndim() >= arr.ndim()) return v;
        long[] s = new long[arr.ndim()];
        java.util.Arrays.fill(s, 1);
        System.arraycopy(v.shape(), 0, s, arr.ndim() - v.ndim(), v.ndim());
        try (v) {
            return v.reshape(s);
        }
    }

    private static NDArray atOne(String op, NDArray arr, int ax, long index, NDArray v) {
        long n = arr.shape(ax), numnew = v.ndim() > ax ? v.shape(ax) : 1;
        long[] shape = arr.shape();
        shape[ax] += numnew;
        NDArray out = NDArray.empty(arr.device(), arr.dtype(), shape, Order.C);
        try {
            try (NDArray dst = slice(out, ax, 0, index);
                    NDArray src = slice(arr, ax, 0, index)) {
                Copies.copyInto(src, dst);
            }
            try (NDArray dst = slice(out, ax, index, index + numnew)) {
                try {
                    Copies.copyInto(v, dst);
                } catch (ShapeException e) {
                    throw new ShapeException(op + ": could not broadcast values of shape " + Shapes.str(v.shape())
                            + " into shape " + Shapes.str(dst.shape()));
                }
            }
            try (NDArray dst = slice(out, ax, index + numnew, shape[ax]);
                    NDArray src = slice(arr, ax, index, n)) {
                Copies.copyInto(src, dst);
            }
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private static NDArray atMany(String op, NDArray arr, int ax, NDArray idx, NDArray v) {
        long n = arr.shape(ax), numnew = idx.size();
        long[] shape = arr.shape();
        shape[ax] += numnew;
        long[] sel = arr.shape();
        sel[ax] = numnew;
        NDArray out = NDArray.empty(arr.device(), arr.dtype(), shape, Order.C);
        try (NDArray i64 = idx.astype(DType.INT64);
                NDArray neg = i64.lt(0);
                NDArray wrapped = i64.add(n);
                NDArray norm = org.ndgpu.spi.Providers.ufuncs().where(neg, wrapped, i64, null)) {
            if (numnew > 0) {
                try (NDArray lo = norm.min();
                        NDArray hi = norm.max()) {
                    long min = lo.toLongArray()[0], max = hi.toLongArray()[0];
                    if (min < 0 || max > n)
                        throw new IndexException(op + ": index " + (min < 0 ? min - n : max)
                                + " is out of bounds for axis " + ax + " with size " + n);
                }
            }
            try (NDArray order = Sorting.sort(op, norm, 0, true);
                    NDArray sorted = Take.take(op, norm, order, 0);
                    NDArray rank = Ranges.arange(0, numnew, 1);
                    NDArray moved = sorted.add(rank);
                    NDArray places = Creation.empty(DType.INT64, numnew);
                    NDArray oldMask = Creation.ones(DType.BOOL, shape[ax]);
                    NDArray outT = out.moveaxis(new int[] {ax}, new int[] {0});
                    NDArray vb = broadcast(op, v, sel);
                    NDArray vT = vb.moveaxis(new int[] {ax}, new int[] {0});
                    NDArray arrT = arr.moveaxis(new int[] {ax}, new int[] {0})) {
                if (numnew > 0) {
                    places.set(order, moved);
                    oldMask.set(places, false);
                    outT.set(places, vT);
                }
                if (n > 0) outT.set(oldMask, arrT);
            }
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private static NDArray broadcast(String op, NDArray v, long[] shape) {
        try {
            return v.broadcastTo(shape);
        } catch (ShapeException e) {
            throw new ShapeException(op + ": could not broadcast values of shape " + Shapes.str(v.shape())
                    + " into shape " + Shapes.str(shape));
        }
    }

    // a view of a's [start, stop) along axis
    private static NDArray slice(NDArray a, int ax, long start, long stop) {
        long[] s = a.shape();
        long off = a.offset() + (stop > start ? start * a.strides()[ax] : 0);
        s[ax] = stop - start;
        return a.view(s, a.strides(), off);
    }
}
